"""cardgen.roster.rosgroup: a roster mapped back to the content by the export's ids -- the group a
group file becomes, the roster's points, a warning per selection today's content does not match."""

from __future__ import annotations

import tracemalloc
from dataclasses import replace
from pathlib import Path

import pytest

from cardgen.content.resolve import group_labels
from cardgen.content.schema import Group
from cardgen.export.battlescribe import game_system_id
from cardgen.export.bsformat import stable_id
from cardgen.export.bsunits import cost_type_id
from cardgen.roster.rosfile import RosterError
from cardgen.roster.rosgroup import roster_group, roster_id
from cardgen.roster.rosxml import ROSTER_NS, Force, Roster, parse_roster
from cardgen.stages import load_and_derive
from cardgen.vocabulary import MAX_GROUP_MODELS
from conftest import EXAMPLE, FIXTURES

ROSTERS = FIXTURES / "roster"


@pytest.fixture(scope="module")
def example():
    return load_and_derive(EXAMPLE)


def _roster(name: str) -> Roster:
    return parse_roster(f"tests/fixtures/roster/{name}", (ROSTERS / name).read_bytes())


def _shape(group):
    """What a group prints, independent of labels: unit, own name, leader, loadout, controller's unit."""
    by_label = group_labels(group)
    return [(m.unit, m.name, m.leader, m.loadout, by_label[m.controller].unit if m.controller else None)
            for m in group.models]


def test_the_roster_is_the_group_file(example):
    content, derived = example
    sheet = roster_group(_roster("kampfgruppe_eisenfaust.ros"), content, derived, "kampfgruppe_eisenfaust")
    expected = content.groups["kampfgruppe_eisenfaust"]
    assert (sheet.group.id, sheet.group.name, sheet.group.faction) == (expected.id, expected.name, expected.faction)
    assert _shape(sheet.group) == _shape(expected)
    assert sheet.warnings == ()
    today = [derived.loadouts[(m.unit, m.loadout)] if m.loadout else derived.units[m.unit] for m in expected.models]
    assert sheet.points == tuple(d.points for d in today)


def test_an_older_roster_warns_for_every_mismatch(example):
    content, derived = example
    sheet = roster_group(_roster("eisenfaust_alt.ros"), content, derived, "eisenfaust_alt")
    where = "tests/fixtures/roster/eisenfaust_alt.ros"
    assert sheet.warnings == (
        f"{where}:12:9: warning: 'Feldleutnant' costs 1200 in the roster, 1359 today: the roster was built on an "
        "older release (the cover prints the roster's points, the card today's values)",
        f"{where}:157:13: warning: unknown loadout 'Granatwerfer' of 'Sturmtruppe': printed with the unit's own kit",
        f"{where}:239:9: warning: unknown unit 'Panzergrenadier' (entry 0b7c2f51-3f0a-5d6e-9c41-6a8e2d1f4b77): not in "
        "today's content, left out (the roster was built on an older release?)")
    assert _shape(sheet.group) == [("feldleutnant", "Hagen Brandt", True, None, None),
                                   ("sturmtruppe", "Kurt Adler", False, None, None)]
    assert sheet.points == (1200, derived.units["sturmtruppe"].points)
    assert sheet.group.name == "Eisenfaust (alte Liste)"


def test_a_roster_of_another_game_or_force_is_refused(example):
    content, derived = example
    roster = _roster("kampfgruppe_eisenfaust.ros")
    foreign = replace(roster, game_system_id="28ec-711c-d87f-3aeb", game_system_name="Warhammer 40,000 9th Edition")
    with pytest.raises(RosterError, match=r"^tests/fixtures/roster/kampfgruppe_eisenfaust.ros: a roster of another "
                                          r"game: 'Warhammer 40,000 9th Edition' \(game system 28ec-711c-d87f-3aeb\), "
                                          r"not Universalis$"):
        roster_group(foreign, content, derived, "x")
    with pytest.raises(RosterError, match=r": a roster of 2 forces: a group sheet prints one"):
        roster_group(replace(roster, forces=roster.forces * 2), content, derived, "x")
    stranger = replace(roster, forces=(replace(roster.forces[0], catalogue_id="abc", catalogue_name="Orks"),))
    with pytest.raises(RosterError, match=r"\.ros:10:5: unknown catalogue 'Orks' \(abc\): no faction of this content$"):
        roster_group(stranger, content, derived, "x")
    empty = replace(roster, forces=(Force("Gruppe", roster.forces[0].catalogue_id, "Imperium", (), 10, 5),))
    with pytest.raises(RosterError, match=r"\.ros:10:5: no model of this content in the roster; it holds no "
                                          r"entry at all$"):
        roster_group(empty, content, derived, "x")


