"""The derived profile of one unit as plain data (``cardgen show --json``).

The keys are a public contract other tools rely on; see docs/rules-and-points.md.
``encumbrance`` is the malus applied to AGI and GK (0, 1, 2 …).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from cardgen.rules.derive import DerivedArmor, DerivedShield, DerivedUnit, DerivedWeapon
from cardgen.vocabulary import roman


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def weapon_data(derived: DerivedWeapon) -> dict[str, Any]:
    weapon, band, aimed = derived.weapon, derived.band, derived.aimed_band
    return {
        "id": weapon.id, "name": weapon.name, "kind": weapon.kind,
        "weapon_class": roman(weapon.weapon_class),
        "strength": derived.strength, "damage": derived.damage,
        "range_band_cm": band.length_cm if band else None,
        "range_bands": band.count if band else None,
        "max_range_cm": band.max_range_cm if band else None,
        "aimed_range_band_cm": aimed.length_cm if aimed else None,
        "aimed_range_bands": aimed.count if aimed else None,
        "shots": derived.shots, "ap_costs": dict(derived.ap_costs),
        "indirect_max_height_cm": None if derived.indirect_max_height_cm is None
        else _number(derived.indirect_max_height_cm),
        "mount": derived.mount,
    }


def armor_data(derived: DerivedArmor | None) -> dict[str, Any] | None:
    if derived is None:
        return None
    return {"id": derived.armor.id, "name": derived.armor.name, "protection": derived.protection,
            "armor_roll": derived.armor_roll, "damage_reduction": derived.armor.damage_reduction}


def shield_data(derived: DerivedShield | None) -> dict[str, Any] | None:
    if derived is None:
        return None
    return {"id": derived.armor.id, "name": derived.armor.name, "melee_bonus": derived.melee_bonus,
            "armor_bonus": derived.armor_bonus}


def unit_data(d: DerivedUnit) -> dict[str, Any]:
    """The JSON object of ``cardgen show --json``."""
    unit = d.unit
    return {
        "id": unit.id, "name": unit.name, "faction": unit.faction, "type": unit.type, "size": unit.size,
        "movement": unit.movement, "attributes": dict(d.attributes),
        "speed": d.speed, "speed_critical": d.speed_critical,
        "hit_points": d.hit_points, "critical_at": d.critical_at, "action_points": d.action_points,
        "carrying_capacity_kg": d.carrying_capacity_kg, "load_kg": _number(d.load_kg),
        "encumbrance": d.encumbrance, "danger_radius_cm": d.danger_radius_cm,
        "perception_radius_cm": d.perception_radius_cm,
        "perception_radius_critical_cm": d.perception_radius_critical_cm,
        "base_mm": d.size.base_mm, "height_cm": _number(d.size.height_cm),
        "fall_safe_cm": _number(d.size_rules.fall_safe_cm), "fall_test_cm": _number(d.size_rules.fall_test_cm),
        "climb_cm": _number(d.size_rules.climb_cm),
        "jump_cm": d.size_rules.jump_cm, "jump_running_cm": d.size_rules.jump_running_cm,
        "road_speed_cm": d.size_rules.road_speed_cm,
        "target_size_modifier": d.size_rules.target_size_modifier,
        "target_size_modifier_prone": d.size_rules.target_size_modifier_prone,
        "melee_unwieldy_malus": d.melee_unwieldy_malus,
        "hit_zones": asdict(d.hit_zones) if d.hit_zones else None,
        "unarmed": None if d.unarmed is None else {
            "strength": d.unarmed.strength, "damage": d.unarmed.damage,
            "weapon_class": roman(d.unarmed.weapon_class)},
        "weapons": [weapon_data(w) for w in d.weapons],
        "armor": armor_data(d.armor), "shield": shield_data(d.shield),
        "drone_capacity": d.drone_capacity, "points": d.points,
    }


def unit_table(d: DerivedUnit) -> list[tuple[str, str]]:
    """Label/value rows of the readable ``cardgen show`` table."""
    data = unit_data(d)
    attrs = "  ".join(f"{k} {'–' if v is None else v}" for k, v in data["attributes"].items())
    rows = [
        ("Name", f"{data['name']} ({data['id']})"), ("Fraktion", data["faction"]),
        ("Typ / Größe / Bewegung", f"{data['type']} / {data['size']} / {data['movement']}"),
        ("Attribute", attrs),
        ("GK (kritisch)", f"{data['speed']} cm ({data['speed_critical']} cm)"),
        ("TP (kritisch ab)", f"{data['hit_points']} ({data['critical_at']})"),
        ("AP", str(data["action_points"])),
        ("Tragkraft / Last", f"{data['carrying_capacity_kg']} kg / {data['load_kg']} kg "
                             f"(Malus {data['encumbrance']})"),
        ("Gefahrenbereich", "–" if data["danger_radius_cm"] is None else f"{data['danger_radius_cm']} cm"),
        ("Wahrnehmung (kritisch)", f"{data['perception_radius_cm']} cm "
                                   f"({data['perception_radius_critical_cm']} cm)"),
        ("Base / Höhe", f"{data['base_mm']} mm / {data['height_cm']} cm"),
        ("Fallen / Klettern", f"sicher bis {data['fall_safe_cm']} cm, Test bis {data['fall_test_cm']} cm / "
                              f"bis {data['climb_cm']} cm"),
        ("Springen", f"{data['jump_cm']} cm (nach voller Bewegung {data['jump_running_cm']} cm)"),
        ("Zielgröße FK (liegend)", f"{data['target_size_modifier']:+d} ({data['target_size_modifier_prone']:+d})"),
    ]
    if data["road_speed_cm"] is not None:
        rows.append(("GK auf Straße", f"{data['road_speed_cm']} cm"))
    if data["melee_unwieldy_malus"]:
        rows.append(("Unhandlich im Nahkampf", f"NK −{data['melee_unwieldy_malus']}"))
    if data["hit_zones"]:
        rows.append(("Trefferzonen", ", ".join(f"{k} {v}" for k, v in data["hit_zones"].items())))
    if data["unarmed"]:
        u = data["unarmed"]
        rows.append(("Waffenlos", f"Stärke {u['strength']}, Schaden {u['damage']}, WK {u['weapon_class']}"))
    for w in data["weapons"]:
        reach = "NK" if w["max_range_cm"] is None else f"{w['range_band_cm']}/{w['range_bands']} " \
                                                      f"(max {w['max_range_cm']} cm, gezielt " \
                                                      f"{w['aimed_range_band_cm']}/{w['aimed_range_bands']})"
        costs = ", ".join(f"{k} {v}" for k, v in w["ap_costs"].items())
        extra = "" if w["indirect_max_height_cm"] is None else f", indirekt bis {w['indirect_max_height_cm']} cm Höhe"
        extra += "" if w["mount"] is None else f", Zone {w['mount']}"
        rows.append((f"Waffe {w['name']}", f"WK {w['weapon_class']}, {reach}, Stärke {w['strength']}, "
                                          f"Schaden {w['damage']}{extra}, AP: {costs}"))
    if data["armor"]:
        a = data["armor"]
        rows.append((f"Rüstung {a['name']}", f"Schutz {a['protection']}, Rüstungswurf {a['armor_roll']}, "
                                            f"Reduktion {a['damage_reduction']}"))
    if data["shield"]:
        sh = data["shield"]
        rows.append((f"Schild {sh['name']}", f"NK +{sh['melee_bonus']} (Verteidigung), "
                                            f"Rüstungswurf +{sh['armor_bonus']}"))
    if data["drone_capacity"] is not None:
        rows.append(("Drohnen", str(data["drone_capacity"])))
    rows.append(("Punkte", str(data["points"])))
    return rows
