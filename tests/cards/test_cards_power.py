"""Acceptance 5: power cards: title colour by WCAG contrast, the footer."""

from __future__ import annotations

import dataclasses

import pypdfium2
import pytest

from cardgen.cards.power_view import power_card
from cardgen.cards.render import face_html, render_face
from cardgen.geometry import FacePage
from cardgen.rules.colour import text_colour

from .conftest import flat, pdf_text

POWER_PAGE = FacePage(63, 88)


@pytest.mark.parametrize("background,expected", [
    ("#000000", "#ffffff"), ("#ffffff", "#000000"), ("#7a1f1f", "#ffffff"), ("#f2d16b", "#000000"),
    ("#336699", "#ffffff"), ("#ffff00", "#000000"),
    # mid greys at the crossover (luminance ≈ 0.179): #757575 contrasts 4.61 with white, 4.56 with black
    ("#757575", "#ffffff"), ("#767676", "#000000"), ("#808080", "#000000"), ("#6a6a6a", "#ffffff"),
])
def test_text_colour_by_wcag_contrast(background, expected):
    assert text_colour(background) == expected


def _title_pixels(pdf: bytes, dpi=200):
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    px = dpi / 25.4
    # the title bar: 3 mm margin, 11 mm high; left part only (the school icon sits on the right)
    box = (round(5 * px), round(4 * px), round(35 * px), round(13 * px))
    crop = image.crop(box)
    return [crop.getpixel((x, y)) for x in range(crop.width) for y in range(crop.height)]


@pytest.mark.parametrize("colour", ["#7a1f1f", "#f2d16b", "#202060", "#c0e0ff"])
def test_power_title_in_contrasting_colour(small_content, colour):
    power = small_content.powers["gedankenblitz"]
    card = dataclasses.replace(power_card(power, small_content), colour=colour, text_colour=text_colour(colour))
    html = face_html("power", card, POWER_PAGE)
    assert text_colour(colour) in html
    pixels = _title_pixels(render_face("power", card, POWER_PAGE, 6.0).pdf)
    white = sum(1 for p in pixels if min(p) > 230)
    black = sum(1 for p in pixels if max(p) < 50)
    if text_colour(colour) == "#ffffff":
        assert white > 40 and black == 0, (white, black)
    else:
        assert black > 40 and white == 0, (white, black)


def test_power_view_uses_text_colour_of_school(small_content):
    card = power_card(small_content.powers["gedankenblitz"], small_content)
    assert (card.colour, card.text_colour) == ("#f2d16b", "#000000")


def test_power_footer_holds_cost_attribute_loss_target_range_duration(small_content):
    card = power_card(small_content.powers["gedankenblitz"], small_content)
    text = flat(pdf_text(render_face("power", card, POWER_PAGE, 6.0).pdf))
    for part in ("Gedankenblitz", "Geist", "35 P", "Das Ziel erleidet einen Schock.", "3 AP", "EH −1",
                 "2 TP bei Misslingen", "Modell", "Distanz 40 cm", "Instantan"):
        assert part in text, part


@pytest.mark.parametrize("use, label", [(None, "Sichtlinie"), ("sichtlinie", "Sichtlinie"),
                                        ("durch_gelände", "Durch Gelände")])
def test_power_card_prints_its_use(small_content, use, label):
    power = small_content.powers["gedankenblitz"]
    if use is not None:
        power = power.model_copy(update={"use": use})
    card = power_card(power, small_content)
    assert card.use == label
    html = face_html("power", card, POWER_PAGE)
    assert f'<div class="school">Geist · 35 P · {label}</div>' in html
    if use == "durch_gelände":
        assert "Sichtlinie" not in html
        assert label in flat(pdf_text(render_face("power", card, POWER_PAGE, 6.0).pdf))
