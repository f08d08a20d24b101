"""Acceptance 2: physical sizes of faces and imposed sheets, read from the rendered output."""

from __future__ import annotations

import io
import itertools

import pypdfium2
import pytest
from pypdf import PdfReader

from cardgen.cards.sheetlayout import best_sheet, layout_sheet
from cardgen.cards.power_view import power_card
from cardgen.cards.render import render_face
from cardgen.cards.view import unit_card
from cardgen.geometry import FacePage, SheetOptions
from cardgen.rules.derive import derive

from tests.cards.conftest import MM

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

TOL_PT = 0.2 * MM                   # ±0.2 mm


def _box_mm(box) -> tuple[float, float, float, float]:
    return tuple(float(v) / MM for v in (box.left, box.bottom, box.width, box.height))


@pytest.mark.parametrize("bleed", [0, 3])
@pytest.mark.parametrize("kind", ["front", "back", "power"])
def test_face_trim_and_bleed_boxes(small_content, kind, bleed):
    if kind == "power":
        card, (width, height) = power_card(small_content.powers["gedankenblitz"], small_content), (63, 88)
    else:
        card, (width, height) = unit_card(derive(small_content).units["probe"], small_content), (120, 80)
    face = render_face(kind, card, FacePage(width, height, bleed), 6.0)
    assert face.warnings == ()
    reader = PdfReader(io.BytesIO(face.pdf))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    tl, tb, tw, th = _box_mm(page.trimbox)
    assert (tw, th) == pytest.approx((width, height), abs=0.2)
    ml, mb, mw, mh = _box_mm(page.mediabox)
    assert (mw, mh) == pytest.approx((width + 2 * bleed, height + 2 * bleed), abs=0.2)
    assert (tl - ml, tb - mb) == pytest.approx((bleed, bleed), abs=0.2), "trim box not centred in the bleed"
    assert _box_mm(page.bleedbox) == pytest.approx((ml, mb, mw, mh), abs=0.2)


def _overlap(a, b) -> bool:
    eps = 0.01
    return (a.left + eps < b.left + b.width and b.left + eps < a.left + a.width
            and a.bottom + eps < b.bottom + b.height and b.bottom + eps < a.bottom + a.height)


def _check_slots(sheet, width_mm, height_mm):
    assert sheet.slots, "no slot on the sheet"
    a4 = sorted((sheet.width_pt, sheet.height_pt))
    assert a4 == pytest.approx([595.28, 841.89], abs=0.5)
    for slot in sheet.slots:
        t = slot.trim
        assert (t.width, t.height) == pytest.approx((width_mm * MM, height_mm * MM), abs=TOL_PT)
        for r in (slot.trim, slot.clip):
            assert r.left >= -0.01 and r.bottom >= -0.01
            assert r.left + r.width <= sheet.width_pt + 0.01 and r.bottom + r.height <= sheet.height_pt + 0.01
        # the trim box lies inside the slot's clip
        assert t.left >= slot.clip.left - 0.01 and t.bottom >= slot.clip.bottom - 0.01
        assert t.left + t.width <= slot.clip.left + slot.clip.width + 0.01
        assert t.bottom + t.height <= slot.clip.bottom + slot.clip.height + 0.01
    for a, b in itertools.combinations(sheet.slots, 2):
        assert not _overlap(a.trim, b.trim), (a, b)
        assert not _overlap(a.clip, b.clip), (a, b)


CARDS = [(120, 80), (63, 88)]


@pytest.mark.parametrize("crop", [False, True])
@pytest.mark.parametrize("bleed", [0, 3])
@pytest.mark.parametrize("size", CARDS)
def test_grid_sheet_slots(size, bleed, crop):
    sheet = best_sheet(FacePage(*size, bleed), SheetOptions(crop_marks=crop))
    _check_slots(sheet, *size)
    assert all(s.role == "face" and not s.rotate for s in sheet.slots)


