"""The author's stylesheet wins over cardgen's own rulebook styles, whatever their specificity (issue 41.3).

cardgen's ``book.css`` lies in the cascade layer ``cardgen``; a theme's ``rulebook.css``, the
project file's ``[css] rulebook`` and the front matter's ``css:`` stay unlayered, so any rule of
theirs beats any of cardgen's.  The case of the issue: cardgen's ``h3 + table { break-inside: auto }``
(more specific) against the author's plain ``table { page-break-inside: avoid }`` -- a 3-row table
after a heading must not split 2+1 at a page's end.  Checked in the PDF: the page of each row.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.commands.main import main
from cardgen.paths import TEMPLATES_DIR

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

FILLERS = range(23, 28)               # filler paragraphs before the table, one chapter each
AUTHOR_CSS = "table { page-break-inside: avoid; }\n"


def book_text() -> str:
    """One chapter per filler count: the filler, then ``### Nur für Rüstungen`` over a 3-row table.
    Some of the counts bring the table to a page's end, where cardgen's own rule would split it."""
    parts = ["# Probe\n"]
    for count in FILLERS:
        parts.append(f"## Kapitel {count}\n")
        parts += [f"Fülltext {count}.{line} steht hier als eine kurze Zeile.\n" for line in range(count)]
        parts.append(f"### Nur für Rüstungen {count}\n\n| Name | Wert |\n|---|---|\n"
                     + "".join(f"| Reihe{count}x{row} | {row} |\n" for row in "abc"))
    return "\n".join(parts)


def build(root: Path, monkeypatch) -> Path:
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["rulebook", "--no-chapters", "Regeln/Buch.md"])
    assert code == 0, err.getvalue()
    return root / "build" / "rulebooks" / "Regeln" / "Buch.pdf"


def row_pages(pdf: Path) -> dict[int, set[int]]:
    """For each chapter (its filler count), the pages its table's three rows print on."""
    document = pdfium.PdfDocument(str(pdf))
    pages: dict[int, set[int]] = {count: set() for count in FILLERS}
    for number, page in enumerate(document, start=1):
        text = page.get_textpage().get_text_range()
        for count in FILLERS:
            pages[count] |= {number for row in "abc" if f"Reihe{count}x{row}" in text}
    return pages


@pytest.mark.parametrize("where", ["css", "theme"])
def test_the_authors_table_rule_keeps_every_table_whole(tmp_path, monkeypatch, where):
    root = tmp_path / "repo"
    (root / "Regeln").mkdir(parents=True)
    (root / "Regeln" / "Buch.md").write_text(book_text(), encoding="utf-8")
    if where == "css":                                    # the project file's [css] rulebook
        (root / "markdown.css").write_text(AUTHOR_CSS, encoding="utf-8")
        (root / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n[css]\nrulebook = ["markdown.css"]\n')
    else:                                                 # the theme's rulebook.css
        (root / "theme").mkdir()
        (root / "theme" / "rulebook.css").write_text(AUTHOR_CSS, encoding="utf-8")
        (root / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n')
    pages = row_pages(build(root, monkeypatch))
    assert all(pages.values()), pages
    split = {count: sorted(on) for count, on in pages.items() if len(on) > 1}
    assert split == {}, f"tables split across pages (filler count: pages): {split}"


def test_without_the_authors_rule_cardgens_own_lets_such_a_table_break(tmp_path, monkeypatch):
    """The other side: cardgen's rule still works where the author says nothing, so the book above
    does bring a table to a page's end (the test above could fail)."""
    root = tmp_path / "repo"
    (root / "Regeln").mkdir(parents=True)
    (root / "Regeln" / "Buch.md").write_text(book_text(), encoding="utf-8")
    (root / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n')
    pages = row_pages(build(root, monkeypatch))
    assert any(len(on) > 1 for on in pages.values()), pages


def test_cardgens_styles_lie_in_a_layer_below_the_authors():
    css = (TEMPLATES_DIR / "rulebook" / "book.css").read_text(encoding="utf-8")
    opened = re.search(r"^@layer cardgen \{$", css, re.M)
    assert opened and "{" not in css[:opened.start()].replace("/*", "").split("*/")[-1]
    assert css.rstrip().endswith("}  /* @layer cardgen */")
