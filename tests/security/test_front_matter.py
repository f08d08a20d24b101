"""Hostile rulebook front matter (issue 8, item 5).

Front matter gets the content YAML's caps and one-line messages, as
warnings at the Markdown line naming the field; every wrong page option
keeps its default and says so; nothing crashes, hangs or eats the memory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pypdf import PdfReader

from cardgen.errors import display_path
from cardgen.rulebook.depth import MAX_DEPTH
from cardgen.rulebook.document import read_document
from cardgen.rulebook.frontmatter import read_front_matter
from cardgen.rulebook.page import PageSettings, page_settings
from conftest import unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SOURCE = Path("R.md")
BOMB = """a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
puppeteer: {pdf: {displayHeaderFooter: true, headerTemplate: *g}}"""


def _read(front: str) -> tuple[PageSettings, list[str]]:
    document = read_document(SOURCE, f"---\n{front}\n---\n# Titel\n\nText.\n", [])
    return document.page, [p.format() for p in document.problems]


@pytest.mark.parametrize("front,warning", [
    ("puppeteer: A4",
     "R.md:2:12: warning: puppeteer: expected a mapping of options (pdf: ...), found 'A4'; ignored"),
    ("puppeteer:\n  pdf: 3",
     "R.md:3:8: warning: puppeteer.pdf: expected a mapping of page options (format, margin ...), found '3'; ignored"),
    ("puppeteer:\n  pdf:\n    margin: [1cm, 2cm]",
     "R.md:4:13: warning: puppeteer.pdf.margin: expected a mapping of top, right, bottom, left, found a list; "
     "ignored"),
    ("puppeteer: {pdf: {format: 12}}",
     "R.md:2:27: warning: puppeteer.pdf.format: '12' is not a paper format "
     "(A3, A4, A5, B4, B5, Ledger, Legal, Letter); using A4"),
    ("puppeteer: {pdf: {width: 99999999999999999999, height: 20cm}}",
     "R.md:2:26: warning: puppeteer.pdf.width: '99999999999999999999' is larger than 5080 mm; using the format"),
    ("puppeteer: {pdf: {width: " + "9" * 5000 + ", height: 20cm}}",
     "R.md:2:26: warning: puppeteer.pdf.width: number too large: at most 30 digits (quote it if it is text)"),
    ("puppeteer: {pdf: {width: 20cm}}",
     "R.md:2:18: warning: puppeteer.pdf.height: missing: a page size needs width and height; using the format"),
    ("puppeteer: {pdf: {margin: {top: 1000cm}}}",
     "R.md:2:33: warning: puppeteer.pdf.margin.top: '1000cm' is larger than 100 mm; using 2cm"),
    ("puppeteer: {pdf: {margin: {top: .inf}}}",
     "R.md:2:33: warning: puppeteer.pdf.margin.top: 'inf' is not a length (like 2cm, 15mm, 72pt; "
     "a bare number is pixels); using 2cm"),
    ("puppeteer: {pdf: {margin: {top: !!int abc}}}",
     "R.md:2:33: warning: puppeteer.pdf.margin.top: 'abc' is not a valid !!int"),
    ("puppeteer: {pdf: {landscape: ja}}",
     "R.md:2:30: warning: puppeteer.pdf.landscape: expected true or false, found 'ja'; using false"),
    ("puppeteer: {pdf: {displayHeaderFooter: true, headerTemplate: {a: 1}}}",
     "R.md:2:62: warning: puppeteer.pdf.headerTemplate: expected an HTML snippet (text), found a mapping; ignored"),
    ("puppeteer: {pdf: {displayHeaderFooter: true, footerTemplate: '" + "x" * 10_001 + "'}}",
     "R.md:2:62: warning: puppeteer.pdf.footerTemplate: 10001 characters is over the limit of 10000; ignored"),
    ("a: " + "[" * 100_000,
     "R.md:2:67: warning: front matter: document nests deeper than 64 levels; refused"),
    (BOMB,
     "R.md:2:8: warning: front matter: document expands to more than 50000 values or 64 levels "
     "(an alias bomb?); refused"),
    ("x: !!python/object/apply:os.system [ls]",
     "R.md:2:4: warning: x: YAML tag '!!python/object/apply:os.system' is not allowed: "
     "content holds plain data only"),
    ("- A4", "R.md:2:1: warning: front matter must be a mapping (key: value); ignored"),
    ("a: [", "R.md:2:5: warning: front matter: invalid YAML: expected the node content, but found '<stream end>'"),
])
def test_wrong_front_matter_is_one_warning_and_the_default_page(front, warning):
    page, warnings = _read(front)
    assert warnings == [warning]
    assert page.size == "A4" and page.margin == ("2cm",) * 4


def test_several_wrong_options_are_all_reported_in_order():
    page, warnings = _read("puppeteer:\n  pdf:\n    format: A5\n    margin: {left: 3cm, top: zwei}\n"
                           "    displayHeaderFooter: true\n    headerTemplate: 3\n    footerTemplate: '<b>S.</b>'")
    assert warnings == [
        "R.md:5:30: warning: puppeteer.pdf.margin.top: 'zwei' is not a length (like 2cm, 15mm, 72pt; "
        "a bare number is pixels); using 2cm",
        "R.md:7:21: warning: puppeteer.pdf.headerTemplate: expected an HTML snippet (text), found '3'; ignored",
    ]
    assert page.size == "A5" and page.margin == ("2cm", "2cm", "2cm", "3cm")
    assert page.header is None and page.footer.content == '"S."'


def test_good_front_matter_has_no_warnings():
    page, warnings = _read("title: Regeln\npuppeteer:\n  pdf:\n    width: 148mm\n    height: 210mm\n"
                           "    margin: {top: 1cm, right: 15, bottom: 1cm, left: 5%}")
    assert warnings == []
    assert page.size == "148mm 210mm" and page.margin == ("1cm", "15px", "1cm", "5%")


def test_read_front_matter_shifts_lines_to_the_document():
    data, problems = read_front_matter("a: 1\npuppeteer: A4", "Buch.md", first_line=7)
    assert data == {"a": 1, "puppeteer": "A4"}
    assert [p.format() for p in problems] == [
        "Buch.md:8:12: warning: puppeteer: expected a mapping of options (pdf: ...), found 'A4'; ignored"]


@pytest.mark.parametrize("front", [{"puppeteer": "A4"}, {"puppeteer": {"pdf": [1]}}, "text", None,
                                   {"puppeteer": {"pdf": {"margin": 3, "format": None, "width": [1],
                                                          "displayHeaderFooter": "yes"}}}])
def test_page_settings_never_crashes_without_warn(front):
    assert page_settings(front).size == "A4"


def test_rulebook_builds_with_warnings_and_strict_fails(cli, tmp_path):
    source = tmp_path / "R.md"
    source.write_text("---\npuppeteer: A4\n---\n# Titel\n\nText.\n", encoding="utf-8")
    warning = f"{source}:2:12: warning: puppeteer: expected a mapping of options (pdf: ...), found 'A4'; ignored"
    code, _, err = cli("rulebook", source, "--out", tmp_path / "R.pdf", "--strict")
    assert code == 1 and err.splitlines()[0] == warning and not (tmp_path / "R.pdf").exists()


def _nested_header(depth: int) -> str:
    """Front matter whose header template nests ``depth`` ``<b>`` elements around ``Kopfzeile`` and the
    page number (1,000 of them: 7,040 characters, under the template's 10,000-character cap)."""
    template = "<b>" * depth + 'Kopfzeile <span class="pageNumber"></span>' + "</b>" * depth
    return f"---\npuppeteer:\n  pdf:\n    displayHeaderFooter: true\n    headerTemplate: '{template}'\n---\n"


def test_a_header_nested_within_the_cap_is_shown():
    page, warnings = _read(_nested_header(MAX_DEPTH - 2)[4:-5])
    assert warnings == [] and page.header.content == '"Kopfzeile " counter(page)'


def test_a_deeply_nested_header_is_a_warning_and_left_out(cli, rules_content, tmp_path):
    """A header template 1,000 elements deep ran the margin box's reader out of recursion, and the
    whole build stopped with "nested too deeply to lay out", cards included: now it is one warning at
    its line, and the book is printed without that header; --strict makes it an error."""
    rules_content("units", unit("probe", weapons=["pistole"]))
    book = rules_content.root / "rulebook" / "Regeln.md"
    book.parent.mkdir()
    book.write_text(_nested_header(1000) + "# Regeln\n\n## Bewegung\n\nText.\n", encoding="utf-8")
    out = tmp_path / "out"
    code, _, err = cli("build", "--content", rules_content.root, "--out", out)
    warning = (f"{display_path(book)}:5:21: warning: puppeteer.pdf.headerTemplate: the template nests "
               f"1001 elements deep, more than {MAX_DEPTH}; ignored")
    assert code == 0, err
    assert [line for line in err.splitlines() if "warning" in line] == [warning]
    assert (out / "cards.pdf").exists()
    text = "".join(page.extract_text() for page in PdfReader(out / "rulebooks" / "rulebook" / "Regeln.pdf").pages)
    assert "Regeln" in text and "Kopfzeile" not in text
    code, _, err = cli("build", "--content", rules_content.root, "--out", tmp_path / "strict", "--strict")
    assert code == 1 and warning in err.splitlines()
