"""``cardgen.export.bsprofiles``: the profiles hold the values the cards print."""

from __future__ import annotations

import pytest

from cardgen.export.bsprofiles import PROFILE_TYPES, armor_values, unit_values, weapon_values
from cardgen.views.show import unit_data
from cardgen.stages import load_and_derive
from conftest import EXAMPLE


@pytest.fixture(scope="module")
def example():
    return load_and_derive(EXAMPLE)


def test_every_profile_gives_each_characteristic_of_its_type(example):
    content, derived = example
    for unit in derived.units.values():
        assert list(unit_values(unit)) == list(PROFILE_TYPES["unit"][1])
        for weapon in unit.weapons:
            assert list(weapon_values(weapon, content)) == list(PROFILE_TYPES["weapon"][1])
        for worn in (unit.armor, unit.shield):
            if worn is not None:
                assert list(armor_values(worn, content)) == list(PROFILE_TYPES["armor"][1])


def test_the_values_are_cardgen_show_s(example):
    content, derived = example
    for unit in derived.units.values():
        shown = unit_data(unit)
        values = unit_values(unit)
        assert values["TP"] == str(shown["hit_points"]) and values["GK"] == f"{shown['speed']} cm"
        assert all(values[k] == ("–" if v is None else str(v)) for k, v in shown["attributes"].items())
        for weapon, data in zip(unit.weapons, shown["weapons"]):
            profile = weapon_values(weapon, content)
            assert profile["Stärke"] == str(data["strength"]) and profile["WK"] == data["weapon_class"]
            reach = "NK" if data["range_band_cm"] is None else f"{data['range_band_cm']:g}/{data['range_bands']}"
            assert profile["Reichweite"] == reach
        if shown["armor"]:
            assert armor_values(unit.armor, content)["Schutz"] == str(shown["armor"]["protection"])
