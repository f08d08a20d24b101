"""``cardgen.export.bsprofiles``: the profiles hold the values the cards print."""

from __future__ import annotations

import pytest

from cardgen.export.bsprofiles import PROFILE_TYPES, armor_values, power_values, unit_values, weapon_values
from cardgen.views.show import unit_data
from cardgen.stages import load_and_derive
from cardgen.vocabulary import (
    MOVEMENT_NAMES, POWER_DURATIONS, POWER_RANGES, POWER_TARGETS, SIZE_NAMES, TP_LOSS_WHEN, UNIT_TYPE_NAMES,
)
from conftest import EXAMPLE


@pytest.fixture(scope="module")
def example():
    return load_and_derive(EXAMPLE)


def test_every_profile_gives_each_characteristic_of_its_type(example):
    content, derived = example
    for unit in derived.units.values():
        assert list(unit_values(unit, content.words)) == list(PROFILE_TYPES["unit"][1])
        for weapon in unit.weapons:
            assert list(weapon_values(weapon, content)) == list(PROFILE_TYPES["weapon"][1])
        for worn in (unit.armor, unit.shield):
            if worn is not None:
                assert list(armor_values(worn, content)) == list(PROFILE_TYPES["armor"][1])


def test_the_values_are_cardgen_show_s(example):
    content, derived = example
    for unit in derived.units.values():
        shown = unit_data(unit)
        values = unit_values(unit, content.words)
        assert values["TP"] == str(shown["hit_points"]) and values["GK"] == f"{shown['speed']} cm"
        assert all(values[k] == ("–" if v is None else str(v)) for k, v in shown["attributes"].items())
        for weapon, data in zip(unit.weapons, shown["weapons"]):
            profile = weapon_values(weapon, content)
            assert profile["Stärke"] == str(data["strength"]) and profile["WK"] == data["weapon_class"]
            reach = "NK" if data["range_band_cm"] is None else f"{data['range_band_cm']:g}/{data['range_bands']}"
            assert profile["Reichweite"] == reach
        if shown["armor"]:
            assert armor_values(unit.armor, content)["Schutz"] == str(shown["armor"]["protection"])


def test_the_unit_and_power_profiles_print_words_not_the_content_s_values(example):
    """A unit's type, size and movement and a power's target, range, duration and TP-loss condition print
    as the words the cards and the rulebook print (``Infanterie``), not as the content's ``infanterie``."""
    content, derived = example
    assert {unit_values(unit, content.words)["Typ"] for unit in derived.units.values()} == {
        UNIT_TYPE_NAMES[unit.unit.type] for unit in derived.units.values()} >= {"Infanterie"}
    for unit in derived.units.values():
        values = unit_values(unit, content.words)
        assert (values["Größe"], values["Bewegung"]) == (SIZE_NAMES[unit.unit.size], MOVEMENT_NAMES[unit.unit.movement])
        assert values["Größe"][0].isupper() and values["Bewegung"][0].isupper()
    for power in content.powers.values():
        values = power_values(power, content)
        assert values["Ziel"] == POWER_TARGETS[power.target] and values["Dauer"] == POWER_DURATIONS[power.duration]
        assert values["Reichweite"] in (POWER_RANGES[power.range], f"{power.range_cm} cm")
        assert values["TP-Verlust"] in ("0", f"{power.tp_loss} ({TP_LOSS_WHEN[power.tp_loss_when]})")
    shown = {value for power in content.powers.values() for value in power_values(power, content).values()}
    assert "Modell" in shown and not {"modell", "instantan", "distanz", "selbst"} & shown
