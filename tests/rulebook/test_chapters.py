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


def test_a_split_again_keeps_the_cuts_and_leaves_the_changed_chapter_s_cascade_to_its_layout(monkeypatch):
    """An edit inside one chapter keeps the last cuts without a cascade here (a process that only waits for
    its layout workers imports no WeasyPrint); the check it returns cascades that chapter alone."""
    from cardgen.pdf import parts as pdfparts
    from cardgen.rulebook import chapters as module

    css = ".title-block { break-after: page } h2 { break-before: page }"
    body = BODY.replace("<p>b</p>", "<p>b</p>\n<p>c</p>")
    html = HEAD.format(css=css, body=body)
    first, record, check = module.split_again(html, html, Roots.build("."), None)
    assert first.cuts == (0, 1, 3) and record is not None and check is None
    seen: list[str] = []
    real = pdfparts.cascade
    monkeypatch.setattr(pdfparts, "cascade", lambda doc, roots: seen.append(doc) or real(doc, roots))
    edited = HEAD.format(css=css, body=body.replace("<p>b</p>", "<p>b, <em>mehr</em></p>\n<p>noch mehr</p>"))
    again, kept, check = module.split_again(edited, edited, Roots.build("."), record)
    assert again.cuts == first.cuts and seen == [] and check is not None and check.index == 2
    assert module.still_fits(check, Roots.build("."))
    assert len(seen) == 1 and "mehr" in seen[0] and '<h2 id="a">' not in seen[0]
    assert kept is not None and kept.chapters[:2] == record.chapters[:2] and kept.sizes == (1, 2, 4)
    assert module.split_again(edited, edited, Roots.build("."), kept)[0].cuts == (0, 1, 3) and len(seen) == 1


@pytest.mark.parametrize(("change", "cuts", "reason"), [
    ('<p>b</p>\n<div style="break-before: page">c</div>', (0, 1, 3, 5), ""),     # a forced break inside
    ('<p>b <span style="counter-increment: x">x</span></p>', (0,), "counts 'x'"),
])
def test_a_chapter_that_shows_new_breaks_or_obstacles_fails_the_check_and_the_book_is_cut_anew(change, cuts, reason):
    from cardgen.rulebook.chapters import split_again, still_fits

    css = ".title-block { break-after: page } h2 { break-before: page }"
    body = BODY.replace("<p>b</p>", "<p>b</p>\n<p>z</p>")          # the change is inside the chapter, not at its ends
    html = HEAD.format(css=css, body=body)
    _, record, _ = split_again(html, html, Roots.build("."), None)
    edited = HEAD.format(css=css, body=body.replace("<p>b</p>", change))
    kept, _, check = split_again(edited, edited, Roots.build("."), record)
    assert kept.cuts != cuts and check is not None and not still_fits(check, Roots.build("."))
    again, _, _ = split_again(edited, edited, Roots.build("."), None)
    assert again.cuts == cuts and reason in again.reason
