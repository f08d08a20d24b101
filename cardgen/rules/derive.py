"""Stage 4 (derive): every derived value of every unit, computed once, in one place.

:func:`derive` is the stage's one entry: it derives all units of a resolved
content set at once and returns a frozen :class:`Derived` -- the derived
units by id plus the rule problems (a unit that breaks a rule, a controller
running more drones than its EH allows).  :func:`derive_unit` folds permanent
profile modifiers and encumbrance into the profile, resolves strength and
protection against KO, computes ranges, AP costs and points.  The card views
and ``cardgen show`` read the frozen :class:`DerivedUnit`; neither computes
anything itself.  The frozen records themselves live in :mod:`cardgen.rules.derived`, which the
group rules (:mod:`cardgen.rules.groups`) read too.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from cardgen.content.fields import Modifier, parse_stat
from cardgen.content.model import Content
from cardgen.content.schema import Armor, Equipment, Trait, TraitRef, Unit, Weapon, WeaponRef, trait_id, weapon_id
from cardgen.content.yamlsource import Path_
from cardgen.errors import Problem
from cardgen.rules import drones, points, profile
from cardgen.rules import weapons as wr
from cardgen.rules.derived import Derived, DerivedArmor, DerivedShield, DerivedTrait, DerivedUnit, DerivedWeapon
from cardgen.rules.groups import drone_limit_problems
from cardgen.rules.loadouts import apply_loadout
from cardgen.vocabulary import ATTRIBUTES, DRONE_LACKS, PROFILE_NAMES, ProfileKey

__all__ = ["Derived", "DerivedArmor", "DerivedShield", "DerivedTrait", "DerivedUnit", "DerivedWeapon", "RuleError",
           "derive", "derivable", "derive_unit", "load_kg", "trait_levels", "unit_points"]

UNWIELDY_MELEE_MALUS = 3
"""Unhandliche Waffen und Ausrüstung im Nahkampf: "erleidet es im Nahkampf einen Malus von -3"."""


class RuleError(ValueError):
    """Content that is well-formed but breaks a rule (TP over 20 after modifiers ...)."""

    def __init__(self, loc: Path_, message: str) -> None:
        super().__init__(message)
        self.loc = loc


def _modifier_sources(unit: Unit, content: Content) -> list[Weapon | Armor | Equipment | Trait]:
    """Items whose modifiers apply: each distinct weapon, armor, shield, equipment and trait once."""
    items: list[Weapon | Armor | Equipment | Trait] = [
        content.weapons[w] for w in dict.fromkeys(weapon_id(e) for e in unit.weapons)]
    items += [content.armor[a] for a in (unit.armor, unit.shield) if a]
    items += [content.equipment[e] for e in dict.fromkeys(unit.equipment)]
    items += [content.traits[t] for t in trait_levels(unit)]
    return items


def trait_levels(unit: Unit) -> dict[str, int]:
    """Each trait once with its highest level, in the order of the unit's list.

    "Ein Modell welches eine Eigenschaft in mehreren Stufen besitzt profitiert nur von der
    höchsten Stufe" (Regeln von Eigenschaften); a trait listed twice is also a content error."""
    levels: dict[str, int] = {}
    for entry in unit.traits:
        level = entry.level if isinstance(entry, TraitRef) else 1
        levels[trait_id(entry)] = max(level, levels.get(trait_id(entry), 0))
    return levels


def _fold(unit: Unit, modifiers: list[Modifier]) -> tuple[dict[ProfileKey, int], dict[ProfileKey, int | None]]:
    """The profile with the permanent modifiers added: the values every model has (KO WN GK TP),
    and those a drone goes without (AGI NK FK EH; a missing one stays missing).

    Raises RuleError where the modifiers take a value below 0: a content mistake, never clamped."""
    held: dict[ProfileKey, int] = {k: getattr(unit.attributes, k) for k in ATTRIBUTES if k not in DRONE_LACKS}
    held["GK"], held["TP"] = unit.speed, unit.hit_points
    lacking: dict[ProfileKey, int | None] = {k: getattr(unit.attributes, k) for k in DRONE_LACKS}
    for mod in modifiers:
        if mod.mode != "permanent":
            continue
        if mod.attribute in held:
            held[mod.attribute] += mod.value
        elif (value := lacking[mod.attribute]) is not None:
            lacking[mod.attribute] = value + mod.value
    for key, value in (*held.items(), *lacking.items()):
        if value is not None and value < 0 and key != "TP":      # TP has its own range check
            where = ("speed",) if key == "GK" else ("attributes", key)
            raise RuleError(where, f"{key} ({PROFILE_NAMES[key]}) after profile modifiers is {value}; "
                                   "permanent modifiers may not take it below 0")
    return held, lacking


def load_kg(unit: Unit, content: Content) -> float:
    """Load: weapons, armor (unless selbsttragend) and equipment, each copy."""
    total = sum(content.weapons[weapon_id(w)].weight for w in unit.weapons)
    total += sum(content.armor[a].weight for a in (unit.armor, unit.shield)
                 if a and not content.armor[a].selbsttragend)
    total += sum(content.equipment[e].weight for e in unit.equipment)
    return round(total, 3)


