"""The errata as Markdown: per unit and item every changed value (old → new), then every
rulebook section whose text changed.  Content text is untrusted: every value is printed with
each character that could start Markdown or HTML backslash-escaped, so no value can act when the
errata are printed as a PDF by the rulebook dialect.
"""

from __future__ import annotations

import re

from cardgen.errata.compare import Change
from cardgen.errata.sections import SectionChange

KIND_TITLES = {"units": "Einheiten", "weapons": "Waffen", "armor": "Rüstungen", "equipment": "Ausrüstung",
               "traits": "Eigenschaften", "powers": "Kräfte", "effects": "Schadenseffekte"}
WORDS = {
    "name": "Name", "faction": "Fraktion", "type": "Typ", "size": "Größe", "movement": "Bewegung",
    "attributes": "", "speed": "GK", "speed_critical": "GK kritisch", "hit_points": "TP",
    "critical_at": "kritisch ab", "action_points": "AP", "carrying_capacity_kg": "Tragkraft (kg)",
    "load_kg": "Last (kg)", "encumbrance": "Belastung", "danger_radius_cm": "Gefahrenbereich (cm)",
    "perception_radius_cm": "Wahrnehmung (cm)", "perception_radius_critical_cm": "Wahrnehmung kritisch (cm)",
    "points": "Punkte", "rules": "Regeltext", "traits": "Eigenschaften", "equipment": "Ausrüstung",
    "powers": "Kräfte", "weapons": "Waffe", "armor": "Rüstung", "shield": "Schild", "item": "Gegenstand",
    "strength": "Stärke", "damage": "Schaden", "weapon_class": "WK", "range": "Reichweite", "shots": "Schüsse",
    "ap_costs": "AP", "protection": "Schutz", "armor_roll": "Rüstungswurf", "damage_reduction": "Reduktion",
    "melee_bonus": "NK-Bonus", "armor_bonus": "Rüstungswurf-Bonus", "effects": "Schadenseffekte",
    "weight": "Gewicht", "uses": "Nutzungen", "ap_cost": "AP-Kosten", "max_level": "höchste Stufe",
    "points_per_level": "Punkte je Stufe", "modifiers": "Modifikatoren", "unarmed": "Waffenlos",
    "mount": "Zone", "kind": "Art", "dauerfeuer": "Dauerfeuer", "unhandlich": "unhandlich",
    "range_band_cm": "Reichweitenband (cm)", "range_bands": "Bänder", "max_range_cm": "max. Reichweite (cm)",
    "aimed_range_band_cm": "gezielt: Band (cm)", "aimed_range_bands": "gezielt: Bänder",
    "indirect_max_height_cm": "indirekt: max. Höhe (cm)", "base_mm": "Base (mm)", "height_cm": "Höhe (cm)",
    "fall_safe_cm": "sicherer Fall (cm)", "fall_test_cm": "Fall mit Test (cm)", "climb_cm": "Klettern (cm)",
    "jump_cm": "Sprung (cm)", "jump_running_cm": "Sprung nach Bewegung (cm)", "road_speed_cm": "GK auf Straße (cm)",
    "target_size_modifier": "Zielgröße", "target_size_modifier_prone": "Zielgröße liegend",
    "melee_unwieldy_malus": "unhandlich im NK", "hit_zones": "Trefferzonen", "drone_capacity": "Drohnen",
    "base_points": "Grundpunkte", "extra_points": "Zusatzpunkte", "school": "Schule", "attribute": "Attribut",
    "difficulty": "Schwierigkeit", "tp_loss": "TP-Verlust", "target": "Ziel", "range_cm": "Reichweite (cm)",
}
_MARKUP = re.compile(r"[\\`*_\[\]<>{}|!~^&#$]")
STATUS = {"added": "neu", "removed": "entfernt"}


def escaped(text: str) -> str:
    """``text`` on one line with every character that could start Markdown or HTML in the dialect
    (emphasis, code, links, attributes ``{…}``, ``^^``, tables' ``|``, entities, raw HTML)
    backslash-escaped; a value never starts a line, so list and heading markers need no escape."""
    return _MARKUP.sub(r"\\\g<0>", " ".join(str(text).split()))


def label(key: str, names: dict[str, str]) -> str:
    """A dotted key in the errata's words: ``weapons.sturmgewehr.damage`` → "Waffe Sturmgewehr Schaden"."""
    words = [WORDS.get(part, names.get(part, part)) for part in key.split(".")]
    return " ".join(w for w in words if w)


def _change_lines(change: Change, names: dict[str, str]) -> list[str]:
    if change.status != "changed":
        name = change.new_name or change.old_name or change.id
        return [f"### {escaped(name)} ({STATUS[change.status]})", ""]
    title = escaped(change.new_name or change.id)
    if change.old_name != change.new_name:
        title = f"{escaped(change.old_name or '')} → {title}"
    lines = [f"### {title}", ""]
    lines += [f"- {escaped(label(key, names))}: {escaped(old)} → {escaped(new)}" for key, old, new in change.values]
    return lines + [""]


def _section_lines(change: SectionChange) -> list[str]:
    where = escaped(change.document + (f" › {change.path}" if change.path else ""))
    lines = [f"### {where}" + (f" ({STATUS[change.status]})" if change.status in STATUS else ""), ""]
    lines += [f"- alt: {escaped(block)}" for block in change.removed]
    lines += [f"- neu: {escaped(block)}" for block in change.added]
    return lines + [""]


def errata_markdown(old_label: str, new_label: str, changes: list[Change], sections: list[SectionChange],
                    names: dict[str, str]) -> str:
    """The whole report; ``names``: item id → name, to print a unit's item keys by name."""
    lines = [f"# Errata: {escaped(old_label)} → {escaped(new_label)}", ""]
    if not changes and not sections:
        return "\n".join(lines + ["Keine Änderungen.", ""])
    for kind, title in KIND_TITLES.items():
        of_kind = [c for c in changes if c.kind == kind]
        if of_kind:
            lines += [f"## {title}", ""]
            for change in of_kind:
                lines += _change_lines(change, names)
    if sections:
        lines += ["## Regelbuch", ""]
        for section in sections:
            lines += _section_lines(section)
    return "\n".join(lines).rstrip("\n") + "\n"
