"""``{{ card: ID }}``: the card stage's own face, drawn into the rulebook, with its numbered markers.

The example rulebook (built once per session by ``example_build``) shows
``feldleutnant`` with callouts, its back and the power card ``feuerball``.
Its PDF is read back: the face is a form XObject of the card's size, the
card's own words are in the rulebook, and every marker 1-16 lies next to the
element it names -- found by reading the face's own PDF (the cached face
the cards were imposed from) and mapping its words onto the figure.
"""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest

from cardgen.build.run import build
from cardgen.cards.figures import standalone_faces
from cardgen.geometry import mm_to_pt
from cardgen.project.file import Project
from cardgen.rulebook.build import build_rulebook
from cardgen.rulebook.document import read_document
from cardgen.rulebook.lists import unit_points
from cardgen.stages import load_content
from cardgen.look.theme import Theme
from conftest import PROJECT

pytestmark = [pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)"),
              pytest.mark.pdf]          # renders PDFs (make test-fast leaves it out)

RULEBOOK = "rulebooks/rulebook/Regeln.pdf"
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
MARKER_PT = 18          # a marker (1.6em at 9pt plus its border) sits just outside its edge: this far at most


@dataclass(frozen=True)
class Word:
    text: str
    x: float            # centre, in pt from the page's top left
    y: float


@dataclass(frozen=True)
class Figure:
    """A card face drawn on a page: its rectangle (pt, from the page's top left) and its PDF."""

    page: int           # from 1
    left: float
    top: float
    width: float
    height: float
    face: bytes


def words(pdf: Path | bytes, page: int = 1) -> list[Word]:
    """Every word of ``page`` with its centre (``pdftotext -bbox``)."""
    source = ["-"] if isinstance(pdf, bytes) else [str(pdf)]
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), *source, "-"], check=True,
                         capture_output=True, input=pdf if isinstance(pdf, bytes) else None).stdout.decode()
    return [Word(html.unescape(m[5]), (float(m[1]) + float(m[3])) / 2, (float(m[2]) + float(m[4])) / 2)
            for m in _WORD.finditer(out)]


def figures(pdf: Path) -> list[Figure]:
    """Every card face drawn into the rulebook: the ``/Card…`` forms each page draws, where, how large."""
    found = []
    with pikepdf.open(pdf) as book:
        for number, page in enumerate(book.pages, start=1):
            forms = {str(name): form for name, form in page.resources.get("/XObject", {}).items()
                     if str(name).startswith("/Card")}
            height = float(page.mediabox[3])
            matrix = None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = [float(v) for v in operands]
                elif str(operator) == "Do" and str(operands[0]) in forms:
                    form = forms[str(operands[0])]
                    x0, y0, x1, y1 = (float(v) for v in form.BBox)
                    a, _, _, d, e, f = matrix
                    found.append(Figure(number, e + a * x0, height - (f + d * y1), a * (x1 - x0), d * (y1 - y0),
                                        face_pdf(form)))
    return found


def face_pdf(form: pikepdf.Object) -> bytes:
    """A form XObject back as a one-page PDF (to read its words where the face has them)."""
    out = pikepdf.Pdf.new()
    x0, y0, x1, y1 = (float(v) for v in form.BBox)
    page = out.add_blank_page(page_size=(x1 - x0, y1 - y0))
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(F=out.copy_foreign(form)))
    page.obj.Contents = out.make_stream(f"q 1 0 0 1 {-x0:.4f} {-y0:.4f} cm /F Do Q".encode())
    buffer = io.BytesIO()
    out.save(buffer)
    return buffer.getvalue()


def face_words_on_page(figure: Figure) -> list[Word]:
    """The words of the face, where the figure puts them on the rulebook page."""
    face = words(figure.face)
    with pikepdf.open(io.BytesIO(figure.face)) as pdf:
        width = float(pdf.pages[0].mediabox[2])
    scale = figure.width / width
    return [Word(w.text, figure.left + scale * w.x, figure.top + scale * w.y) for w in face]


