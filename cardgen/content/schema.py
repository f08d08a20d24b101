"""The content schema: one strict pydantic model per kind of YAML file.

Shape and ranges are checked here (unknown keys, enums, 0–12, WK I–V ...).
Rules that relate several fields (a drone without AGI, a range band only on
ranged weapons) live in :mod:`cardgen.content.checks`; references between
files in :mod:`cardgen.content.resolve`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardgen.content.fields import (
    ApCost, CardName, Colour, Id, Level, Modifier, Name, Points, PowerName, PowerRules, RulesText, StatValue, Strict, Text, Uses, WeaponClass, Weight,
)
from cardgen.vocabulary import (
    ATTRIBUTE_NAMES, EffectAppliesTo, Mount, Movement, PowerDuration, PowerRange, PowerTarget, PowerUse,
    Size, TpLossWhen, UnitType, WeaponKind,
)
from cardgen.vocabulary import Attribute as AttributeKey

Attr = Field(default=None, ge=0, le=12)


class Faction(Strict):
    """A faction (Fraktion) a group is raised from."""

    id: Id
    name: Name
    colour: Colour
    emblem: Text | None = Field(default=None, description="Icon file below assets/Grafiken (optional).")
    leader_rule: RulesText = Field(default="", description="Who leads a group of this faction (Gruppenführer).")


class Attributes(Strict):
    """Attribute. Drones have only KO and WN (they use their controller's AGI NK FK EH)."""

    AGI: int | None = Field(default=None, ge=0, le=12, description=ATTRIBUTE_NAMES["AGI"])
    NK: int | None = Field(default=None, ge=0, le=12, description=ATTRIBUTE_NAMES["NK"])
    FK: int | None = Field(default=None, ge=0, le=12, description=ATTRIBUTE_NAMES["FK"])
    KO: int = Field(ge=0, le=12, description=ATTRIBUTE_NAMES["KO"])
    WN: int = Field(ge=0, le=12, description=ATTRIBUTE_NAMES["WN"])
    EH: int | None = Field(default=None, ge=0, le=12, description=ATTRIBUTE_NAMES["EH"])


class Picture(Strict):
    """A model's picture on its card (the 40 mm portrait column), with how it is fitted."""

    file: Text = Field(min_length=1, max_length=300, description=(
        "Picture file (PNG, JPEG, SVG or WebP), relative to the content folder; the project's "
        "images/ folder by convention."))
    fit: Literal["cover", "contain"] = Field(
        default="cover", description="cover: fill the column, cropping the rest; contain: show it whole.")
    focus: str = Field(default="50% 50%", pattern=r"^(100|[1-9]?[0-9])% (100|[1-9]?[0-9])%$", description=(
        "Focal point 'X% Y%' kept in view when cropping (0% 0% top left, 50% 20% upper middle)."))


PictureRef = Picture | Text


class WeaponRef(Strict):
    """A weapon a unit carries, with where a colossus carries it (``mount``)."""

    id: Id = Field(description="Weapon id.")
    mount: Mount | None = Field(default=None, description=(
        "Colossi only: the hit zone that carries the weapon (rumpf, links, rechts; default rumpf). "
        "A destroyed Linke or Rechte Seite takes its weapons with it (Trefferzonen)."))


def weapon_id(entry: "WeaponRef | str") -> str:
    """The weapon id of a unit's weapon entry (an id, or {id, mount})."""
    return entry.id if isinstance(entry, WeaponRef) else entry


def trait_id(entry: "TraitRef | str") -> str:
    """The trait id of a unit's trait entry (an id, or {id, level})."""
    return entry.id if isinstance(entry, TraitRef) else entry


class Loadout(Strict):
    """A named variant of what a unit carries; a group's model may take it (loadout: ID).

    A key given here replaces the unit's own (weapons, armor, shield, equipment);
    a key left out keeps the unit's.  Points are computed for the variant as for
    any unit, unless ``points`` gives the total."""

    id: Id
    name: Name
    weapons: list[WeaponRef | Id] | None = Field(default=None, description=(
        "Weapons instead of the unit's: ids, or {id, mount} on a colossus."))
    armor: Id | None = Field(default=None, description="Armor id instead of the unit's (null: no armor).")
    shield: Id | None = Field(default=None, description="Shield (armor id) instead of the unit's.")
    equipment: list[Id] | None = Field(default=None, description="Equipment ids instead of the unit's.")
    points: Points | None = Field(default=None, description="Total points of the model with this loadout.")


class TraitRef(Strict):
    """A trait a unit has, with its level (Stufe)."""

    id: Id = Field(description="Trait id.")
    level: Level = 1


class Unit(Strict):
    """A model (Modell) and what it carries; its card shows all derived values."""

    id: Id
    name: CardName
    faction: Id = Field(description="Faction id.")
    type: UnitType = Field(description="Typ: infanterie, koloss or drohne.")
    size: Size = Field(description="Größenprofil: klein, mittel, groß, riesig (allowed sizes depend on type).")
    movement: Movement = Field(description="Bewegungsart.")
    attributes: Attributes = Field(description="Attribute AGI NK FK KO WN EH (drones: KO and WN only).")
    speed: int = Field(ge=0, le=50, description="Geschwindigkeit GK in cm per move action.")
    hit_points: int = Field(ge=1, le=20, description="Trefferpunkte TP (for a colossus: of the Rumpf).")
    weapons: list[WeaponRef | Id] = Field(default=[], description=(
        "Weapons: an id, or {id, mount} for where a colossus carries it; list a weapon twice for two copies."))
    armor: Id | None = Field(default=None, description="Armor id (body armor).")
    shield: Id | None = Field(default=None, description="Armor id of a shield (an armor with 'shield' bonuses).")
    equipment: list[Id] = Field(default=[], description="Equipment ids.")
    traits: list[TraitRef | Id] = Field(default=[], description=(
        "Traits: an id (level I) or {id, level}; each trait once (only its highest level would count)."))
    powers: list[Id] = Field(default=[], description="Power (Kraft) ids.")
    base_points: int = Field(default=0, ge=-10000, le=10000, description="Points added to the computed total.")
    points: Points | None = Field(default=None, description="Total points; overrides the cost model when given.")
    rules: RulesText = Field(default="", description="Special rules of this model (back of the card).")
    image: PictureRef | None = Field(default=None, description=(
        "The model's picture on its card: a file relative to the content folder, or {file, fit, focus}."))
    drone_controller: bool = Field(default=False, description=(
        "Kontroller: drones may be assigned to this model (its card shows Drohnen ⌊EH/3⌋)."))
    loadouts: list[Loadout] = Field(default=[], description="Named variants a group's model may take.")


class Weapon(Strict):
    """A weapon (Waffe) with its damage profile (Schadensprofil)."""

    id: Id
    name: Name
    kind: WeaponKind = Field(description="nahkampf (NK), fernkampf (range band) or wurf (thrown, range from KO).")
    weapon_class: WeaponClass
    strength: StatValue = Field(description="Stärke: fixed (4) or additive on KO ('+1').")
    damage: int = Field(ge=0, le=20, description="Schaden: TP lost on a wound.")
    range: str | None = Field(default=None, pattern=r"^[1-9][0-9]{0,2}/[1-9][0-9]?$",
                              description="Reichweitenband 'X/Y' (band length cm / number of bands); ranged only.")
    dauerfeuer: int = Field(default=0, ge=0, le=4, description="Dauerfeuer DF 0–4 (1 + DF shots); ranged only.")
    area_radius: int = Field(default=0, ge=0, le=50, description="Flächenwaffe: radius in cm (0 = none).")
    effects: list[Id] = Field(default=[], description="Damage effect ids (Schadenseffekte).")
    unhandlich: bool = Field(default=False, description="Unhandlich (circle around the WK).")
    nachladen: bool = Field(default=False, description="Must be reloaded after each use.")
    indirekt: bool = Field(default=False, description="Can fire indirectly (Indirekter Fernkampf).")
    feuerbereitschaft: bool | None = Field(
        default=None, description="May take Feuerbereitschaft; default: ranged WK I–III. Refused on WK IV–V.")
    uses: Uses | None = Field(default=None, description="Einmalnutzung: how often it can be used.")
    weight: Weight = 0
    points: Points | None = Field(default=None, description="Points; computed by the cost model when omitted.")
    extra_points: int = Field(default=0, ge=-1000, le=1000, description="Cost model: added before the factors.")
    modifiers: list[Modifier] = Field(default=[], description="Profilmodifikatoren of this weapon.")
    rules: RulesText = ""


class ShieldBonus(Strict):
    """Schild: bonuses to the melee roll (defence only) and to the armor roll."""

    melee: int = Field(default=0, ge=0, le=6, description="Bonus on the NK roll when defending.")
    armor: int = Field(default=0, ge=0, le=6, description="Bonus on the armor roll (melee defence, fire from the front).")


class Armor(Strict):
    """Armor (Rüstung) with its armor profile (Rüstungsprofil), or a shield."""

    id: Id
    name: Name
    protection: StatValue | None = Field(default=None, description=(
        "Schutz: fixed (5) or additive on KO ('+2'). Every armor has it; a shield has none."))
    damage_reduction: int = Field(default=0, ge=0, le=10, description="Schadensreduktion (not on a shield).")
    effects: list[Id] = Field(default=[], description="Damage effect ids the armor has (not on a shield).")
    selbsttragend: bool = Field(default=False, description="Weight ignored for Tragkraft.")
    shield: ShieldBonus | None = Field(default=None, description=(
        "Set for a shield: its only bonuses (Schilde); a shield has no Schutz, reduction or effects of its own."))
    weight: Weight = 0
    points: Points | None = Field(default=None, description="Points; computed by the cost model when omitted.")
    modifiers: list[Modifier] = Field(default=[], description="Profilmodifikatoren of this armor.")
    rules: RulesText = ""


class Equipment(Strict):
    """Equipment (Ausrüstung)."""

    id: Id
    name: Name
    ap_cost: ApCost | None = Field(default=None, description="AP cost (⊙) of 'Ausrüstung verwenden'; none: no action.")
    uses: Uses | None = Field(default=None, description="Einmalnutzung: how often it can be used.")
    unhandlich: bool = Field(default=False, description="Unhandlich: −3 in melee for the carrier.")
    weight: Weight = 0
    points: Points | None = Field(default=None, description=(
        "Points; when omitted, the cost of its profile modifiers (the cost model has no other formula)."))
    modifiers: list[Modifier] = Field(default=[], description="Profilmodifikatoren of this equipment.")
    rules: RulesText = ""


class Trait(Strict):
    """A trait (Eigenschaft), possibly with levels."""

    id: Id
    name: Name
    max_level: int = Field(default=1, ge=1, le=10, description="Highest level (Stufe) the trait has.")
    ap_cost: ApCost | None = Field(default=None, description="AP cost of 'Eigenschaft anwenden'; none: no action.")
    uses: Uses | None = Field(default=None, description="Einmalnutzung: how often it can be used.")
    points_per_level: int = Field(default=0, ge=-1000, le=1000, description="Cost model: points per level.")
    points: Points | None = Field(default=None, description=(
        "Points per level, replacing the cost model (its modifiers' cost included)."))
    modifiers: list[Modifier] = Field(default=[], description="Profilmodifikatoren of this trait.")
    rules: RulesText = ""


class School(Strict):
    """A school (Schule) of powers: colours the power card title bar."""

    id: Id
    name: Name
    colour: Colour
    icon: Text | None = Field(default=None, description="Icon file below assets/Grafiken (optional).")


class Power(Strict):
    """A power (Kraft) and its power card."""

    id: Id
    name: PowerName
    school: Id
    attribute: AttributeKey = Field(description="Attribute the roll is made on.")
    difficulty: int = Field(default=0, ge=-12, le=12, description="Modifier on the attribute roll.")
    ap_cost: ApCost
    tp_loss: int = Field(default=0, ge=0, le=20, description="TP the user loses.")
    tp_loss_when: TpLossWhen = Field(
        default="misslingen", description="TP loss on failure (misslingen) or automatically (immer).")
    target: PowerTarget = Field(description="Target: selbst, modell or fläche (area).")
    range: PowerRange = Field(description="Reichweite: selbst, berührung, distanz.")
    range_cm: int | None = Field(default=None, ge=1, le=200, description="Distance in cm when range is distanz.")
    duration: PowerDuration = Field(description="Dauer: instantan or dauerhaft.")
    level: int | None = Field(default=None, ge=1, le=5, description="Stufe of the power: stars on its card.")
    use: PowerUse = Field(
        default="sichtlinie", description="Nutzung: needs line of sight, or works through terrain.")
    points: Points = Field(description="Points (given).")
    rules: PowerRules


class DamageEffect(Strict):
    """A damage effect (Schadenseffekt) of weapons and/or armor."""

    id: Id
    name: Name
    icon: Text = Field(description="Icon file below assets/Grafiken, e.g. Effekt/brand.svg.")
    applies_to: EffectAppliesTo = Field(
        description="Whether weapons (waffen), armor (rüstung) or both (beide) may have it.")
    points: int = Field(default=0, ge=0, le=1000, description="Cost model: points added per item.")
    rules: RulesText


class Terrain(Strict):
    """A terrain type (Geländetyp)."""

    id: Id
    name: Name
    passierbarkeit: int | None = Field(default=None, ge=0, le=12, description="Passierbarkeit: GK malus.")
    deckung: int | None = Field(default=None, ge=0, le=3, description="Cover level I–III as 1–3; none if absent.")
    sichtweite: int | None = Field(default=None, ge=0, le=12, description="Sichtweite level.")
    rules: RulesText = ""


class GroupModel(Strict):
    """One model of a group roster."""

    unit: Id
    label: Id | None = Field(default=None, description="Name of this model in the roster (default: unit id).")
    leader: bool = Field(default=False, description="This model is the Gruppenführer (exactly one per group).")
    controller: Id | None = Field(default=None, description="Drones: label of the controlling model.")
    name: CardName | None = Field(default=None, description="This model's own name, printed on its card and the cover.")
    image: PictureRef | None = Field(default=None, description=(
        "The model's picture on its card: a file relative to the content folder, or {file, fit, focus}."))
    loadout: Id | None = Field(default=None, description="Id of one of the unit's loadouts.")


class Group(Strict):
    """A group (Gruppe): one faction, two or more models, exactly one leader."""

    id: Id
    name: Name
    faction: Id
    icon: Text | None = Field(default=None, description="Icon file below assets/Grafiken for the group's cover (optional).")
    models: list[GroupModel] = Field(description="The models of the roster.")


KINDS: dict[str, type[Strict]] = {
    "factions": Faction, "units": Unit, "weapons": Weapon, "armor": Armor, "equipment": Equipment,
    "traits": Trait, "powers": Power, "schools": School, "effects": DamageEffect, "terrain": Terrain,
    "groups": Group,
}
