"""Overflow is never silent: find text that does not fit its box.

Every box a template marks with ``data-box="NAME"`` has a fixed size given
by the card layout (CSS); its only child is the ``.fit`` wrapper whose font
size steps down (CSS classes ``fit-0`` … ``fit-7``).  After WeasyPrint has
laid out a face (its boxes come as plain :class:`cardgen.pdf.wrapper.BoxInfo`
records), :func:`find_overflows` compares the extent of everything
inside each box with the box itself.  :func:`render_face` in ``render.py``
raises the step of each overflowing box and lays out again, until all fit
or a box would go below the ruleset's minimum font size (6 pt by default);
then the card fails with an error naming the unit and the box.  A box
may set a higher floor for its own text (``data-min-pt``, the back's body
at 7.5 pt), and no text anywhere on a face may be set below the minimum
(:func:`small_text`): a step that would take any line of a box below its
floor ends the fitting just like a box that is still too big.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.pdf.wrapper import BoxInfo

TOLERANCE_PX = 0.5                  # rounding of WeasyPrint's line boxes


@dataclass(frozen=True)
class Overflow:
    box: str
    font_pt: float                  # font size of the box's text at this step


def _fit_boxes(boxes: tuple[BoxInfo, ...]) -> list[tuple[str, BoxInfo, BoxInfo]]:
    """(name, box, its ``.fit`` child) for every box marked ``data-box`` that has content."""
    return [(name, box, boxes[box.index + 1]) for box in boxes
            if box.tag is not None and (name := box.get("box")) and box.has_children]


def _overflows(box: BoxInfo, inner: BoxInfo, boxes: tuple[BoxInfo, ...]) -> bool:
    """Whether anything inside ``inner`` reaches beyond the content area of ``box``."""
    right, bottom = box.content_right + TOLERANCE_PX, box.content_bottom + TOLERANCE_PX
    return inner.margin_bottom > bottom or any(
        b.margin_right > right or b.margin_bottom > bottom for b in boxes[inner.index + 1:inner.end])


def find_overflows(boxes: tuple[BoxInfo, ...]) -> list[Overflow]:
    """Every fixed box on a page (its :meth:`~cardgen.pdf.wrapper.LaidOut.boxes`) whose content
    reaches beyond its content area."""
    return [Overflow(name, inner.font_size_pt) for name, box, inner in _fit_boxes(boxes)
            if _overflows(box, inner, boxes)]


def _floor(box: BoxInfo, min_font_pt: float) -> float:
    """The smallest size text in ``box`` may have: the minimum, or the box's own higher floor."""
    own = box.get("min-pt")
    return max(min_font_pt, float(own)) if own else min_font_pt


@dataclass(frozen=True)
class SmallText:
    box: str | None                 # the fit box it lies in, None outside every fit box
    text: str
    font_pt: float
    floor_pt: float


def small_text(boxes: tuple[BoxInfo, ...], min_font_pt: float) -> list[SmallText]:
    """Every piece of text on a page set below its floor (the minimum, or its box's ``data-min-pt``)."""
    owner: dict[int, tuple[str | None, float]] = {}
    for name, box, _ in _fit_boxes(boxes):
        floor = _floor(box, min_font_pt)
        owner.update((i, (name, floor)) for i in range(box.index, box.end))
    found = []
    for b in boxes:
        if b.text and b.text.strip():
            owned_by, floor = owner.get(b.index, (None, min_font_pt))
            if b.font_size_pt < floor - 0.05:
                found.append(SmallText(owned_by, b.text.strip(), b.font_size_pt, floor))
    return found


def floors(boxes: tuple[BoxInfo, ...], min_font_pt: float) -> dict[str, float]:
    """The floor of each fit box: the minimum, or the box's own higher ``data-min-pt``."""
    return {name: _floor(box, min_font_pt) for name, box, _ in _fit_boxes(boxes)}


def font_sizes(boxes: tuple[BoxInfo, ...]) -> dict[str, float]:
    """Font size (pt) of each fit box's text, to stop before the minimum."""
    return {name: inner.font_size_pt for name, _, inner in _fit_boxes(boxes)}
