"""Acceptance: the user's own rulebook (../shared/rulebook/Regelbuch.md) as a PDF.

Built once per module.  Skipped with a reason where ../shared is not beside
the clone (a user's checkout); CI always has it.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.paths import ASSETS_DIR
from cardgen.rulebook import format_warning
from cardgen.rulebook.markdown import make_markdown

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

PROJECT_DIR = Path(__file__).resolve().parents[2]   # the checkout

REGELBUCH = PROJECT_DIR.parent / "shared" / "rulebook" / "Regelbuch.md"
ICON_FOLDERS = ("Marker", "Bewegung", "Größe", "Modell", "Waffe", "Rüstung", "Effekt")
RAW_SYNTAX = ("!!!", "^^", "[[toc]]", "{width=", "{align=", "{height=", "{.img_border}")


@pytest.fixture(scope="module")
def book(regelbuch_book):
    """(result, pdf path, reader, source text) of the one build of the user's rulebook per test run
    (tests/conftest.py: ``regelbuch_book``, shared with test_bychapter.py)."""
    result, out = regelbuch_book
    return result, out, PdfReader(out), REGELBUCH.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def text(book) -> str:
    return subprocess.run(["pdftotext", "-layout", str(book[1]), "-"], check=True,
                          capture_output=True, text=True).stdout


def _outline(reader: PdfReader) -> list[tuple[str, int]]:
    """(title, 1-based page) of every outline entry, in document order."""
    flat: list[tuple[str, int]] = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                flat.append((item.title, reader.get_destination_page_number(item) + 1))
    walk(reader.outline)
    return flat


def _headings(source: str) -> list[str]:
    tokens = make_markdown().parse(source)
    return [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]


def test_a4_and_at_least_30_pages(book):
    result, _, reader, _ = book
    assert result.written
    assert len(reader.pages) >= 30 and result.pages == len(reader.pages)
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)


def test_toc_page_numbers_are_the_true_pages(book, text):
    _, _, reader, _ = book
    assert "Inhaltsverzeichnis" in text
    outline = _outline(reader)
    at = [t for t, _ in outline].index("Inhaltsverzeichnis")
    after_toc = outline[at + 1:]
    first, last = outline[at][1], after_toc[0][1] - 1          # the pages the TOC fills
    toc_pages = text.split("\f")[first - 1:last]
    entries = re.findall(r"^\s*(\S.*?)\s{2,}(\d+)\s*$", "\n".join(toc_pages), re.M)
    assert len(entries) == len(after_toc) > 100
    assert [(title, int(page)) for title, page in entries] == after_toc


def test_outline_has_every_heading(book):
    _, _, reader, source = book
    assert [title for title, _ in _outline(reader)] == _headings(source)


def test_every_internal_link_lands_on_a_destination(book):
    _, _, reader, _ = book
    names = set(reader.named_destinations)
    links = [annot.get_object() for page in reader.pages for annot in page.get("/Annots") or []]
    internal = [str(a["/Dest"]) for a in links if "/Dest" in a]
    assert len(internal) > 300
    assert set(internal) <= names


def test_admonition_titles_present_and_no_raw_syntax(book, text):
    _, _, _, source = book
    flat = " ".join(text.split())
    titles = [m[1].strip() for m in re.finditer(r"^\s*!!! (?!TODO)\w+ (.+)$", source, re.M)]
    titles = [t for t in titles if t != '""']
    assert len(titles) > 40
    assert [t for t in titles if t not in flat] == []
    assert [s for s in RAW_SYNTAX if s in text] == []


def _todo_notes(source: str) -> int:
    """The author's TODO notes, counted from the source: ``!!! TODO`` admonitions, paragraphs
    whose first word is TODO, table cells and headings holding the word (what
    cardgen.rulebook.todo hides)."""
    admonitions = len(re.findall(r"^\s*!!! TODO\b", source, re.M))
    paragraphs = len(re.findall(r"(?:\A|\n[ \t]*\n)[ \t]*TODO\b", source))
    cells = sum(len(re.findall(r"\|[^|\n]*\bTODO\b[^|\n]*(?=\|)", line))
                for line in source.splitlines() if line.lstrip().startswith("|"))
    headings = len(re.findall(r"^[ \t]*(?:[*-][ \t]+)?#+ .*\bTODO\b", source, re.M))
    return admonitions + paragraphs + cells + headings


def test_todo_notes_hidden_and_counted(book, text):
    result, _, _, source = book
    assert result.todos == _todo_notes(source) > 0
    flat = " ".join(text.split())
    for note in re.findall(r"^[ \t]*!!! TODO (.+)$", source, re.M):
        assert note.strip() not in flat
    assert "TODO" not in text                  # no note is left anywhere (its TODOs are all notes)


def _line_of(source: str, needle: str) -> int:
    """1-based line of the first line of ``source`` holding ``needle``."""
    return next(n for n, line in enumerate(source.splitlines(), start=1) if needle in line)


def test_broken_links_reported_with_line_and_suggestion(book):
    """Every ``#slug`` link to no heading is reported on its own line, with the heading it meant."""
    result, _, _, source = book
    ids = {tokens.attrGet("id") for tokens in make_markdown().parse(source) if tokens.attrGet("id")}
    broken = [(m[1], _line_of(source, f"(#{m[1]})")) for m in re.finditer(r"\]\(#([^)\s]+)\)", source)
              if m[1] not in ids]
    assert broken, "the rulebook has no broken link left to check (fine: drop this test)"
    messages = [format_warning(w) for w in result.warnings if "broken link" in w.message]
    assert len(messages) == len(broken)
    for slug, line in broken:
        hint = f" (did you mean '#{slug.lower()}'?)" if slug.lower() in ids else ""
        assert any(m.startswith(f"{_shown(REGELBUCH)}:{line}: warning: broken link #{slug}{hint}")
                   for m in messages), (slug, line, messages)


def test_missing_illustrations_reported_with_their_line(book):
    """Every picture the rulebook names that neither its folder nor the assets hold is one warning
    on the line that names it (its illustrations are not in our copy of the rulebook)."""
    result, _, _, source = book
    found = {(w.line, w.message) for w in result.warnings}
    wanted = {m[1] for m in re.finditer(r"!\[[^\]]*\]\((Grafiken/Abbildungen/[^)\s]+)\)", source)
              if not (REGELBUCH.parent / m[1]).exists()}
    assert wanted
    for name in wanted:
        assert (_line_of(source, f"({name}"), f"image not found: {name}") in found, name


def test_weasyprint_said_nothing(book):
    """Every problem is ours (with a line); WeasyPrint itself logged nothing."""
    result = book[0]
    assert result.pdf_warnings == ()
    assert all(w.line > 0 for w in result.warnings)


def test_icon_set_supplies_every_icon(book):
    folder = ASSETS_DIR / "Grafiken"
    if not all((folder / name).is_dir() for name in ICON_FOLDERS):
        pytest.skip(f"the icon set is not complete yet in {folder}")
    missing = [w.message for w in book[0].warnings
               if w.message.startswith("image not found: Grafiken/")
               and w.message.split("/")[1] in ICON_FOLDERS]
    assert missing == []


def _shown(path: Path) -> str:
    from cardgen.errors import display_path
    return display_path(path)
