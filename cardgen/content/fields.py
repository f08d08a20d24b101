"""Reusable field types of the content schema (ids, WK, stats, modifiers)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, WithJsonSchema

from cardgen.printable import refused_character
from cardgen.vocabulary import MAX_LEVEL, ROMAN, WEAPON_CLASSES, ModifierMode, ProfileKey, from_roman


class Strict(BaseModel):
    """Base of every content model: unknown keys are errors, values are frozen,
    numbers are finite (``.inf`` and ``.nan`` are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, allow_inf_nan=False)


def _one_line(value: object) -> object:
    """A text of one line that is printed or exported: :func:`~cardgen.printable.refused_character`.
    (Checked before pydantic's own string check, which refuses a lone surrogate without naming it.)"""
    reason = refused_character(value) if isinstance(value, str) else None
    if reason:
        raise ValueError(reason)
    return value


def _lines(value: object) -> object:
    """A text of several lines that is printed or exported: line breaks and tabs may stay."""
    reason = refused_character(value, lines=True) if isinstance(value, str) else None
    if reason:
        raise ValueError(reason)
    return value


Text = Annotated[str, BeforeValidator(_one_line)]
"""Every one-line text of the content (names, file names): printable characters only
(:mod:`cardgen.printable`).  Each text field of the schema is a :data:`Text`, :data:`Name` or
:data:`RulesText` (or a pattern of plain characters, as :data:`Id`), so no new field can forget the
check (``tests/content/test_fields.py`` walks the schema)."""
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_äöüß-]*$", max_length=64), Field(
    description="Stable identifier: lower case letters, digits, '_' and '-'; used for references.")]
Name = Annotated[str, StringConstraints(min_length=1, max_length=80), BeforeValidator(_one_line),
                 Field(description="Name printed on cards.")]
RulesText = Annotated[str, StringConstraints(max_length=4000), BeforeValidator(_lines), Field(
    description="Rules text printed on the back of the card: blank lines separate paragraphs; inline Markdown "
                "(**fett**, _kursiv_, links, which print as their text on a card, pictures of the icon set).")]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$"), Field(
    description="Colour as #rrggbb.")]
Points = Annotated[int, Field(ge=0, le=100000, description="Points; computed by the cost model when omitted.")]
Weight = Annotated[float, Field(ge=0, le=10000, description="Weight in kg (counts against Tragkraft).")]
Uses = Annotated[int, Field(ge=1, le=10, description="Einmalnutzung: how often it can be used (one circle each).")]
ApCost = Annotated[int, Field(ge=0, le=12, description="AP cost (⊙) of using it.")]


def _roman(value: object) -> object:
    """Accept WK as roman numeral (``III``) or whole number (``3``)."""
    number = from_roman(value) if isinstance(value, str) else None
    return value if number is None else number


WeaponClass = Annotated[int, BeforeValidator(_roman), Field(ge=1, le=len(WEAPON_CLASSES)), WithJsonSchema(
    {"enum": [*ROMAN[:len(WEAPON_CLASSES)], *WEAPON_CLASSES],
     "description": "Waffenklasse WK I–V (roman numeral or 1–5)."})]
Level = Annotated[int, BeforeValidator(_roman), Field(ge=1, le=MAX_LEVEL), WithJsonSchema(
    {"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_LEVEL}, {"enum": list(ROMAN)}],
     "description": "Stufe (level) as roman numeral or number."})]

_ADDITIVE = re.compile(r"^\+([0-9]{1,2})$")
StatValue = Annotated[int | Annotated[str, StringConstraints(pattern=_ADDITIVE.pattern)], Field(
    description="A fixed value (e.g. 4) or additive on KO written '+N' (e.g. '+2').")]


def parse_stat(value: int | str) -> tuple[int, bool]:
    """``4`` → (4, False); ``'+2'`` → (2, True)."""
    if isinstance(value, int):
        return value, False
    match = _ADDITIVE.match(value)
    assert match, value  # guaranteed by the schema pattern
    return int(match.group(1)), True




class Modifier(Strict):
    """A Profilmodifikator: permanent ones are folded into the printed profile,
    temporary ones are printed beside it."""

    attribute: ProfileKey = Field(description="Profile value changed: AGI NK FK KO WN EH, GK or TP.")
    value: int = Field(ge=-12, le=12, description="Change, e.g. -1 or 2.")
    mode: ModifierMode = Field(
        description="permanent: folded into the profile; temporär: printed beside it, applies only in use.")
