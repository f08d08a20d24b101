"""Admonitions on the printed page: the family colours (sampled from the rendered bars), no word
cardgen adds by default, and the labels a theme switches on."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from cardgen.project.file import load_project
from cardgen.rulebook.build import build_rulebook
from cardgen.look.theme import theme_for

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

BOXES = """\
!!! check Zäh
    Positiv.

!!! fail Langsam
    Negativ.
"""
WORDLESS = """\
!!! danger Vorrücken - 1 ⊙
    Das Modell rückt vor.

!!! warning Ausweichen - 1 ⊙
    Das Modell weicht aus.

!!! info
    Ohne Titel.

!!! note ""
    Leerer Titel.
"""
ADDED = ("Aktion", "Reaktion", "Info", "Note", "Danger", "Warning")


def render(root: Path, text: str, theme_css: str | None = None) -> bytes:
    """The PDF of the rulebook ``text``, in a project whose theme is ``theme_css`` (if given)."""
    source = root / "Regeln" / "Regeln.md"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(text, encoding="utf-8")
    (root / "cardgen.toml").write_text("", encoding="utf-8")
    if theme_css is not None:
        (root / "theme").mkdir(exist_ok=True)
        (root / "theme" / "rulebook.css").write_text(theme_css, encoding="utf-8")
    project = load_project(root / "cardgen.toml")
    result = build_rulebook(source, root / "out.pdf", write=False, project=project, theme=theme_for(project))
    assert result.warnings == [] and result.pdf_warnings == ()
    return result.pdf


def bar_colours(pdf: bytes) -> list[tuple[int, int, int]]:
    """The colour of each admonition's left bar on page 1, top to bottom: the leftmost printed
    column of the page is the bars' (the text sits right of them), each run of it one bar."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=60 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    width, height = image.size
    x = min(x for x in range(width) for y in range(0, height, 2) if min(image.getpixel((x, y))) < 200) + 1
    column = [image.getpixel((x, y)) for y in range(height)]
    runs, start = [], None
    for y, pixel in enumerate([*column, (255, 255, 255)]):
        if min(pixel) < 200 and start is None:
            start = y
        elif min(pixel) >= 200 and start is not None:
            runs.append(column[(start + y) // 2])
            start = None
    return runs


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_check_box_is_green_and_a_fail_box_red(tmp_path):
    (check_red, check_green, check_blue), (fail_red, fail_green, fail_blue) = bar_colours(render(tmp_path, BOXES))
    assert check_green > check_red + 100 and check_green > check_blue + 60
    assert fail_red > fail_green + 100 and fail_red > fail_blue + 60


def test_a_theme_changes_a_family_colour(tmp_path):
    css = ":root { --cardgen-admonition-success-color: rgb(0, 0, 255); }"
    check, fail = bar_colours(render(tmp_path, BOXES, css))
    assert check == (0, 0, 255) and fail[0] > fail[1] + 100


def test_cardgen_adds_no_words_to_the_boxes(tmp_path):
    text = text_of(render(tmp_path, WORDLESS))
    assert "Vorrücken - 1 ⊙" in text and "Ohne Titel." in text
    assert [word for word in ADDED if word in text] == []


def test_a_theme_switches_labels_on(tmp_path):
    css = (':root { --cardgen-admonition-danger-label: "Aktion"; --cardgen-admonition-warning-label: "Reaktion";'
           ' --cardgen-admonition-info-label: "Info"; }')
    text = text_of(render(tmp_path, WORDLESS, css))
    assert [word for word in ADDED if word in text] == ["Aktion", "Reaktion", "Info"]


TITLE_ONLY = """\
!!! danger Zauber wirken - 2 ⊙

    !!! TODO

!!! warning Abwehr
    TODO Kosten festlegen

!!! note Mit Inhalt
    Ein Satz.
"""


def bars_and_title_bands(pdf: bytes, scale: float = 2.0) -> list[tuple[float, float]]:
    """Page 1, box by box top to bottom: (height of its left bar, height of the tinted band at its top
    edge -- title bar and the borders touching it), in points, measured in the rendered page."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()
    width, height = image.size
    x = min(x for x in range(width) for y in range(0, height, 2) if min(image.getpixel((x, y))) < 200) + 1
    inside = x + round(5 * scale)                       # right of the 4 pt bar, left of the title's icon
    found = []
    y = 0
    while y < height:
        if min(image.getpixel((x, y))) >= 200:
            y += 1
            continue
        top = y
        while y < height and min(image.getpixel((x, y))) < 200:
            y += 1
        band = top
        while band < y and min(image.getpixel((inside, band))) < 250:
            band += 1
        found.append(((y - top) / scale, (band - top) / scale))
    return found


def test_a_box_whose_whole_body_was_a_todo_is_its_title_bar_alone(tmp_path):
    """Issue 41, point 8: no empty band under the title of a box whose body was hidden (a nested
    ``!!! TODO`` box, a TODO paragraph); a box with a body keeps its band (the measure's control)."""
    pdf = render(tmp_path, TITLE_ONLY)
    text = text_of(pdf)
    assert "Zauber wirken" in text and "Abwehr" in text and "TODO" not in text
    (spell_bar, spell_band), (guard_bar, guard_band), (body_bar, body_band) = bars_and_title_bands(pdf)
    assert spell_bar - spell_band <= 1.5 and guard_bar - guard_band <= 1.5
    assert body_bar - body_band > 10
