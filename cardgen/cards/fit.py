"""Overflow is never silent: find text that does not fit its box.

Every box a template marks with ``data-box="NAME"`` has a fixed size given
by the card layout (CSS); its only child is the ``.fit`` wrapper whose font
size steps down (CSS classes ``fit-0`` … ``fit-7``).  After WeasyPrint has
laid out a face, :func:`find_overflows` compares the extent of everything
inside each box with the box itself.  :func:`fit_face` in ``render.py``
raises the step of each overflowing box and lays out again, until all fit
or a box would go below the ruleset's minimum font size (6 pt by default);
then the card fails with an error naming the unit and the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

PX_PER_PT = 4 / 3
TOLERANCE_PX = 0.5                  # rounding of WeasyPrint's line boxes


@dataclass(frozen=True)
class Overflow:
    box: str
    font_pt: float                  # font size of the box's text at this step


def _walk(box) -> Iterator:
    yield box
    for child in getattr(box, "children", None) or ():
        yield from _walk(child)


def _extent(box) -> tuple[float, float]:
    """Right and bottom edge of ``box``'s margin box."""
    return box.position_x + box.margin_width(), box.position_y + box.margin_height()


def _content_edges(box) -> tuple[float, float]:
    return box.content_box_x() + box.width, box.content_box_y() + box.height


def find_overflows(page_box) -> list[Overflow]:
    """Every fixed box on the page whose content reaches beyond its content area."""
    found = []
    for box in _walk(page_box):
        element = getattr(box, "element", None)
        if element is None or getattr(box, "element_tag", None) is None:
            continue
        name = element.get("data-box")
        if not name or not box.children:
            continue
        right, bottom = _content_edges(box)
        inner = box.children[0]
        overflowing = any(_extent(b)[0] > right + TOLERANCE_PX or _extent(b)[1] > bottom + TOLERANCE_PX
                          for b in _walk(inner) if b is not inner)
        if overflowing or _extent(inner)[1] > bottom + TOLERANCE_PX:
            found.append(Overflow(name, inner.style["font_size"] / PX_PER_PT))
    return found


def font_sizes(page_box) -> dict[str, float]:
    """Font size (pt) of each fit box's text, to stop before the minimum."""
    sizes = {}
    for box in _walk(page_box):
        element = getattr(box, "element", None)
        if element is not None and element.get("data-box") and box.children:
            sizes[element.get("data-box")] = box.children[0].style["font_size"] / PX_PER_PT
    return sizes
