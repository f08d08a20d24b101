"""The processes that lay chapters out: a chapter is laid out once and numbered afterwards, by the
process that keeps it; the same results in worker processes as here."""

from __future__ import annotations

import pytest

from cardgen.rulebook.chapterpool import ChapterLayout, ChapterPool, Lay, LayWrite, Write
from cardgen.safefs import Roots
from tests.rulebook.chapter_pdfs import page_texts

pytestmark = pytest.mark.pdf          # renders PDFs

HEAD = ("<html><head><style>@page { size: 300px 200px; margin: 40px; @bottom-center { content: 'S. ' "
        "counter(page) ' von ' counter(pages) } } p { break-after: page }</style></head><body>")


def chapter(pages: int, name: str) -> str:
    return HEAD + "".join(f'<p id="{name}{n}">{name} {n}</p>' for n in range(pages)) + "</body></html>"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_chapter_laid_out_once_is_numbered_for_its_place_in_the_book(workers):
    roots = Roots.build(".")
    with ChapterPool(roots, workers) as pool:
        facts = pool.run([Lay(0, chapter(2, "a")), Lay(1, chapter(3, "b"))])
        assert [len(facts[0]), len(facts[1])] == [2, 3]
        assert facts[1][0].anchors[0][0] == "b0"
        books = pool.run([Write(0, 1, 6), Write(1, 3, 6), LayWrite(2, chapter(1, "c"), 6, 6)])
    assert all(isinstance(book, ChapterLayout) for book in books.values())
    texts = [text for i in range(3) for text in page_texts(books[i].pdf)]
    assert [text.split()[-4:] for text in texts] == [["S.", str(n), "von", "6"] for n in range(1, 7)]
    assert pool.layouts == 3


def test_a_worker_s_error_is_raised_in_the_build():
    with ChapterPool(Roots.build("."), 2) as pool, pytest.raises(KeyError):
        pool.run([Write(5, 1, 1), Lay(0, chapter(1, "a"))])


NESTED_FLEX = HEAD + '<div style="display: flex">' * 14 + "x" + "</div>" * 14 + "</body></html>"


def test_a_worker_over_the_time_limit_ends_the_build_with_the_limit_s_one_line(monkeypatch):
    """The build's limit reaches its workers (a forkserver's worker has none of the build's module
    state); a worker so ended says nothing, the build says the one line -- and does not wait for a pipe
    a sibling worker still holds open."""
    from cardgen.pdf import timelimit
    from cardgen.errors import RenderError

    monkeypatch.setattr(timelimit, "MAX_RENDER_SECONDS", 0.25)
    with ChapterPool(Roots.build("."), 2) as pool, pytest.raises(RenderError) as raised:
        pool.run([Lay(0, chapter(1, "a")), Lay(1, NESTED_FLEX)])
    assert str(raised.value) == timelimit.timeout_message(0.25)
