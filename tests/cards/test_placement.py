"""Faces drawn onto other pages (cardgen.cards.placement): deterministic PDFs, pages appended, a face's
trim box turned onto its slot."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards.placement import append_pdf, face_placement, save_pdf
from cardgen.cards.sheetlayout import Rect
from cardgen.geometry import FacePage, mm_to_pt

from .synthetic import face_pdf


def _pdf(pages: int) -> bytes:
    pdf = pikepdf.Pdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(100, 100))
    return save_pdf(pdf)


def test_save_pdf_is_deterministic_and_append_pdf_keeps_the_page_order():
    assert _pdf(2) == _pdf(2)
    both = pikepdf.Pdf.open(io.BytesIO(append_pdf(_pdf(1), _pdf(2))))
    assert len(both.pages) == 3 and both.docinfo["/Producer"] == "cardgen"
    assert len(pikepdf.Pdf.open(io.BytesIO(append_pdf(b"", _pdf(2)))).pages) == 2


def _through(matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


@pytest.mark.parametrize("rotate, top", [(0, "top"), (90, "left"), (180, "bottom"), (270, "right")])
def test_face_placement_turns_a_face_onto_its_slot(rotate, top):
    """The face's trim box lands on the slot's trim, its clip box on the slot's clip, its top edge where
    ``rotate`` (degrees counter-clockwise) turns it (a press sheet's turned cards: 90 and 270)."""
    w, h, bleed = mm_to_pt(120), mm_to_pt(80), mm_to_pt(3)
    with pikepdf.Pdf.open(io.BytesIO(face_pdf("X", FacePage(120, 80, 3)))) as document:
        face = document.pages[0]
        across, up = (h, w) if rotate in (90, 270) else (w, h)
        trim = Rect(100, 50, across, up)
        clip = Rect(100 - bleed, 50 - bleed, across + 2 * bleed, up + 2 * bleed)
        bbox, matrix = face_placement(face, trim, clip, rotate)
    for box, rect in (((bleed, bleed, bleed + w, bleed + h), trim), (bbox, clip)):
        points = [_through(matrix, x, y) for x in box[::2] for y in box[1::2]]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(
            (rect.left, rect.bottom, rect.left + rect.width, rect.bottom + rect.height), abs=1e-6)
    x, y = _through(matrix, bleed + w / 2, bleed + h)       # the middle of the face's top edge
    assert {"top": y, "bottom": y, "left": x, "right": x}[top] == pytest.approx(
        {"top": 50 + up, "bottom": 50, "left": 100, "right": 100 + across}[top])
