"""Issue 29, points 1 and 2, on the sample repository (tests/fixtures/rulebook-repo): every admonition
type of Markdown Extended in Regeln/Eigenschaften.md prints in its family's colour -- sampled from the
rendered pages, box by box in source order -- and the PDF holds no word the source does not (no
"Aktion", "Reaktion", "Info" of cardgen's own)."""

from __future__ import annotations

import contextlib
import io
import re

import pypdfium2
import pytest
from pypdf import PdfReader

from cardgen.commands.main import main
from cardgen.rulebook.admonition import KINDS
from tests.e2e.rulebook_repo import make_rulebook_repo

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

# The families' colours of cardgen's rulebook theme (cardgen/templates/rulebook/book.css), as
# Markdown Extended drew them; the heading bar of the sample's markdown.css is the one other colour
# in the pages' left column.
FAMILY_COLOURS = {
    "note": "#448aff", "abstract": "#00b0ff", "info": "#00b8d4", "tip": "#00bfa5", "success": "#00c853",
    "question": "#64dd17", "warning": "#ff9100", "failure": "#ff5252", "danger": "#ff1744", "bug": "#ff1744",
    "example": "#00b8d4", "quote": "#9e9e9e",
}
HEADING_BAR = (0x20, 0x2A, 0x44)
BOX = re.compile(r"^!!! (\w+)", re.M)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def near(a, b, tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.fixture(scope="module")
def eigenschaften(tmp_path_factory) -> tuple[str, bytes]:
    """The sample's Eigenschaften.md and its PDF, built by ``cardgen rulebook`` from the repository root."""
    repo = make_rulebook_repo(tmp_path_factory.mktemp("repo") / "repo")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(repo)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main(["rulebook", "Regeln/Eigenschaften.md"])
    assert code == 0, err.getvalue()
    return ((repo / "Regeln" / "Eigenschaften.md").read_text(encoding="utf-8"),
            (repo / "build" / "rulebooks" / "Regeln" / "Eigenschaften.pdf").read_bytes())


def left_column_runs(pdf: bytes) -> list[tuple[int, int, int]]:
    """Page by page after the title page, the colour of each run of ink in the leftmost printed column
    of the text (the boxes' bars and the heading bars start there), top to bottom."""
    document = pypdfium2.PdfDocument(pdf)
    runs = []
    try:
        for page in list(document)[1:]:
            image = page.render(scale=60 / 72).to_pil().convert("RGB")
            width, height = image.size
            inked = [x for x in range(width) for y in range(0, int(height * 0.9), 2)
                     if min(image.getpixel((x, y))) < 200]
            if not inked:
                continue
            column = [image.getpixel((min(inked) + 1, y)) for y in range(int(height * 0.9))]
            start = None
            for y, pixel in enumerate([*column, (255, 255, 255)]):
                if min(pixel) < 230 and start is None:
                    start = y
                elif min(pixel) >= 230 and start is not None:
                    runs.append(column[(start + y) // 2])
                    start = None
    finally:
        document.close()
    return runs


def test_every_box_prints_in_its_familys_colour(eigenschaften):
    source, pdf = eigenschaften
    kinds = [kind for kind in BOX.findall(source) if kind.lower() != "todo"]     # a todo box is a TODO note
    assert {KINDS[k] for k in kinds} == set(FAMILY_COLOURS)                       # every family is there
    bars = [colour for colour in left_column_runs(pdf) if not near(colour, HEADING_BAR, 30)]
    assert len(bars) == len(kinds), bars
    wrong = [(kind, colour) for kind, colour in zip(kinds, bars) if not near(colour, rgb(FAMILY_COLOURS[KINDS[kind]]))]
    assert wrong == []


def test_check_cite_and_fail_are_green_grey_and_red(eigenschaften):
    source, pdf = eigenschaften
    bars = [colour for colour in left_column_runs(pdf) if not near(colour, HEADING_BAR, 30)]
    check, cite, fail = bars[0], bars[3], bars[5]               # the source's first check, cite and fail
    assert check[1] > check[0] + 100 and check[1] > check[2] + 60
    assert max(cite) - min(cite) < 12 and 120 < cite[0] < 200
    assert fail[0] > fail[1] + 100 and fail[0] > fail[2] + 60


def test_no_word_in_the_pdf_that_is_not_in_the_source(eigenschaften):
    source, pdf = eigenschaften
    written = set(re.findall(r"[\wäöüÄÖÜß+]+", source))
    printed = set(re.findall(r"[\wäöüÄÖÜß+]+", "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)))
    added = {word for word in printed - written if not word.isdigit()}          # page numbers are the footer's
    assert added == set()
    assert "Offen" not in printed                                                # the todo box is hidden
