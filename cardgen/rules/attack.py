"""The parts of one attack the odds read (:mod:`cardgen.rules.odds`): the two models' numbers, the
weapon and the situation -- plain frozen records, made from derived units by :func:`combatant` and
:func:`attack_weapons`, or written directly (the balance report's and the tests' made-up profiles)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from cardgen.content.ruleset import ZoneTable
from cardgen.rules import weapons as wr
from cardgen.rules.derived import DerivedUnit
from cardgen.rules.odds_zones import RULEBOOK_FACES, ZONES
from cardgen.vocabulary import SIZES, Action, OddsAction, Size, WeaponKind

CARD_ACTION: dict[OddsAction, Action] = {
    "normal": "normal_shot", "aimed": "aimed_shot", "snap": "snap_shot", "reaction": "reaction_fire",
    "attack": "attack", "charge": "charge"}
"""Each action of the odds and the card's action whose AP it costs."""
MELEE_ACTIONS: frozenset[OddsAction] = frozenset({"attack", "charge"})
UNARMED_ID = "waffenlos"
MELEE_WEAPON_IDS = frozenset({UNARMED_ID})
"""Weapon ids of melee attacks that are no weapon of the content (the unarmed attack)."""

@dataclass(frozen=True)
class Combatant:
    """The numbers of one model in an attack, as attacker or target (from :func:`combatant`)."""

    id: str
    name: str
    size: Size
    fk: int | None                  # None: a drone (it uses its controller's FK NK AGI)
    nk: int | None
    agi: int | None
    ko: int
    hit_points: int                 # a colossus: its Rumpf
    protection: int | None          # None: no armor (the armor roll adds KO)
    reduction: int = 0
    armor_effects: frozenset[str] = frozenset()
    shield_melee: int = 0
    shield_armor: int = 0
    melee_malus: int = 0            # 3 with an unhandlich weapon or equipment (derived)
    colossus: bool = False
    zone_faces: tuple[int, ...] = RULEBOOK_FACES    # a colossus: W12 faces per hit zone (the ruleset's zone_table)


@dataclass(frozen=True)
class AttackWeapon:
    """What an attack needs of a weapon (a derived weapon, or the unarmed attack ``waffenlos``)."""

    id: str
    name: str
    kind: WeaponKind
    strength: int
    damage: int
    band: wr.RangeBand | None
    aimed_band: wr.RangeBand | None
    shots: int
    ap_costs: Mapping[Action, int]
    effects: frozenset[str] = frozenset()
    unhandlich: bool = False
    area_radius: int = 0
    indirekt: bool = False          # can fire indirectly (Indirekter Fernkampf)


@dataclass(frozen=True)
class Situation:
    """Everything about one attack that is not on the cards."""

    action: OddsAction = "normal"
    range_cm: float = 0
    cover: int = 0                   # Deckung Stufe I–III as 1–3, 0: none
    touches_cover: bool = False      # the target touches its cover: + its armor bonus (Deckung)
    prone: bool = False              # a lying shooter
    moving: bool = False             # the target is in fast movement
    from_front: bool = True          # fire from the target's front 180°: its shield counts
    defending: bool = False          # melee: the target is in Verteidigung
    target_prone: bool = False       # the target lies: one size smaller, klein stays klein (Liegende Modelle)
    indirect: bool = False           # Indirekter Fernkampf: its malus instead of the cover's, armour as cover II
    spotted: bool = False            # indirect: a friendly model sees the point (the smaller malus)
    crossing: bool = False           # Reaktionsfeuer: the target moves into or out of the perception area
    helpers: int = 0                 # melee: the attacker's other friendly models touching the target's base
    target_helpers: int = 0          # melee: the target's other friendly models touching the attacker's base


def target_size(target: Combatant, situation: Situation) -> Size:
    """The size the target counts as: a lying model one size smaller, a small one stays small
    (Liegende Modelle: "gelten als ein Größenprofil kleiner … Kleine Modelle werden dadurch nicht noch
    kleiner")."""
    if not situation.target_prone:
        return target.size
    return SIZES[max(0, SIZES.index(target.size) - 1)]


def combatant(unit: DerivedUnit, zone_table: ZoneTable | None = None) -> Combatant:
    """The numbers of a derived unit the odds read; a colossus's hit zones as ``zone_table`` has them
    (the ruleset's; without one, the rulebook's figure)."""
    armor, shield = unit.armor, unit.shield
    faces = RULEBOOK_FACES if zone_table is None else tuple(
        getattr(zone_table, zone).last - getattr(zone_table, zone).first + 1 for zone in ZONES)
    return Combatant(
        id=unit.unit.id, name=unit.unit.name, size=unit.unit.size, fk=unit.attributes["FK"],
        nk=unit.attributes["NK"], agi=unit.attributes["AGI"], ko=unit.attributes["KO"] or 0,
        hit_points=unit.hit_points, protection=armor.protection if armor else None,
        reduction=armor.armor.damage_reduction if armor else 0,
        armor_effects=frozenset(armor.armor.effects) if armor else frozenset(),
        shield_melee=shield.melee_bonus if shield else 0, shield_armor=shield.armor_bonus if shield else 0,
        melee_malus=unit.melee_unwieldy_malus, colossus=unit.unit.type == "koloss", zone_faces=faces)


def attack_weapons(unit: DerivedUnit) -> tuple[AttackWeapon, ...]:
    """The unit's weapons, each once in the order of its card, then its unarmed attack (if any)."""
    found: dict[str, AttackWeapon] = {}
    for derived in unit.weapons:
        weapon = derived.weapon
        found.setdefault(weapon.id, AttackWeapon(
            id=weapon.id, name=weapon.name, kind=weapon.kind, strength=derived.strength, damage=derived.damage,
            band=derived.band, aimed_band=derived.aimed_band, shots=derived.shots or 1,
            ap_costs=derived.ap_costs, effects=frozenset(weapon.effects), unhandlich=weapon.unhandlich,
            area_radius=weapon.area_radius, indirekt=weapon.indirekt))
    if unit.unarmed is not None:
        bare = unit.unarmed
        costs: dict[Action, int] = {a: c for a, c in wr.ap_costs("nahkampf", bare.weapon_class, unit.unit.type, False, False).items()
                 if a in ("attack", "charge")}
        found[UNARMED_ID] = AttackWeapon(
            id=UNARMED_ID, name="Waffenlos", kind="nahkampf", strength=bare.strength, damage=bare.damage,
            band=None, aimed_band=None, shots=1, ap_costs=MappingProxyType(costs))
    return tuple(found.values())
