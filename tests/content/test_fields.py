"""The schema's field types: stats as fixed or additive values, WK and Stufe as roman or whole numbers,
strict models that refuse unknown keys."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from cardgen.content.fields import Id, Level, Modifier, Name, RulesText, StatValue, Strict, Text, WeaponClass, parse_stat
from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS


@pytest.mark.parametrize("value, parsed", [(4, (4, False)), (0, (0, False)), ("+2", (2, True)), ("+12", (12, True))])
def test_parse_stat_tells_a_fixed_value_from_an_additive_one(value, parsed):
    assert parse_stat(value) == parsed


@pytest.mark.parametrize("written", ["+٣", "+²", "+３"])
def test_an_additive_value_takes_ascii_digits_only(written):
    """Arabic-Indic, superscript and full-width digits match a Unicode ``\\d``; a card prints ASCII ones."""
    with pytest.raises(ValidationError):
        TypeAdapter(StatValue).validate_python(written)


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


TEXT_CHECKS = {"_one_line", "_lines"}


def unchecked_text(annotation: Any, metadata: tuple = (), where: str = "", seen: set | None = None) -> list[str]:
    """The places below ``annotation`` where a ``str`` takes any character: neither a :data:`Text`,
    :data:`Name` or :data:`RulesText` (their check of :mod:`cardgen.printable`) nor a pattern."""
    seen = set() if seen is None else seen
    if get_origin(annotation) is Annotated:
        inner, *more = get_args(annotation)
        return unchecked_text(inner, (*metadata, *more), where, seen)
    if annotation is str:
        checked = any(getattr(getattr(m, "func", None), "__name__", "") in TEXT_CHECKS
                      or getattr(m, "pattern", None) for m in metadata)
        return [] if checked else [where]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return []
        seen.add(annotation)
        return [place for name, info in annotation.model_fields.items()
                for place in unchecked_text(info.annotation, tuple(info.metadata), f"{annotation.__name__}.{name}",
                                            seen)]
    if get_origin(annotation) is Literal:
        return []
    return [place for arg in get_args(annotation) for place in unchecked_text(arg, metadata, where, seen)]


def test_every_text_field_of_the_schema_refuses_control_characters():
    """Issue 40 (6): a text field is a Text, Name or RulesText (or an id's pattern), so a new field cannot
    forget the check that keeps control characters off the cards and out of the BattleScribe files."""
    assert [place for model in (*KINDS.values(), Ruleset) for place in unchecked_text(model)] == []


def test_the_walk_finds_a_plain_str():
    class Loose(Strict):
        fine: Name
        also: list[Text | Id] = []
        loose: str | None = None
        inside: dict[str, list[str]] = {}

    assert unchecked_text(Loose) == ["Loose.loose", "Loose.inside", "Loose.inside"]


@pytest.mark.parametrize(("written", "message"), [
    ("A\x07B", "contains U+0007, a control character"),
    ("A\nB", "contains U+000A, a line break or tab: this text is one line"),
    ("A\u2028B", "contains U+2028, a line break or tab: this text is one line"),
    ("A\ud800B", "contains U+D800, half of a surrogate pair"),
])
def test_a_name_refuses_what_cannot_be_printed(written, message):
    with pytest.raises(ValidationError, match=re.escape(message)):
        TypeAdapter(Name).validate_python(written)


def test_rules_text_keeps_line_breaks_and_tabs():
    assert TypeAdapter(RulesText).validate_python("a\n\tb\u2028") == "a\n\tb\u2028"
    with pytest.raises(ValidationError, match=re.escape("contains U+202E, a bidi override")):
        TypeAdapter(RulesText).validate_python("a\u202eb")
