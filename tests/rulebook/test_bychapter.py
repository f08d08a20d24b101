"""A rulebook laid out chapter by chapter is the whole-book layout: text on every page, page count,
outline and working links; an edit lays out one chapter (and the contents where its numbers move)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.build.cache import Cache
from cardgen.paths import ASSETS_DIR
from cardgen.rulebook.build import RulebookResult, build_rulebook
from tests.conftest import PROJECT
from tests.e2e.rulebook_repo import make_rulebook_repo
from tests.rulebook.chapter_pdfs import links, outline, page_texts

pytestmark = pytest.mark.pdf          # renders PDFs

EXAMPLE = PROJECT / "content" / "rulebook" / "Regeln.md"


def assert_same_book(source: Path, tmp_path: Path, assets: list[Path] = (), whole: RulebookResult | None = None) -> None:
    """``source`` laid out by chapters is ``whole``, its layout as one document (made here unless given)."""
    whole = whole or build_rulebook(source, tmp_path / "whole.pdf", list(assets), write=False, chapters=False)
    parts = build_rulebook(source, tmp_path / "parts.pdf", list(assets), write=False, chapters=True,
                           cache=Cache(tmp_path / "out"), tool="test")
    assert parts.chapters > 1, parts.one_chapter
    assert parts.pages == whole.pages
    assert page_texts(parts.pdf) == page_texts(whole.pdf)
    assert outline(parts.pdf) == outline(whole.pdf)
    assert links(parts.pdf) == links(whole.pdf)
    assert all(target >= 0 for _, target in links(parts.pdf))
    assert sorted(set(parts.pdf_warnings)) == sorted(set(whole.pdf_warnings))


def test_example_rulebook_by_chapters_is_the_whole_book(tmp_path):
    assert_same_book(EXAMPLE, tmp_path)


@pytest.mark.parametrize("name", ["Regelbuch.md", "Eigenschaften.md"])
def test_sample_repository_books_by_chapters_are_the_whole_books(tmp_path, name):
    repo = make_rulebook_repo(tmp_path / "repo")
    book = repo / "Regeln" / name
    parts = build_rulebook(book, tmp_path / "p.pdf", [], write=False, chapters=True, cache=Cache(tmp_path / "out"), tool="t")
    if parts.chapters == 1:
        pytest.skip(f"{name} is one chapter: {parts.one_chapter or 'no forced page break'}")
    assert_same_book(book, tmp_path)


def test_users_rulebook_by_chapters_is_the_whole_book(tmp_path, regelbuch_book):
    """Against the run's one whole-book build of it (tests/conftest.py, shared with tests/e2e/test_regelbuch.py)."""
    from tests.conftest import REGELBUCH

    assert_same_book(REGELBUCH, tmp_path, [ASSETS_DIR], whole=regelbuch_book[0])