def test_no_leader_and_a_long_custom_name_are_warnings(example):
    content, derived = example
    roster = _roster("kampfgruppe_eisenfaust.ros")
    force = roster.forces[0]
    leader, *others = force.selections
    unmarked = replace(leader, custom_name="x" * 81,
                       children=tuple(c for c in leader.children if c.name != "Gruppenführer"))
    sheet = roster_group(replace(roster, forces=(replace(force, selections=(unmarked, *others)),)),
                         content, derived, "x")
    assert sheet.warnings == (
        "tests/fixtures/roster/kampfgruppe_eisenfaust.ros:12:9: warning: the custom name of 'Feldleutnant' is longer "
        "than 80 characters: its card shows the unit's name",
        "tests/fixtures/roster/kampfgruppe_eisenfaust.ros: warning: a group needs exactly one leader, the roster has 0")
    assert sheet.group.models[0].name is None


@pytest.mark.parametrize("name, group_id", [
    ("Kampfgruppe Eisenfaust.rosz", "kampfgruppe_eisenfaust"), ("Zirkel-der-Glut.ros", "zirkel-der-glut"),
    ("Größte Liste (2).ros", "größte_liste_2"), ("???.ros", "roster"), ("a" * 80 + ".ros", "a" * 64),
    ("Änderung.ros", "roster_änderung"), ("_ä_1.ros", "roster_ä_1"), ("-1-.ros", "1"),
])
def test_roster_id(name, group_id):
    assert roster_id(Path(name)) == group_id
    Group(id=roster_id(Path(name)), name="x", faction="f", models=[])      # a valid content id


@pytest.mark.parametrize("hostile", ["\u202e", "\x85", "\ufdd0"])
def test_a_name_no_card_may_print_is_a_warning(example, hostile):
    """Issue 40 (6): XML lets a roster hold a bidi override, a C1 control (U+0085) or a noncharacter that
    the content's Name refuses; the model's card shows the unit's name, the group's cover its id."""
    content, derived = example
    roster = _roster("kampfgruppe_eisenfaust.ros")
    force = roster.forces[0]
    leader, *others = force.selections
    named = replace(leader, custom_name=f"Hagen{hostile}Brandt")
    hostile_roster = replace(roster, name=f"Eisen{hostile}faust", forces=(replace(force, selections=(named, *others)),))
    sheet = roster_group(hostile_roster, content, derived, "x")
    [warning] = sheet.warnings
    assert warning.startswith("tests/fixtures/roster/kampfgruppe_eisenfaust.ros:12:9: warning: the custom name of "
                              f"'Feldleutnant' contains U+{ord(hostile):04X}, ")
    assert warning.endswith("; remove it: its card shows the unit's name")
    assert sheet.group.models[0].name is None and sheet.group.name == "x"


def _army(selections: int, number: int) -> bytes:
    """A roster of the example's leader and ``selections`` MG-Schützen of ``number`` models each."""
    def selection(unit: str, count: int) -> str:
        return f'<selection entryId="{stable_id("unit", unit)}" name="{unit}" number="{count}" type="model"/>\n'
    body = selection("feldleutnant", 1) + selection("mg_schütze", number) * selections
    return (f'<roster xmlns="{ROSTER_NS}" name="Heer" gameSystemId="{game_system_id()}">\n<forces><force '
            f'catalogueId="{stable_id("catalogue", "imperium")}">\n<selections>\n{body}</selections></force>'
            '</forces></roster>').encode()


def test_a_roster_of_5001_models_is_refused_before_anything_is_made(example):
    """50 selections of number="100" (a 6.4 kB roster) took 414 s, 5.6 GB and a 195 MB PDF: refused at the
    selection that takes the group over MAX_GROUP_MODELS, before any model is made: a few MB at the most
    (memory is the bound asserted; the suite asserts no time -- the old run's 414 s came from rendering)."""
    content, derived = example
    data = _army(50, 100)
    tracemalloc.start()
    try:
        with pytest.raises(RosterError) as caught:
            roster_group(parse_roster("heer.ros", data), content, derived, "heer")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    over = (MAX_GROUP_MODELS - 1) // 100        # the first MG selection (line 5 on) that takes 1 + 100 (k + 1) over
    assert str(caught.value) == (f"heer.ros:{5 + over}:1: refused: a group of more than {MAX_GROUP_MODELS} models "
                                 f"(this selection brings the roster to {1 + 100 * (over + 1)}); a group of this "
                                 "game is a handful of models")
    assert peak < 8 * 1024 * 1024, peak


def test_a_roster_at_the_cap_is_read(example):
    content, derived = example
    sheet = roster_group(parse_roster("heer.ros", _army(1, MAX_GROUP_MODELS - 1)), content, derived, "heer")
    assert len(sheet.group.models) == MAX_GROUP_MODELS


