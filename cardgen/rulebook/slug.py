"""Heading ids as the rulebook dialect (Markdown Preview Enhanced) writes them.

The user's internal links were written against MPE's slugs, so ours must be
identical: lower case, every single whitespace character becomes ``-`` (runs
are *not* collapsed: ``Schadens- & Rüstungsprofile`` gives
``schadens---rüstungsprofile``), letters of any script (umlauts, ``ß``),
digits, ``-``, ``_`` and ``:`` are kept, every other character is dropped.
A repeated slug gets ``-1``, ``-2`` ... in document order.

Headings of every level get an id, including headings inside list items
(``* #### Permanent``) -- ``anchors_plugin`` stops at level 2 by default.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.anchors import anchors_plugin

_KEPT_PUNCTUATION = frozenset("-_:")


def dialect_slug(title: str) -> str:
    """The dialect's id of a heading titled ``title``."""
    out = []
    for char in title.strip().lower():
        if char.isspace():
            out.append("-")
        elif char.isalnum() or char in _KEPT_PUNCTUATION:
            out.append(char)
    return "".join(out)


def slug_plugin(md: MarkdownIt) -> None:
    """Give every heading (levels 1-6) its dialect id, de-duplicated with ``-N``."""
    anchors_plugin(md, min_level=1, max_level=6, slug_func=dialect_slug)
