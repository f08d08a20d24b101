"""A theme restyles card faces through cardgen's CSS variables: theme/cards.css for unit cards,
theme/powers.css for power cards, each only its own kind; theme templates replace cardgen's."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from cardgen.cards.power_view import power_card
from cardgen.cards.render import render_face
from cardgen.cards.view import unit_card
from cardgen.geometry import FacePage
from cardgen.project.file import load_project
from cardgen.rules.derive import derive
from cardgen.look.theme import theme_for
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

UNIT_PAGE, POWER_PAGE = FacePage(120, 80), FacePage(63, 88)
GREEN = (0, 200, 0)


def theme(root: Path, files: dict[str, str]):
    (root / "cardgen.toml").write_text("", encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return theme_for(load_project(root / "cardgen.toml"))


def pixel(pdf: bytes, x_mm: float, y_mm: float, dpi: int = 100) -> tuple[int, int, int]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return image.getpixel((round(x_mm * dpi / 25.4), round(y_mm * dpi / 25.4)))


def test_a_card_variable_set_in_the_theme_shows_on_the_card(tmp_path, small_content):
    look = theme(tmp_path, {"theme/cards.css": ":root { --cardgen-card-background: rgb(0, 200, 0); }"})
    unit = sorted(small_content.units)[0]
    card = unit_card(derive(small_content).units[unit], small_content)
    plain = render_face("front", card, UNIT_PAGE, 6.0)
    themed = render_face("front", card, UNIT_PAGE, 6.0, look)
    assert pixel(plain.pdf, 1, 1) == (255, 255, 255)
    assert pixel(themed.pdf, 1, 1) == GREEN and themed.warnings == ()
    power = power_card(small_content.powers[sorted(small_content.powers)[0]], small_content)
    assert pixel(render_face("power", power, POWER_PAGE, 6.0, look).pdf, 1, 1) == (255, 255, 255)


def test_powers_css_styles_power_cards(tmp_path, small_content):
    look = theme(tmp_path, {"theme/powers.css": ":root { --cardgen-card-background: rgb(0, 200, 0); }"})
    power = power_card(small_content.powers[sorted(small_content.powers)[0]], small_content)
    assert pixel(render_face("power", power, POWER_PAGE, 6.0, look).pdf, 1, 1) == GREEN


def test_a_theme_template_replaces_a_face_template(tmp_path, small_content):
    look = theme(tmp_path, {"theme/templates/cards/unit_back.html.j2":
                            '{% extends "face.html.j2" %}{% block face %}<p>Eigene Rückseite {{ card.name }}</p>'
                            '{% endblock %}'})
    unit = sorted(small_content.units)[0]
    card = unit_card(derive(small_content).units[unit], small_content)
    from cardgen.cards.render import face_html
    assert f"Eigene Rückseite {card.name}" in face_html("back", card, UNIT_PAGE, theme=look)
    assert "Eigene" not in face_html("front", card, UNIT_PAGE, theme=look)
