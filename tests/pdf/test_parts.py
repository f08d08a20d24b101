"""WeasyPrint for a book laid out in parts: a part numbered again shows its place in the book and
nothing else changes; the cascade says what parts cannot show."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgen.pdf.parts import cascade, load_part
from cardgen.safefs import Roots
from tests.rulebook.chapter_pdfs import page_texts

pytestmark = pytest.mark.pdf          # renders PDFs

PART = ("<html><head><style>@page { size: 300px 200px; margin: 40px; @bottom-center { content: 'S. ' counter(page) "
        "' von ' counter(pages) } } p { break-after: page }</style></head><body><p id='a'>eins</p><p>zwei</p>"
        "</body></html>")


def test_a_part_numbered_again_shows_its_place_in_the_book_and_keeps_its_pages():
    part = load_part(PART, Roots.build("."))
    before = [part.page_facts(n) for n in range(part.page_count)]
    part.renumber(7, 20)
    texts = page_texts(part.write().pdf)
    assert [t.split()[-4:] for t in texts] == [["S.", "7", "von", "20"], ["S.", "8", "von", "20"]]
    assert "eins" in texts[0] and [part.page_facts(n) for n in range(part.page_count)] == before
    part.renumber(1, 2)                          # again: the numbers are set, not added
    assert [t.split()[-4:] for t in page_texts(part.write().pdf)][1] == ["S.", "2", "von", "2"]


@pytest.mark.parametrize(("css", "obstacle"), [
    ("p::after { content: counter(page) }", "<p>::after shows a page number"),
    ("p::before { content: target-counter('#a', page) }", "<p>::before shows target-*()"),
    ("nav.toc a::after { content: target-counter(attr(href), page) }", ""),
])
def test_the_cascade_names_what_a_part_cannot_show(css, obstacle):
    html = (f"<html><head><style>{css}</style></head><body><nav class='toc'><a href='#a'>A</a></nav>"
            "<p id='a'>x</p></body></html>")
    found = cascade(html, Roots.build(".")).obstacles
    assert (obstacle in found) if obstacle else found == ()


@pytest.mark.parametrize("css", ["p::after { content: counter(page) }", "h2 { counter-increment: kapitel }",
                                 "p + h2 { break-before: page } h2 { float: left }", ""])
def test_a_part_s_layout_gives_the_cascade_of_its_document_but_its_page_rules(css):
    """The check of an edited chapter reads its layout's styles instead of cascading it again (issue 48)."""
    html = (f"<html><head><style>@page {{ @bottom-center {{ content: counter(pages) }} }} {css}</style></head>"
            "<body><main><h2 id='a'>A</h2><p>x</p><h2>B</h2><p>y</p></main></body></html>")
    whole = cascade(html, Roots.build("."))
    assert load_part(html, Roots.build(".")).cascade() == replace(
        whole, obstacles=tuple(o for o in whole.obstacles if not o.startswith("@page")))
    assert "@page rule sets or shows a page-based counter" in whole.obstacles


def test_a_part_written_again_gives_the_bytes_of_one_written_once():
    """WeasyPrint keeps a write's fonts in the document (their glyphs in the order first drawn, which
    orders the ToUnicode map); a chapter numbered for an estimated total, then for the real one, is
    written twice, and must give the bytes of a chapter written once (issue 40, finding 11)."""
    twice = load_part(PART, Roots.build("."))
    twice.renumber(1, 2)
    twice.write()
    twice.renumber(7, 9)
    once = load_part(PART, Roots.build("."))
    once.renumber(7, 9)
    assert twice.write().pdf == once.write().pdf
