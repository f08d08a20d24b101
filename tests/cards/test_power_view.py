"""Acceptance 5: power cards: title colour by WCAG contrast, the footer."""

from __future__ import annotations

import dataclasses
import re

import pypdfium2
import pytest

from cardgen.cards.power_view import power_card
from cardgen.cards.render import face_html, render_face
from cardgen.geometry import FacePage
from cardgen.rules.colour import text_colour

from .conftest import flat, pdf_text

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

POWER_PAGE = FacePage(63, 88)


def _title_pixels(pdf: bytes, dpi=200):
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    px = dpi / 25.4
    # the title band (y 3–18 mm), between the school icon on the left and the points on the right
    box = (round(15 * px), round(4 * px), round(48 * px), round(17 * px))
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


def test_power_card_holds_name_school_points_use_rules_and_footer(small_content):
    card = power_card(small_content.powers["gedankenblitz"], small_content)
    text = flat(pdf_text(render_face("power", card, POWER_PAGE, 6.0).pdf))
    for part in ("Gedankenblitz", "Geist", "35 pkt", "Sichtlinie", "Das Ziel erleidet einen Schock.",
                 "⊙", "EH −1", "2", "40 cm"):
        assert part in text, part


def test_power_footer_cells(small_content):
    """Six cells in the figure's order; the words behind each icon are its label."""
    footer = power_card(small_content.powers["gedankenblitz"], small_content).footer
    assert [c.kind for c in footer] == ["ap", "attribute", "tp", "target", "range", "duration"]
    assert [c.label for c in footer] == ["3 AP", "Probe auf EH −1", "2 TP-Verlust bei Misslingen", "Ziel: Modell",
                                         "Reichweite: Distanz 40 cm", "Dauer: Instantan"]
    ap, attribute, tp, _, reach, _ = footer
    assert (ap.value, ap.unit) == ("3", "⊙")
    assert (attribute.value, attribute.modifier, attribute.tone) == ("EH", "−1", "negative")
    assert (tp.value, tp.tone, tp.icon.uri.endswith("sch%C3%A4del.svg")) == ("2", "misslingen", True)
    assert (reach.value, reach.unit) == ("40", "cm")


def test_tp_loss_automatic_prints_the_filled_skull(small_content):
    power = small_content.powers["gedankenblitz"].model_copy(update={"tp_loss": 1, "tp_loss_when": "immer"})
    tp = power_card(power, small_content).footer[2]
    assert tp.tone == "immer" and tp.icon.uri.endswith("sch%C3%A4del_immer.svg")


def test_no_tp_loss_prints_a_dash_and_no_skull(small_content):
    """Issue 30.9: a grey skull with "0" read as "costs TP"; the figure's skull carries a loss, so a
    power without one prints "—" in its cell (the cell stays, the footer keeps the figure's six)."""
    power = small_content.powers["gedankenblitz"].model_copy(update={"tp_loss": 0})
    card = power_card(power, small_content)
    tp = card.footer[2]
    assert (tp.value, tp.icon, tp.tone, tp.label) == ("—", None, "none", "kein TP-Verlust")
    html = face_html("power", card, POWER_PAGE)
    assert "sch%C3%A4del" not in html and 'class="skull"' not in html
    text = pdf_text(render_face("power", card, POWER_PAGE, 6.0).pdf)
    assert re.search(r"^3 ⊙ EH −1 —$", text, re.M), text               # the footer row: AP, roll, "—"


def test_level_gives_stars_and_no_level_none(small_content):
    power = small_content.powers["gedankenblitz"]
    assert power_card(power, small_content).level == 0
    starred = power_card(power.model_copy(update={"level": 3}), small_content)
    assert starred.level == 3
    assert face_html("power", starred, POWER_PAGE).count("★") == 3
    assert "★" not in face_html("power", power_card(power, small_content), POWER_PAGE)


def test_a_number_keeps_its_unit_on_one_line(small_content):
    power = small_content.powers["gedankenblitz"].model_copy(update={"rules": "Im Radius von 5 cm: 2 TP."})
    assert power_card(power, small_content).rules == ("Im Radius von 5\u00a0cm: 2\u00a0TP.",)


@pytest.mark.parametrize("use, label", [(None, "Sichtlinie"), ("sichtlinie", "Sichtlinie"),
                                        ("durch_gelände", "Durch Gelände")])
def test_power_card_prints_its_use(small_content, use, label):
    power = small_content.powers["gedankenblitz"]
    if use is not None:
        power = power.model_copy(update={"use": use})
    card = power_card(power, small_content)
    assert card.use == label
    html = face_html("power", card, POWER_PAGE)
    assert f'<span class="nutzung">{label}</span>' in html
    if use == "durch_gelände":
        assert "Sichtlinie" not in html
        assert label in flat(pdf_text(render_face("power", card, POWER_PAGE, 6.0).pdf))
