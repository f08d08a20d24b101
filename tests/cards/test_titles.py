"""Issue 42.7: power cards' titles in one size per printed page, and the school's watermark never under
the rules text (cardgen.cards.titles, templates/cards/power.*).

Read from the example build's PDFs: the characters of each card's title (the band's name, its stars
left out) have one size on every page of ``powers.pdf`` and of the group sheets; on every power face
the watermark's box (a form drawn inside the face) meets none of the face's text lines."""

from __future__ import annotations

import ctypes
import json
import math
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium
import pytest

from cardgen.build.cache import Cache
from cardgen.cards.faces import STEPS, FaceStore
from cardgen.cards.planning import FaceJob
from cardgen.cards.power_view import power_card
from cardgen.cards.render import render_face
from cardgen.cards.sheetlayout import best_sheet
from cardgen.cards.titles import TITLE, needs_evening, page_steps, titled
from cardgen.geometry import FacePage, SheetOptions

from .conftest import EXAMPLE, MM, load_yaml
from .test_theme_cards import theme

POWERS = load_yaml(EXAMPLE, "powers")
PAGE = FacePage(63, 88)
TITLE_BOX_MM = (14.0, 3.0, 49.0, 18.0)   # the title box: the band (y 3–18) between crest and points (x 14–49)


def _job(owner: str) -> FaceJob:
    return FaceJob(owner, "power", None, PAGE, 6.0, f"key-{owner}")


def test_a_page_takes_the_highest_step_of_its_titles():
    natural = {"a": 0, "b": 3, "c": 1, "d": 0, "e": 0}
    assert page_steps(["a", "b", "c", "d", "e"], 3, natural) == {"a": 3, "b": 3, "c": 3, "d": 0, "e": 0}
    assert page_steps(["a", "d"], 9, natural) == {"a": 0, "d": 0}


def test_a_title_evened_out_is_a_face_of_its_own():
    job = _job("a")
    assert titled(job, 2, 2) is job and titled(job, 0, 0) is job, "a title that ends there alone: the card's own face"
    raised = titled(job, 3, 1)
    assert raised.start == ((TITLE, 3),) and raised.key not in (job.key, titled(job, 2, 1).key)
    assert raised.record_name != job.record_name, "both kept in the cache: the manifest names them apart"
    assert raised.started == ", title at step 3" and job.started == ""


def test_only_titles_that_ended_at_different_steps_need_evening(tmp_path):
    faces = FaceStore(Cache(tmp_path))
    jobs = [_job("a"), _job("b")]
    faces.steps = {"key-a": {}, "key-b": {"Regeltext": 2}}
    assert not needs_evening(faces, jobs)
    faces.steps["key-b"][TITLE] = 1
    assert needs_evening(faces, jobs)


@pytest.mark.pdf
def test_the_authors_stylesheet_decides_what_a_step_means(tmp_path, example_content):
    """A title started at step 3 is only the class fit-3: a theme that sets that step to the full size wins."""
    look = theme(tmp_path, {"theme/powers.css": ".band .titlebox > .fit-3 { font-size: 100%; }"})
    card = power_card(example_content.powers["erdstoß"], example_content)
    plain = render_face("power", card, PAGE, 6.0, look)
    started = render_face("power", card, PAGE, 6.0, look, start=((TITLE, 3),))
    assert started.steps == ((TITLE, 3),) and plain.steps == ()
    assert _title_sizes(started.pdf) == _title_sizes(plain.pdf) == {12.0}
    assert _title_sizes(render_face("power", card, PAGE, 6.0, start=((TITLE, 3),)).pdf) == {9.6}


@dataclass(frozen=True)
class Printed:
    """One character as printed: its size (pt) and its glyph box (PDF points, origin bottom left)."""

    char: str
    size: float
    box: tuple[float, float, float, float]


def _printed(page) -> list[Printed]:
    textpage = page.get_textpage()
    found = []
    for i in range(textpage.count_chars()):
        char = chr(pdfium.FPDFText_GetUnicode(textpage, i))
        if char.strip() and not pdfium.FPDFText_IsGenerated(textpage, i):
            matrix = pdfium.FS_MATRIX()
            pdfium.FPDFText_GetMatrix(textpage, i, ctypes.byref(matrix))
            size = pdfium.FPDFText_GetFontSize(textpage, i) * math.hypot(matrix.c, matrix.d)
            found.append(Printed(char, round(size, 1), textpage.get_charbox(i)))
    return found


