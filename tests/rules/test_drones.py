"""Drones and colossi (SPEC §2): hit zones of a colossus, drones an EH controls."""

from __future__ import annotations

import pytest

from cardgen.rules.drones import drone_capacity
from conftest import unit
from rules import rulebook_facts as facts


@pytest.mark.parametrize("rumpf, side", [(10, 7), (9, 6), (12, 8), (1, 1), (20, 14), (11, 8)])
def test_colossus_hit_zones_two_thirds_of_rumpf_rounded_up(show, rumpf, side):
    """The side and movement zones have "jeweils automatisch mit 2/3 des Rumpfes (aufgerundet)"."""
    data = show(unit("koloss", type="koloss", size="riesig", hit_points=rumpf))
    assert data["hit_zones"] == {"rumpf": rumpf, "links": side, "rechts": side, "bewegung": side}


def test_only_colossi_have_hit_zones(show):
    assert show(unit())["hit_zones"] is None


def test_drone_control_example(show):
    for eh, drones in facts.DRONE_EXAMPLES:
        attributes = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": eh}
        assert show(unit(attributes=attributes, drone_controller=True))["drone_capacity"] == drones
    assert show(unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))["drone_capacity"] is None
    assert [drone_capacity(eh) for eh in (0, 2, 3, 8, 9, 12)] == [0, 0, 1, 2, 3, 4]