def markers(pdf: Path, figure: Figure) -> dict[str, Word]:
    """The words on the figure that the face does not print: the callout markers, by number."""
    face = Counter((w.text, round(w.x / 3), round(w.y / 3)) for w in face_words_on_page(figure))
    found = {}
    for word in words(pdf, figure.page):
        key = (word.text, round(word.x / 3), round(word.y / 3))
        if face[key]:
            face[key] -= 1
        elif word.text.isdigit() and _near_rect(word, figure, MARKER_PT):
            found[word.text] = word
    return found


def _near_rect(word: Word, figure: Figure, margin: float) -> bool:
    return (figure.left - margin <= word.x <= figure.left + figure.width + margin
            and figure.top - margin <= word.y <= figure.top + figure.height + margin)


def first(found: list[Word], text: str) -> Word:
    return next(w for w in found if w.text == text)


@pytest.fixture(scope="module")
def rulebook(example_build) -> Path:
    return example_build.out / RULEBOOK


@pytest.fixture(scope="module")
def unit_figure(rulebook) -> Figure:
    return figures(rulebook)[0]


def test_the_unit_card_is_a_form_of_the_cards_size_at_the_placeholder(rulebook, unit_figure):
    found = figures(rulebook)
    assert len(found) == 5                  # feldleutnant front and back, feuerball, sturmtruppe both sides
    front, back, power = found[:3]
    both_front, both_back = sorted(found[3:], key=lambda figure: figure.left)
    assert (front.width, front.height) == pytest.approx((mm_to_pt(120), mm_to_pt(80)), abs=0.05)   # 100 %
    assert back.page == front.page + 1 or back.page == front.page
    assert back.width == pytest.approx(0.8 * 481.89, abs=1)     # width=80% of the text column (A4, 1.5 cm margins)
    assert (power.width, power.height) == pytest.approx((mm_to_pt(63), mm_to_pt(88)), abs=0.05)
    for side in (both_front, both_back):                # side=both width=80mm: side by side, each 80 mm
        assert (side.width, side.height) == pytest.approx((mm_to_pt(80), mm_to_pt(80 * 80 / 120)), abs=0.05)
    assert both_back.page == both_front.page and both_back.top == pytest.approx(both_front.top)
    assert both_back.left > both_front.left + both_front.width
    heading = first(words(rulebook, front.page), "Einheitenkarte")
    assert heading.y < front.top                       # below its heading, on its page


def test_the_rulebook_prints_the_cards_own_text(rulebook, unit_figure):
    content = load_content(PROJECT / "content")
    points = unit_points(content.units["feldleutnant"], content)
    text = " ".join(w.text for w in words(rulebook, unit_figure.page))
    assert "Feldleutnant" in text and f"{points} pkt" in text
    assert "Dienstpistole" in text and "Sturmpanzer" in text


def test_markers_1_to_16_lie_beside_the_elements_they_name(rulebook, unit_figure):
    found = markers(rulebook, unit_figure)
    assert sorted(found, key=int) == [str(n) for n in range(1, 17)]
    face = face_words_on_page(unit_figure)

    def distance(number: str, word: Word) -> float:
        marker = found[number]
        return ((marker.x - word.x) ** 2 + (marker.y - word.y) ** 2) ** 0.5

    points = [w for w in face if w.text == "pkt"][0]
    named = {"2": first(face, "Feldleutnant"), "3": first(face, "AGI"), "11": first(face, "Waffen"),
             "12": first(face, "Rüstung"), "13": first(face, "Ausrüstung"), "10": first(face, "Eigenschaften"),
             "16": points, "9": first(face, "GK")}
    for number, word in named.items():
        assert distance(number, word) < 45, f"marker {number} is {distance(number, word):.0f} pt from '{word.text}'"
    others = [n for n in found if n not in ("2", "16")]
    assert all(distance("2", named["2"]) < distance(n, named["2"]) for n in others)     # 2 is the name's marker
    assert found["1"].x < unit_figure.left + 0.1 * unit_figure.width              # the TP track: left column
    assert found["14"].x > found["11"].x and found["15"].y > found["14"].y


