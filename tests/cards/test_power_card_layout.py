"""Issue 11.5: the power card as the rulebook's figure draws it, measured from powers.pdf of the
example build (pixels of a pypdfium2 render, character sizes and positions) and from the laid-out
boxes of single faces.

Geometry (card coordinates, mm from the trim's top left): the title band fills the safe area's
top 15 mm (y 3–18), the rules text body is y 24–73.2 (49.2 mm), the footer y 76–85.

"No half-empty card" is measured on the body: the rules text starts at 13 pt and only steps down
when it must, and sits vertically centred in the body; a text of about 100 characters (the
example's typical power, 85 characters or more) covers at least 40 % of the body's height, from the top of its first
line's glyphs to the bottom of its last line's.
"""

from __future__ import annotations

import ctypes
import dataclasses
import math
from collections import Counter
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium
import pytest

from cardgen.cards.sheetlayout import best_sheet
from cardgen.cards.power_view import power_card
from cardgen.cards.render import CARDS_TEMPLATES, face_html, render_face
from cardgen.errors import RenderError
from cardgen.geometry import FacePage, SheetOptions
from cardgen.pdf.wrapper import load_document
from cardgen.rules.colour import text_colour

from .conftest import EXAMPLE, MM, load_yaml

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

POWERS = load_yaml(EXAMPLE, "powers")
SCHOOLS = load_yaml(EXAMPLE, "schools")
PAGE = FacePage(63, 88)
DPI = 200
BODY_TOP_MM, BODY_HEIGHT_MM = 24.0, 49.2
MIN_PT = 6.0
SHORT_FILL = 0.40           # share of the body height a ~100-character text covers at least


@dataclass(frozen=True)
class Char:
    char: str
    size_pt: float
    top_mm: float           # glyph box, card coordinates (mm from the trim's top left)
    bottom_mm: float
    x_mm: float


