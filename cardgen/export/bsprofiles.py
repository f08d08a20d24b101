"""The profiles of the BattleScribe export: what a unit, a weapon, an armour, a trait and a power show.

Each profile type is a row of characteristics (:data:`PROFILE_TYPES`); a profile gives each of them
a text.  The values are the derived ones the cards print (:mod:`cardgen.rules.derived`): a weapon's
Stärke with the carrier's KO in it, an armour's Schutz likewise, a thrown weapon's range band from KO.
The names of the types and characteristics, and the words in a value ("Fläche", "Unhandlich"), are the
content's words (:mod:`cardgen.content.words`), in its language; their ids are made from the German
keys of :data:`PROFILE_TYPES`, the same in every language.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardgen.content.model import Content
from cardgen.content.schema import Power, Trait
from cardgen.content.words import Words
from cardgen.export.bsformat import Document, stable_id
from cardgen.rules.derived import DerivedArmor, DerivedShield, DerivedUnit, DerivedWeapon
from cardgen.vocabulary import ATTRIBUTES, roman

NONE = "–"

PROFILE_TYPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "unit": ("Einheit", (*ATTRIBUTES, "GK", "TP", "AP", "Typ", "Größe", "Bewegung")),
    "weapon": ("Waffe", ("WK", "Reichweite", "Stärke", "Schaden", "Effekte")),
    "armor": ("Rüstung", ("Schutz", "Schadensreduktion", "Effekte")),
    "trait": ("Eigenschaft", ("Stufen", "AP", "Regel")),
    "power": ("Kraft", ("Schule", "Attribut", "Schwierigkeit", "AP", "TP-Verlust", "Ziel", "Reichweite", "Dauer",
                        "Regel")),
}
"""Profile type key → (its name, its characteristics in order)."""


def type_id(kind: str) -> str:
    return stable_id("profile-type", kind)


def characteristic_id(kind: str, name: str) -> str:
    return stable_id("characteristic", kind, name)


def add_profile_types(doc: Document, parent: ET.Element, words: Words) -> None:
    """``profileTypes`` of the game system: one per entry of :data:`PROFILE_TYPES`, named in ``words``."""
    types = doc.add(parent, "profileTypes")
    for kind, (name, characteristics) in PROFILE_TYPES.items():
        profile_type = doc.add(types, "profileType", {"id": type_id(kind), "name": words[name]})
        listed = doc.add(profile_type, "characteristicTypes")
        for characteristic in characteristics:
            doc.add(listed, "characteristicType", {"id": characteristic_id(kind, characteristic),
                                                   "name": words[characteristic]})


def add_profile(doc: Document, parent: ET.Element, kind: str, profile_id: str, name: str,
                values: dict[str, str], words: Words) -> ET.Element:
    """One ``profile`` of type ``kind`` under ``parent`` (a ``profiles`` or ``sharedProfiles`` list);
    ``values`` by the German key of each characteristic, whose name prints in ``words``."""
    type_name, characteristics = PROFILE_TYPES[kind]
    profile = doc.add(parent, "profile", {"id": profile_id, "name": name, "hidden": "false",
                                          "typeId": type_id(kind), "typeName": words[type_name]})
    listed = doc.add(profile, "characteristics")
    for characteristic in characteristics:
        doc.add(listed, "characteristic", {"name": words[characteristic],
                                           "typeId": characteristic_id(kind, characteristic)},
                values[characteristic])
    return profile


def _capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


def unit_values(derived: DerivedUnit) -> dict[str, str]:
    """The unit profile: attributes (– where a drone has none), GK, TP, AP, type, size, movement."""
    unit = derived.unit
    values = {key: NONE if value is None else str(value) for key, value in derived.attributes.items()}
    return {**values, "GK": f"{derived.speed} cm", "TP": str(derived.hit_points), "AP": str(derived.action_points),
            "Typ": unit.type, "Größe": unit.size, "Bewegung": unit.movement}


def weapon_values(derived: DerivedWeapon, content: Content, words: Words | None = None) -> dict[str, str]:
    """The weapon profile as the carrier's card prints it; flags and effects in ``Effekte``; in ``words``
    (the content's by default)."""
    weapon, band, words = derived.weapon, derived.band, content.words if words is None else words
    notes = [content.effects[effect].name for effect in weapon.effects]
    notes += [f"{words['DF']} {weapon.dauerfeuer}"] if weapon.dauerfeuer else []
    notes += [f"{words['Fläche']} {weapon.area_radius} cm"] if weapon.area_radius else []
    notes += [_capitalised(words[name]) for name in ("unhandlich", "nachladen", "indirekt") if getattr(weapon, name)]
    reach = words["NK"] if band is None else f"{band.length_cm:g}/{band.count}"
    return {"WK": roman(weapon.weapon_class), "Reichweite": reach, "Stärke": str(derived.strength),
            "Schaden": str(derived.damage), "Effekte": ", ".join(notes) or NONE}


def armor_values(derived: DerivedArmor | DerivedShield, content: Content, words: Words | None = None) -> dict[str, str]:
    """The armour profile; a shield's two bonuses in ``Effekte`` (it has no Schutz of its own); in
    ``words`` (the content's by default)."""
    words = content.words if words is None else words
    if isinstance(derived, DerivedShield):
        return {"Schutz": NONE, "Schadensreduktion": NONE,
                "Effekte": f"{words['Schild']}: {words['NK']} +{derived.melee_bonus} ({words['Verteidigung']}), "
                           f"{words['Rüstungswurf']} +{derived.armor_bonus}"}
    armor = derived.armor
    effects = ", ".join(content.effects[effect].name for effect in armor.effects)
    return {"Schutz": str(derived.protection), "Schadensreduktion": str(armor.damage_reduction),
            "Effekte": effects or NONE}


def trait_values(trait: Trait) -> dict[str, str]:
    return {"Stufen": roman(trait.max_level), "AP": NONE if trait.ap_cost is None else str(trait.ap_cost),
            "Regel": trait.rules or NONE}


def power_values(power: Power, content: Content) -> dict[str, str]:
    reach = f"{power.range_cm} cm" if power.range == "distanz" and power.range_cm else power.range
    return {"Schule": content.schools[power.school].name, "Attribut": content.words[power.attribute],
            "Schwierigkeit": f"{power.difficulty:+d}", "AP": str(power.ap_cost),
            "TP-Verlust": f"{power.tp_loss} ({power.tp_loss_when})" if power.tp_loss else "0",
            "Ziel": power.target, "Reichweite": reach, "Dauer": power.duration, "Regel": power.rules}


def values_key(values: dict[str, str]) -> str:
    """A key of a profile's values, for the id of a shared profile that holds exactly those values."""
    return "|".join(f"{name}={value}" for name, value in values.items())
