"""The printer sheet laid out (cardgen.cards.sheetlayout), without WeasyPrint: slots read off laid-out
boxes in PDF points, a sheet counting its cards.  (Sheets laid out for real: test_impose_fold.py,
test_impose_duplex.py, tests/e2e/test_cards_geometry.py.)"""

from __future__ import annotations

from cardgen.cards.sheetlayout import Rect, Sheet, Slot, box_rect, read_slots
from cardgen.pdf.wrapper import BoxInfo

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
