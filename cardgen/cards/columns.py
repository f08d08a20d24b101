"""Which reference entries start a column in the middle of their section.

A group sheet's reference pages set their entries in two columns (``reference.html.j2``,
``group.css``).  CSS keeps each section's bar with its first entry (they are one unbreakable
box), but WeasyPrint has no header that repeats where a column or page break falls inside a
section, so the continuation entry would stand under no heading.  After a layout,
:func:`continued_entries` finds every entry that heads a column (the highest on its page at its
column's left edge) without being its section's first; ``render_reference`` in ``sheets.py``
lays the pages out again with those entries carrying "… (Forts.)" bars, until no new one appears.

A last page holding one or two entries under a full page is balanced too: :func:`last_page_start`
picks the entry that should open the last page so that it and the page before hold about as
much, and ``render_reference`` starts a second column block there on a new page (each block's
last page is balanced by CSS ``column-fill: balance``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardgen.pdf.wrapper import BoxInfo

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


def _entry_heights(boxes: tuple[BoxInfo, ...]) -> list[tuple[str, float]]:
    """(key, height with its bottom margin) of each entry on a page, in document order."""
    found: dict[str, float] = {}
    for box in boxes:
        key = box.get("entry") if box.tag is not None else None
        if key is not None and key not in found:
            found[key] = box.margin_bottom - box.y
    return list(found.items())


def last_page_start(pages: Sequence[tuple[BoxInfo, ...]]) -> str | None:
    """The entry that should open the last page so that the last two pages hold about equal
    heights of entries; None when there is one page or the last is not the emptier one.  At least
    one entry stays on the page before."""
    if len(pages) < 2:
        return None
    before, last = _entry_heights(pages[-2]), _entry_heights(pages[-1])
    held_before, held_last = sum(h for _, h in before), sum(h for _, h in last)
    if not before or not last or held_last >= held_before:
        return None
    half, moved = (held_before + held_last) / 2, held_last
    best: tuple[float, str | None] = (held_before - held_last, None)
    for index in range(len(before) - 1, 0, -1):         # move entries from the page before, last first
        moved += before[index][1]
        gap = abs(moved - half) * 2
        if gap < best[0]:
            best = (gap, before[index][0])
    return best[1]