def test_the_power_card_has_markers_1_to_8(rulebook):
    power = figures(rulebook)[2]
    assert sorted(markers(rulebook, power), key=int) == [str(n) for n in range(1, 9)]
    assert "Feuerball" in " ".join(w.text for w in words(rulebook, power.page))


@pytest.fixture(scope="module")
def example_faces(tmp_path_factory):
    content = load_content(PROJECT / "content")
    root = tmp_path_factory.mktemp("faces")
    return content, standalone_faces(content, Project(root=root, out=root / "build"), Theme())[0]


def test_an_unknown_card_warns_with_its_line_and_leaves_a_note(example_faces, tmp_path):
    content, cards = example_faces
    source = tmp_path / "K.md"
    text = "# K\n\nText\n\n{{ card: sturmtrupe }}\n\n{{ card: feuerball side=back }}\n\n{{ card: sturmtruppe widht=50% }}\n"
    document = read_document(source, text, [], content=content, cards=cards)
    assert [(p.line, p.message) for p in document.problems] == [
        (5, "card directive: unknown card 'sturmtrupe' (did you mean 'sturmtruppe'?)"),
        (7, "card directive: card 'feuerball' is a power card; it has no back (leave out side=)"),
        (9, "card directive: unknown card option 'widht=50%' (did you mean 'width'?)"),
    ]
    assert '<p class="missing-table">{{ card: sturmtrupe }}</p>' in document.body_html
    assert document.figures == []


def test_strict_refuses_an_unknown_card(cli, tmp_path):
    source = tmp_path / "K.md"
    source.write_text("# K\n\n{{ card: sturmtrupe }}\n", encoding="utf-8")
    code, _, stderr = cli("rulebook", source, "--out", tmp_path / "K.pdf", "--content", "content", "--strict")
    assert code == 1 and not (tmp_path / "K.pdf").exists()
    assert "K.md:3: warning: card directive: unknown card 'sturmtrupe' (did you mean 'sturmtruppe'?)" in stderr


def test_side_both_draws_front_and_back(tmp_path):
    source = tmp_path / "K.md"
    source.write_text("# K\n\n{{ card: sturmtruppe side=both width=60mm }}\n", encoding="utf-8")
    project = Project(root=tmp_path, out=tmp_path / "build")
    result = build_rulebook(source, tmp_path / "K.pdf", content_dir=PROJECT / "content", project=project)
    assert result.warnings == []
    drawn = figures(tmp_path / "K.pdf")
    assert [(f.width, f.height) for f in drawn] == [pytest.approx((mm_to_pt(60), mm_to_pt(40)), abs=0.05)] * 2
    assert drawn[0].face != drawn[1].face
    text = " ".join(w.text for w in words(tmp_path / "K.pdf"))
    assert "Sturmtruppe" in text and "Sturmgewehr" in text


def figure_text(pdf: Path) -> str:
    """The words drawn on the one card figure of ``pdf``."""
    (figure,) = figures(pdf)
    return " ".join(w.text for w in words(pdf, figure.page) if _near_rect(w, figure, 0))


def test_a_change_of_the_unit_changes_the_figure_in_one_build(small_project_build, tmp_path):
    """On a copy of the small project (tests/conftest.py) with a figure of its unit 'probe' added: a unit edit
    in the example lays out its 16 pages again."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(small_project_build.content, content)
    shutil.copytree(small_project_build.out, out)
    with (content / "rulebook" / "Regeln.md").open("a", encoding="utf-8") as handle:
        handle.write("\n{{ card: probe }}\n")
    assert RULEBOOK in build(content, out).built
    assert "Probekrieger" in figure_text(out / RULEBOOK)
    unit = content / "units" / "probe.yaml"
    unit.write_text(unit.read_text(encoding="utf-8").replace("name: Probekrieger", "name: Feldmarschall", 1),
                    encoding="utf-8")
    summary = build(content, out)
    assert RULEBOOK in summary.built
    text = figure_text(out / RULEBOOK)
    assert "Feldmarschall" in text and "Probekrieger" not in text
    assert RULEBOOK in build(content, out).reused                # and stays put when nothing changed


# --- issue 41, point 7: markers beside, never on, what the card prints; a lead-in keeps its figure ------------

Box = tuple[float, float, float, float]             # left, bottom, right, top: PDF points, from the bottom left


def _page_box(obj) -> Box:
    """``obj``'s bounds on the page: through the matrix of every form it lies in."""
    left, bottom, right, top = obj.get_bounds()
    corners = [(left, bottom), (left, top), (right, bottom), (right, top)]
    container = obj.container
    while container is not None:
        m = container.get_matrix()
        corners = [(m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f) for x, y in corners]
        container = container.container
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a: Box, b: Box) -> float:
    """How far two boxes reach into each other (pt; 0 or less: apart)."""
    return min(a[2] - b[0], b[2] - a[0], a[3] - b[1], b[3] - a[1])


