"""A rulebook as web pages: one page per chapter, cut where the PDF cuts it, with its contents.

The book is the HTML the PDF is laid out from (:func:`cardgen.rulebook.build.rulebook_page`: the same
dialect, admonitions, merged cells, card figures, odds tables, keyword links, contents), cut at its
forced page breaks as :mod:`cardgen.rulebook.structure` finds them for the PDF (the probe's cascade
kept in the build's cache; where the probe cannot say, the cascade of the whole book:
:func:`cardgen.rulebook.chapters.split_chapters`).  A book whose stylesheets force no page break is
one page, as it is one chapter in the PDF.

Each chapter page has exactly one ``h1``: the chapter's first heading, made the page's title (its
``id`` kept, so deep links still land on it); a later ``h1`` of the chapter becomes an ``h2``.  A link
to an anchor (``#regeln-x``: the book's contents, keyword links) points to the chapter that holds
it; an anchor no chapter holds stays as written (the rulebook's build warns of it already).
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.build.cache import Cache, toolchain_digest
from cardgen.rulebook.build import RulebookPage
from cardgen.rulebook.chapters import Chapters, split_chapters
from cardgen.rulebook.chapterstore import ChapterStore
from cardgen.rulebook.structure import split_by_structure
from cardgen.site.files import SiteFiles
from cardgen.site.reuse import SiteReuse

HEADING = re.compile(r"<(h[1-6])(\s[^>]*)?>(.*?)</\1\s*>", re.S | re.I)
ID = re.compile(r"""\sid\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
HREF = re.compile(r'href="#([^"]*)"')
TABLE_OPEN = re.compile(r"<table\b", re.I)
FIGURE = re.compile(r'(<div class="card-art" data-card-figure="(\d+)" aria-label="([^"]*)"[^>]*>)')
FIGURE_DPI = 200                           # sharp on a phone: a 63 mm card is ~500 px wide
TAG = re.compile(r"<[^>]*>")
SECTION_LEVELS = ("h2", "h3")              # the headings a chapter's contents list


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str


@dataclass(frozen=True)
class Chapter:
    """One chapter page: its file (below the book's folder), title, body HTML and its sections."""

    file: str
    title: str
    title_html: str                        # the inner HTML of its h1 (the rulebook's, escaped already)
    title_id: str
    body: str
    sections: tuple[Heading, ...]


@dataclass(frozen=True)
class Book:
    """A rulebook's pages: ``folder`` below ``regeln/``, its title and chapters."""

    folder: str
    title: str
    label: str                             # the PDF it is also built as (rulebooks/….pdf)
    chapters: tuple[Chapter, ...]


def cut_book(page: RulebookPage, cache: Cache | None, tool: str | None = None) -> Chapters:
    """The book cut as the PDF cuts it (see the module docstring); ``tool``: the run's
    :func:`~cardgen.build.cache.toolchain_digest` where it has one already (``BuildContext.tool``)."""
    store = ChapterStore(cache, (tool or toolchain_digest()) if cache is not None else "", page.roots)
    found = split_by_structure(page.parts_html, page.html, page.roots, store.probe)
    return found[0] if found is not None else split_chapters(page.parts_html, page.html, page.roots)


def chapter_bodies(split: Chapters) -> list[str]:
    """The HTML of each chapter's blocks, in order (``main`` left out: the page has its own)."""
    bodies = []
    for number, start in enumerate(split.cuts):
        end = split.cuts[number + 1] if number + 1 < split.count else len(split.blocks)
        bodies.append("\n".join(split.html[b.start:b.end] for b in split.blocks[start:end]))
    return bodies


def plain_text(fragment: str) -> str:
    return " ".join(htmllib.unescape(TAG.sub("", fragment)).split())


def anchors_of(body: str) -> list[str]:
    return [htmllib.unescape(m[1] if m[1] is not None else m[2]) for m in ID.finditer(body)]


def titled(body: str, fallback: str) -> tuple[str, str, str, str]:
    """``body`` without its first heading, that heading's text, inner HTML and id; other ``h1``s made
    ``h2``s.  A chapter without a heading keeps its body and takes ``fallback`` as its title."""
    first = HEADING.search(body)
    if first is None:
        return body, fallback, htmllib.escape(fallback), ""
    ids = ID.search(first[2] or "")
    anchor = htmllib.unescape(ids[1] if ids[1] is not None else ids[2]) if ids else ""
    rest = body[:first.start()] + body[first.end():]
    rest = HEADING.sub(lambda m: f"<h2{m[2] or ''}>{m[3]}</h2>" if m[1].lower() == "h1" else m[0], rest)
    return rest, plain_text(first[3]) or fallback, first[3], anchor


