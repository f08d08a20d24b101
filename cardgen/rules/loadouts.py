"""Loadouts: a unit with one of its named variants of weapons, armour and equipment.

A key the loadout gives replaces the unit's own (``armor: null`` too: no
armour); a key left out keeps the unit's.  Given ``points`` replace the
total, else the variant's points are computed as for any unit.
"""

from __future__ import annotations

from cardgen.content.schema import Loadout, Unit

REPLACED = ("weapons", "armor", "shield", "equipment", "points")
"""The unit's fields a loadout may give (and so replace)."""


def apply_loadout(unit: Unit, loadout: Loadout) -> Unit:
    """``unit`` as it is with ``loadout``: every field the loadout sets replaces the unit's."""
    given = {name: getattr(loadout, name) for name in REPLACED if name in loadout.model_fields_set}
    if given.get("weapons") is None and "weapons" in given:
        given["weapons"] = []
    if given.get("equipment") is None and "equipment" in given:
        given["equipment"] = []
    if "points" in given and given["points"] is None:
        del given["points"]
    return unit.model_copy(update=given)


def find_loadout(unit: Unit, loadout_id: str) -> Loadout | None:
    """The loadout of ``unit`` with id ``loadout_id``, if it has one."""
    return next((lo for lo in unit.loadouts if lo.id == loadout_id), None)
