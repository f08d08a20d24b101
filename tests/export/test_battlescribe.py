"""``cardgen.export.battlescribe``: the example content as BattleScribe data, read back by a reader of its
own (xml.etree, the namespaces the apps expect): the structure the published schema (BSData's
Catalogue.xsd) asks for -- root element and namespace, the required attributes, ids unique, every link,
cost, profile and characteristic pointing at a type or entry the files define -- and every unit with
its points.  (The export was validated against Catalogue.xsd itself when it was written; the schema
is not kept in this repository: docs/players-data.md.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from types import MappingProxyType

import pytest

from cardgen.export.battlescribe import GAME_SYSTEM_FILE, INDEX_FILE, export_battlescribe, game_system_id
from cardgen.errors import RenderError
from cardgen.export.bsformat import CATALOGUE_NS, DATA_INDEX_NS, GAME_SYSTEM_NS, stable_id
from cardgen.rules.derived import Derived
from cardgen.stages import load_and_derive
from conftest import EXAMPLE

REVISION = 1002000


@pytest.fixture(scope="module")
def example():
    content, derived = load_and_derive(EXAMPLE)
    return content, derived, export_battlescribe(content, derived, REVISION)


def read_units(data: bytes) -> dict[str, tuple[str, int]]:
    """An independent reader: every unit entry (type model) of a catalogue, by id: (name, pts)."""
    ns = {"c": CATALOGUE_NS}
    root = ET.fromstring(data)
    assert root.tag == f"{{{CATALOGUE_NS}}}catalogue"
    points_id = None
    units = {}
    for entry in root.iterfind(".//c:selectionEntry[@type='model']", ns):
        costs = entry.findall("c:costs/c:cost", ns)
        assert len(costs) == 1 and costs[0].get("name") == "pts"
        points_id = points_id or costs[0].get("typeId")
        assert costs[0].get("typeId") == points_id
        units[entry.get("id")] = (entry.get("name"), int(costs[0].get("value")))
    return units


REQUIRED = {"gameSystem": ("id", "name", "revision", "battleScribeVersion"),
            "catalogue": ("id", "name", "revision", "battleScribeVersion", "gameSystemId", "gameSystemRevision")}
REFERENCES = ("targetId", "typeId")       # entryLink/infoLink/categoryLink targets; cost/profile/characteristic types


def test_every_file_has_the_structure_the_apps_read(example):
    _, _, files = example
    assert set(files) == {GAME_SYSTEM_FILE, "glutorden.cat", "imperium.cat", INDEX_FILE, "Universalis.bsi",
                          "Universalis.bsr"}
    system = ET.fromstring(files[GAME_SYSTEM_FILE])
    assert system.tag == f"{{{GAME_SYSTEM_NS}}}gameSystem"
    assert all(system.get(a) for a in REQUIRED["gameSystem"])
    system_ids = [e.get("id") for e in system.iter() if e.get("id")]
    assert len(system_ids) == len(set(system_ids))
    for name, data in files.items():
        if not name.endswith(".cat"):
            continue
        root = ET.fromstring(data)
        assert root.tag == f"{{{CATALOGUE_NS}}}catalogue", name
        assert all(root.get(a) for a in REQUIRED["catalogue"]), name
        assert (root.get("gameSystemId"), root.get("gameSystemRevision")) == (system.get("id"), system.get("revision"))
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)) and not set(ids) & set(system_ids), name
        known = set(ids) | set(system_ids)
        dangling = {(e.tag.split("}")[1], e.get(ref)) for e in root.iter() for ref in REFERENCES
                    if e.get(ref) and e.get(ref) not in known}
        assert dangling == set(), name
    index = ET.fromstring(files[INDEX_FILE])
    assert index.tag == f"{{{DATA_INDEX_NS}}}dataIndex"


def test_every_unit_is_found_with_its_points(example):
    content, derived, files = example
    found = {}
    for faction in content.factions:
        found |= read_units(files[f"{faction}.cat"])
    expected = {stable_id("unit", key): (d.unit.name, d.points) for key, d in derived.units.items()}
    assert found == expected and len(found) == len(content.units)


def test_every_faction_is_a_catalogue_of_the_game_system(example):
    content, _, files = example
    system = ET.fromstring(files[GAME_SYSTEM_FILE])
    assert system.tag == f"{{{GAME_SYSTEM_NS}}}gameSystem" and system.get("id") == game_system_id()
    assert system.get("revision") == str(REVISION)
    for faction in content.factions.values():
        root = ET.fromstring(files[f"{faction.id}.cat"])
        assert (root.get("name"), root.get("gameSystemId"), root.get("gameSystemRevision"), root.get("library")) == \
            (faction.name, game_system_id(), str(REVISION), "false")
        assert root.get("id") == stable_id("catalogue", faction.id)


def test_the_index_lists_every_file_with_its_revision(example):
    _, _, files = example
    root = ET.fromstring(files[INDEX_FILE])
    entries = root.findall(f"{{{DATA_INDEX_NS}}}dataIndexEntries/{{{DATA_INDEX_NS}}}dataIndexEntry")
    assert {e.get("filePath"): e.get("dataType") for e in entries} == {
        GAME_SYSTEM_FILE: "gamesystem", "glutorden.cat": "catalogue", "imperium.cat": "catalogue"}
    assert {e.get("dataRevision") for e in entries} == {str(REVISION)}


def test_the_same_content_gives_the_same_bytes(example):
    content, _, files = example
    again_content, again_derived = load_and_derive(EXAMPLE)
    assert export_battlescribe(again_content, again_derived, REVISION) == files


def test_an_id_comes_from_the_content_id(example):
    """uuid5(URL namespace, 'universalis:unit:sturmtruppe'), written out: a saved roster keeps it for ever."""
    _, _, files = example
    assert read_units(files["imperium.cat"])["2ba31498-e41b-5a61-92b8-4a97f43fcdf9"][0] == "Sturmtruppe"


def test_ids_stay_when_a_unit_s_points_change(example):
    content, derived, files = example
    sturm = derived.units["sturmtruppe"]
    cheaper = Derived(units=MappingProxyType({**derived.units, "sturmtruppe": replace(sturm, points=sturm.points - 7)}),
                      loadouts=derived.loadouts)
    changed = export_battlescribe(content, cheaper, REVISION)["imperium.cat"]
    ids = lambda data: sorted(e.get("id") for e in ET.fromstring(data).iter() if e.get("id"))  # noqa: E731
    assert ids(changed) == ids(files["imperium.cat"]) and changed != files["imperium.cat"]
    assert read_units(changed)[stable_id("unit", "sturmtruppe")][1] == sturm.points - 7


NS = {"c": CATALOGUE_NS}


def unit_group(data: bytes, unit_id: str) -> ET.Element:
    """The first option group of a unit's entry (anywhere in the catalogue)."""
    entry = ET.fromstring(data).find(f".//c:selectionEntry[@id='{stable_id('unit', unit_id)}']", NS)
    return entry.find("c:selectionEntryGroups/c:selectionEntryGroup", NS)


