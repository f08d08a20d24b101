"""The force "Gruppe" says the group rules as constraints (issue 44.1): a roster an app makes is judged by
the data's min/max constraints, evaluated as the apps evaluate them (tests/export/bsapp.py), and the
verdict is the one cardgen's own roster and group check gives the same roster file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from cardgen.content.resolve import check_groups
from cardgen.content.yamlsource import SourceFile
from cardgen.export.battlescribe import GAME_SYSTEM_FILE, export_battlescribe, game_system_id
from cardgen.export.bsforce import force_id
from cardgen.export.bsformat import GAME_SYSTEM_NS, stable_id
from cardgen.roster.rosfile import RosterError
from cardgen.roster.rosgroup import roster_group
from cardgen.roster.rosxml import parse_roster
from cardgen.rules.groups import drone_limit_problems
from cardgen.stages import load_and_derive
from conftest import EXAMPLE
from export.bsapp import Data, RosterMaker, violations


@pytest.fixture(scope="module")
def example():
    content, derived = load_and_derive(EXAMPLE)
    files = export_battlescribe(content, derived, 1)
    return content, derived, files


def unit(key: str) -> str:
    return stable_id("unit", key)


def make_roster(files: dict[str, bytes], faction: str, models: list[tuple]) -> tuple[Data, bytes]:
    """A roster of ``models`` (unit id, leader?, [drone unit ids]) as an app makes it."""
    data = Data(files[GAME_SYSTEM_FILE], files[f"{faction}.cat"])
    maker = RosterMaker(data, game_system_id())
    selections = []
    for key, leader, drones in models:
        selection = maker.select(unit(key))
        if leader:
            maker.add(selection, stable_id("leader"), unit(key))
        for drone in drones:
            maker.add(selection, unit(drone), unit(key))
        selections.append(selection)
    return data, maker.roster(selections)


def cardgen_verdict(content, derived, roster: bytes) -> list[str]:
    """What cardgen says of the roster: its reading's warnings about the group, then the group rules."""
    try:
        read = roster_group(parse_roster("probe.ros", roster), content, derived, "probe")
    except RosterError as exc:
        return [str(exc)]
    source = SourceFile(Path("probe.ros"), None)
    probe = replace(content, groups={"probe": read.group}, sources={**content.sources, ("groups", "probe"): source})
    problems = [p.format() for p in check_groups(probe) + drone_limit_problems(probe, derived.units)]
    return [*read.warnings, *problems]


EISENFAUST = [("feldleutnant", True, []), ("drohnenlenker", False, ["späherdrohne", "kettendrohne"]),
              ("sturmtruppe", False, []), ("sturmtruppe", False, []), ("mg_schütze", False, [])]
CASES = {
    "legal": ("imperium", EISENFAUST, None),
    "legal, another faction": ("glutorden", [("glutmeister", True, []), ("seherin", False, []),
                                             ("basaltriese", False, [])], None),
    "no leader": ("imperium", [(key, False, drones) for key, _, drones in EISENFAUST], "Gruppenführer min 1"),
    "two leaders": ("imperium", [("feldleutnant", True, []), ("sturmtruppe", True, [])], "Gruppenführer max 1"),
    "too many drones": ("imperium", [("feldleutnant", True, []),
                                     ("drohnenlenker", False, ["späherdrohne", "kettendrohne", "kettendrohne"])],
                        "Drohnen (höchstens 2, ⌊EH/3⌋) max 2"),
    "one model": ("imperium", [("feldleutnant", True, [])], "Modell min 2"),
    "empty": ("imperium", [], "Modell min 2"),
}


@pytest.mark.parametrize("case", CASES)
def test_the_apps_verdict_is_cardgen_s(example, case):
    content, derived, files = example
    faction, models, broken = CASES[case]
    data, roster = make_roster(files, faction, models)
    found = [str(v) for v in violations(data, roster)]
    said = cardgen_verdict(content, derived, roster)
    assert (found == []) == (said == []), (found, said)
    if broken is None:
        assert found == []
    else:
        assert any(broken in line for line in found), found


def test_too_many_drones_is_the_controller_s_eh(example):
    """The example's controller has EH 6: ⌊6/3⌋ = 2 drones, as cardgen's group check counts them."""
    _, derived, files = example
    assert derived.units["drohnenlenker"].drone_capacity == 2
    _, roster = make_roster(files, "imperium", CASES["too many drones"][1])
    assert len([s for s in ET.fromstring(roster).iter() if s.get("type") == "model"]) == 5


def test_a_drone_outside_its_controller_is_not_available(example):
    content, derived, files = example
    data = Data(files[GAME_SYSTEM_FILE], files["imperium.cat"])
    maker = RosterMaker(data, game_system_id())
    lone = maker.select(unit("kettendrohne"), data.children(data.by_id[stable_id("drones", "drohnenlenker")]))
    roster = maker.roster([maker.select(unit("feldleutnant")), lone])
    assert any("not available" in str(v) for v in violations(data, roster))
    assert cardgen_verdict(content, derived, roster) != []


def test_the_force_limits_count_at_any_depth(example):
    """The leader's mark is a child of its model's selection, a drone of its controller's: the force's
    categories count them at any depth (includeChildSelections), never with a force-scoped entry."""
    _, _, files = example
    system = ET.fromstring(files[GAME_SYSTEM_FILE])
    ns = {"g": GAME_SYSTEM_NS}
    limits = {(link.get("name"), c.get("type")): (c.get("value"), c.get("includeChildSelections"), c.get("scope"))
              for link in system.iterfind(f".//g:forceEntry[@id='{force_id()}']/g:categoryLinks/g:categoryLink", ns)
              for c in link.iterfind("g:constraints/g:constraint", ns)}
    assert limits == {("Gruppenführer", "min"): ("1", "true", "parent"), ("Gruppenführer", "max"): ("1", "true", "parent"),
                      ("Modell", "min"): ("2", "true", "parent"), ("Modell", "max"): ("100", "true", "parent")}
    assert not [c for c in system.iter(f"{{{GAME_SYSTEM_NS}}}constraint") if c.get("scope") != "parent"]
