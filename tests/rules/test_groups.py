"""cardgen.rules.groups: each controller runs at most ⌊EH/3⌋ drones (Regelbuch, Kontroller)."""

from __future__ import annotations

import pytest

from cardgen.content import read_content
from cardgen.rules.derive import derive
from cardgen.rules.groups import drone_limit_problems, effective_eh
from conftest import unit

DRONE = {"KO": 2, "WN": 3}


def _group(rules_content, eh: int, drones: int, controller: bool = True):
    attributes = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": eh}
    rules_content("units", unit("lenker", attributes=attributes, drone_controller=controller))
    rules_content("units", unit("drohne", type="drohne", attributes=DRONE))
    rules_content("groups", {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "leader": True},
        *[{"unit": "drohne", "label": f"d{i}", "controller": "lenker"} for i in range(drones)]]})
    content, problems = read_content(rules_content.root)
    assert problems == [] or not controller
    return content, derive(content)


def test_regelbuch_states_the_worked_example(regelbuch):
    assert "Ein Modell verfügt über eine EH von 5.\n    Ihm kann also nur 1 Drohne zugeordnet werden." in regelbuch
    assert "Mit einer EH von 6 könnten ihm 2 Drohnen zugeordnet werden." in regelbuch


@pytest.mark.parametrize("eh, drones", [(5, 1), (6, 2)])
def test_the_rulebooks_example_allows_its_drones(rules_content, eh, drones):
    content, derived = _group(rules_content, eh, drones)
    assert drone_limit_problems(content, derived.units) == []


@pytest.mark.parametrize("eh, drones, allowed", [(5, 2, 1), (6, 3, 2)])
def test_one_drone_more_than_the_example_allows_is_a_problem(rules_content, eh, drones, allowed):
    content, derived = _group(rules_content, eh, drones)
    (problem,) = drone_limit_problems(content, derived.units)
    assert problem.file.endswith("groups/trupp.yaml")
    assert (problem.line, problem.column, problem.field) == (5, 1, "models")           # the list below "models:"
    assert problem.message == f"controller 'lenker' runs {drones} drones but EH {eh} allows {allowed} (⌊EH/3⌋)"


def test_without_derived_values_the_raw_eh_counts(rules_content):
    content, _ = _group(rules_content, 6, 3)
    (problem,) = drone_limit_problems(content, {})
    assert problem.message == "controller 'lenker' runs 3 drones but EH 6 allows 2 (⌊EH/3⌋)"


def test_a_controller_that_is_no_drone_controller_is_left_to_resolve(rules_content):
    content, derived = _group(rules_content, 3, 4, controller=False)
    assert drone_limit_problems(content, derived.units) == []


def test_effective_eh_is_the_derived_value_else_the_raw_one(rules_content):
    content, derived = _group(rules_content, 6, 1)
    lenker = content.units["lenker"]
    assert effective_eh(None, derived.units) is None
    assert effective_eh(lenker, {}) == 6
    fake = {"lenker": type("D", (), {"attributes": {"EH": 9}})()}
    assert effective_eh(lenker, fake) == 9                # the derived EH wins over the raw one


def test_group_drone_limit_uses_eh_after_permanent_modifiers(cli, rules_content):
    """A controller with EH 5 and a permanent EH +1 may run 2 drones, as its card says."""
    rules_content("traits", {"id": "funker", "name": "Funker", "modifiers": [
        {"attribute": "EH", "value": 1, "mode": "permanent"}]})
    attributes = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 5}
    rules_content("units", unit("lenker", attributes=attributes, traits=["funker"], drone_controller=True))
    rules_content("units", unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))
    group = {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "leader": True},
        {"unit": "drohne", "label": "d1", "controller": "lenker"},
        {"unit": "drohne", "label": "d2", "controller": "lenker"}]}
    rules_content("groups", group)
    assert cli("validate", "--content", rules_content.root)[0] == 0
    rules_content("units", unit("lenker", attributes=attributes, drone_controller=True))   # EH 5 → 1 drone
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "controller 'lenker' runs 2 drones but EH 5 allows 1 (⌊EH/3⌋)" in err