def _in_title(char: Printed, left: float, top: float) -> bool:
    x, y = (char.box[0] + char.box[2]) / 2 - left, top - (char.box[1] + char.box[3]) / 2
    x0, y0, x1, y1 = (v * MM for v in TITLE_BOX_MM)
    return x0 <= x <= x1 and y0 <= y <= y1 and char.char != "★"


def _title_sizes(pdf: bytes) -> set[float]:
    """The sizes of a single face's title characters."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        return {c.size for c in _printed(page) if _in_title(c, 0, page.get_height())}
    finally:
        document.close()


def _titles_by_page(path) -> list[dict[str, set[float]]]:
    """Per page of an imposed PDF: each power card's name (from its title box) → the sizes of its title."""
    names = {p["name"].replace(" ", ""): pid for pid, p in POWERS.items()}
    sheet = best_sheet(PAGE, SheetOptions())
    pages = []
    document = pypdfium2.PdfDocument(str(path))
    try:
        for page in document:
            chars, titles = _printed(page), {}
            for slot in sheet.slots:
                mine = [c for c in chars if _in_title(c, slot.trim.left, slot.trim.bottom + slot.trim.height)]
                power = names.get("".join(c.char for c in mine))
                if power:
                    titles[power] = {c.size for c in mine}
            pages.append(titles)
    finally:
        document.close()
    return pages


@pytest.mark.pdf
def test_the_examples_titles_need_evening(example_build):
    """Alone, the example's titles fit at different steps (kept beside the cached faces): else the tests
    below could not fail."""
    steps = {json.loads(path.read_text().partition("\n")[2]).get(TITLE, 0)
             for path in (example_build.out / ".cache" / "faces").glob(f"*{STEPS}")}
    assert len(steps) > 1, steps


@pytest.mark.pdf
def test_every_title_on_a_page_of_powers_pdf_has_one_size(example_build):
    pages = _titles_by_page(example_build.out / "powers.pdf")
    assert sorted(p for page in pages for p in page) == sorted(POWERS), "every power's title read once"
    for number, titles in enumerate(pages, 1):
        sizes = set().union(*titles.values())
        assert len(sizes) == 1, f"page {number}: {titles}"


@pytest.mark.pdf
def test_every_title_on_a_page_of_a_group_sheet_has_one_size(example_build):
    read = 0
    for path in sorted((example_build.out / "groups").glob("*.pdf")):
        for number, titles in enumerate(_titles_by_page(path), 1):
            read += len(titles)
            assert len(set().union(*titles.values())) <= 1, f"{path.name} page {number}: {titles}"
    assert read >= 2, "the example's group sheets show power cards"


def _faces(page) -> list[list]:
    """The objects drawn inside each form of a page (a placed face; the sheet's own page is one too):
    their boxes are in the face's own coordinates."""
    faces: list[list] = []
    for obj in page.get_objects(max_depth=2):
        if obj.level == 0:
            faces.append([])
        elif obj.level == 1 and faces:
            faces[-1].append(obj)
    return faces


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.pdf
def test_the_watermark_lies_under_no_line_of_text(example_build):
    """On every power card of powers.pdf: the watermark (the one form inside a face, the school's icon
    drawn with its opacity) meets no text line's box -- the rules text's, nor any other."""
    document = pypdfium2.PdfDocument(str(example_build.out / "powers.pdf"))
    marks = 0
    try:
        for page in document:
            for inside in _faces(page):
                forms = [o.get_bounds() for o in inside if o.type == pdfium.FPDF_PAGEOBJ_FORM]
                lines = [o.get_bounds() for o in inside if o.type == pdfium.FPDF_PAGEOBJ_TEXT]
                assert len(forms) <= 1
                for mark in forms:
                    marks += 1
                    assert (mark[3] - mark[1]) > 3 * MM, "the watermark shows (more than 3 mm tall)"
                    hit = [line for line in lines if _overlap(mark, line)]
                    assert not hit, (mark, hit)
    finally:
        document.close()
    with_icon = load_yaml(EXAMPLE, "schools")
    assert marks == sum(1 for p in POWERS.values() if with_icon[p["school"]].get("icon")), marks
