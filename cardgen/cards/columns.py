"""Which reference entries start a column in the middle of their section.

A group sheet's reference pages set their entries in two columns (``reference.html.j2``,
``group.css``).  CSS keeps each section's bar with its first entry (they are one unbreakable
box), but WeasyPrint has no header that repeats where a column or page break falls inside a
section, so the continuation entry would stand under no heading.  After a layout,
:func:`continued_entries` finds every entry that heads a column (the highest on its page at its
column's left edge) without being its section's first; ``render_reference`` in ``sheets.py``
lays the pages out again with those entries carrying "… (Forts.)" bars, until no new one appears.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.pdf import BoxInfo

COLUMN_PX = 4.0                     # entries of one column share their left edge (rounding aside)


def _entry_tops(boxes: tuple[BoxInfo, ...]) -> dict[str, tuple[float, float]]:
    """(left, top) of each entry's first box on a page, by its ``data-entry`` key."""
    found: dict[str, tuple[float, float]] = {}
    for box in boxes:
        key = box.get("entry") if box.tag is not None else None
        if key is not None and key not in found:
            found[key] = (box.x, box.y)
    return found


def column_heads(pages: Iterable[tuple[BoxInfo, ...]]) -> list[str]:
    """The key of the entry at the top of every column, page by page, left to right."""
    heads = []
    for boxes in pages:
        columns: dict[int, tuple[float, str]] = {}
        for key, (left, top) in _entry_tops(boxes).items():
            column = round(left / COLUMN_PX)
            if column not in columns or top < columns[column][0]:
                columns[column] = (top, key)
        heads += [key for _, (_, key) in sorted(columns.items())]
    return heads


def continued_entries(pages: Iterable[tuple[BoxInfo, ...]]) -> frozenset[str]:
    """The entries heading a column that are not the first of their section (key ``kind/index``,
    index from 0): each needs its section's bar again."""
    return frozenset(key for key in column_heads(pages) if not key.endswith("/0"))
