"""Press sheets as data (cardgen.geometry.press_layout): as many cards as fit, upright or turned, each
with its own bleed, crop marks at every cut and never over a card, the back side mirrored."""

from __future__ import annotations

import pytest

from cardgen.geometry import (CROP_MARK_MM, PRESS_EDGE_MM, PRESS_SHEETS_MM, FacePage, PressLayout, fitting,
                              press_layout)

UNIT, POWER = FacePage(120, 80, 3), FacePage(63, 88, 3)


@pytest.mark.parametrize("card, sheet, turned, columns, rows", [
    (UNIT, "SRA3", False, 2, 5),        # 10 upright; turned 3 × 3 = 9
    (POWER, "SRA3", True, 3, 6),        # 18 turned; upright 4 × 4 = 16
    (UNIT, "A3", True, 3, 3),           # 9 turned; upright 2 × 4 = 8
    (POWER, "A3", False, 4, 4),
    (UNIT, "A4", True, 2, 2),           # 4 turned; upright 1 × 3 = 3
    (POWER, "A4", True, 2, 4),
    (FacePage(120, 80, 0), "SRA3", False, 2, 5),
])
def test_as_many_cards_as_fit_upright_or_turned(card, sheet, turned, columns, rows):
    layout = press_layout(card, sheet)
    assert (layout.turned, layout.columns, layout.rows) == (turned, columns, rows)
    assert (layout.width_mm, layout.height_mm) == PRESS_SHEETS_MM[sheet]


def test_fitting_counts_the_gutters_between_cards_only():
    assert fitting(80, 6, 424) == 5            # 5 × 80 + 4 × 6 = 424: exactly
    assert fitting(80, 6, 423.9) == 4
    assert fitting(500, 6, 424) == 0


def _bleed_boxes(layout: PressLayout, back: bool = False) -> list[tuple[float, float, float, float]]:
    b = layout.card.bleed_mm
    return [(left - b, bottom - b, left + w + b, bottom + h + b) for left, bottom, w, h in layout.trims(back)]


@pytest.mark.parametrize("sheet", list(PRESS_SHEETS_MM))
@pytest.mark.parametrize("card", [UNIT, POWER, FacePage(120, 80, 0)])
def test_cards_keep_their_own_bleed_and_the_sheet_its_edge(card, sheet):
    layout = press_layout(card, sheet)
    boxes = _bleed_boxes(layout)
    assert len(boxes) == layout.per_sheet
    for i, a in enumerate(boxes):                       # bleed boxes touch at most: no card loses its bleed
        assert a[0] >= 0 and a[1] >= 0 and a[2] <= layout.width_mm and a[3] <= layout.height_mm
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 or b[3] <= a[1] + 1e-9
    for x1, y1, x2, y2 in layout.marks():               # every mark inside the press's printable area
        for x, y in ((x1, y1), (x2, y2)):
            assert PRESS_EDGE_MM - 1e-9 <= x <= layout.width_mm - PRESS_EDGE_MM + 1e-9
            assert PRESS_EDGE_MM - 1e-9 <= y <= layout.height_mm - PRESS_EDGE_MM + 1e-9


@pytest.mark.parametrize("sheet", list(PRESS_SHEETS_MM))
@pytest.mark.parametrize("card", [UNIT, POWER])
def test_a_crop_mark_at_both_ends_of_every_cut_and_none_over_a_card_or_its_bleed(card, sheet):
    layout = press_layout(card, sheet)
    xs, ys = layout.cuts()
    assert len(xs) == 2 * layout.columns and len(ys) == 2 * layout.rows     # a gutter: two cuts, no shared one
    marks = layout.marks()
    vertical = sorted((x1, min(y1, y2)) for x1, y1, x2, y2 in marks if x1 == x2)
    horizontal = sorted((y1, min(x1, x2)) for x1, y1, x2, y2 in marks if y1 == y2)
    assert [x for x, _ in vertical] == sorted(xs * 2) and [y for y, _ in horizontal] == sorted(ys * 2)
    for x1, y1, x2, y2 in marks:
        assert abs(x2 - x1) + abs(y2 - y1) == pytest.approx(CROP_MARK_MM)
        for left, bottom, right, top in _bleed_boxes(layout):
            inside_x = max(x1, x2) > left and min(x1, x2) < right
            inside_y = max(y1, y2) > bottom and min(y1, y2) < top
            assert not (inside_x and inside_y), ((x1, y1, x2, y2), (left, bottom, right, top))


@pytest.mark.parametrize("sheet", list(PRESS_SHEETS_MM))
def test_the_back_side_mirrors_each_card_across_the_vertical_centre_line(sheet):
    layout = press_layout(UNIT, sheet)
    for (fl, fb, fw, fh), (bl, bb, bw, bh) in zip(layout.trims(), layout.trims(back=True), strict=True):
        assert (bl + bw / 2) == pytest.approx(layout.width_mm - (fl + fw / 2))
        assert (bb, bw, bh) == (fb, fw, fh)


def test_fronts_go_in_rows_from_the_top_each_left_to_right():
    trims = press_layout(UNIT, "SRA3").trims()
    assert trims[0][0] < trims[1][0] and trims[0][1] == trims[1][1]
    assert trims[2][1] < trims[0][1] and trims[2][0] == trims[0][0]