def _copy_example(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    shutil.copytree(EXAMPLE.parent, folder)
    return folder / EXAMPLE.name


def test_an_edit_inside_one_chapter_lays_out_that_chapter_only(tmp_path):
    source = _copy_example(tmp_path)
    cache = Cache(tmp_path / "out")
    first = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    again = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    assert again.laid_out == () and again.pdf == first.pdf
    text = source.read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    source.write_text(text.replace(headings[2] + "\n", headings[2] + "\n\nEin Wort mehr.\n", 1), encoding="utf-8")
    edited = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    assert edited.laid_out == (3,)              # no heading and no page count changed: not the contents
    assert "Ein Wort mehr." in "".join(page_texts(edited.pdf))


def test_an_edited_chapter_s_cuts_are_checked_from_its_own_layout_not_a_second_cascade(tmp_path, monkeypatch):
    """The cuts kept from the last build are checked on the edited chapter's cascade; where that chapter's
    document is the one laid out, its layout's styles are that cascade (issue 48): none runs apart."""
    import cardgen.pdf.parts as parts

    monkeypatch.setattr("cardgen.rulebook.build.usable_cores", lambda: 1)     # laid out here: seen here
    source = _copy_example(tmp_path)
    cache = Cache(tmp_path / "out")
    build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    cascades: list[str] = []
    real = parts.cascade
    monkeypatch.setattr(parts, "cascade", lambda html, roots: cascades.append(html) or real(html, roots))
    text = source.read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    source.write_text(text.replace(headings[2] + "\n", headings[2] + "\n\nEin Wort mehr.\n", 1), encoding="utf-8")
    edited = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    assert edited.laid_out == (3,) and cascades == []
    cold = build_rulebook(source, tmp_path / "b.pdf", [], write=False, chapters=True, cache=Cache(tmp_path / "c"),
                          tool="t")
    assert cold.pdf == edited.pdf and cascades


def test_a_page_inserted_into_chapter_3_moves_every_later_page_number_link_and_contents_entry(tmp_path, monkeypatch):
    """The inserted break is a forced break inside chapter 3: the cuts kept from the last build fail their
    check (where chapter 3 is laid out), and the book is cut anew."""
    import cardgen.rulebook.build as module

    failed: list[str] = []
    real = module.build_by_chapters

    def recording(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        except module.SplitChanged as exc:
            failed.append(str(exc))
            raise
    monkeypatch.setattr(module, "build_by_chapters", recording)
    source = _copy_example(tmp_path)
    cache = Cache(tmp_path / "out")
    build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    text = source.read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    page_break = '<div style="break-after: page"></div>\n\nEine eingeschobene Seite.\n\n'
    source.write_text(text.replace(headings[2] + "\n", headings[2] + "\n\n" + page_break, 1), encoding="utf-8")
    parts = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    assert failed == ["chapter 4 shows a new break or obstacle"]      # (chapter 1 is the title page)
    whole = build_rulebook(source, tmp_path / "w.pdf", [], write=False, chapters=False)
    assert parts.pages == whole.pages
    assert page_texts(parts.pdf) == page_texts(whole.pdf)      # footers "Seite N von M" and the contents
    assert outline(parts.pdf) == outline(whole.pdf)
    assert links(parts.pdf) == links(whole.pdf)


def test_a_chapter_laid_out_records_each_page_with_its_anchors_and_bookmarks():
    from cardgen.rulebook.bychapter import lay_out_chapter
    from cardgen.safefs import Roots

    layout = lay_out_chapter('<html><body><h2 id="x" style="bookmark-level: 2">X</h2></body></html>', Roots.build("."))
    assert len(layout.facts) == 1 and layout.facts[0].anchors[0][0] == "x"
    assert layout.facts[0].bookmarks[0][:2] == (2, "X")


def test_a_cold_build_lays_out_each_chapter_once_and_the_contents_again_with_its_numbers(tmp_path):
    parts = build_rulebook(EXAMPLE, tmp_path / "a.pdf", [], write=False, chapters=True, cache=Cache(tmp_path / "out"),
                           tool="t")
    contents = [i for i in set(parts.laid_out) if parts.laid_out.count(i) > 1]
    assert sorted(set(parts.laid_out)) == list(range(parts.chapters))
    assert len(contents) == 1 and len(parts.laid_out) == parts.chapters + 1


SMALL_BOOK = """---
puppeteer:
    pdf:
        displayHeaderFooter: true
        footerTemplate: '<section><div>Seite <span class="pageNumber"></span> von <span class="totalPages"></span></div></section>'
---

# Ein kleines Buch

## Inhalt

[[toc]]

## Eins

Der erste Absatz.

## Zwei

Der zweite Absatz.

## Drei

Der dritte Absatz.
"""
LONG = "Ein langer Absatz mit vielen Wörtern, der Seite um Seite füllt. " * 120
PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
EDITS = [                                          # each applied to the text the one before left
    ("a paragraph changed", lambda t: t.replace("Der zweite Absatz.", "Der zweite, geänderte Absatz.")),
    ("a chapter grows a page", lambda t: t.replace("Absatz.\n\n## Drei", f"Absatz.\n\n{LONG}\n\n## Drei")),
    ("a chapter added", lambda t: t + "\n## Vier\n\nNeu, mit Ziffern 0123456789.\n"),
    ("a heading renamed", lambda t: t.replace("## Eins", "## Das erste Kapitel")),
    ("a picture added", lambda t: t.replace("Der erste Absatz.", "Der erste Absatz.\n\n![Bild](bild.svg)")),
    ("a chapter removed", lambda t: t.replace("\n## Vier\n\nNeu, mit Ziffern 0123456789.\n", "")),
    ("all reverted", lambda t: SMALL_BOOK),
]


def test_after_each_edit_an_incremental_build_gives_the_bytes_of_a_cold_one(tmp_path, monkeypatch):
    """Chapters cached and only the edited ones laid out again give the PDF a cold build (nothing cached)
    gives, byte for byte -- also where a chapter was numbered twice in one build (its page count
    estimated, then known) and once in the other (issue 40, finding 11).  Every chapter is laid out in
    this process: 15 builds starting layout workers would spend most of their time starting them."""
    monkeypatch.setattr("cardgen.rulebook.build.usable_cores", lambda: 1)
    source = tmp_path / "book" / "Buch.md"
    source.parent.mkdir()
    (source.parent / "bild.svg").write_text(PICTURE, encoding="utf-8")
    source.write_text(SMALL_BOOK, encoding="utf-8")
    cache = Cache(tmp_path / "out")
    build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
    text, differ, cached = SMALL_BOOK, [], []
    for number, (edit, change) in enumerate(EDITS):
        text = change(text)
        source.write_text(text, encoding="utf-8")
        warm = build_rulebook(source, tmp_path / "a.pdf", [], write=False, chapters=True, cache=cache, tool="t")
        cold = build_rulebook(source, tmp_path / "b.pdf", [], write=False, chapters=True,
                              cache=Cache(tmp_path / f"cold{number}"), tool="t")
        cached.append(len(set(warm.laid_out)) < warm.chapters)
        if warm.pdf != cold.pdf:
            differ.append(edit)
    assert differ == []
    assert sum(cached) >= 3         # a paragraph, a heading, a picture: the other chapters from the cache
