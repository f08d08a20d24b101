"""Acceptance (issue 29, points 6-9): the sample repository's rulebook, checked in the PDF itself.

``tests/fixtures/rulebook-repo`` (:mod:`tests.e2e.rulebook_repo`) is built in-process from the
repository root, as the designer runs it, once without and once with ``--draft``; then the PDF's
text (``pdftotext``) and links (pypdf) are read:

* hyphenation: no table header or one-word cell split; ``Wurfergebnis`` broken at its syllables
  in a narrow box (``Wurf-ergeb-nis``), never ``Wur-fergebnis``, and ``Farbe`` too short to break;
* page flow: the lead-in ``… im Einzelnen:`` on the page of its table, the heading before a
  table kept whole by ``markdown.css`` on the page of the whole table (his rule wins over cardgen's,
  issue 41.3; not left alone at a page's end), and no page ending in a heading;
* TODO notes: none printed without ``--draft`` (a cell's, a paragraph's, ``Kräfte TODO`` and
  ``03 . TODO``), all with it, counted alike; ``Kräfte`` not in the contents;
* links that differ from their heading only in case: warned about, and working link annotations
  to the heading's page.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.commands.main import main
from tests.e2e.rulebook_repo import make_rulebook_repo

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SOURCE = Path("Regeln") / "Regelbuch.md"
FOOTER = re.compile(r"^-?\s*\d+\s*-?$")             # "- 3 -" (his footer) or "3"
HYPHEN = "\u2010"                      # what WeasyPrint prints at a break (pdftotext keeps it)


def _build(repo: Path, out: Path, *flags: str) -> dict:
    return _build_file(repo, SOURCE, out, *flags)


def _build_file(repo: Path, source: Path, out: Path, *flags: str) -> dict:
    """``cardgen rulebook SOURCE`` run in-process from the repository root: what it said, its pages."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(repo)
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(["rulebook", str(source), "--out", str(out), *flags])
    pages = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    return {"code": code, "stdout": stdout.getvalue(), "stderr": stderr.getvalue(), "pdf": out,
            "pages": [page for page in pages if page.strip()]}


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict:
    """The sample rulebook built as printed and as a draft."""
    if not all(shutil.which(tool) for tool in ("pdftotext", "pdftoppm")):
        pytest.skip("poppler-utils (pdftotext, pdftoppm) not installed; `make test` installs them")
    repo = make_rulebook_repo(tmp_path_factory.mktemp("flow") / "repo")
    built = {"final": _build(repo, repo / "build" / "Regelbuch.pdf"),
             "draft": _build(repo, repo / "build" / "Entwurf.pdf", "--draft"),
             "source": (repo / SOURCE).read_text(encoding="utf-8")}
    for name in ("final", "draft"):
        assert built[name]["code"] == 0, built[name]["stderr"]
    return built


def page_of(pages: list[str], pattern: str) -> int:
    """The number (from 1) of the first page whose text matches ``pattern``."""
    found = [n for n, text in enumerate(pages, start=1) if re.search(pattern, text, re.M)]
    assert found, f"{pattern!r} is on no page"
    return found[0]


def body_lines(page: str) -> list[str]:
    """The page's text lines, stripped, without blank lines and the footer's ``- N -``."""
    return [line.strip() for line in page.splitlines() if line.strip() and not FOOTER.match(line.strip())]


# -- 6. hyphenation ---------------------------------------------------------------------------

def test_no_table_header_or_one_word_cell_is_split(books):
    pages = books["final"]["pages"]
    text = "\n".join(body_lines(pages[page_of(pages, r"In schmalen Spalten") - 1]))
    table = text[text.index("In schmalen Spalten"):]
    assert re.search(r"Symbol\s+Kürzel\s+Ergebnis\s+Typ\s+Regel", table), table
    assert re.search(r"Wurfergebnis\s+Infanterie", table) and re.search(r"passiv\s+schweben", table), table
    assert HYPHEN not in table and "-\n" not in table, table
    first = pages[page_of(pages, r"^\s*Farbe\s+Symbol\s+Kürzel\s+Ergebnis") - 1]
    assert HYPHEN not in first[first.index("Farbe"):first.index("Vergiftete")], first


def test_farbe_and_wurfergebnis_break_at_their_syllables(books):
    """The 1 mm box forces each word to break wherever it may: at its syllables, and never leaving
    fewer than 3 letters on a line (issue 41.4), so the 5-letter "Farbe" stays whole."""
    lines = [line for page in books["final"]["pages"] for line in body_lines(page)]
    start = lines.index("Farbe")
    assert lines[start:start + 4] == ["Farbe", f"Wurf{HYPHEN}", f"ergeb{HYPHEN}", "nis"], lines[start:start + 6]
    assert f"Fa{HYPHEN}" not in lines and f"Wur{HYPHEN}" not in lines and f"Far{HYPHEN}" not in lines


# -- 7. page flow -----------------------------------------------------------------------------

def test_the_lead_in_is_on_the_page_of_its_table(books):
    pages = books["final"]["pages"]
    lead_in = page_of(pages, r"Die Wirkung der Marker im Einzelnen:")
    assert lead_in > page_of(pages, r"^\s*Marker\s*$")        # it was at a page's end: the case holds
    assert lead_in == page_of(pages, r"^\s*Marker\s+Farbe\s+Wirkung") == page_of(pages, r"^\s*Brand\s+Rot")


def test_a_heading_stays_with_a_table_the_author_keeps_whole(books):
    """His ``table { page-break-inside: avoid }`` wins over cardgen's ``h3 + table`` rule (issue 41.3):
    the 24-row table that does not fit the rest of its page moves whole to the next, with its heading."""
    pages = books["final"]["pages"]
    heading = page_of(pages, r"^\s*Reichweiten\s*$")
    assert heading == page_of(pages, r"Pistole") == page_of(pages, r"Sonderwaffe 24")
    assert body_lines(pages[heading - 2])[-1] != "Reichweiten"