def marker_and_ink_boxes(pdf: Path, figure: Figure) -> tuple[list[Box], list[tuple[str, Box]]]:
    """On the figure's page: each marker's disc (a path the rulebook draws, 12-20 pt square, at most
    ``MARKER_PT`` outside the card), and what the card and the page print -- every text object, and
    every picture or icon of the card (an image, or a drawing at most 24 pt across: the frames, bars
    and cells of the card are larger)."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[figure.page - 1]
        height = page.get_height()
        left, right = figure.left - MARKER_PT, figure.left + figure.width + MARKER_PT
        bottom, top = height - figure.top - figure.height - MARKER_PT, height - figure.top + MARKER_PT
        markers, ink = [], []
        for obj in page.get_objects(max_depth=8):
            box = _page_box(obj)
            width, tall = box[2] - box[0], box[3] - box[1]
            near = left <= box[0] and box[2] <= right and bottom <= box[1] and box[3] <= top
            if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                ink.append(("text", box))
            elif obj.level == 0 and obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
                if near and 12 <= width <= 20 and abs(width - tall) < 1.5:
                    markers.append(box)
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE or (obj.level > 0 and max(width, tall) <= 24):
                ink.append(("icon", box))
    finally:
        document.close()
    markers = sorted({tuple(round(v) for v in m): m for m in markers}.values())   # a disc and its ring: one
    return markers, [(kind, box) for kind, box in ink if not any(_within(box, m) for m in markers)]


def _within(inner: Box, outer: Box, slack: float = 1.0) -> bool:
    """Whether ``inner`` lies inside ``outer`` (a marker's own number is no word it covers)."""
    return (outer[0] - slack <= inner[0] and inner[2] <= outer[2] + slack
            and outer[1] - slack <= inner[1] and inner[3] <= outer[3] + slack)


@pytest.mark.parametrize("which, count", [(0, 16), (2, 8)])       # the unit card's front, the power card
def test_no_marker_covers_a_word_or_an_icon(rulebook, which, count):
    """Issue 41, point 7: the power card's 2 lay on "erleiden", its 1 on the school's icon, the unit card's
    16 crowded "1359 pkt" (0.1 pt apart); measured as boxes in the PDF, every marker keeps clear of every
    icon and half a point from every word."""
    figure = figures(rulebook)[which]
    found, ink = marker_and_ink_boxes(rulebook, figure)
    assert len(found) == count, found
    covered = [(marker, kind, box) for marker in found for kind, box in ink
               if _overlap(marker, box) > (-0.5 if kind == "text" else 0.25)]
    assert covered == []


def test_a_lead_in_keeps_its_card_figure(rulebook, example_faces, tmp_path):
    """Issue 41, point 7: "… des Modells:" ended page 6, its figure (the back) began page 7."""
    back = figures(rulebook)[1]
    assert any(w.text == "Modells:" for w in words(rulebook, back.page))
    content, cards = example_faces
    document = read_document(tmp_path / "K.md", "# K\n\nDie Rückseite:\n\n{{ card: sturmtruppe side=back }}\n",
                             [], content=content, cards=cards)
    assert '<p class="lead-in">Die <span class="last-word">Rückseite:</span></p>\n<div class="card-figure"' in document.body_html
