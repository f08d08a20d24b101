"""Fold sheets print nothing of their own inside a card: the "falten" labels and the crop marks lie
outside every card's trim (read from the imposed PDF: the sheet's own characters and pixels against
the area each placed face may paint), and with bleed there is no hairline on the cut."""

from __future__ import annotations

import pytest

from cardgen.cards.impose import impose
from cardgen.cards.sheetlayout import blank_places
from cardgen.geometry import FacePage

from .conftest import MM
from .printed import sheet_chars, sheet_image
from .synthetic import Placed, face_pdf, placements

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

DPI = 150
INSET = 0.3 * MM                    # the hairline and the fold line lie on a face's edge: look inside it


def _inside(char, face: Placed) -> bool:
    return (char.left < face.right and face.left < char.right
            and char.bottom < face.top and face.bottom < char.top)


def _labels_outside_every_face(pdf: bytes) -> None:
    """Every character of the sheets lies outside every face's area (trim, and bleed where it shows)."""
    chars, pages = sheet_chars(pdf), placements(pdf)
    for number, faces in enumerate(pages):
        on_page = [c for c in chars if c.page == number]
        labels = "".join(c.text for c in on_page)          # a label per fold pair placed (a last page
        pairs = sum(1 for face in faces if face.turned)     # part full labels only its cards, issue 30.9)
        assert labels == "falten" * pairs, (number, labels)
        for char in on_page:
            hits = [face.name for face in faces if _inside(char, face)]
            assert not hits, f"page {number + 1}: {char.text!r} at {char.left:.1f},{char.bottom:.1f} inside {hits}"


def _dark_inside_faces(pdf: bytes, page: int = 0) -> dict[str, int]:
    """Per face of ``page``: the sheet's own pixels darker than near-white inside the face's area."""
    image = sheet_image(pdf, page, DPI)
    pixels, scale = image.load(), DPI / 72
    dark = {}
    for face in placements(pdf)[page]:
        x0, x1 = round((face.left + INSET) * scale), round((face.right - INSET) * scale)
        y0, y1 = round(image.height - (face.top - INSET) * scale), round(image.height - (face.bottom + INSET) * scale)
        dark[face.name] = sum(1 for x in range(x0, x1) for y in range(y0, y1) if pixels[x, y] < 250)
    return dark


def _fold_cards(count: int, card: FacePage) -> list[tuple[bytes, bytes | None]]:
    return [(face_pdf(f"V{i}", card), face_pdf(f"R{i}", card)) for i in range(count)]


@pytest.mark.parametrize("crop", [False, True])
@pytest.mark.parametrize("bleed", [0, 3])
def test_fold_labels_and_marks_lie_outside_every_card(bleed, crop):
    card = FacePage(120, 80, bleed)
    pdf = impose(_fold_cards(5, card), card, "fold", crop_marks=crop)
    _labels_outside_every_face(pdf)
    assert set(_dark_inside_faces(pdf).values()) == {0}


def test_example_fold_labels_lie_outside_every_card(example_fold):
    code, _, err, out = example_fold
    assert code == 0, err
    _labels_outside_every_face((out / "cards.pdf").read_bytes())


def test_cards_with_crop_marks_print_nothing_inside_a_card(print_shop_build):
    """Real faces, crop marks.  (The print shop's bleed no longer reaches cards.pdf, issue 30.5: the
    synthetic test above covers bleed with crop marks.)"""
    code, _, err, out = print_shop_build
    assert code == 0, err
    pdf = (out / "cards.pdf").read_bytes()
    _labels_outside_every_face(pdf)
    assert set(_dark_inside_faces(pdf).values()) == {0}