def test_loadouts_are_one_option_group_costing_the_difference(example):
    _, derived, files = example
    ns = NS
    group = unit_group(files["imperium.cat"], "sturmtruppe")
    assert group.get("name") == "Ausrüstung"
    limits = {c.get("type"): c.get("value") for c in group.findall("c:constraints/c:constraint", ns)}
    assert limits == {"min": "1", "max": "1"}
    options = {o.get("name"): int(o.find("c:costs/c:cost", ns).get("value"))
               for o in group.findall("c:selectionEntries/c:selectionEntry", ns)}
    base = derived.units["sturmtruppe"].points
    assert options == {"Standard": 0,
                       "Flammenwerfer": derived.loadouts[("sturmtruppe", "flammenwerfer")].points - base,
                       "Panzerfaust": derived.loadouts[("sturmtruppe", "panzerfaust")].points - base}


def test_a_controller_takes_at_most_its_drones(example):
    _, derived, files = example
    ns = NS
    root = ET.fromstring(files["imperium.cat"])
    group = unit_group(files["imperium.cat"], "drohnenlenker")
    assert group.find("c:constraints/c:constraint[@type='max']", ns).get("value") == \
        str(derived.units["drohnenlenker"].drone_capacity)
    drones = {link.get("targetId") for link in group.findall("c:entryLinks/c:entryLink", ns)}
    shared = {e.get("id") for e in root.findall("c:sharedSelectionEntries/c:selectionEntry", ns)}
    assert drones == shared and stable_id("unit", "kettendrohne") in drones
    assert root.find(f"c:selectionEntries/c:selectionEntry[@id='{stable_id('unit', 'kettendrohne')}']", ns) is None


def test_the_unit_profile_is_what_the_card_prints(example):
    _, derived, files = example
    ns = {"c": CATALOGUE_NS}
    root = ET.fromstring(files["imperium.cat"])
    profile = root.find(f".//c:selectionEntry[@id='{stable_id('unit', 'kettendrohne')}']/c:profiles/c:profile", ns)
    values = {c.get("name"): c.text for c in profile.findall("c:characteristics/c:characteristic", ns)}
    drone = derived.units["kettendrohne"]
    assert values["AGI"] == "–" and values["KO"] == str(drone.attributes["KO"])
    assert values["TP"] == str(drone.hit_points) and values["GK"] == f"{drone.speed} cm"


@pytest.mark.parametrize("hostile", ["\x07", "\x00", "\ufffe", "\x1b[31m"])
def test_a_character_no_xml_file_may_hold_stops_the_export(example, hostile):
    """Issue 40 (6), the last line of defence: validation refuses such a name, but a value that ever
    slipped past it must stop the export (it wrote a .gst no XML reader takes) -- every file is read
    back by the XML parser before it is returned."""
    content, derived, _ = example
    weapon = content.weapons["sturmgewehr"]
    slipped = replace(content, weapons={**content.weapons, "sturmgewehr": weapon.model_copy(
        update={"name": f"Sturm{hostile}gewehr"})})
    with pytest.raises(RenderError, match=r"^Universalis\.gst: the export would not be well-formed XML "
                                          r"\(not well-formed \(invalid token\): line \d+, column \d+\)"):
        export_battlescribe(slipped, derived, REVISION)

