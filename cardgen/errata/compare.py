"""Two snapshots compared: what was added, removed or changed, per unit and item.

Entries are matched by kind and id, so a renamed weapon (same id, new name, perhaps a new
file name) is one change of its ``name``, never a removal and an addition.  Pure functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardgen.errata.snapshot import Entry, Snapshot

Status = Literal["added", "removed", "changed"]


@dataclass(frozen=True)
class Change:
    """One unit or item that differs: its names, and each changed value (key, old, new)."""

    kind: str
    id: str
    old_name: str | None
    new_name: str | None
    status: Status
    values: tuple[tuple[str, str, str], ...] = ()


def changed_values(old: Entry, new: Entry) -> tuple[tuple[str, str, str], ...]:
    """(key, old, new) of every value that differs, in the new entry's key order ("–" where absent)."""
    rows = [] if old.name == new.name else [("name", old.name, new.name)]
    keys = list(new.values) + [k for k in old.values if k not in new.values]
    for key in keys:
        before, after = old.values.get(key, "–"), new.values.get(key, "–")
        if before != after:
            rows.append((key, before, after))
    return tuple(rows)


def compare(old: Snapshot, new: Snapshot, kinds: tuple[str, ...]) -> list[Change]:
    """Every change between ``old`` and ``new``, grouped by kind in the order of ``kinds``,
    then by (new, else old) name."""
    changes = []
    for kind in kinds:
        ids = {i for k, i in old if k == kind} | {i for k, i in new if k == kind}
        found = []
        for item_id in ids:
            before, after = old.get((kind, item_id)), new.get((kind, item_id))
            if before is None and after is not None:
                found.append(Change(kind, item_id, None, after.name, "added"))
            elif after is None and before is not None:
                found.append(Change(kind, item_id, before.name, None, "removed"))
            elif before is not None and after is not None:
                values = changed_values(before, after)
                if values:
                    found.append(Change(kind, item_id, before.name, after.name, "changed", values))
        found.sort(key=lambda c: ((c.new_name or c.old_name or "").casefold(), c.id))
        changes += found
    return changes
