"""The derive stage: one call derives every unit into frozen models and collects the rule problems."""

from __future__ import annotations

import dataclasses

import pytest

from cardgen.content import read_content
from cardgen.content.model import Content
from cardgen.rules.derive import derive
from cardgen.stages import check_and_derive
from tests.conftest import unit

EH5 = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 5}


def _drone_group(rules_content, controller_fields: dict) -> None:
    rules_content("units", unit("lenker", attributes=EH5, drone_controller=True, **controller_fields))
    rules_content("units", unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))
    rules_content("groups", {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "leader": True},
        {"unit": "drohne", "label": "d1", "controller": "lenker"},
        {"unit": "drohne", "label": "d2", "controller": "lenker"}]})


def test_derive_returns_read_only_models_of_every_unit(rules_content):
    rules_content("units", unit("probe"))
    rules_content("units", unit("zweiter", weapons=["pistole"]))
    content, problems = read_content(rules_content.root)
    derived = derive(content)
    assert problems == [] and derived.problems == ()
    assert sorted(derived.units) == ["probe", "zweiter"]
    with pytest.raises(TypeError):
        derived.units["probe"] = derived.units["zweiter"]            # type: ignore[index]
    with pytest.raises(TypeError):
        derived.units["probe"].attributes["EH"] = 12                 # type: ignore[index]
    with pytest.raises(TypeError):
        derived.units["zweiter"].weapons[0].ap_costs["attack"] = 0   # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        derived.units = {}                                           # type: ignore[misc]
    assert "memo" not in {f.name for f in dataclasses.fields(Content)}
    assert derive(content) == derived                                # pure: the same content, the same values


def test_unit_rule_problems_come_from_derive_and_the_unit_is_left_out(rules_content):
    rules_content("traits", {"id": "riese", "name": "Riese", "modifiers": [
        {"attribute": "TP", "value": 6, "mode": "permanent"}]})
    rules_content("units", unit("probe", hit_points=19, traits=["riese"]))
    content, derived, problems = check_and_derive(rules_content.root)
    assert "probe" not in derived.units
    assert [(p.field, p.message) for p in problems] == [
        ("hit_points", "TP after profile modifiers is 25; it must be 1–20")]


def test_drone_limit_is_checked_by_derive_with_the_derived_eh(rules_content):
    rules_content("traits", {"id": "funker", "name": "Funker", "modifiers": [
        {"attribute": "EH", "value": 1, "mode": "permanent"}]})
    _drone_group(rules_content, {"traits": ["funker"]})
    content, _ = read_content(rules_content.root)
    assert derive(content).group_problems == ()                      # EH 5 + 1 → 2 drones
    _drone_group(rules_content, {})
    content, problems = read_content(rules_content.root)
    assert problems == []                                            # resolve no longer knows EH
    (problem,) = derive(content).group_problems
    assert (problem.line, problem.field, problem.message) == (
        5, "models", "controller 'lenker' runs 2 drones but EH 5 allows 1 (⌊EH/3⌋)")


@pytest.mark.parametrize("broken", [
    {"weapons": ["pistolee"]},                    # unknown reference: the unit cannot be derived
    {"weapons": ["ohne_band"]},                   # a ranged weapon without a band: a RuleError, not a crash
])
def test_drone_limit_uses_the_raw_eh_of_a_controller_that_cannot_be_derived(rules_content, broken):
    """Before the derive stage this path ran through ``except (KeyError, ..., AttributeError, TypeError)``."""
    if broken["weapons"] == ["ohne_band"]:
        rules_content("weapons", {"id": "ohne_band", "name": "Ohne Band", "kind": "fernkampf",
                                  "weapon_class": 1, "strength": "3", "damage": 1})
    _drone_group(rules_content, broken)
    content, derived, problems = check_and_derive(rules_content.root)
    assert "lenker" not in derived.units
    messages = [p.message for p in problems]
    assert "controller 'lenker' runs 2 drones but EH 5 allows 1 (⌊EH/3⌋)" in messages
    assert len(messages) == 2                     # the resolve problem and the drone limit, no rule repeat


def test_permanent_modifiers_fold_in_temporary_do_not(show, rules_content):
    rules_content("traits", {"id": "zaeh", "name": "Zäh", "modifiers": [
        {"attribute": "TP", "value": 2, "mode": "permanent"},
        {"attribute": "AGI", "value": 1, "mode": "temporär"}]})
    data = show(unit(traits=["zaeh"]))
    assert data["hit_points"] == 12
    assert data["attributes"]["AGI"] == 4


def test_tp_over_20_after_modifiers_is_an_error(cli, rules_content):
    rules_content("traits", {"id": "riese", "name": "Riese", "modifiers": [
        {"attribute": "TP", "value": 5, "mode": "permanent"}]})
    rules_content("units", unit(hit_points=18, traits=["riese"]))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "hit_points: TP after profile modifiers is 23; it must be 1–20" in err
