"""Where a rulebook's HTML is cut into chapters: only at page breaks the cascade makes certain."""

from __future__ import annotations

import pytest

from cardgen.rulebook.chapters import split_chapters
from cardgen.safefs import Roots

pytestmark = pytest.mark.pdf          # runs WeasyPrint's cascade

HEAD = "<html><head><style>{css}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
BODY = ('<header class="title-block"><h1>T</h1></header>\n<main>\n<h2 id="a">A</h2>\n<p>a</p>\n'
        '<h2 id="b">B</h2>\n<p>b</p>\n</main>')


def split(css: str, body: str = BODY):
    html = HEAD.format(css=css, body=body)
    return split_chapters(html, html, Roots.build("."))


def test_each_forced_break_starts_a_chapter():
    chapters = split(".title-block { break-after: page } h2 { break-before: page }")
    assert chapters.cuts == (0, 1, 3) and chapters.reason == ""
    second = chapters.chapter_html(1)
    assert '<h2 id="a">' in second and '<h2 id="b">' not in second
    assert "counter-reset" not in second             # numbered after layout (LaidOut.renumber)
    assert 'data-cardgen-cut="bottom"' in second and 'data-cardgen-cut="top"' in chapters.chapter_html(2)


def test_without_forced_breaks_the_book_is_one_chapter():
    assert split("h2 { margin-top: 2em }").cuts == (0,)


@pytest.mark.parametrize(("css", "reason"), [
    ("h2 { break-before: page } @page :left { margin-left: 2cm }", "@page selector"),
    ("h2 { break-before: page; counter-increment: chapter }", "counts 'chapter'"),
    ("h2 { break-before: right }", "left and right pages"),
    ("h2 { break-before: page } h2::after { content: ' (S. ' counter(page) ')' }", "shows a page number"),
    ("h2 { break-before: page } p::after { content: target-counter('#b', page) }", "shows target-*()"),
])
def test_what_parts_cannot_show_keeps_the_book_whole(css, reason):
    chapters = split(css)
    assert chapters.cuts == (0,) and reason in chapters.reason


def test_contents_links_carry_the_page_numbers_of_other_chapters():
    body = BODY.replace("<p>a</p>", '<nav class="toc">\n<ul>\n<li><a href="#b">B</a></li>\n</ul>\n</nav>')
    chapters = split("h2 { break-before: page }", body)
    assert 'data-cardgen-page="7"' in chapters.chapter_html(1, {"b": 7})
