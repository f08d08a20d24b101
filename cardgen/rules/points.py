"""The default cost model (points), with every constant from the ruleset.

Computed in exact fractions and truncated to whole points per item, so
``1.2 × 1.4 × …`` never loses a point to floating-point rounding.  A
``points`` value given in content always wins over the formula.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable

from cardgen.content.fields import Modifier, parse_stat
from cardgen.content.ruleset import CostModel
from cardgen.content.schema import Armor, DamageEffect, Trait, Unit, Weapon
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


def modifier_points(modifiers: Iterable[Modifier], cost: CostModel) -> Fraction:
    """Profile modifiers cost what the profile terms cost, times the modifier factor."""
    return sum((F(getattr(cost.profile, m.attribute)) * m.value * F(cost.modifier_factor) for m in modifiers),
               Fraction(0))


def _effects(points: Fraction, effects: list[DamageEffect], factor: float) -> Fraction:
    points += sum((F(e.points) for e in effects), Fraction(0))
    return points * F(factor) ** len(effects)


def weapon_points(weapon: Weapon, effects: list[DamageEffect], cost: CostModel) -> int:
    """Weapon cost: 10·strength + 20·damage (+extra), then the factors of the README."""
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
    return math.trunc(points + modifier_points(weapon.modifiers, cost))


def armor_points(armor: Armor, effects: list[DamageEffect], cost: CostModel) -> int:
    """10·protection (×1.2 additive) + 50·reduction, effects, ×1.3 selbsttragend."""
    if armor.points is not None:
        return armor.points
    c = cost.armor
    protection, additive = parse_stat(armor.protection)
    points = F(c.protection) * protection * (F(c.additive) if additive else 1)
    points += F(c.reduction) * armor.damage_reduction
    points = _effects(points, effects, c.effect)
    if armor.selbsttragend:
        points *= F(c.selbsttragend)
    return math.trunc(points + modifier_points(armor.modifiers, cost))


def trait_points(trait: Trait, level: int, cost: CostModel) -> int:
    """Level × points per level (given ``points`` is per level too), plus modifiers."""
    per_level = trait.points if trait.points is not None else trait.points_per_level
    return math.trunc(level * per_level + modifier_points(trait.modifiers, cost))
