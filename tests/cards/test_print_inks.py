"""Issue 42.2: black that prints black.  In the print-shop files every piece of text meant as black
is painted DeviceCMYK 0/0/0/100 (``templates/cards/print.css``), never RGB near-black (a RIP makes
four-colour black of it); the home sheets stay RGB.  Read from the PDFs: every text-showing and
path-painting operator of the pages and the forms they draw (``inks.py``)."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards.power_view import power_card
from cardgen.cards.render import face_html, render_face
from cardgen.geometry import FacePage
from cardgen.look.theme import Theme

from .inks import K_ONLY, is_near_black, painted

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

THEME_INK = ("DeviceRGB", (27 / 255,) * 3)     # card.css's --cardgen-text and --cardgen-frame, #1b1b1b


def _paints(path) -> list[tuple[str, tuple[str, tuple[float, ...]]]]:
    """(what, colour) of every text and path paint of the file's pages, colours rounded."""
    found = []
    with pikepdf.open(path) as document:
        for page in document.pages:
            for what, ink in painted(page.obj):
                space, values = ink.stroke if what == "stroke" else ink.fill
                found.append((what, (space, tuple(round(v, 4) for v in values))))
    return found


def _rounded(colour: tuple[str, tuple[float, ...]]) -> tuple[str, tuple[float, ...]]:
    return colour[0], tuple(round(v, 4) for v in colour[1])


def test_print_shop_text_meant_as_black_is_cmyk_k_only(print_shop_build):
    code, _, err, folder = print_shop_build
    assert code == 0, err
    paths = sorted((folder / "print-shop").glob("*.pdf"))
    assert len(paths) >= 5, paths                      # the three face files and the two press sheets
    for path in paths:
        paints = _paints(path)
        texts = [colour for what, colour in paints if what == "text"]
        assert texts.count(K_ONLY) >= 5, (path.name, texts[:5])
        assert [c for c in texts if is_near_black(c) and c != K_ONLY] == [], path.name
        assert _rounded(THEME_INK) not in {colour for _, colour in paints}, path.name   # no rule in RGB ink


def test_home_sheets_stay_rgb(print_shop_build):
    code, _, err, folder = print_shop_build
    assert code == 0, err
    for name in ("cards.pdf", "powers.pdf"):
        paints = _paints(folder / name)
        assert not [colour for _, colour in paints if colour[0] == "DeviceCMYK"], name
        assert ("text", _rounded(THEME_INK)) in paints, name


def test_a_theme_gives_its_own_print_black(tmp_path, small_content):
    """``--cardgen-text-print`` in the theme's stylesheet is the print-shop faces' text colour."""
    sheet = tmp_path / "powers.css"
    sheet.write_text(":root { --cardgen-text-print: device-cmyk(0 0 0 0.9); }\n")
    theme = Theme(roots=(tmp_path,), css=(("powers", (sheet,)),))
    content = small_content
    card = power_card(content.powers[sorted(content.powers)[0]], content)
    page = FacePage(63, 88, 3)
    html = face_html("power", card, page, theme=theme, press=True)
    assert html.index("print.css") < html.index(sheet.as_uri())      # the theme's sheet after print.css
    assert "print.css" not in face_html("power", card, page, theme=theme)
    pdf = render_face("power", card, page, 6.0, theme, press=True).pdf
    with pikepdf.open(io.BytesIO(pdf)) as document:
        texts = [ink.fill for what, ink in painted(document.pages[0].obj) if what == "text"]
    assert ("DeviceCMYK", (0.0, 0.0, 0.0, 0.9)) in [_rounded(c) for c in texts]
    assert K_ONLY not in texts
