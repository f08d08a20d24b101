"""Duplex imposition: a page of fronts, then their backs at the mirrored position on the next page.

Positions are read from the imposed PDF itself: where ``pdftotext -bbox``
finds each face's label, and the area each face's form XObject may paint
(its BBox through its placement matrix)."""

from __future__ import annotations

import pytest

from cardgen.cards.impose import impose
from cardgen.cards.sheetlayout import layout_sheet
from cardgen.geometry import FacePage, SheetOptions, mm_to_pt

from .synthetic import LABEL_OFFSET, face_pdf, placements, words

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

A4_PT = (595.28, 841.89)
POWER = FacePage(63, 88)            # 3 × 3 on a portrait A4 sheet


def _fronts_and_backs(count: int, card: FacePage) -> list[tuple[bytes, bytes | None]]:
    return [(face_pdf(f"F{i:02d}", card), face_pdf(f"B{i:02d}", card)) for i in range(count)]


@pytest.mark.parametrize("bleed,per_page", [(0, 9), (3, 6)])
def test_backs_sit_at_the_mirrored_position_of_their_fronts_on_the_next_page(bleed, per_page):
    card = FacePage(63, 88, bleed)
    fronts = layout_sheet(card, SheetOptions())
    assert fronts.per_page == per_page
    count = per_page + 2
    found = words(impose(_fronts_and_backs(count, card), card, "duplex"))
    by_page: dict[int, set[str]] = {}
    for word in found:
        by_page.setdefault(word.page, set()).add(word.text)
    assert by_page == {                                   # a page of fronts, their backs, the 2 left and theirs
        1: {f"F{i:02d}" for i in range(per_page)}, 2: {f"B{i:02d}" for i in range(per_page)},
        3: {f"F{i:02d}" for i in range(per_page, count)}, 4: {f"B{i:02d}" for i in range(per_page, count)}}
    at = {word.text: word for word in found}
    width = fronts.width_pt
    assert (width, fronts.height_pt) == pytest.approx(A4_PT, abs=0.01)
    for i in range(count):
        trim = fronts.slots[i % per_page].trim
        front, back = at[f"F{i:02d}"], at[f"B{i:02d}"]
        assert front.left == pytest.approx(trim.left + LABEL_OFFSET, abs=0.1), i
        mirrored_left = width - trim.left - trim.width              # the back's trim box, mirrored
        assert back.left == pytest.approx(mirrored_left + LABEL_OFFSET, abs=0.1), i
        assert back.bottom == pytest.approx(front.bottom, abs=0.01), i
        assert back.page == front.page + 1


def test_backs_read_right_to_left():
    found = words(impose(_fronts_and_backs(9, POWER), POWER, "duplex"))
    assert [w.text for w in found if w.page == 2] == [
        "B02", "B01", "B00", "B05", "B04", "B03", "B08", "B07", "B06"]


def test_each_back_is_clipped_to_the_mirror_image_of_its_fronts_slot():
    card = FacePage(63, 88, 3)
    bleed = mm_to_pt(3)
    pages = placements(impose(_fronts_and_backs(8, card), card, "duplex"))
    assert [len(page) for page in pages] == [6, 6, 2, 2]
    width = A4_PT[0]
    for front_page, back_page in ((pages[0], pages[1]), (pages[2], pages[3])):
        for front, back in zip(front_page, back_page, strict=True):
            assert not front.turned and not back.turned                # duplex never rotates a face
            assert front.right - front.left == pytest.approx(mm_to_pt(63) + 2 * bleed, abs=0.01)  # bleed shows
            assert front.top - front.bottom == pytest.approx(mm_to_pt(88) + 2 * bleed, abs=0.01)
            assert (back.left, back.right) == pytest.approx((width - front.right, width - front.left), abs=0.01)
            assert (back.bottom, back.top) == pytest.approx((front.bottom, front.top), abs=0.01)


def test_a_page_of_fronts_without_backs_gets_a_blank_back():
    """Its blank back keeps the parity: the next fronts print on a sheet of their own (issue 30.2)."""
    card = POWER
    cards = [(face_pdf(f"F{i:02d}", card), None) for i in range(10)]          # page 1: no back at all
    cards.append((face_pdf("F10", card), face_pdf("B10", card)))               # page 3: F09, and F10 with B10
    pdf = impose(cards, card, "duplex")
    found = words(pdf)
    assert [(w.page, w.text) for w in found] == (
        [(1, f"F{i:02d}") for i in range(9)] + [(3, "F09"), (3, "F10"), (4, "B10")])
    assert [len(page) for page in placements(pdf)] == [9, 0, 2, 1]          # page 2: blank, the back of page 1
    front, back = (next(w for w in found if w.text == name) for name in ("F10", "B10"))
    slot = layout_sheet(card, SheetOptions()).slots[1].trim                    # F10: the 2nd face of page 3
    assert back.left == pytest.approx(A4_PT[0] - slot.left - slot.width + LABEL_OFFSET, abs=0.1)
    assert back.bottom == pytest.approx(front.bottom, abs=0.01)


@pytest.mark.parametrize("cover_pages", [1, 2, 3])
def test_a_cover_is_padded_to_a_sheet_of_its_own(cover_pages):
    """The first fronts never print on the back of the cover: they start at an odd page."""
    card = POWER
    cover = _pages(cover_pages)
    pdf = impose(_fronts_and_backs(2, card), card, "duplex", cover=cover)
    first = cover_pages + cover_pages % 2 + 1
    found = words(pdf)
    assert {w.page for w in found if w.text.startswith("C")} == set(range(1, cover_pages + 1))
    assert [(w.page, w.text) for w in found if not w.text.startswith("C")] == [
        (first, "F00"), (first, "F01"), (first + 1, "B01"), (first + 1, "B00")]
    assert _page_count(pdf) % 2 == 0
    assert _page_count(impose(_fronts_and_backs(2, card), card, "fold", cover=cover)) == cover_pages + 1


def test_grid_pages_with_blank_backs_alternate_with_blank_pages():
    card = POWER
    cards = [(face_pdf(f"P{i:02d}", card), None) for i in range(10)]
    pdf = impose(cards, card, "grid", blank_backs=True)
    assert [len(page) for page in placements(pdf)] == [9, 0, 1, 0]
    assert [len(page) for page in placements(impose(cards, card, "grid"))] == [9, 1]


def _pages(count: int) -> bytes:
    """A cover of ``count`` A4 pages, each with a word ``C<n>``."""
    import io

    import pikepdf

    pdf = pikepdf.Pdf.new()
    for number in range(count):
        label = face_pdf(f"C{number}", FacePage(210, 297))
        with pikepdf.Pdf.open(io.BytesIO(label)) as source:
            pdf.pages.extend(source.pages)
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def _page_count(pdf: bytes) -> int:
    return len(placements(pdf))
