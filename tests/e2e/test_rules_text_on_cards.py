"""Issue 30.4: rules text's inline Markdown prints formatted on a card -- bold, italic, an icon, a link as
its text -- never as raw marks; the same text the rulebook formats (cardgen.richtext)."""

from __future__ import annotations

import io
import shutil

import pikepdf
import pytest
import yaml
from pypdf import PdfReader

from cardgen.cards.power_view import power_card
from cardgen.cards.render import render_face
from cardgen.cards.view import unit_card
from cardgen.geometry import FacePage
from cardgen.rules.derive import derive
from cardgen.stages import load_content
from tests.cards.conftest import SMALL

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

RULES = ("Bis Rundenende **NK +2**; danach _erschöpft_, siehe [Brennen](#brennen) "
         "![Brennen](Grafiken/Marker/brennen.svg) und ~~alt~~.")


def _content(tmp_path, rules: str = RULES):
    root = shutil.copytree(SMALL, tmp_path / "content", dirs_exist_ok=True)
    for kind, name in (("traits", "rausch"), ("powers", "gedankenblitz")):
        path = root / kind / f"{name}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        path.write_text(yaml.safe_dump({**data, "rules": rules}, allow_unicode=True), encoding="utf-8")
    return load_content(root)


def _words(pdf: bytes) -> tuple[str, dict[str, set[str]], int]:
    """The page's text, the fonts each word is set in (pypdf's text visitor: each run of text with its
    font's /BaseFont) and the number of curve segments the page draws."""
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    fonts: dict[str, set[str]] = {}

    def visit(text, cm, tm, font, size):
        for word in text.split():
            fonts.setdefault(word.strip(".,;"), set()).add(str((font or {}).get("/BaseFont", "")))
    text = page.extract_text(visitor_text=visit)
    return text, fonts, _paths(pdf)


def _paths(pdf: bytes) -> int:
    """How many curve segments the page draws (an SVG icon is drawn inline as paths; the card's own
    lines and boxes are straight)."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(1 for _, operator in pikepdf.parse_content_stream(document.pages[0]) if str(operator) == "c")


@pytest.mark.parametrize("kind", ["back", "power"])
def test_marks_print_as_formatting_not_as_characters(tmp_path, kind):
    content = _content(tmp_path)
    card = (unit_card(derive(content).units["probe"], content) if kind == "back"
            else power_card(content.powers["gedankenblitz"], content))
    page = FacePage(120, 80) if kind == "back" else FacePage(63, 88)
    plain = render_face(kind, card, page, 6.0)
    text, fonts, _ = _words(plain.pdf)
    flat = " ".join(text.split())
    for raw in ("**", "_erschöpft_", "[Brennen]", "](#", "~~", "!["):
        assert raw not in flat
    assert "Brennen" in flat and "alt" in flat
    assert any("Bold" in f for f in fonts["NK"]) and any("Bold" in f for f in fonts["+2"])
    assert any("Oblique" in f or "Italic" in f for f in fonts["erschöpft"])
    assert not any("Bold" in f or "Oblique" in f for f in fonts["Bis"] | fonts["Brennen"])   # the link: plain


def test_the_icon_is_drawn_on_the_back(tmp_path):
    """The icon of the icon set is on the page: it draws curves the same text without it does not."""
    content = _content(tmp_path)
    with_icon = render_face("back", unit_card(derive(content).units["probe"], content), FacePage(120, 80), 6.0)
    content = _content(tmp_path, RULES.replace("![Brennen](Grafiken/Marker/brennen.svg) ", ""))
    without = render_face("back", unit_card(derive(content).units["probe"], content), FacePage(120, 80), 6.0)
    assert _words(with_icon.pdf)[2] > _words(without.pdf)[2]
