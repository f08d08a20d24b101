"""cardgen.errata.snapshot: every value a player reads, per unit and item, as dotted keys of text."""

from __future__ import annotations

import pytest

from cardgen.errata.snapshot import ITEM_KINDS, Entry, flatten, snapshot, text
from cardgen.stages import load_and_derive
from conftest import unit


@pytest.mark.parametrize("value, shown", [
    (None, "–"), ("", "–"), (True, "ja"), (False, "nein"), ([], "–"), ((), "–"),
    (["a", None, True], "a, –, ja"), (3, "3"), (2.5, "2.5"), ("20/3", "20/3"),
])
def test_text(value, shown):
    assert text(value) == shown


def test_flatten_keys_nested_mappings_by_dotted_paths():
    assert flatten({"attributes": {"KO": 5, "EH": None}, "rules": ""}) == {
        "attributes.KO": "5", "attributes.EH": "–", "rules": "–"}


def test_flatten_keys_a_list_of_mappings_by_their_ids_whatever_their_order():
    one = flatten({"weapons": [{"id": "pistole", "damage": 1}, {"id": "speer", "damage": 2}]})
    other = flatten({"weapons": [{"id": "speer", "damage": 2}, {"id": "pistole", "damage": 1}]})
    assert one == {"weapons.pistole.damage": "1", "weapons.speer.damage": "2"}
    assert other == one


def test_flatten_keeps_any_other_list_as_one_value():
    assert flatten({"equipment": ["spray", "seil"], "mixed": [{"x": 1}]}) == {
        "equipment": "spray, seil", "mixed": "{'x': 1}"}


@pytest.fixture
def probe_snapshot(rules_content):
    rules_content("units", unit("probe", weapons=["pistole"], armor="weste", rules="Zäh."))
    content, derived = load_and_derive(rules_content.root)
    return snapshot(content, derived)


def test_a_units_entry_names_its_items_by_id_with_their_derived_values(probe_snapshot):
    entry = probe_snapshot[("units", "probe")]
    assert (entry.kind, entry.id, entry.name) == ("units", "probe", "Probe")
    values = entry.values
    assert "name" not in values and "id" not in values
    assert values["attributes.KO"] == "5"
    assert values["rules"] == "Zäh."
    # Pistole 20/3: band 20 cm, 3 bands, so 60 cm at most; aimed, the band doubles
    assert [values[f"weapons.pistole.{k}"] for k in ("range_band_cm", "range_bands", "max_range_cm",
                                                     "aimed_range_band_cm")] == ["20", "3", "60", "40"]
    assert "weapons.pistole.name" not in values                     # the weapon's own entry has its name
    assert values["armor.item"] == "weste" and values["armor.protection"] == "3"
    assert "armor.name" not in values and "armor.id" not in values


def test_items_hold_every_field_of_their_yaml(probe_snapshot):
    pistole = probe_snapshot[("weapons", "pistole")]
    assert pistole == Entry("weapons", "pistole", "Pistole", pistole.values)
    assert (pistole.values["range"], pistole.values["unhandlich"], pistole.values["rules"]) == ("20/3", "nein", "–")
    assert "id" not in pistole.values and "name" not in pistole.values


def test_every_unit_and_item_of_the_content_has_its_entry(probe_snapshot):
    kinds = {kind for kind, _ in probe_snapshot}
    assert kinds == {"units", "weapons", "armor", "effects"}        # what the fixture content holds
    assert kinds <= {"units", *ITEM_KINDS}
    assert ("armor", "plattenpanzer") in probe_snapshot and ("effects", "explosiv") in probe_snapshot
