"""Every value a player reads, per unit and item, by id: the snapshot one revision is compared by.

A unit's entry holds its derived values exactly as ``cardgen show --json`` gives them (stats,
derived values, points, the derived weapon, armour and shield values) and what its card lists
(traits with their levels, equipment, powers, its own rules text).  The items it uses are named
by id there: an item's own name and rules text are the item's entry, so a renamed weapon is one
change of that weapon, not one per unit carrying it.  Items (weapons, armour, equipment, traits,
powers, damage effects) hold every field of their YAML.  Values are printed as text (lists
joined with ", "), keys are dotted paths (``attributes.KO``, ``weapons.sturmgewehr.damage``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.content.model import Content
from cardgen.rules.derive import Derived
from cardgen.views.show import unit_data

ITEM_KINDS = ("weapons", "armor", "equipment", "traits", "powers", "effects")
"""The item kinds compared besides the units, in the order the errata list them."""
_DROPPED = ("id", "name")          # in a unit's nested items: the item's own entry names them


@dataclass(frozen=True)
class Entry:
    """One unit or item of one revision: its name and its values by dotted key."""

    kind: str
    id: str
    name: str
    values: dict[str, str]


Snapshot = dict[tuple[str, str], Entry]
"""(kind, id) → entry."""


def text(value: Any) -> str:
    """A value as the errata print it: ``None`` as "–", booleans as ja/nein, lists joined."""
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, (list, tuple)):
        return ", ".join(text(v) for v in value) or "–"
    return str(value)


def flatten(value: Any, prefix: str = "") -> dict[str, str]:
    """Nested mappings as dotted keys; a list of mappings with ids is keyed by those ids (so an
    entry keeps its key when the list is reordered), any other list is one value."""
    if isinstance(value, dict):
        found: dict[str, str] = {}
        for key, inner in value.items():
            found.update(flatten(inner, f"{prefix}.{key}" if prefix else str(key)))
        return found
    if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
        found = {}
        for inner in value:
            found.update(flatten({k: v for k, v in inner.items() if k != "id"}, f"{prefix}.{inner['id']}"))
        return found
    return {prefix: text(value)}


def _unit_values(content: Content, derived: Derived, unit_id: str) -> dict[str, str]:
    unit = content.units[unit_id]
    data = unit_data(derived.units[unit_id])
    for key in ("id", "name"):
        data.pop(key)
    for key in ("armor", "shield"):
        if data[key] is not None:
            data[key] = {k: v for k, v in data[key].items() if k not in _DROPPED} | {"item": data[key]["id"]}
    data["weapons"] = [{k: v for k, v in w.items() if k != "name"} for w in data["weapons"]]
    levels = {ref.id: ref.level for ref in (r for r in unit.traits if not isinstance(r, str))}
    data["traits"] = [f"{t} {levels[t]}" if levels.get(t, 1) != 1 else t
                      for t in (r if isinstance(r, str) else r.id for r in unit.traits)]
    data["equipment"], data["powers"], data["rules"] = list(unit.equipment), list(unit.powers), unit.rules
    return flatten(data)


def snapshot(content: Content, derived: Derived) -> Snapshot:
    """The snapshot of one revision's valid content."""
    entries: Snapshot = {}
    for unit_id, unit in content.units.items():
        entries[("units", unit_id)] = Entry("units", unit_id, unit.name, _unit_values(content, derived, unit_id))
    for kind in ITEM_KINDS:
        for item_id, item in content.kind(kind).items():
            values = flatten({k: v for k, v in item.model_dump(mode="json").items() if k not in _DROPPED})
            entries[(kind, item_id)] = Entry(kind, item_id, item.name, values)
    return entries
