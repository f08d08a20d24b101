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
Mount = Literal["rumpf", "links", "rechts"]
Action = Literal["attack", "reckless_attack", "charge", "normal_shot", "aimed_shot", "snap_shot",
                 "readiness", "reaction_fire", "reload"]
OddsAction = Literal["normal", "aimed", "snap", "reaction", "attack", "charge"]
"""The actions of an attack the odds know (:mod:`cardgen.rules.attack`, ``cardgen odds --action``)."""
ODDS_ACTIONS: tuple[OddsAction, ...] = get_args(OddsAction)

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
SIZE_NAMES: dict[Size, str] = {"klein": "Klein", "mittel": "Mittel", "groß": "Groß", "riesig": "Riesig"}
MOVEMENT_NAMES: dict[Movement, str] = {"beine": "Beine", "flug": "Flug", "kette": "Kette", "rad": "Rad",
                                       "schweben": "Schweben", "stationär": "Stationär"}
"""A unit's size and movement as words (the BattleScribe profiles; the cards show them as icons)."""

WEAPON_KINDS: tuple[WeaponKind, ...] = get_args(WeaponKind)
WEAPON_KIND_NAMES: dict[WeaponKind, str] = {
    "nahkampf": "Nahkampfwaffe", "fernkampf": "Fernkampfwaffe", "wurf": "Wurfwaffe"}
"""The rulebook's word for each kind of weapon (Waffen: Fernkampf-, Nahkampf-, Wurfwaffen)."""
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

ACTIONS: tuple[Action, ...] = get_args(Action)
"""The actions (and the reaction) a weapon allows, as keys of ``ap_costs`` and of ``actions:`` in rules.yaml."""
ACTION_NAMES: dict[Action, str] = {
    "attack": "Angriff", "reckless_attack": "Verwegener Angriff", "charge": "Angriffsbewegung",
    "normal_shot": "Normaler Schuss", "aimed_shot": "Gezielter Schuss", "snap_shot": "Schnellschuss",
    "readiness": "Feuerbereitschaft", "reaction_fire": "Reaktionsfeuer", "reload": "Nachladen"}
"""The rulebook's names of those actions."""
ACTION_SECTIONS: dict[Action, str] = {
    "attack": "nahkampf", "reckless_attack": "nahkampf", "charge": "bewegung",
    "normal_shot": "fernkampf", "aimed_shot": "fernkampf", "snap_shot": "fernkampf",
    "readiness": "fernkampf", "reaction_fire": "fernkampf", "reload": "bewegung"}
"""The rulebook section that lists each action: "Aktionen: Nahkampf", "Aktionen: Fernkampf" (and
"Reaktionen: Fernkampf" for Reaktionsfeuer) or "Aktionen: Bewegung" (Angriffsbewegung, Nachladen)."""
REACTIONS: frozenset[Action] = frozenset({"reaction_fire"})
"""Printed as a reaction (Reaktion), not an action."""

MOUNTS: tuple[Mount, ...] = get_args(Mount)
"""Where a colossus carries a weapon: Rumpf, Linke Seite, Rechte Seite (Trefferzonen)."""
MOUNT_NAMES: dict[Mount, str] = {"rumpf": "Rumpf", "links": "Links", "rechts": "Rechts"}
"""How a weapon row names its zone (short: the row is narrow)."""

TARGET_SIZE_MODIFIERS: dict[Size, int] = {"klein": -1, "mittel": 0, "groß": 1, "riesig": 2}
"""Modifikatoren im Fernkampf, Größe des Ziels: the shooter's FK modifier against a target of each size."""

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


MAX_GROUP_MODELS = 100
"""The most models one group may have, in a group file or a player's roster, checked before anything is
drawn.  A group is one player's side of a skirmish on a 90 cm × 90 cm table, every model with its own
initiative phase each round and its own two dice beside it (Regelbuch: Was braucht man, Runden); the
example groups have 5 and 7.  100 is some 14 times the larger and what one roster selection may ask for
(``number`` 1–100).  A roster at the cap prints in some 24 s and 220 MB (a 4 MB sheet, its faces
cached); 1,001 models took 1.2 GB in a build, and 5,001 from a 6.4 kB roster 414 s and 5.6 GB."""
