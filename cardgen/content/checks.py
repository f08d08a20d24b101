"""Rules between fields of one object (the shape is already valid).

Each ``check_<kind>`` returns a list of ``(loc, message)``; the caller turns
them into Problems at the YAML position of ``loc``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.content.schema import Armor, Power, Unit, Weapon, WeaponRef, trait_id
from cardgen.content.yamlsource import Path_
from cardgen.vocabulary import ALLOWED_SIZES, DRONE_LACKS

Finding = tuple[Path_, str]


def check_unit(unit: Unit) -> list[Finding]:
    """Allowed size per type; drones without AGI NK FK EH, others with all six;
    a stationary model has GK 0 (the rulebook: "Kann nicht bewegt werden")."""
    found: list[Finding] = []
    if unit.movement == "stationär" and unit.speed != 0:
        found.append((("speed",), f"a stationär model cannot be moved: speed must be 0, not {unit.speed}"))
    allowed = ALLOWED_SIZES[unit.type]
    if unit.size not in allowed:
        found.append((("size",), f"a {unit.type} must be {allowed[0]} to {allowed[-1]}, not {unit.size}"))
    for name in DRONE_LACKS:
        value = getattr(unit.attributes, name)
        if unit.type == "drohne" and value is not None:
            found.append((("attributes", name), f"drones have no {name} (they use their controller's)"))
        if unit.type != "drohne" and value is None:
            found.append((("attributes",), f"missing attribute {name} (only drones go without it)"))
    return found + _trait_findings(unit) + _mount_findings(unit.type, unit.weapons, ()) + _loadout_findings(unit)


def _trait_findings(unit: Unit) -> list[Finding]:
    """Each trait once: "Ein Modell welches eine Eigenschaft in mehreren Stufen besitzt profitiert nur
    von der höchsten Stufe" (Regeln von Eigenschaften), so a second entry would print a level that
    does nothing (and cost points)."""
    found: list[Finding] = []
    first: dict[str, int] = {}
    for i, entry in enumerate(unit.traits):
        ref = trait_id(entry)
        if ref in first:
            found.append((("traits", i), f"trait '{ref}' is listed twice (also traits[{first[ref]}]); a model "
                          "profits only from the highest level of a trait: list it once, with that level"))
        first.setdefault(ref, i)
    return found


def _mount_findings(unit_type: str, weapons: list[WeaponRef | str] | None, at: Path_) -> list[Finding]:
    """``mount`` (the hit zone carrying a weapon) only on a colossus: only colossi have hit zones."""
    if unit_type == "koloss":
        return []
    return [((*at, "weapons", i, "mount"), f"only a koloss carries weapons on hit zones (this is a model of type {unit_type}); "
             "leave 'mount' out") for i, entry in enumerate(weapons or ())
            if isinstance(entry, WeaponRef) and entry.mount is not None]


def _loadout_findings(unit: Unit) -> list[Finding]:
    """Loadout ids once per unit; a unit whose total is given needs each loadout's total too."""
    found: list[Finding] = []
    first: dict[str, int] = {}
    for i, loadout in enumerate(unit.loadouts):
        found += _mount_findings(unit.type, loadout.weapons, ("loadouts", i))
        if loadout.id in first:
            found.append((("loadouts", i, "id"), f"duplicate loadout id '{loadout.id}' "
                          f"(also loadouts[{first[loadout.id]}]); give each loadout of a unit its own id"))
        first.setdefault(loadout.id, i)
        if unit.points is not None and loadout.points is None:
            found.append((("loadouts", i), f"loadout '{loadout.id}' needs its own points: the unit's "
                          f"total is given ({unit.points}), so the variant's cannot be computed"))
    return found


def check_weapon(weapon: Weapon) -> list[Finding]:
    """Range band only on ranged weapons, DF only ranged, Feuerbereitschaft WK I–III."""
    found: list[Finding] = []
    ranged = weapon.kind == "fernkampf"
    if ranged and weapon.range is None:
        found.append((("range",), "a ranged weapon needs a range band 'X/Y'"))
    if not ranged and weapon.range is not None:
        why = "its range is computed from KO" if weapon.kind == "wurf" else "melee weapons have range NK"
        found.append((("range",), f"a range band belongs only to ranged weapons ({why})"))
    if not ranged and weapon.dauerfeuer:
        found.append((("dauerfeuer",), "Dauerfeuer belongs only to ranged weapons"))
    if weapon.feuerbereitschaft and (not ranged or weapon.weapon_class > 3):
        found.append((("feuerbereitschaft",), "Feuerbereitschaft is only possible with ranged weapons of WK I–III"))
    if weapon.kind == "nahkampf":
        for flag in ("indirekt", "nachladen"):
            if getattr(weapon, flag):
                found.append(((flag,), f"{flag} belongs only to ranged and thrown weapons"))
        if weapon.area_radius:
            found.append((("area_radius",), "an area radius belongs only to ranged and thrown weapons"))
    return found


def check_armor(armor: Armor) -> list[Finding]:
    """Armor has a Schutz; a shield has only its two bonuses (Schilde: "Sie können dem Träger 2
    verschiedene Arten von Boni geben"), no Schutz, reduction or effects of its own."""
    if armor.shield is None:
        return [] if armor.protection is not None else [
            (("protection",), "armor needs a protection (Schutz); a shield needs 'shield' bonuses instead")]
    found: list[Finding] = []
    for field, given in (("protection", armor.protection is not None), ("damage_reduction", armor.damage_reduction),
                         ("effects", armor.effects)):
        if given:
            found.append(((field,), f"a shield gives only its bonuses ('shield': melee, armor), not {field}; "
                                    "leave it out"))
    return found


def check_power(power: Power) -> list[Finding]:
    """A distance needs its centimetres; self-targeted powers have range self."""
    found: list[Finding] = []
    if power.range == "distanz" and power.range_cm is None:
        found.append((("range_cm",), "range 'distanz' needs range_cm"))
    if power.range != "distanz" and power.range_cm is not None:
        found.append((("range_cm",), f"range_cm only goes with range 'distanz', not '{power.range}'"))
    if power.target == "selbst" and power.range != "selbst":
        found.append((("range",), "a power targeting 'selbst' has range 'selbst'"))
    return found


# Any: each check takes the model of its own kind (the loader's objects are untyped until here).
CHECKS: dict[str, Callable[[Any], list[Finding]]] = {
    "units": check_unit, "weapons": check_weapon, "armor": check_armor, "powers": check_power}