def derive(content: Content) -> Derived:
    """Derive every unit of ``content`` once; collect the rule problems (never raises for content).

    Runs on content with resolve problems too (the drone limits are checked
    with them); a unit is derived only when everything it names exists."""
    units: dict[str, DerivedUnit] = {}
    loadouts: dict[tuple[str, str], DerivedUnit] = {}
    unit_problems: list[Problem] = []
    for unit in content.units.values():
        if not derivable(unit, content):
            continue
        try:
            units[unit.id] = derive_unit(unit, content)
        except RuleError as exc:
            unit_problems.append(content.source("units", unit.id).problem(exc.loc, str(exc)))
            continue
        for index, loadout in enumerate(unit.loadouts):
            variant = apply_loadout(unit, loadout)
            if not derivable(variant, content) or (unit.id, loadout.id) in loadouts:
                continue                    # a broken reference or a second id: reported by resolve
            try:
                loadouts[(unit.id, loadout.id)] = derive_unit(variant, content)
            except RuleError as exc:
                unit_problems.append(content.source("units", unit.id).problem(
                    ("loadouts", index), f"with loadout '{loadout.id}': {exc}"))
    frozen = MappingProxyType(units)
    return Derived(units=frozen, loadouts=MappingProxyType(loadouts), unit_problems=tuple(unit_problems),
                   group_problems=tuple(drone_limit_problems(content, frozen)))


def derivable(unit: Unit, content: Content) -> bool:
    """Whether the ruleset and every object ``unit`` names (and their effects) exist."""
    if content.ruleset is None:
        return False
    refs = [("weapons", weapon_id(w)) for w in unit.weapons] + [("equipment", e) for e in unit.equipment]
    refs += [("powers", p) for p in unit.powers] + [("traits", trait_id(t)) for t in unit.traits]
    refs += [("armor", a) for a in (unit.armor, unit.shield) if a]
    if not all(ref in content.kind(kind) for kind, ref in refs):
        return False
    items = [content.kind(kind)[ref] for kind, ref in refs if kind in ("weapons", "armor")]
    return all(effect in content.effects for item in items for effect in item.effects)


def derive_unit(unit: Unit, content: Content) -> DerivedUnit:
    """All derived values of ``unit``; raises RuleError where a rule is broken.

    Pure: the result depends only on the unit and the content.  Expects a
    :func:`derivable` unit (:func:`derive` checks that)."""
    return _derive_unit(unit, content)


def _derive_unit(unit: Unit, content: Content) -> DerivedUnit:
    modifiers = [m for item in _modifier_sources(unit, content) for m in item.modifiers]
    held, lacking = _fold(unit, modifiers)
    ko = held["KO"]
    capacity = profile.carrying_capacity(unit.type, ko)
    load = load_kg(unit, content)
    try:
        malus = profile.encumbrance(load, capacity)
    except ValueError as exc:
        raise RuleError(("attributes", "KO"), str(exc)) from None
    agi = lacking["AGI"]
    lacking["AGI"] = None if agi is None else agi - malus   # may go below 0: the malus stays visible
    speed = max(0, held["GK"] - malus)                      # a distance: 0 cm at the least
    attributes: Mapping[str, int | None] = MappingProxyType(
        {k: held[k] if k in held else lacking[k] for k in ATTRIBUTES})
    hit_points = held["TP"]
    if not 1 <= hit_points <= profile.MAX_TP:
        raise RuleError(("hit_points",), f"TP after profile modifiers is {hit_points}; "
                        f"it must be 1–{profile.MAX_TP}")
    lacks = DRONE_LACKS if unit.type == "drohne" else ()
    derived_weapons = tuple(_weapon(entry, unit, ko, content, i, lacks) for i, entry in enumerate(unit.weapons))
    armor = _armor(content.armor[unit.armor], ko, content, lacks) if unit.armor else None
    shield = _shield(content.armor[unit.shield], content, lacks) if unit.shield else None
    traits = tuple(_trait(t, level, content, lacks) for t, level in trait_levels(unit).items())
    items = (*derived_weapons, *(a for a in (armor, shield) if a), *traits)
    return DerivedUnit(
        unit=unit, attributes=attributes,
        temporary=tuple(m for m in modifiers if m.mode == "temporär"),
        speed=speed, speed_critical=profile.critical_speed(speed),
        hit_points=hit_points, critical_at=profile.critical_at(hit_points),
        action_points=profile.action_points(unit.type),
        carrying_capacity_kg=capacity, load_kg=load, encumbrance=malus,
        danger_radius_cm=profile.danger_radius(attributes["EH"]),
        perception_radius_cm=profile.perception_radius(held["WN"]),
        perception_radius_critical_cm=profile.perception_radius(held["WN"], critical=True),
        size=profile.size_profile(unit.size),
        size_rules=profile.size_rules(unit.size, unit.movement, speed),
        melee_unwieldy_malus=UNWIELDY_MELEE_MALUS if _unwieldy(unit, content) else 0,
        hit_zones=drones.hit_zones(hit_points) if unit.type == "koloss" else None,
        unarmed=wr.unarmed(unit.type, unit.size, ko),
        weapons=derived_weapons, armor=armor, shield=shield, traits=traits,
        drone_capacity=_drone_capacity(unit, attributes["EH"]),
        points=unit_points(unit, content, sum(item.points for item in items), lacks),
    )


