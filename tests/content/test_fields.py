"""The schema's field types: stats as fixed or additive values, WK and Stufe as roman or whole numbers,
strict models that refuse unknown keys."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from cardgen.content.fields import Level, Modifier, WeaponClass, parse_stat


@pytest.mark.parametrize("value, parsed", [(4, (4, False)), (0, (0, False)), ("+2", (2, True)), ("+12", (12, True))])
def test_parse_stat_tells_a_fixed_value_from_an_additive_one(value, parsed):
    assert parse_stat(value) == parsed


@pytest.mark.parametrize("written, number", [("III", 3), ("v", 5), (" ii ", 2), (4, 4), ("I", 1)])
def test_weapon_class_reads_roman_numerals_and_numbers(written, number):
    assert TypeAdapter(WeaponClass).validate_python(written) == number


@pytest.mark.parametrize("written", ["VI", 6, 0, "IIII"])
def test_weapon_class_outside_i_to_v_is_refused(written):
    with pytest.raises(ValidationError):
        TypeAdapter(WeaponClass).validate_python(written)


def test_level_reads_roman_numerals():
    assert TypeAdapter(Level).validate_python("IV") == 4


def test_modifier_is_strict_and_frozen():
    modifier = Modifier(attribute="TP", value=2, mode="permanent")
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        Modifier(attribute="TP", value=2, mode="permanent", note="x")
    with pytest.raises(ValidationError, match="frozen"):
        modifier.value = 3
    with pytest.raises(ValidationError):
        Modifier(attribute="TP", value=13, mode="permanent")