def test_a_hairline_marks_the_cut_only_without_bleed():
    """No bleed: the sheet draws a hairline on each trim edge; with bleed none (the cut lies in the bleed)."""
    for bleed, hairline in ((0, True), (3, False)):
        card = FacePage(120, 80, bleed)
        pdf = impose(_fold_cards(1, card), card, "fold")
        image = sheet_image(pdf, 0, DPI)
        pixels, scale = image.load(), DPI / 72
        front = placements(pdf)[0][0]
        x = round((front.left + bleed * MM) * scale)                        # the front's left trim edge
        rows = range(round(image.height - (front.top - 5 * MM) * scale),
                     round(image.height - (front.bottom + 5 * MM) * scale))
        hit = sum(1 for y in rows if min(pixels[x + dx, y] for dx in (-1, 0, 1)) < 250)
        assert (hit >= 0.9 * len(rows)) if hairline else hit == 0, (bleed, hit, len(rows))


def _dark_share(pixels, xs: range, y: int) -> float:
    """The share of the pixels at ``xs`` on row ``y`` (or the rows beside it) that are dark."""
    return sum(1 for x in xs if min(pixels[x, y + dy] for dy in (-1, 0, 1)) < 250) / len(xs)


@pytest.mark.parametrize("bleed", [0, 3])
def test_with_crop_marks_the_fold_is_marked_dashed_and_labelled_not_like_a_cut(bleed):
    """Issue 30.9: a crop mark in line with the fold said "cut here"; the fold is marked by the fold
    line's dashed ends (never a solid mark) with "falten" beside it, while the cuts keep solid marks."""
    card = FacePage(120, 80, bleed)
    pdf = impose(_fold_cards(1, card), card, "fold", crop_marks=True)
    image = sheet_image(pdf, 0, DPI)
    pixels, scale = image.load(), DPI / 72
    front = next(face for face in placements(pdf)[0] if not face.turned)
    outside = range(round((front.left - 3.6 * MM) * scale), round((front.left - 1.4 * MM) * scale))
    fold = round(image.height - front.bottom * scale)
    top_cut = round(image.height - (front.top - bleed * MM) * scale)
    assert _dark_share(pixels, outside, top_cut) > 0.9                  # a cut: a solid mark
    assert 0.2 < _dark_share(pixels, outside, fold) < 0.8, "the fold's mark is not dashed"
    (label,) = {"".join(c.text for c in sheet_chars(pdf))}
    assert label == "falten"
    first = next(c for c in sheet_chars(pdf) if c.text == "f")
    assert abs(first.top - front.bottom) < 3 * MM and first.left > front.right   # beside the fold, outside


@pytest.mark.parametrize("crop", [False, True])
def test_an_empty_place_on_a_last_fold_sheet_stays_blank(crop):
    """Issue 30.9: the rest of a last sheet prints no outline, fold line or "falten" for a card that
    is not there: page 2 holds one pair where page 1 holds two."""
    card = FacePage(120, 80, 0)
    pdf = impose(_fold_cards(3, card), card, "fold", crop_marks=crop)
    full, last = placements(pdf)
    assert (len(full), len(last)) == (4, 2)
    labels = [c for c in sheet_chars(pdf) if c.text == "f"]
    assert [c.page for c in labels] == [0, 0, 1]
    empty = next(face for face in full if not face.turned and all(face.left != f.left for f in last))
    for page, expected in ((0, True), (1, False)):
        image = sheet_image(pdf, page, DPI)
        pixels, scale = image.load(), DPI / 72
        x = round(empty.left * scale)
        rows = range(round(image.height - (empty.top - 5 * MM) * scale),
                     round(image.height - (empty.bottom + 5 * MM) * scale))
        hairline = sum(1 for y in rows if min(pixels[x + dx, y] for dx in (-1, 0, 1)) < 250)
        across = range(round((empty.left + 5 * MM) * scale), round((empty.right - 5 * MM) * scale))
        fold_line = _dark_share(pixels, across, round(image.height - empty.bottom * scale))
        if expected:
            assert hairline >= 0.9 * len(rows) and fold_line > 0.2, (page, hairline, fold_line)
        else:
            assert hairline == 0 and fold_line == 0, (page, hairline, fold_line)


def test_blank_places_are_those_past_the_last_card_or_without_a_face():
    assert blank_places(["a", "b"], 4) == (2, 3)
    assert blank_places(["a", None, "c"], 3) == (1,)
    assert blank_places(["a", "b"], 2) == ()
