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
NAME_CAP = 80
RULES_CAP = 4000
"""The schema's caps on a name and a rules text: bounds on untrusted input, above what any box of the default
theme holds (:data:`DEFAULT_FITS`), so a theme with bigger boxes is never refused a text it holds.  What fits
is decided by the fit check against the *active* theme (``cardgen validate``, the build; issue 42.6 and
docs/decisions/2026-11-28-schema-limits-and-fit.md)."""
DEFAULT_FITS = {"name_front": 48, "back_column": 702, "power_title": 48, "power_rules": 866}
"""What the default theme's boxes hold at their smallest size, in characters, as
:mod:`cardgen.cards.capacity` measures them: the unit front's name cell, one column of a unit's back,
a power card's title and its rules text.  The schema says them (descriptions and the JSON schema's
``x-cardgen-fits``) as the limit an author writes to; tests/cards/test_capacity.py measures the default
theme and fails when one of these disagrees with the measurement (a theme change that shrinks a box
fails it until the number here follows)."""
FITS_KEY = "x-cardgen-fits"
BOX_WORDS = {"name_front": "the name cell", "back_column": "one column of the back", "power_title": "the title",
             "power_rules": "the rules text"}


def _fits(text: str, box: str) -> dict[str, object]:
    """A field's description, with what the default theme's ``box`` holds, and that number as ``FITS_KEY``."""
    return {"description": f"{text} About {DEFAULT_FITS[box]} characters fit {BOX_WORDS[box]} of the default "
                           f"theme at its smallest size; `cardgen validate` checks what fits your theme.",
            "json_schema_extra": {FITS_KEY: DEFAULT_FITS[box]}}


Name = Annotated[str, StringConstraints(min_length=1, max_length=NAME_CAP), BeforeValidator(_one_line),
                 Field(description="Name printed on cards.")]
RulesText = Annotated[str, StringConstraints(max_length=RULES_CAP), BeforeValidator(_lines), Field(**_fits(
    "Rules text printed on the back of the card: blank lines separate paragraphs; inline Markdown "
    "(**fett**, _kursiv_, links, which print as their text on a card, pictures of the icon set). "
    "On a unit card's back all its rules texts share two columns.", "back_column"))]
CardName = Annotated[Name, Field(**_fits("Name printed in the name cell of the unit card's front.", "name_front"))]
PowerName = Annotated[Name, Field(**_fits("Name printed as the power card's title.", "power_title"))]
PowerRules = Annotated[RulesText, Field(**_fits("Rules text of the power card: blank lines separate paragraphs; "
                                                "inline Markdown as in every rules text.", "power_rules"))]
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