def test_no_page_ends_in_a_heading(books):
    headings = {re.sub(r"\s*\bTODO\b.*", "", m[1]).strip()
                for m in re.finditer(r"^#{1,6} (.+)$", books["source"], re.M)}
    for number, page in enumerate(books["final"]["pages"], start=1):
        lines = body_lines(page)
        assert not lines or lines[-1] not in headings, f"page {number} ends in the heading {lines[-1]!r}"


# -- 8. TODO notes ----------------------------------------------------------------------------

NOTES = ["TODO Wert prüfen", "TODO Kräfte werden später beschrieben.", "Kräfte TODO", "03 . TODO",
         "TODO Diese Zeile ist eine Notiz"]


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


def test_no_todo_is_printed_without_draft_and_each_is_counted(books):
    flat = _flat(books["final"]["pages"])
    assert "TODO" not in flat and "Wert prüfen" not in flat and "Kräfte werden" not in flat
    count = re.search(r"(\d+) TODO note\(s\) hidden; hid 2 section\(s\): Kräfte, 03 \(--draft shows them\)",
                      books["final"]["stdout"])
    assert count and int(count[1]) == len(NOTES), books["final"]["stdout"]


def test_a_draft_prints_and_counts_every_todo(books):
    flat = _flat(books["draft"]["pages"])
    assert [note for note in NOTES if note not in flat] == []
    count = re.search(r"(\d+) TODO note\(s\) shown", books["draft"]["stdout"])
    assert count and int(count[1]) == len(NOTES), books["draft"]["stdout"]


def test_an_emptied_section_is_not_in_the_contents(books):
    pages = books["final"]["pages"]
    contents = pages[page_of(pages, r"Inhaltsverzeichnis") - 1]
    assert re.search(r"Einheiten\s+\d+", contents) and re.search(r"Marker\s+\d+", contents), contents
    assert "Kräfte" not in contents and "03" not in contents, contents
    assert "Kräfte" in _flat(books["draft"]["pages"][:2])     # the draft's contents lists it


# -- 9. links differing only in case ----------------------------------------------------------

def test_case_only_links_are_warned_about_and_work(books):
    stderr = books["final"]["stderr"]
    for link, target in (("#Vergiftung", "#vergiftung"), ("#vergleichender-Wurf", "#vergleichender-wurf")):
        assert re.search(rf"Regelbuch\.md:\d+: warning: broken link {link} \(did you mean '{target}'\?\)",
                         stderr), stderr
    reader = PdfReader(books["final"]["pdf"])
    pages = books["final"]["pages"]
    number = page_of(pages, r"Vergiftete Modelle verlieren")
    dests = [str(annot.get_object()["/Dest"]) for annot in reader.pages[number - 1].get("/Annots") or []
             if "/Dest" in annot.get_object()]
    named = reader.named_destinations
    for slug, title in (("vergiftung", r"^\s*Vergiftung\s*$"), ("vergleichender-wurf", r"^\s*Vergleichender Wurf\s*$")):
        assert slug in dests, dests
        assert reader.get_destination_page_number(named[slug]) + 1 == page_of(pages, title)


DIE_BLUE = (0x1F, 0x6F, 0xB2)           # the outline of Regeln/Grafiken/W12_weiß.svg


def test_a_picture_named_in_another_case_prints_and_is_warned_about(books):
    """Issue 41, point 2: ``w12_weiß.svg`` written, ``W12_weiß.svg`` on disk: the die is drawn on its
    page (its blue outline in the rendered page, no placeholder with its name) and the warning with
    its hint stays, so ``--strict`` still fails."""
    import pypdfium2

    assert re.search(r"Regelbuch\.md:\d+: warning: image not found: Grafiken/w12_weiß\.svg \(did you mean "
                     r"'Grafiken/W12_weiß\.svg'\?\); printed from there, as Windows and macOS find it",
                     books["final"]["stderr"]), books["final"]["stderr"]
    assert "w12_weiß" not in _flat(books["final"]["pages"])
    number = page_of(books["final"]["pages"], r"Der weiße Würfel:")
    document = pypdfium2.PdfDocument(books["final"]["pdf"])
    try:
        image = document[number - 1].render(scale=100 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    colours = image.getcolors(image.width * image.height) or []
    blue = sum(count for count, pixel in colours if all(abs(a - b) <= 24 for a, b in zip(pixel, DIE_BLUE)))
    assert blue > 100, blue


def test_no_heading_ends_a_page_wherever_the_headings_fall(tmp_path):
    """Sections of every length from a line to a dozen lines put headings at every height of a page;
    with the designer's stylesheet none is left at the foot of one."""
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) not installed; `make test` installs them")
    repo = make_rulebook_repo(tmp_path / "repo")
    words = "Ein Modell darf in seiner Runde so viele Aktionen ausführen, wie es Punkte hat.".split()
    sections = "".join(f"### Abschnitt {n}\n\n{' '.join(words[k % len(words)] for k in range(n * 5))}\n\n"
                       for n in range(1, 61))
    (repo / "Regeln" / "Fluss.md").write_text(f"# Fluss\n\n## Kapitel\n\n{sections}", encoding="utf-8")
    built = _build_file(repo, Path("Regeln") / "Fluss.md", repo / "build" / "Fluss.pdf")
    assert len(built["pages"]) >= 6
    for number, page in enumerate(built["pages"], start=1):
        lines = body_lines(page)
        assert not lines or not re.fullmatch(r"Abschnitt \d+", lines[-1]), f"page {number} ends in {lines[-1]!r}"
