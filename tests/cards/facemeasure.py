"""Measuring a rendered face: its fit boxes as laid out (the last layout :func:`render_face` made),
its characters and its TP circles as printed (pypdfium2, in mm from the top left of the page)."""

from __future__ import annotations

from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium

from cardgen.cards import render

MM = 72 / 25.4                      # PDF points per millimetre
PX_MM = 25.4 / 96                   # CSS px → mm


@dataclass(frozen=True)
class Rect:
    left: float
    top: float
    right: float
    bottom: float

    def holds(self, other: "Rect", tolerance: float = 0.15) -> bool:
        return (other.left >= self.left - tolerance and other.right <= self.right + tolerance
                and other.top >= self.top - tolerance and other.bottom <= self.bottom + tolerance)

    def overlaps(self, other: "Rect") -> bool:
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


@dataclass(frozen=True)
class Measured:
    boxes: dict[str, Rect]           # each fit box (data-box NAME) by name
    chars: list[tuple[str, Rect]]    # every printed character with its glyph box
    circles: list[Rect]              # every TP circle (its outer edge)
    page: Rect


def render_measured(kind: str, card, page, min_font_pt: float = 6.0, monkeypatch=None):
    """Render a face as the build does (:func:`render_face`, fitting included) and measure it."""
    laid: list = []
    original = render.load_document

    def keep(*args, **kwargs):
        laid.append(original(*args, **kwargs))
        return laid[-1]

    monkeypatch.setattr(render, "load_document", keep)
    face = render.render_face(kind, card, page, min_font_pt)
    monkeypatch.setattr(render, "load_document", original)
    boxes = {b.get("box"): Rect(b.x * PX_MM, b.y * PX_MM, (b.x + b.width) * PX_MM, (b.y + b.height) * PX_MM)
             for b in laid[-1].boxes(0) if b.tag is not None and b.get("box")}
    return face, measure(face.pdf, boxes)


def measure(pdf: bytes, boxes: dict[str, Rect]) -> Measured:
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        width, height = page.get_size()

        def flip(left: float, bottom: float, right: float, top: float) -> Rect:
            return Rect(left / MM, (height - top) / MM, right / MM, (height - bottom) / MM)

        text = page.get_textpage()
        chars = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if char.strip():
                chars.append((char, flip(*text.get_charbox(i))))
        circles = set()
        for obj in page.get_objects(max_depth=8):
            if obj.type == pdfium.FPDF_PAGEOBJ_PATH:
                rect = flip(*obj.get_bounds())
                w, h = rect.right - rect.left, rect.bottom - rect.top
                if 1.2 < w < 5 and abs(w - h) < 0.05:
                    circles.add(rect)
        return Measured(boxes, chars, _one_per_centre(circles),
                        Rect(0, 0, width / MM, height / MM))
    finally:
        document.close()


def _one_per_centre(circles: set[Rect]) -> list[Rect]:
    """One circle per centre (its fill and its ring are two paths): the largest, left to right."""
    kept: list[Rect] = []
    for rect in sorted(circles, key=lambda r: -(r.right - r.left)):
        cx, cy = (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2
        if not any(abs(cx - (k.left + k.right) / 2) < 0.3 and abs(cy - (k.top + k.bottom) / 2) < 0.3 for k in kept):
            kept.append(rect)
    return sorted(kept, key=lambda r: (r.left, r.top))