def _unwieldy(unit: Unit, content: Content) -> bool:
    """Whether the model carries at least one unhandlich weapon or piece of equipment."""
    return any(content.weapons[weapon_id(w)].unhandlich for w in unit.weapons) or \
        any(content.equipment[e].unhandlich for e in unit.equipment)


def _drone_capacity(unit: Unit, eh: int | None) -> int | None:
    """⌊EH/3⌋ drones for a model that can control drones (``drone_controller``); None for any other."""
    return drones.drone_capacity(eh) if unit.drone_controller and eh is not None else None


def _weapon(entry: WeaponRef | str, unit: Unit, ko: int, content: Content, index: int,
            lacks: tuple[str, ...]) -> DerivedWeapon:
    weapon = content.weapons[weapon_id(entry)]
    value, additive = parse_stat(weapon.strength)
    band = None
    if weapon.kind == "fernkampf":
        if weapon.range is None:    # reported by resolve (check_weapon); the unit cannot be derived
            raise RuleError(("weapons", index), f"ranged weapon '{weapon.id}' has no range band")
        band = wr.parse_band(weapon.range)
    elif weapon.kind == "wurf":
        band = wr.thrown_band(ko, weapon.unhandlich)
    readiness = wr.can_take_readiness(weapon.kind, weapon.weapon_class)
    if weapon.feuerbereitschaft is not None:
        readiness = weapon.feuerbereitschaft and readiness
    effects = [content.effects[e] for e in weapon.effects]
    ruleset = content.checked_ruleset()
    mount = entry.mount if isinstance(entry, WeaponRef) else None
    return DerivedWeapon(
        weapon=weapon, strength=wr.resolve_stat(value, additive, ko), damage=weapon.damage, band=band,
        aimed_band=None if band is None else wr.aimed_band(band, ruleset.aimed_shot_doubles),
        shots=None if band is None else wr.shots(weapon.dauerfeuer), readiness=readiness,
        ap_costs=MappingProxyType(wr.ap_costs(weapon.kind, weapon.weapon_class, unit.type, weapon.nachladen,
                                              readiness, ruleset.actions)),
        indirect_max_height_cm=wr.indirect_max_height(band) if weapon.indirekt and band else None,
        mount=(mount or "rumpf") if unit.type == "koloss" else None,
        points=points.weapon_points(weapon, effects, ruleset.cost, lacks),
    )


def _armor(armor: Armor, ko: int, content: Content, lacks: tuple[str, ...]) -> DerivedArmor:
    if armor.protection is None:    # only a shield goes without; resolve keeps shields out of 'armor'
        raise RuleError(("armor",), f"armor '{armor.id}' has no protection")
    value, additive = parse_stat(armor.protection)
    protection = wr.resolve_stat(value, additive, ko)
    effects = [content.effects[e] for e in armor.effects]
    return DerivedArmor(armor=armor, protection=protection, armor_roll=wr.armor_roll(ko, protection),
                        points=points.armor_points(armor, effects, content.checked_ruleset().cost, lacks))


def _shield(shield: Armor, content: Content, lacks: tuple[str, ...]) -> DerivedShield:
    bonus = shield.shield
    return DerivedShield(armor=shield, melee_bonus=bonus.melee if bonus else 0, armor_bonus=bonus.armor if bonus else 0,
                         points=points.shield_points(shield, content.checked_ruleset().cost, lacks))


def _trait(trait_ref: str, level: int, content: Content, lacks: tuple[str, ...]) -> DerivedTrait:
    trait = content.traits[trait_ref]
    return DerivedTrait(trait.id, trait.name, level,
                        points.trait_points(trait, level, content.checked_ruleset().cost, lacks))


def unit_points(unit: Unit, content: Content, item_points: int, lacks: tuple[str, ...] = ()) -> int:
    """Base + profile + movement + ``item_points`` (the derived weapons, armour, shield and traits,
    each trait once at its highest level) + equipment and powers, each copy; a given total wins."""
    if unit.points is not None:
        return unit.points
    cost = content.checked_ruleset().cost
    total = unit.base_points + points.profile_points(unit, cost) + points.movement_points(unit.movement, cost)
    total += item_points
    total += sum(points.equipment_points(content.equipment[e], cost, lacks) for e in unit.equipment)
    total += sum(content.powers[p].points for p in unit.powers)
    return total
