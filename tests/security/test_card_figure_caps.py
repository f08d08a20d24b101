"""Card figures within bounds (issue 27, points 9 and 14).

* A figure's width is a finite length from 1 mm to 1000 mm or 1 % to 100 % of the
  text width; anything else is a warning at its Markdown line, as other directive
  errors are.  Before, ``width=99…9mm`` (infinite as a float) reached WeasyPrint
  and failed the whole book with a line naming neither file nor line.
* Card faces count against the references a document may make: at most
  ``MAX_FIGURES`` faces, and the fetcher counts them with the files it reads.
* A face shown many times is embedded once: one form XObject drawn N times, so the
  PDF grows by a few bytes per figure, not by a copy of the card.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from cardgen.cards.figures import FaceArt
from cardgen.pdf.fetcher import MAX_FETCHES
from cardgen.pdf.wrapper import load_document
from cardgen.project.file import Project
from cardgen.rulebook.build import build_rulebook
from cardgen.rulebook.card_figure import MAX_FIGURES
from cardgen.rulebook.document import read_document
from cardgen.safefs import MAX_REFERENCES
from conftest import PROJECT

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

BAD_WIDTHS = ["1e30mm", "9" * 400 + "mm", "99999999999999999999999999999999mm", "0mm", "0.5mm", "1001mm",
              "0.05cm", "101%", "0%", "nanmm", "infmm", "mm", "-5mm"]


def _width_message(item: str) -> str:
    return (f"card directive: card option {item}: width must be a length from 1mm to 1000mm "
            "or a share of the text width from 1% to 100%, such as 60% or 120mm")


def test_every_width_out_of_bounds_is_a_warning_at_its_line(tmp_path):
    text = "# K\n\n" + "".join(f"{{{{ card: probe width={width} }}}}\n\n" for width in BAD_WIDTHS)
    document = read_document(tmp_path / "K.md", text, [])
    expected = [(3 + 2 * n, _width_message(f"width={w}")) for n, w in enumerate(BAD_WIDTHS)]
    expected[1] = (5, _width_message(f"width={'9' * 58}…<408 characters>…{'9' * 30}mm"))
    assert [(p.line, p.message) for p in document.problems] == expected
    assert document.figures == []


class _OneCard:
    """Card faces as the directive asks for them: one power card, ``feuerball``, with a dummy face."""

    def ids(self) -> list[str]:
        return ["feuerball"]

    def kind_of(self, card_id: str) -> str | None:
        return "power" if card_id == "feuerball" else None

    def art(self, card_id: str, side: str) -> FaceArt:
        return FaceArt("key", b"%PDF-dummy", 63.0, 88.0, ())


def test_card_faces_past_the_cap_are_warnings_at_their_lines(tmp_path):
    text = "# K\n\n" + "{{ card: feuerball }}\n\n" * (MAX_FIGURES + 2)
    document = read_document(tmp_path / "K.md", text, [], cards=_OneCard())
    assert len(document.figures) == MAX_FIGURES
    cap = f"card directive: more than {MAX_FIGURES} card faces in one document; show a card once and refer to its figure"
    assert [(p.line, p.message) for p in document.problems] == [(3 + 2 * MAX_FIGURES, cap),
                                                                 (5 + 2 * MAX_FIGURES, cap)]


def test_figures_and_fetched_files_share_the_reference_cap(tmp_path):
    (tmp_path / "a.css").write_text("p { color: red }", encoding="utf-8")
    html = '<link rel="stylesheet" href="a.css"><p>x</p>'
    assert MAX_FETCHES == MAX_REFERENCES and MAX_FIGURES < MAX_REFERENCES
    rendered = load_document(html, tmp_path, spent=MAX_REFERENCES).write()
    assert rendered.warnings == (f"refused to read file:///.cardgen/doc/a.css: more than {MAX_FETCHES} references "
                                 "in one document",)
    assert load_document(html, tmp_path, spent=MAX_REFERENCES - 1).write().warnings == ()


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[int, Path]:
    """The same card shown 2 and 40 times (faces rendered once, in one project's cache)."""
    root = tmp_path_factory.mktemp("figures")
    project = Project(root=root, out=root / "build")
    made = {}
    for count in (2, 40):
        source = root / f"K{count}.md"
        source.write_text("# K\n\n" + "{{ card: sturmtruppe width=40mm }}\n\n" * count, encoding="utf-8")
        result = build_rulebook(source, root / f"K{count}.pdf", content_dir=PROJECT / "content", project=project)
        assert result.warnings == []
        made[count] = root / f"K{count}.pdf"
    return made


def _forms_drawn(pdf: Path) -> tuple[int, set[tuple[int, int]]]:
    """How often a card face is drawn (``Do`` of a ``/CardFigure…`` form) and the distinct forms drawn."""
    drawn, distinct = 0, set()
    with pikepdf.open(pdf) as book:
        for page in book.pages:
            forms = page.resources.get("/XObject", {})
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "Do" and str(operands[0]).startswith("/CardFigure"):
                    drawn += 1
                    distinct.add(forms[str(operands[0])].objgen)
    return drawn, distinct


def test_one_face_shown_many_times_is_one_form(books):
    drawn, distinct = _forms_drawn(books[40])
    assert drawn == 40
    assert len(distinct) == 1


def test_the_pdf_stays_about_as_large_as_figures_are_added(books):
    growth = books[40].stat().st_size - books[2].stat().st_size
    assert growth < 38 * 400, growth       # 38 more figures at a few hundred bytes each (a face: 20 KB)