def _selections(*entries: tuple[str, str, str], cost: str = "") -> str:
    """``(entry id, name, type)`` each as one selection line, with ``cost`` inside."""
    return "".join(f'<selection entryId="{entry}" name="{name}" number="1" type="{kind}">{cost}</selection>\n'
                   for entry, name, kind in entries)


def _wrap(body: str, nested: str = "") -> bytes:
    return (f'<roster xmlns="{ROSTER_NS}" name="Heer" gameSystemId="{game_system_id()}">\n<forces><force '
            f'catalogueId="{stable_id("catalogue", "imperium")}" name="Gruppe">\n<selections>\n{body}</selections>'
            f'{nested}</force></forces></roster>').encode()


def test_a_roster_of_only_unknown_entries_names_them_a_screenful_at_most(example):
    """'no model of this content' alone hid what the roster held: each entry (line, name, id), at most 20."""
    content, derived = example
    few = _wrap(_selections(("a1b2", "Space Marine", "model"), ("c3d4", "Bolter", "upgrade")))
    with pytest.raises(RosterError) as caught:
        roster_group(parse_roster("fremd.ros", few), content, derived, "fremd")
    assert str(caught.value) == ("fremd.ros:2:9: no model of this content in the roster; it holds 2 entries of "
                                 "another release or game:\n  line 4: 'Space Marine' (entry a1b2)\n"
                                 "  line 5: 'Bolter' (entry c3d4)")
    many = _wrap(_selections(*[(f"id{n}", f"Ork {n}", "model") for n in range(25)]))
    with pytest.raises(RosterError) as caught:
        roster_group(parse_roster("fremd.ros", many), content, derived, "fremd")
    lines = str(caught.value).split("\n")
    assert "25 entries" in lines[0] and len(lines) == 1 + 20 + 1
    assert lines[20] == "  line 23: 'Ork 19' (entry id19)" and lines[-1] == "  … and 5 more"


def test_new_recruits_nested_forces_are_read_into_the_group(example):
    content, derived = example
    leader = _selections((stable_id("unit", "feldleutnant"), "Feldleutnant", "model"))
    leader = leader.replace("</selection>", f'<selections><selection entryId="{stable_id("leader")}" '
                                            'name="Gruppenführer" number="1" type="upgrade"/></selections></selection>')
    inner = (f'<forces><force catalogueId="{stable_id("catalogue", "imperium")}" name="Trupp"><selections>\n'
             + _selections((stable_id("unit", "mg_schütze"), "MG-Schütze", "model"))
             + '</selections><forces><force catalogueId="ork" catalogueName="Orks" name="Fremd"><selections>'
             + _selections((stable_id("unit", "sturmtruppe"), "Sturmtruppe", "model"))
             + "</selections></force></forces></force></forces>")
    sheet = roster_group(parse_roster("heer.ros", _wrap(leader, inner)), content, derived, "heer")
    assert [m.unit for m in sheet.group.models] == ["feldleutnant", "mg_schütze", "sturmtruppe"]
    assert [w.split(": warning: ")[1] for w in sheet.warnings if "no points cost" not in w] == [
        "force 'Fremd' is of the catalogue 'Orks' (ork), no faction of this content"]


def test_points_are_the_cost_type_of_the_game_system_whatever_its_name(example):
    """A tool may show the cost type by another name ('Punkte'); another cost type named 'pts' is not points."""
    content, derived = example
    today = derived.units["mg_schütze"].points
    mg = (stable_id("unit", "mg_schütze"), "MG-Schütze", "model")
    renamed = f'<costs><cost name="Punkte" typeId="{cost_type_id()}" value="{today}"/></costs>'
    sheet = roster_group(parse_roster("heer.ros", _wrap(_selections(mg, cost=renamed))), content, derived, "h")
    assert sheet.points == (today,) and not [w for w in sheet.warnings if "cost" in w]
    impostor = '<costs><cost name="pts" typeId="kommando-punkte" value="3"/></costs>'
    sheet = roster_group(parse_roster("heer.ros", _wrap(_selections(mg, cost=impostor))), content, derived, "h")
    assert sheet.points == (today,)
    assert [w.split(": warning: ")[1] for w in sheet.warnings if "cost" in w] == [
        f"'MG-Schütze' has no points cost in the roster: today's {today} printed"]


def test_a_clamped_count_is_one_of_the_groups_warnings(example):
    content, derived = example
    data = _wrap(_selections((stable_id("unit", "mg_schütze"), "MG-Schütze", "model")).replace('number="1"', 'number="0"'))
    sheet = roster_group(parse_roster("heer.ros", data), content, derived, "h")
    assert len(sheet.group.models) == 1
    assert sheet.warnings[0] == "heer.ros:4:1: warning: 'MG-Schütze' has number=\"0\", outside 1–100: read as 1"
