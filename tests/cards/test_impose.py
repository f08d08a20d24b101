"""Stage 7's pieces without a printer sheet (cardgen.cards.impose): slots read off laid-out boxes in PDF
points, deterministic PDFs, pages appended.  (Fold, duplex and many sheets: test_impose_fold.py,
test_impose_duplex.py, test_impose_many.py.)"""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards.impose import Rect, Sheet, Slot, append_pdf, box_rect, face_placement, read_slots, save_pdf
from cardgen.geometry import FacePage, mm_to_pt
from cardgen.pdf import BoxInfo

from .synthetic import face_pdf

PAGE_PX = 400.0          # a page 400 px (300 pt) high


def _box(index, end, x, y, w, h, classes=(), data=(), tag="div") -> BoxInfo:
    return BoxInfo(index=index, end=end, tag=tag, classes=classes, data=data, x=x, y=y, width=w, height=h,
                   content_right=x + w, content_bottom=y + h, margin_right=x + w, margin_bottom=y + h,
                   font_size_pt=8, text=None)


def test_box_rect_turns_css_px_from_the_top_into_points_from_the_bottom():
    assert box_rect(_box(0, 1, 40, 80, 120, 160), PAGE_PX) == Rect(30.0, 120.0, 90.0, 120.0)


def test_read_slots_takes_each_slot_with_its_trim_box():
    boxes = (_box(0, 5, 0, 0, 400, 400, tag=None),
             _box(1, 3, 0, 0, 200, 200, data=(("slot", "front"),)),
             _box(2, 3, 8, 8, 184, 184, classes=("trim",)),
             _box(3, 5, 200, 0, 200, 200, data=(("slot", "back"), ("rotate", "180"))),
             _box(4, 5, 208, 8, 184, 184, classes=("trim",)))
    assert read_slots(boxes, PAGE_PX) == [
        Slot("front", Rect(0, 150, 150, 150), Rect(6, 156, 138, 138), 0),
        Slot("back", Rect(150, 150, 150, 150), Rect(156, 156, 138, 138), 180)]


def test_a_sheet_counts_the_cards_it_holds():
    slot = Slot("front", Rect(0, 0, 1, 1), Rect(0, 0, 1, 1), 0)
    back = Slot("back", Rect(0, 0, 1, 1), Rect(0, 0, 1, 1), 0)
    assert Sheet(b"", 10, 10, (slot, back, slot, back)).per_page == 2


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
