"""Table cells merged with ``^^``: the cell joins the one above it.

A cell whose whole text is ``^^`` is removed and the nearest cell above it in
the same column (itself perhaps already grown by earlier ``^^``) gets a
``rowspan`` one larger.  Merging happens inside one table section (head or
body); a ``^^`` in the first row of a section has nothing to merge with and
stays as text.  Empty cells are *not* merged -- only ``^^`` is.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MARKER = "^^"


def _rows(tokens: list[Token], start: int, end: int) -> list[list[int]]:
    """Indices of the cell-open tokens of each row between ``start`` and ``end``."""
    rows: list[list[int]] = []
    for index in range(start, end):
        token = tokens[index]
        if token.type == "tr_open":
            rows.append([])
        elif token.type in ("td_open", "th_open") and rows:
            rows[-1].append(index)
    return rows


def _merge_section(tokens: list[Token], rows: list[list[int]], removed: set[int]) -> None:
    """Grow cells above ``^^`` cells; add the ``^^`` cells' tokens to ``removed``."""
    owner: dict[int, int] = {}  # column -> index of the cell that currently spans it
    for row in rows:
        for column, index in enumerate(row):
            if tokens[index + 1].content.strip() == MARKER and column in owner:
                above = tokens[owner[column]]
                above.attrSet("rowspan", str(int(above.attrGet("rowspan") or 1) + 1))
                removed.update((index, index + 1, index + 2))
            else:
                owner[column] = index


def merge_rowspans(state: StateCore) -> None:
    """Core rule: apply every ``^^`` of every table of the document."""
    tokens = state.tokens
    removed: set[int] = set()
    section_start = None
    for index, token in enumerate(tokens):
        if token.type in ("thead_open", "tbody_open"):
            section_start = index
        elif token.type in ("thead_close", "tbody_close") and section_start is not None:
            _merge_section(tokens, _rows(tokens, section_start, index), removed)
            section_start = None
    if removed:
        state.tokens = [t for i, t in enumerate(tokens) if i not in removed]


def rowspan_plugin(md: MarkdownIt) -> None:
    """Merge ``^^`` table cells into the cell above (``rowspan``)."""
    md.core.ruler.after("block", "rowspan", merge_rowspans)
