"""Profile rules (SPEC §2) on the rulebook's worked examples (``rulebook_facts``), through ``cardgen show --json``."""

from __future__ import annotations

import pytest

from cardgen.rules import profile
from conftest import unit
from rules import rulebook_facts as facts


def test_action_points_follow_the_rulebook(show):
    assert show(unit())["action_points"] == facts.AP_PER_ROUND
    assert show(unit("drohne", type="drohne", attributes={"KO": 3, "WN": 4}))["action_points"] == facts.AP_DRONE
    assert profile.action_points("infanterie", bonus=100) == facts.AP_CAP


def test_carrying_capacity_example_ko5_is_25kg(show):
    ko, kg = facts.CAPACITY_EXAMPLE_KO, facts.CAPACITY_EXAMPLE_KG
    data = show(unit(attributes={"AGI": 4, "NK": 3, "FK": 4, "KO": ko, "WN": 3, "EH": 4}))
    assert data["carrying_capacity_kg"] == kg
    colossus = show(unit("koloss", type="koloss", size="groß"))
    assert colossus["carrying_capacity_kg"] == (5 * 2) ** 2


@pytest.mark.parametrize("weapons, load, malus", [
    ([], 0, 0),
    (["ballast"], 25, 0),                      # exactly at 1×
    (["ballast", "ballast_1"], 26, 1),
    (["ballast", "ballast"], 50, 1),           # exactly at 2×
    (["ballast", "ballast", "ballast_1"], 51, 2),
    (["ballast"] * 3, 75, 2),
    (["ballast"] * 3 + ["ballast_1"], 76, 3),
])
def test_encumbrance_lowers_agi_and_gk(show, weapons, load, malus):
    assert facts.ENCUMBRANCE_STEPS == [(50, 2), (75, 3)]   # the example this table extends: 26 → −1, 51 → −2 ...
    data = show(unit(weapons=weapons))
    assert (data["load_kg"], data["encumbrance"]) == (load, malus)
    assert data["attributes"]["AGI"] == 4 - malus
    assert data["speed"] == 10 - malus


def test_selbsttragend_armor_weighs_nothing(show):
    assert show(unit(armor="plattenpanzer"))["load_kg"] == 0
    assert show(unit(armor="weste"))["load_kg"] == 4


def test_danger_radius_is_12_minus_eh(show):
    """"Radius in cm = 12 - EH" (Gefahrenbereich)."""
    assert show(unit())["danger_radius_cm"] == 12 - 4
    drone = show(unit("drohne", type="drohne", attributes={"KO": 3, "WN": 4}))
    assert drone["danger_radius_cm"] is None
    assert drone["attributes"] == {"AGI": None, "NK": None, "FK": None, "KO": 3, "WN": 4, "EH": None}


@pytest.mark.parametrize("wn, normal, critical", [(3, 15, 8), (4, 20, 10), (0, 0, 0), (12, 60, 30)])
def test_perception_radius_wn_times_5_halved_up_when_critical(show, wn, normal, critical):
    """"Distanz = WN * 5cm"; im Kritischen Zustand "halbiert (aufgerundet)" (Wahrnehmungsbereich)."""
    data = show(unit(attributes={"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": wn, "EH": 4}))
    assert (data["perception_radius_cm"], data["perception_radius_critical_cm"]) == (normal, critical)


@pytest.mark.parametrize("tp, critical_at", [(1, 0), (2, 0), (3, 1), (10, 4), (11, 5), (19, 9), (20, 9)])
def test_critical_state_below_half_of_max_tp(show, tp, critical_at):
    """Kritischer Zustand: "weniger als die Hälfte seiner maximalen Trefferpunkte"."""
    data = show(unit(hit_points=tp))
    assert data["hit_points"] == tp
    assert data["critical_at"] == critical_at
    assert critical_at < tp / 2 and (critical_at + 1) >= tp / 2


@pytest.mark.parametrize("gk, critical", [(10, 5), (7, 4), (1, 1), (0, 0)])
def test_speed_halved_up_in_critical_state(show, gk, critical):
    data = show(unit(speed=gk))
    assert (data["speed"], data["speed_critical"]) == (gk, critical)


def test_hit_points_at_most_20(cli, rules_content):
    rules_content("units", unit(hit_points=facts.HIT_POINTS_MAX + 1))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1
    assert "probe.yaml:15:13: hit_points: Input should be less than or equal to 20" in err


def test_size_profiles_match_the_rulebook_table(show):
    for size, (base, height) in facts.SIZE_TABLE.items():
        data = show(unit(f"drohne_{size.replace('ß', 'ss')}", type="drohne", size=size,
                         attributes={"KO": 3, "WN": 3}))
        assert (data["base_mm"], data["height_cm"]) == (base, height)


@pytest.mark.parametrize("unit_type, size, ok", [
    ("infanterie", "klein", True), ("infanterie", "groß", True), ("infanterie", "riesig", False),
    ("koloss", "mittel", False), ("koloss", "groß", True), ("koloss", "riesig", True),
    ("drohne", "klein", True), ("drohne", "riesig", True),
])
def test_allowed_sizes_per_type(cli, rules_content, unit_type, size, ok):
    """Infantry "klein bis groß", colossi "groß bis riesig" (Größenprofil); drones any size."""
    attributes = {"KO": 3, "WN": 3} if unit_type == "drohne" else None
    data = unit(type=unit_type, size=size, **({"attributes": attributes} if attributes else {}))
    rules_content("units", data)
    code, _, err = cli("validate", "--content", rules_content.root)
    assert (code == 0) is ok, err
    if not ok:
        assert f"size: a {unit_type} must be" in err


def test_ko_zero_drone_carrying_nothing_is_fine_but_a_load_is_an_error(show, cli, rules_content):
    data = show(unit("leer", type="drohne", attributes={"KO": 0, "WN": 2}))
    assert (data["carrying_capacity_kg"], data["load_kg"], data["encumbrance"]) == (0, 0, 0)
    rules_content("units", unit("voll", type="drohne", attributes={"KO": 0, "WN": 2}, weapons=["ballast_1"]))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1
    assert "voll.yaml:8:7: attributes.KO: carries 1 kg but its Tragkraft is 0 kg (KO 0)" in err
