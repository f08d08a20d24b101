"""Press sheets (cardgen.cards.press): synthetic faces n-up on press sheets, work and turn, read back from
the PDF -- where each face's trim box lands (its placement matrix), on which page, the sheet's boxes, the
crop marks' colour and the PDF/X-4 keys.  The whole build on the small fixture: test_printshop.py."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards.pdfx import PDFX_VERSION
from cardgen.cards.press import marks_pdf, press_pdf, press_sides, sheet_boxes
from cardgen.geometry import PRESS_SHEETS_MM, FacePage, mm_to_pt, press_layout

from .synthetic import face_pdf, words

pytestmark = pytest.mark.pdf          # makes PDFs and reads them with poppler

UNIT, POWER = FacePage(120, 80, 3), FacePage(63, 88, 3)
TOL = 0.01                          # points


def _pairs(count: int, card: FacePage = UNIT, backs: bool = True) -> list[tuple[bytes, bytes | None]]:
    return [(face_pdf(f"FRONT{i}", card), face_pdf(f"BACK{i}", card) if backs else None) for i in range(count)]


def _matrices(pdf: bytes) -> list[list[tuple[float, ...]]]:
    """Per page, the matrix of every face drawn (``q … cm /Fn Do Q``; not the marks ``/Bg``), in order."""
    pages = []
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            found, matrix = [], None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = tuple(float(v) for v in operands)
                elif str(operator) == "Do" and str(operands[0]) != "/Bg":
                    found.append(matrix)
            pages.append(found)
    return pages


def _trim_on_sheet(matrix: tuple[float, ...], card: FacePage) -> tuple[float, float, float, float]:
    """The face's trim box (synthetic: at the bleed) through ``matrix``: left, bottom, right, top."""
    a, b, c, d, e, f = matrix
    bleed, width, height = (mm_to_pt(v) for v in (card.bleed_mm, card.width_mm, card.height_mm))
    corners = [(x, y) for x in (bleed, bleed + width) for y in (bleed, bleed + height)]
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("sheet, card, count", [("SRA3", UNIT, 12), ("A4", UNIT, 5), ("A3", UNIT, 9)])
def test_each_back_lies_behind_its_front_once_the_sheet_is_turned(sheet, card, count):
    """Work and turn: page 2k-1 the front side, page 2k its back side; for every card the back's trim box
    is the front's mirrored across the sheet's vertical centre line (0.01 pt)."""
    layout = press_layout(card, sheet)
    pdf = press_pdf(_pairs(count, card), card, sheet)
    pages = _matrices(pdf)
    sheets = -(-count // layout.per_sheet)
    assert len(pages) == 2 * sheets
    width = mm_to_pt(layout.width_mm)
    for number in range(sheets):
        fronts, backs = pages[2 * number], pages[2 * number + 1]
        assert len(fronts) == len(backs) == min(layout.per_sheet, count - number * layout.per_sheet)
        for front, back in zip(fronts, backs, strict=True):
            fl, fb, fr, ft = _trim_on_sheet(front, card)
            bl, bb, br, bt = _trim_on_sheet(back, card)
            assert (bl, bb, br, bt) == pytest.approx((width - fr, fb, width - fl, ft), abs=TOL)
    found = words(pdf)                              # fronts on odd pages, their backs on the next even one
    assert sorted((w.page, w.text) for w in found) == sorted(
        (2 * (i // layout.per_sheet) + 1 + (kind == "BACK"), f"{kind}{i}") for i in range(count)
        for kind in ("FRONT", "BACK"))


def _linear(matrix: tuple[float, ...]) -> tuple[float, float, float, float]:
    return matrix[:4]


def _times(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, float, float, float]:
    """m · n for 2×2 linear parts in PDF order (a b c d: x' = a x + c y, y' = b x + d y)."""
    a, b, c, d = m[:4]
    p, q, r, s = n[:4]
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s)


@pytest.mark.parametrize("sheet, card", [("A4", UNIT), ("SRA3", UNIT), ("SRA3", POWER)])
def test_a_card_turns_over_its_own_left_right_edge_as_on_the_home_duplex_sheets(sheet, card):
    """Turning the sheet (x → -x) shows each back as turning the card over its left-right edge would:
    front⁻¹ · turn · back = (-1, 0, 0, 1), turned cards (A4 units, SRA3 powers) as well as upright ones."""
    pdf = press_pdf(_pairs(2, card), card, sheet)
    fronts, backs = _matrices(pdf)
    turned = press_layout(card, sheet).turned
    for front, back in zip(fronts, backs, strict=True):
        assert (abs(front[0]) < TOL) is turned
        a, b, c, d = _linear(front)
        det = a * d - b * c
        inverse = (d / det, -b / det, -c / det, a / det)
        assert _times(inverse, _times((-1, 0, 0, 1), back)) == pytest.approx((-1, 0, 0, 1), abs=1e-6)


def test_a_press_sheet_is_its_own_trim_and_bleed_box_and_pdfx4():
    pdf = press_pdf(_pairs(3), UNIT, "SRA3", title="print-shop/press-SRA3-cards.pdf")
    sheet = [0, 0, *(mm_to_pt(v) for v in PRESS_SHEETS_MM["SRA3"])]
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        assert len(document.pages) == 2 and document.pdf_version <= "1.6"
        (intent,) = document.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(document.docinfo["/GTS_PDFXVersion"]) == PDFX_VERSION
        assert str(document.docinfo["/Title"]) == "print-shop/press-SRA3-cards.pdf"
        for page in document.pages:
            for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
                assert [float(v) for v in page.obj[box]] == pytest.approx(sheet, abs=TOL), box
            for name, form in page.Resources.XObject.items():
                assert form.Resources.ColorSpace.DefaultRGB[0] == pikepdf.Name.ICCBased, name
            marks = page.Resources.XObject.Bg.Resources.ColorSpace.Reg      # registration colour
            assert (marks[0], marks[1], marks[2]) == (pikepdf.Name.Separation, pikepdf.Name.All,
                                                      pikepdf.Name.DeviceCMYK)


def test_power_cards_have_no_back_so_their_press_sheets_are_one_sided():
    layout = press_layout(POWER, "SRA3")
    pages = _matrices(press_pdf(_pairs(layout.per_sheet + 1, POWER, backs=False), POWER, "SRA3"))
    assert [len(page) for page in pages] == [layout.per_sheet, 1]


def test_the_marks_are_the_layouts_in_points_and_mirrored_on_the_back():
    layout = press_layout(UNIT, "A4")
    for back in (False, True):
        with pikepdf.Pdf.open(io.BytesIO(marks_pdf(layout, back))) as document:
            lines = []
            points: list[float] = []
            for operands, operator in pikepdf.parse_content_stream(document.pages[0]):
                if str(operator) in ("m", "l"):
                    points += [float(v) for v in operands]
                if str(operator) == "S":
                    lines.append(tuple(points))
                    points = []
        width = layout.width_mm
        expected = [(width - x1 if back else x1, y1, width - x2 if back else x2, y2)
                    for x1, y1, x2, y2 in layout.marks()]
        assert len(lines) == len(expected)
        assert [v for line in lines for v in line] == pytest.approx(
            [mm_to_pt(v) for mark in expected for v in mark], abs=TOL)


def test_each_slot_clips_its_face_to_its_trim_and_bleed():
    layout = press_layout(UNIT, "SRA3")
    fronts, backs = press_sides(layout)
    bleed = mm_to_pt(3)
    for side in (fronts, backs):
        assert side.per_page == layout.per_sheet
        for slot in side.slots:
            assert slot.clip.left == pytest.approx(slot.trim.left - bleed)
            assert slot.clip.width == pytest.approx(slot.trim.width + 2 * bleed)


def test_sheet_boxes_sets_trim_and_bleed_to_the_media_box():
    document = pikepdf.Pdf.new()
    document.add_blank_page(page_size=(100, 200))
    buffer = io.BytesIO()
    document.save(buffer)
    with pikepdf.Pdf.open(io.BytesIO(sheet_boxes(buffer.getvalue()))) as boxed:
        page = boxed.pages[0].obj
        assert [float(v) for v in page.TrimBox] == [float(v) for v in page.BleedBox] == [0, 0, 100, 200]
