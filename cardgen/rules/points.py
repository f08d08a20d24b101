"""The default cost model (points), with every constant from the ruleset.

Computed in exact fractions and truncated to whole points per item, so
``1.2 × 1.4 × …`` never loses a point to floating-point rounding.

One rule for every item (weapon, armour, shield, equipment, trait): a
``points`` value given in content replaces the item's whole computed cost,
the cost of its profile modifiers included (a trait's given points are per
level).  Without it, the item costs its formula plus its modifiers.  A
modifier costs nothing on a unit that lacks the attribute it changes (a
drone has no AGI NK FK EH), because it changes nothing there.
"""

from __future__ import annotations

import math
from fractions import Fraction
from collections.abc import Collection, Iterable

from cardgen.content.fields import Modifier, parse_stat
from cardgen.content.ruleset import CostModel
from cardgen.content.schema import Armor, DamageEffect, Equipment, Trait, Unit, Weapon
from cardgen.rules.drones import side_zone_hit_points
from cardgen.rules.weapons import parse_band
from cardgen.vocabulary import ATTRIBUTES, Movement


def F(value: float | int) -> Fraction:
    """An exact fraction of a YAML number (1.2 → 6/5, not 1.19999…)."""
    return Fraction(str(value))


def profile_points(unit: Unit, cost: CostModel) -> int:
    """30·AGI + 20·NK + 20·FK + 20·EH + 30·KO + 20·WN + 10·GK + 30·TP (+ colossus zones)."""
    total = Fraction(0)
    for key in ATTRIBUTES:
        value = getattr(unit.attributes, key)
        if value is not None:  # drones have no AGI NK FK EH
            total += F(getattr(cost.profile, key)) * value
    total += F(cost.profile.GK) * unit.speed + F(cost.profile.TP) * unit.hit_points
    if unit.type == "koloss":
        total += 3 * side_zone_hit_points(unit.hit_points) * F(cost.colossus_zone)
    return math.trunc(total)


def movement_points(movement: Movement, cost: CostModel) -> int:
    """Beine 50, Kette 70, Rad 70, Flug 80, Schweben 100, Stationär 0 (by default)."""
    return math.trunc(F(cost.movement[movement]))


def modifier_points(modifiers: Iterable[Modifier], cost: CostModel, lacks: Collection[str] = ()) -> Fraction:
    """Profile modifiers cost what the profile terms cost, times the modifier factor; one on an
    attribute the unit ``lacks`` (a drone's AGI NK FK EH) costs nothing."""
    return sum((F(getattr(cost.profile, m.attribute)) * m.value * F(cost.modifier_factor)
                for m in modifiers if m.attribute not in lacks), Fraction(0))


def _effects(points: Fraction, effects: list[DamageEffect], factor: float) -> Fraction:
    points += sum((F(e.points) for e in effects), Fraction(0))
    return points * F(factor) ** len(effects)


def weapon_points(weapon: Weapon, effects: list[DamageEffect], cost: CostModel, lacks: Collection[str] = ()) -> int:
    """Weapon cost: 10·strength + 20·damage (+extra), then the factors of docs/rules-and-points.md, plus modifiers."""
    if weapon.points is not None:
        return weapon.points
    c = cost.weapon
    strength, additive = parse_stat(weapon.strength)
    points = F(c.strength) * strength + F(c.damage) * weapon.damage + weapon.extra_points
    if additive:
        points *= F(c.additive)
    points *= F(c.dauerfeuer) ** weapon.dauerfeuer
    points = _effects(points, effects, c.effect)
    for flag, factor in (("unhandlich", c.unhandlich), ("nachladen", c.nachladen), ("indirekt", c.indirekt)):
        if getattr(weapon, flag):
            points *= F(factor)
    if weapon.uses is not None:
        points *= F(c.single_use)
    if weapon.range is not None:
        band = parse_band(weapon.range)
        points *= 1 + sum(F(c.band) * band.length_cm / i / 100 for i in range(1, band.count + 1))
    points *= 1 + F(c.radius) * weapon.area_radius
    points *= 1 + F(c.class_step) * (c.class_top - weapon.weapon_class)
    return math.trunc(points + modifier_points(weapon.modifiers, cost, lacks))


def armor_points(armor: Armor, effects: list[DamageEffect], cost: CostModel, lacks: Collection[str] = ()) -> int:
    """10·protection (×1.2 additive) + 50·reduction, effects, ×1.3 selbsttragend, plus modifiers
    (a shield has no protection: :func:`shield_points`)."""
    if armor.points is not None:
        return armor.points
    if armor.protection is None:
        raise ValueError(f"armor '{armor.id}' has no protection (a shield costs shield_points)")
    c = cost.armor
    protection, additive = parse_stat(armor.protection)
    points = F(c.protection) * protection * (F(c.additive) if additive else 1)
    points += F(c.reduction) * armor.damage_reduction
    points = _effects(points, effects, c.effect)
    if armor.selbsttragend:
        points *= F(c.selbsttragend)
    return math.trunc(points + modifier_points(armor.modifiers, cost, lacks))


def shield_points(shield: Armor, cost: CostModel, lacks: Collection[str] = ()) -> int:
    """A shield (Schilde): 20 per point of NK bonus + 10 per point of armor roll bonus, plus modifiers."""
    if shield.points is not None:
        return shield.points
    bonus = shield.shield
    melee, armor = (bonus.melee, bonus.armor) if bonus else (0, 0)
    points = F(cost.shield.melee) * melee + F(cost.shield.armor) * armor
    return math.trunc(points + modifier_points(shield.modifiers, cost, lacks))


def trait_points(trait: Trait, level: int, cost: CostModel, lacks: Collection[str] = ()) -> int:
    """Level × points per level, plus modifiers; given ``points`` (per level) × level replace both."""
    if trait.points is not None:
        return level * trait.points
    return math.trunc(level * trait.points_per_level + modifier_points(trait.modifiers, cost, lacks))


def equipment_points(equipment: Equipment, cost: CostModel, lacks: Collection[str] = ()) -> int:
    """Equipment: its given points, else the cost of its profile modifiers."""
    if equipment.points is not None:
        return equipment.points
    return math.trunc(modifier_points(equipment.modifiers, cost, lacks))