def sections_of(body: str) -> tuple[Heading, ...]:
    found = []
    for match in HEADING.finditer(body):
        ids = ID.search(match[2] or "")
        if match[1].lower() in SECTION_LEVELS and ids:
            found.append(Heading(int(match[1][1]), plain_text(match[3]),
                                 htmllib.unescape(ids[1] if ids[1] is not None else ids[2])))
    return tuple(found)


def linked(body: str, own: set[str], where: dict[str, str]) -> str:
    """``body`` with each link to an anchor in another chapter pointing to that chapter's page."""
    def target(match: re.Match[str]) -> str:
        anchor = htmllib.unescape(match[1])
        if anchor in own or anchor not in where:
            return match[0]
        return f'href="{where[anchor]}#{match[1]}"'
    return HREF.sub(target, body)


def scrolling_tables(body: str) -> str:
    """``body`` with each table in a box of its own that scrolls sideways where the table is wider than
    the screen (the page never does)."""
    return TABLE_OPEN.sub('<div class="scroll">\\g<0>', body).replace("</table>", "</table></div>")


def with_figures(body: str, figures: list, folder: str, files: SiteFiles, reuse: SiteReuse) -> str:
    """``body`` with each card figure's placeholder holding its face as a PNG (the card's own rendering,
    :func:`cardgen.cards.png.rasterise`, kept by ``reuse``), its label as ``alt``."""
    # lazy: PDF rasterising, only for a book that shows cards
    from cardgen.cards.png import png_bytes, rasterise

    def image(match: re.Match[str]) -> str:
        index = int(match[2])
        if index >= len(figures):
            return match[0]
        pdf = figures[index].pdf
        png = reuse.picture(pdf, FIGURE_DPI, lambda: png_bytes(rasterise(pdf, FIGURE_DPI), FIGURE_DPI))
        path = files.add(f"karten/{folder}-{index}.png", png)
        return f'{match[1]}<img class="card-image" src="../../{path}" alt="{match[3]}">'
    return FIGURE.sub(image, body)


def book_pages(page: RulebookPage, folder: str, label: str, files: SiteFiles, cache: Cache | None,
               reuse: SiteReuse | None = None, tool: str | None = None) -> Book:
    """The chapter pages of the rulebook ``page`` (its files copied by ``files``; pages sit two
    folders below the site's top: ``regeln/<folder>/``; its card figures' pictures kept by ``reuse``)."""
    split = cut_book(page, cache, tool)
    title = page.document.title or Path(label).stem
    bodies = [files.rewrite(body, page.roots, "../../") for body in chapter_bodies(split)]
    if page.document.figures:
        bodies = [with_figures(body, page.document.figures, folder, files, reuse or SiteReuse(None)) for body in bodies]
    names = [f"kapitel-{n + 1}.html" for n in range(len(bodies))]
    where = {anchor: name for name, body in zip(names, bodies) for anchor in anchors_of(body)}
    chapters = []
    for number, (name, body) in enumerate(zip(names, bodies)):
        body = linked(body, set(anchors_of(body)), where)
        rest, text, inner, anchor = titled(scrolling_tables(body), f"{title} {number + 1}")
        chapters.append(Chapter(name, text, inner, anchor, rest, sections_of(rest)))
    return Book(folder, title, label, tuple(chapters))


def rule_index(books: list[Book]) -> dict[str, tuple[str, str]]:
    """Where the books define things: each anchor and each heading's text → (the chapter's title, its site
    path with the anchor), the first book and chapter holding it."""
    found: dict[str, tuple[str, str]] = {}
    for book in books:
        for chapter in book.chapters:
            page = f"regeln/{book.folder}/{chapter.file}"
            heads = [(chapter.title, chapter.title_id)] if chapter.title_id else []
            heads += [(h.text, h.anchor) for h in sections_of(chapter.body)]
            for anchor in anchors_of(chapter.body):
                found.setdefault(anchor, (chapter.title, f"{page}#{anchor}"))
            for text, anchor in heads:
                found.setdefault(f"\0{text}", (chapter.title, f"{page}#{anchor}"))
    return found