@dataclass(frozen=True)
class SheetCard:
    power: str
    chars: tuple[Char, ...]
    image: object           # PIL image of the card's trim, DPI dots per inch

    def pixel(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return self.image.getpixel((round(x_mm * DPI / 25.4), round(y_mm * DPI / 25.4)))


def _chars(textpage, count: int) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """(character, effective size in pt, box in PDF points) of every visible character of a page.
    pdfium gives the font size before the text matrix: the effective size multiplies in its scale."""
    found = []
    for i in range(count):
        char = chr(pdfium.FPDFText_GetUnicode(textpage, i))
        if not char.strip() or pdfium.FPDFText_IsGenerated(textpage, i):
            continue
        matrix = pdfium.FS_MATRIX()
        pdfium.FPDFText_GetMatrix(textpage, i, ctypes.byref(matrix))
        size = pdfium.FPDFText_GetFontSize(textpage, i) * math.hypot(matrix.c, matrix.d)
        found.append((char, size, textpage.get_charbox(i)))
    return found


def _read_sheet(path) -> list[SheetCard]:
    """Every power card on the sheets of powers.pdf (slots as cardgen lays out a grid of power cards),
    each named by the power whose name its text contains."""
    sheet = best_sheet(PAGE, SheetOptions())
    names = sorted(((p["name"], pid) for pid, p in POWERS.items()), key=lambda n: -len(n[0]))
    cards = []
    document = pypdfium2.PdfDocument(str(path))
    try:
        for page in document:
            assert (page.get_width(), page.get_height()) == pytest.approx((sheet.width_pt, sheet.height_pt), abs=0.5)
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            textpage = page.get_textpage()
            chars = _chars(textpage, textpage.count_chars())
            for slot in sheet.slots:
                t = slot.trim
                top = t.bottom + t.height
                inside = [Char(c, size, (top - box[3]) / MM, (top - box[1]) / MM, (box[0] - t.left) / MM)
                          for c, size, box in chars
                          if t.left <= (box[0] + box[2]) / 2 <= t.left + t.width and t.bottom <= (box[1] + box[3]) / 2 <= top]
                text = "".join(c.char for c in inside)
                power = next((pid for name, pid in names if name.replace(" ", "") in text), None)
                if power is None:
                    continue
                px = DPI / 72
                crop = image.crop((round(t.left * px), round(image.height - top * px),
                                   round((t.left + t.width) * px), round(image.height - t.bottom * px)))
                cards.append(SheetCard(power, tuple(inside), crop))
    finally:
        document.close()
    return cards


@pytest.fixture(scope="module")
def sheet_cards(example_build) -> dict[str, SheetCard]:
    cards = _read_sheet(example_build.out / "powers.pdf")
    assert sorted(c.power for c in cards) == sorted(POWERS), "every example power once on powers.pdf"
    return {c.power: c for c in cards}


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def _near(a, b, tolerance=6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.mark.parametrize("power", sorted(POWERS))
def test_title_band_is_the_school_colour(sheet_cards, power):
    """A strip along the band's top (above the name, clear of the rounded corners) and both sides of the
    name are the school's colour."""
    card, colour = sheet_cards[power], _rgb(SCHOOLS[POWERS[power]["school"]]["colour"])
    strip = [card.pixel(x / 2, y) for x in range(14, 116) for y in (3.6, 4.0, 17.4)]
    share = sum(_near(p, colour) for p in strip) / len(strip)
    assert share > 0.97, (power, Counter(strip).most_common(3))
    assert _near(card.pixel(13.4, 10.5), colour) and _near(card.pixel(49.6, 15.5), colour)


def _title_ink(pdf: bytes) -> tuple[int, int]:
    """(white, black) pixels in the middle of the title band, where the name is."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    px = DPI / 25.4
    crop = image.crop((round(16 * px), round(6 * px), round(47 * px), round(15 * px)))
    pixels = list(crop.get_flattened_data())
    return sum(1 for p in pixels if min(p) > 230), sum(1 for p in pixels if max(p) < 50)


@pytest.mark.parametrize("colour, ink", [("#fff4b0", "black"), ("#9fe0ff", "black"),
                                         ("#1d2b6b", "white"), ("#5a0f3c", "white")])
def test_title_text_black_or_white_by_contrast(example_content, colour, ink):
    """Synthetic school colours, a light and a dark pair: the name is set in the contrasting ink only."""
    card = power_card(example_content.powers["feuerball"], example_content)
    card = dataclasses.replace(card, colour=colour, text_colour=text_colour(colour))
    assert card.text_colour == {"black": "#000000", "white": "#ffffff"}[ink]
    white, black = _title_ink(render_face("power", card, PAGE, MIN_PT).pdf)
    if ink == "white":
        assert white > 200 and black == 0, (white, black)
    else:
        assert black > 200 and white == 0, (white, black)


@pytest.mark.parametrize("power", sorted(POWERS))
def test_stars_show_the_level(sheet_cards, power):
    level = POWERS[power].get("level") or 0
    stars = [c for c in sheet_cards[power].chars if c.char == "★"]
    assert len(stars) == level
    assert all(s.top_mm > 3 and s.bottom_mm < 18 for s in stars), "stars inside the title band"


def test_the_example_shows_stars_of_several_levels():
    assert len({p.get("level") for p in POWERS.values()} - {None}) >= 2


@pytest.mark.parametrize("power", sorted(POWERS))
def test_no_character_below_the_minimum(sheet_cards, power):
    chars = sheet_cards[power].chars
    assert len(chars) > 40
    small = [(c.char, round(c.size_pt, 2)) for c in chars if c.size_pt < MIN_PT - 0.05]
    assert not small, small


def _cells(example_content, power: str):
    card = power_card(example_content.powers[power], example_content)
    boxes = load_document(face_html("power", card, PAGE), CARDS_TEMPLATES).boxes(0)
    cells, seen = [], set()
    for box in boxes:                      # a cell's anonymous boxes carry its classes too: first box only
        if box.tag == "td" and "cell" in box.classes and box.classes not in seen:
            seen.add(box.classes)
            cells.append(box)
    return cells


@pytest.mark.parametrize("power", sorted(POWERS))
def test_footer_is_one_row_of_six_cells(example_content, power):
    cells = _cells(example_content, power)
    kinds = [next(k for k in c.classes if k != "cell") for c in cells]
    assert kinds == ["ap", "attribute", "tp", "target", "range", "duration"]
    px = 96 / 25.4
    assert {round(c.y, 1) for c in cells} == {round(cells[0].y, 1)}, "all cells at the same y"
    assert {round(c.height, 1) for c in cells} == {round(cells[0].height, 1)}
    assert all(b.x >= a.x + a.width - 0.1 for a, b in zip(cells, cells[1:])), "side by side, left to right"
    assert cells[0].y / px > 75 and (cells[0].y + cells[0].height) / px < 85, "at the card's foot, in the safe area"


@pytest.mark.parametrize("power", sorted(POWERS))
def test_footer_values_from_the_pdf_share_one_row(sheet_cards, power):
    """The footer's texts (AP cost, attribute, TP number, cm) all lie in the footer band y 76–85 mm."""
    data = POWERS[power]
    chars = [c for c in sheet_cards[power].chars if c.top_mm > 74]
    text = "".join(c.char for c in chars)
    assert text.startswith(f"{data['ap_cost']}⊙{data['attribute']}"), text
    assert all(76 <= c.top_mm and c.bottom_mm <= 85 for c in chars), text


def _modifier_pixels(example_content, difficulty: int) -> tuple[int, int]:
    """(red, green) pixels of the attribute cell (x 12.5–22 mm) of Feuerball with ``difficulty``."""
    power = example_content.powers["feuerball"].model_copy(update={"difficulty": difficulty})
    document = pypdfium2.PdfDocument(render_face("power", power_card(power, example_content), PAGE, MIN_PT).pdf)
    try:
        image = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    px = DPI / 25.4
    pixels = list(image.crop((round(12.5 * px), round(76 * px), round(22 * px), round(85 * px))).get_flattened_data())
    return (sum(1 for r, g, b in pixels if r > 150 and g < 90 and b < 90),
            sum(1 for r, g, b in pixels if g > 100 and r < 90 and b < 110))


@pytest.mark.parametrize("difficulty, colour", [(-2, "red"), (2, "green"), (0, None)])
def test_attribute_modifier_red_when_negative_green_when_positive(example_content, difficulty, colour):
    red, green = _modifier_pixels(example_content, difficulty)
    assert (red > 20, green > 20) == (colour == "red", colour == "green"), (red, green)


def _body(chars) -> list[Char]:
    return [c for c in chars if BODY_TOP_MM <= c.top_mm and c.bottom_mm <= BODY_TOP_MM + BODY_HEIGHT_MM]


@pytest.mark.parametrize("power", sorted(POWERS))
def test_rules_text_is_centred_in_the_body_at_its_largest_size(sheet_cards, power):
    body = _body(sheet_cards[power].chars)
    assert body, "no rules text in the body"
    top = min(c.top_mm for c in body) - BODY_TOP_MM
    bottom = BODY_TOP_MM + BODY_HEIGHT_MM - max(c.bottom_mm for c in body)
    assert abs(top - bottom) < 2.0, (top, bottom)
    if len(POWERS[power]["rules"]) < 250:
        assert min(c.size_pt for c in body) == pytest.approx(13, abs=0.05), "a short text is not shrunk"


@pytest.mark.parametrize("power", [p for p, data in sorted(POWERS.items()) if len(data["rules"]) >= 85])
def test_a_short_text_fills_the_body(sheet_cards, power):
    body = _body(sheet_cards[power].chars)
    covered = (max(c.bottom_mm for c in body) - min(c.top_mm for c in body)) / BODY_HEIGHT_MM
    assert covered >= SHORT_FILL, f"{power}: the text covers {covered:.0%} of the body"


def test_a_long_text_steps_down_and_still_fills(example_content):
    text = "Alle Modelle im Radius von 5 cm erleiden einen Treffer der Stärke 4 mit dem Effekt Brand. " * 6
    power = example_content.powers["feuerball"].model_copy(update={"rules": text})
    pdf = render_face("power", power_card(power, example_content), PAGE, MIN_PT).pdf
    document = pypdfium2.PdfDocument(pdf)
    try:
        textpage = document[0].get_textpage()
        height = document[0].get_height()
        chars = [Char(c, size, (height - box[3]) / MM, (height - box[1]) / MM, box[0] / MM)
                 for c, size, box in _chars(textpage, textpage.count_chars())]
    finally:
        document.close()
    body = _body(chars)
    sizes = {round(c.size_pt, 1) for c in body}
    assert len(sizes) == 1 and MIN_PT <= sizes.pop() < 13
    # One step down is about 7 % of the size, so about 14 % of the area a text needs, and the last line
    # of a paragraph may be short: a text that stepped down fills at least three quarters of the box.
    assert (max(c.bottom_mm for c in body) - min(c.top_mm for c in body)) / BODY_HEIGHT_MM > 0.75


def test_an_overlong_text_fails_naming_card_and_box(example_content):
    text = "Ein viel zu langer Regeltext, der auf keine Karte passt, auch nicht in kleinster Schrift. " * 20
    power = example_content.powers["feuerball"].model_copy(update={"rules": text})
    with pytest.raises(RenderError) as failure:
        render_face("power", power_card(power, example_content), PAGE, MIN_PT)
    message = str(failure.value)
    assert "card 'feuerball' (power)" in message and "box 'Regeltext'" in message, message
