"""Chapters' PDFs put together: destinations, links across chapters and the outline on the final pages."""

from __future__ import annotations

import pytest

from cardgen.pdf.parts import PageFacts, load_part
from cardgen.rulebook.assemble import anchor_pages, assemble
from cardgen.safefs import Roots
from tests.rulebook.chapter_pdfs import links, outline, page_texts

pytestmark = pytest.mark.pdf          # renders PDFs


def lay_out(body: str) -> tuple[bytes, tuple[PageFacts, ...]]:
    laid_out = load_part(f"<html><body>{body}</body></html>", Roots.build("."))
    return laid_out.write().pdf, tuple(laid_out.page_facts(n) for n in range(laid_out.page_count))


def test_links_and_outline_point_at_the_final_pages():
    first = lay_out('<h1 id="one" style="bookmark-level: 1">One</h1><p><a href="#two">to two</a></p>')
    second = lay_out('<h2 id="two" style="bookmark-level: 2">Two</h2><p>two</p>')
    pdf = assemble([first[0], second[0]], [first[1], second[1]])
    assert [t.strip()[:3] for t in page_texts(pdf)] == ["One", "Two"]
    assert outline(pdf) == [(0, "One", 0), (1, "Two", 1)]
    assert links(pdf) == [(0, 1)]
    assert anchor_pages([first[1], second[1]])["two"][0] == 1
