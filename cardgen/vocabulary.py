"""The game's words, once: attributes, unit types, sizes, movement types,
weapon kinds and classes, the words of power cards, hit zones.

Pure data (no imports from cardgen).  Each closed set of words is written
once, as a ``Literal`` type that the schema uses for its fields (and a
static type checker understands); the tuple of its words is derived from
it with ``get_args``, and the checks, rules, views, icons, ``cardgen show``
and the rulebook directive read those.  The order of each tuple is the
order the rulebook uses (sizes from small to huge, attributes as on the
card).
"""

from __future__ import annotations

from typing import Literal, get_args

Attribute = Literal["AGI", "NK", "FK", "KO", "WN", "EH"]
ProfileKey = Literal["AGI", "NK", "FK", "KO", "WN", "EH", "GK", "TP"]
UnitType = Literal["infanterie", "koloss", "drohne"]
Size = Literal["klein", "mittel", "groß", "riesig"]
Movement = Literal["beine", "flug", "kette", "rad", "schweben", "stationär"]
WeaponKind = Literal["nahkampf", "fernkampf", "wurf"]
ModifierMode = Literal["permanent", "temporär"]
EffectAppliesTo = Literal["waffen", "rüstung", "beide"]
PowerTarget = Literal["selbst", "modell", "fläche"]
PowerRange = Literal["selbst", "berührung", "distanz"]
PowerDuration = Literal["instantan", "dauerhaft"]
PowerUse = Literal["sichtlinie", "durch_gelände"]
TpLossWhen = Literal["misslingen", "immer"]

ATTRIBUTES: tuple[Attribute, ...] = get_args(Attribute)
"""The six attributes, in the order of the card."""
ATTRIBUTE_NAMES = {"AGI": "Agilität", "NK": "Nahkampf", "FK": "Fernkampf", "KO": "Konstitution",
                   "WN": "Wahrnehmung", "EH": "Entschlossenheit"}
PROFILE_KEYS: tuple[ProfileKey, ...] = get_args(ProfileKey)
"""Everything a profile modifier may change: the attributes, speed and hit points."""
PROFILE_NAMES = {**ATTRIBUTE_NAMES, "GK": "Geschwindigkeit", "TP": "Trefferpunkte"}
DRONE_LACKS: tuple[Attribute, ...] = ("AGI", "NK", "FK", "EH")
"""Attributes a drone does not have (it uses its controller's)."""

UNIT_TYPES: tuple[UnitType, ...] = get_args(UnitType)
UNIT_TYPE_NAMES = {"infanterie": "Infanterie", "koloss": "Koloss", "drohne": "Drohne"}
SIZES: tuple[Size, ...] = get_args(Size)
"""Größenprofile, from small to huge."""
ALLOWED_SIZES = {"infanterie": ("klein", "mittel", "groß"), "koloss": ("groß", "riesig"), "drohne": SIZES}
"""The sizes each unit type may have (a contiguous run of :data:`SIZES`)."""
MOVEMENTS: tuple[Movement, ...] = get_args(Movement)
"""Bewegungsarten."""

WEAPON_KINDS: tuple[WeaponKind, ...] = get_args(WeaponKind)
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
"""Roman numerals 1–10: weapon classes (I–V), trait levels (Stufe), cover (I–III)."""
WEAPON_CLASSES = (1, 2, 3, 4, 5)
"""Waffenklassen WK I–V."""
MAX_LEVEL = len(ROMAN)

MODIFIER_MODES: tuple[ModifierMode, ...] = get_args(ModifierMode)
EFFECT_APPLIES_TO: tuple[EffectAppliesTo, ...] = get_args(EffectAppliesTo)

POWER_TARGETS: dict[PowerTarget, str] = {"selbst": "Selbst", "modell": "Modell", "fläche": "Fläche"}
POWER_RANGES: dict[PowerRange, str] = {"selbst": "Selbst", "berührung": "Berührung", "distanz": "Distanz"}
POWER_DURATIONS: dict[PowerDuration, str] = {"instantan": "Instantan", "dauerhaft": "Dauerhaft"}
POWER_USES: dict[PowerUse, str] = {"sichtlinie": "Sichtlinie", "durch_gelände": "Durch Gelände"}
TP_LOSS_WHEN: dict[TpLossWhen, str] = {"misslingen": "bei Misslingen", "immer": "immer"}
"""Power card words: content value → the German label the card prints."""

HIT_ZONES = {"rumpf": "Rumpf", "rechts": "Rechte Seite", "links": "Linke Seite", "bewegung": "Bewegung"}
"""Colossus hit zones (Trefferzonen) and their names, in the order of the card's TP tracks (the
rulebook's figure: Rumpf on top, Rechte Seite on the left, Linke Seite on the right, Bewegung below)."""


def roman(number: int) -> str:
    """1 → 'I' … 10 → 'X' (weapon class, level, cover as the rulebook writes them)."""
    if not 1 <= number <= len(ROMAN):
        raise ValueError(f"no roman numeral for {number} (1–{len(ROMAN)})")
    return ROMAN[number - 1]


def from_roman(text: str) -> int | None:
    """'III' → 3 (case and surrounding blanks ignored); None if ``text`` is no numeral 1–10."""
    numeral = text.strip().upper()
    return ROMAN.index(numeral) + 1 if numeral in ROMAN else None
