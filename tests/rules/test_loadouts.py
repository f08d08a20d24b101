"""Loadouts (a unit's named variants) and drone controllers, derived once in the derive stage."""

from __future__ import annotations

from cardgen.content import read_content
from cardgen.rules.derive import derive
from cardgen.rules.loadouts import apply_loadout, find_loadout
from cardgen.stages import check_and_derive
from conftest import EXAMPLE, unit

EH9 = {"AGI": 2, "NK": 5, "FK": 1, "KO": 9, "WN": 2, "EH": 9}


def _derived(rules_content):
    content, problems = read_content(rules_content.root)
    assert problems == []
    return content, derive(content)


def test_a_loadout_replaces_only_the_keys_it_gives(rules_content):
    rules_content("units", unit("probe", weapons=["pistole"], armor="weste", loadouts=[
        {"id": "schwer", "name": "Schwer", "weapons": ["panzerfaust"]},
        {"id": "nackt", "name": "Ohne Weste", "armor": None},
        {"id": "fest", "name": "Festpreis", "weapons": [], "points": 77}]))
    _, derived = _derived(rules_content)
    plain = derived.units["probe"]
    schwer = derived.loadouts[("probe", "schwer")]
    nackt = derived.loadouts[("probe", "nackt")]
    assert [w.weapon.id for w in schwer.weapons] == ["panzerfaust"]
    assert schwer.armor is not None and schwer.armor.armor.id == "weste"        # not given: the unit's
    assert nackt.armor is None and [w.weapon.id for w in nackt.weapons] == ["pistole"]   # armor: null
    assert schwer.points == plain.points - plain.weapons[0].points + schwer.weapons[0].points
    assert schwer.points != plain.points
    assert derived.loadouts[("probe", "fest")].points == 77                     # given: replaces the total
    assert derived.loadouts[("probe", "fest")].weapons == ()


def test_the_example_loadout_costs_differently(rules_content):
    content, derived, problems = check_and_derive(EXAMPLE)
    assert [p for p in problems if p.severity == "error"] == []
    flamer = derived.loadouts[("sturmtruppe", "flammenwerfer")]
    assert [w.weapon.id for w in flamer.weapons] == ["flammenwerfer", "kampfmesser"]
    assert flamer.points != derived.units["sturmtruppe"].points


def test_a_loadout_breaking_a_rule_is_a_problem_of_its_unit(rules_content):
    rules_content("weapons", {"id": "koloss_hammer", "name": "Hammer", "kind": "nahkampf", "weapon_class": 1,
                              "strength": 1, "damage": 0, "modifiers": [
                                  {"attribute": "TP", "value": 12, "mode": "permanent"}]})
    rules_content("units", unit("probe", loadouts=[{"id": "last", "name": "Last", "weapons": ["koloss_hammer"]}]))
    content, derived, problems = check_and_derive(rules_content.root)
    assert "probe" in derived.units and ("probe", "last") not in derived.loadouts
    (problem,) = problems
    assert problem.field == "loadouts[0]" and problem.message.startswith("with loadout 'last': ")


def test_only_a_drone_controller_has_a_drone_capacity(rules_content):
    """Print review: "Drohnen 1" on every model with EH ≥ 3, even a stone giant."""
    rules_content("units", unit("riese", type="koloss", size="groß", attributes=EH9))
    rules_content("units", unit("lenker", attributes=EH9, drone_controller=True))
    _, derived = _derived(rules_content)
    assert derived.units["riese"].drone_capacity is None
    assert derived.units["lenker"].drone_capacity == 3


def test_the_example_stone_giant_controls_no_drones():
    _, derived, _ = check_and_derive(EXAMPLE)
    giant = derived.units["basaltriese"]
    assert giant.attributes["EH"] is not None and giant.attributes["EH"] >= 3
    assert giant.drone_capacity is None
    assert derived.units["drohnenlenker"].drone_capacity == 2


def test_a_drone_needs_a_controller_that_can_control_drones(rules_content):
    rules_content("units", unit("riese", type="koloss", size="groß", attributes=EH9))
    rules_content("units", unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))
    rules_content("groups", {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "riese", "leader": True}, {"unit": "drohne", "controller": "riese"}]})
    _, derived, problems = check_and_derive(rules_content.root)
    (problem,) = problems
    assert (problem.line, problem.column, problem.field) == (8, 15, "models[1].controller")
    assert problem.message.startswith("'riese' cannot control drones: unit 'riese' is not a drone controller; "
                                      "set 'drone_controller: true'")
    assert derived.group_problems == ()          # no drone limit for a model that controls none


# --- cardgen.rules.loadouts: the pure functions themselves ----------------------------------------


def _unit_with_loadouts(rules_content, *loadouts):
    rules_content("units", unit("probe", weapons=["pistole"], armor="weste", equipment=[], loadouts=list(loadouts)))
    content, problems = read_content(rules_content.root)
    assert problems == []
    return content.units["probe"]


def test_apply_loadout_replaces_the_given_keys_and_keeps_the_others(rules_content):
    probe = _unit_with_loadouts(rules_content, {"id": "schwer", "name": "Schwer", "weapons": ["panzerfaust"]})
    varied = apply_loadout(probe, probe.loadouts[0])
    assert (varied.weapons, varied.armor, varied.points) == (["panzerfaust"], "weste", probe.points)
    assert (probe.weapons, probe.armor) == (["pistole"], "weste")          # the unit itself is unchanged


def test_apply_loadout_null_means_none_and_null_points_keep_the_computed_ones(rules_content):
    probe = _unit_with_loadouts(rules_content, {"id": "leer", "name": "Leer", "weapons": None, "armor": None,
                                                "equipment": None, "points": None})
    varied = apply_loadout(probe, probe.loadouts[0])
    assert (varied.weapons, varied.armor, varied.equipment, varied.points) == ([], None, [], probe.points)


def test_apply_loadout_given_points_replace_the_total(rules_content):
    probe = _unit_with_loadouts(rules_content, {"id": "fest", "name": "Fest", "points": 77})
    assert apply_loadout(probe, probe.loadouts[0]).points == 77


def test_find_loadout_by_id(rules_content):
    probe = _unit_with_loadouts(rules_content, {"id": "a", "name": "A"}, {"id": "b", "name": "B"})
    assert find_loadout(probe, "b") is probe.loadouts[1]
    assert find_loadout(probe, "c") is None
