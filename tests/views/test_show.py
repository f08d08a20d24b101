"""The derived profile of one unit as plain data (cardgen.views.show): the keys of ``cardgen show --json``
are a public contract; the readable table's rows."""

from __future__ import annotations

from cardgen.content import read_content
from cardgen.rules.derive import derive
from cardgen.views.show import unit_data, unit_table
from conftest import unit

SHOW_KEYS = [
    "id", "name", "faction", "type", "size", "movement", "attributes", "speed", "speed_critical",
    "hit_points", "critical_at", "action_points", "carrying_capacity_kg", "load_kg", "encumbrance",
    "danger_radius_cm", "perception_radius_cm", "perception_radius_critical_cm", "base_mm", "height_cm",
    "fall_safe_cm", "fall_test_cm", "climb_cm", "jump_cm", "jump_running_cm", "road_speed_cm",
    "target_size_modifier", "target_size_modifier_prone", "melee_unwieldy_malus",
    "hit_zones", "unarmed", "weapons", "armor", "shield", "drone_capacity", "points",
]


WEAPON_KEYS = ["id", "name", "kind", "weapon_class", "strength", "damage", "range_band_cm", "range_bands",
               "max_range_cm", "aimed_range_band_cm", "aimed_range_bands", "shots", "ap_costs",
               "indirect_max_height_cm", "mount"]


def test_show_json_has_exactly_the_contract_keys(show):
    data = show(unit(weapons=["pistole"], armor="weste"))
    assert list(data) == SHOW_KEYS
    assert list(data["weapons"][0]) == WEAPON_KEYS
    assert list(data["armor"]) == ["id", "name", "protection", "armor_roll", "damage_reduction"]
    assert list(data["attributes"]) == ["AGI", "NK", "FK", "KO", "WN", "EH"]
    assert (data["type"], data["size"], data["movement"]) == ("infanterie", "mittel", "beine")


def test_the_table_rows_of_a_unit(rules_content):
    rules_content("units", unit(weapons=["pistole"]))
    content, _ = read_content(rules_content.root)
    derived = derive(content).units["probe"]
    rows = dict(unit_table(derived))
    assert rows["Name"] == "Probe (probe)"
    assert rows["Attribute"] == "AGI 4  NK 3  FK 4  KO 5  WN 3  EH 4"
    assert rows["TP (kritisch ab)"] == f"10 ({unit_data(derived)['critical_at']})"