@pytest.mark.parametrize("crop", [False, True])
@pytest.mark.parametrize("bleed", [0, 3])
def test_fold_sheet_back_below_front_turned(bleed, crop):
    sheet = best_sheet(FacePage(120, 80, bleed), SheetOptions(fold=True, crop_marks=crop))
    _check_slots(sheet, 120, 80)
    roles = [s.role for s in sheet.slots]
    assert roles == ["front", "back"] * (len(roles) // 2) and roles
    for front, back in zip(sheet.slots[::2], sheet.slots[1::2]):
        assert not front.rotate and back.rotate
        # fold line: the back's trim top is the front's trim bottom (PDF y grows upwards)
        assert back.trim.bottom + back.trim.height == pytest.approx(front.trim.bottom, abs=TOL_PT)
        assert back.trim.left == pytest.approx(front.trim.left, abs=TOL_PT)


@pytest.mark.parametrize("crop", [False, True])
@pytest.mark.parametrize("bleed", [0, 3])
@pytest.mark.parametrize("size", CARDS)
def test_duplex_backs_mirror_fronts_for_long_edge_printing(size, bleed, crop):
    card = FacePage(*size, bleed)
    fronts = layout_sheet(card, SheetOptions(crop_marks=crop))
    backs = layout_sheet(card, SheetOptions(crop_marks=crop, mirrored=True))
    _check_slots(fronts, *size)
    _check_slots(backs, *size)
    assert fronts.width_pt < fronts.height_pt, "duplex sheets are portrait"
    assert (backs.width_pt, backs.height_pt) == (fronts.width_pt, fronts.height_pt)
    assert len(backs.slots) == len(fronts.slots)
    for f, b in zip(fronts.slots, backs.slots):
        assert b.trim.left == pytest.approx(fronts.width_pt - f.trim.left - f.trim.width, abs=TOL_PT)
        assert b.trim.bottom == pytest.approx(f.trim.bottom, abs=TOL_PT)


def test_duplex_mirroring_matters_for_small_cards():
    """Power-sized cards sit three in a row, so the mirrored sheet really swaps columns."""
    card = FacePage(63, 88, 0)
    fronts = layout_sheet(card, SheetOptions())
    backs = layout_sheet(card, SheetOptions(mirrored=True))
    assert fronts.slots[0].trim.left != pytest.approx(backs.slots[0].trim.left, abs=1)


DPI = 150
PX_PER_PT = DPI / 72


def test_fold_page_pixels_where_the_slots_say(example_fold):
    """Rasterise page 1 of the fold cards.pdf: hairline at the trim edge, white outside, backs turned."""
    code, _, err, folder = example_fold
    assert code == 0, err
    sheet = best_sheet(FacePage(120, 80, 0), SheetOptions(fold=True))
    document = pypdfium2.PdfDocument(str(folder / "cards.pdf"))
    try:
        page = document[0]
        assert (page.get_width(), page.get_height()) == pytest.approx((sheet.width_pt, sheet.height_pt), abs=0.5)
        image = page.render(scale=PX_PER_PT).to_pil().convert("L")
    finally:
        document.close()
    pixels = image.load()
    height_px = image.height

    def px(x_pt, y_pt):         # PDF point (origin bottom left) → pixel
        return round(x_pt * PX_PER_PT), round(height_px - y_pt * PX_PER_PT)

    def dark(x0, y0, x1, y1, level):  # pixels darker than level in a PDF-point rectangle
        (a, b), (c, d) = px(x0, y1), px(x1, y0)
        return sum(1 for x in range(a, c) for y in range(b, d) if pixels[x, y] < level)

    front, back = sheet.slots[0], sheet.slots[1]
    t = front.trim
    # the trim hairline: on the left trim edge (±0.3 mm) nearly every row of the card is non-white
    rows = range(round(t.bottom + 2 * MM), round(t.bottom + t.height - 2 * MM), 2)
    hit = sum(1 for y in rows if dark(t.left - 0.3 * MM, y, t.left + 0.3 * MM, y + 1, 250) > 0)
    assert hit >= 0.9 * len(rows), f"hairline found on {hit} of {len(rows)} rows"
    # 2 mm left of the trim (no bleed) everything is white, apart from the fold line
    strip = (t.left - 3 * MM, t.bottom + 3 * MM, t.left - 1.5 * MM, t.bottom + t.height - 3 * MM)
    assert dark(*strip, 245) == 0
    # front: the unit name (dark bold text) at the top left of the trim
    assert dark(t.left + 3 * MM, t.bottom + t.height - 10 * MM, t.left + 40 * MM, t.bottom + t.height - 3 * MM, 100) > 50
    # back, turned by 180°: its name is at the bottom right of its slot, the top left is light
    b = back.trim
    assert dark(b.left + b.width - 40 * MM, b.bottom + 3 * MM, b.left + b.width - 3 * MM, b.bottom + 10 * MM, 100) > 50
    assert dark(b.left + 3 * MM, b.bottom + b.height - 9 * MM, b.left + 30 * MM, b.bottom + b.height - 3 * MM, 100) \
        < dark(b.left + b.width - 40 * MM, b.bottom + 3 * MM, b.left + b.width - 3 * MM, b.bottom + 10 * MM, 100)
