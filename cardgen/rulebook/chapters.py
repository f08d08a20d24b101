"""A rulebook's HTML cut into chapters at its forced page breaks, each a document of its own.

Where a chapter starts is decided from WeasyPrint's cascade of the whole document, before any
layout (:func:`cardgen.pdf.parts.cascade`): between two top-level blocks -- the children of ``body``,
with ``main``'s children in ``main``'s place -- where the first has ``break-after: page`` or the
second ``break-before: page``, both blocks in normal flow.  Only there is the break certain, so
only there is the book cut; a book whose stylesheets force no page break is one chapter and is
laid out as before.  The cascade also says when parts would not look as the whole does (page
selectors by position, counters or named strings set by elements, ``target-*()`` outside the
contents lists, ``left``/``right`` breaks): then the book is one chapter too, and ``reason`` says why.

A chapter is the whole document's ``<head>`` and ``<body>`` start, its own blocks, and -- where it
begins or ends inside ``main`` -- ``main`` cut open (``data-cardgen-cut``: no margin, border or
padding at the cut, as a box continued on the next page has none).  A chapter after the first
has the head without the ``@page :first`` rules (``first_page=False``,
:func:`~cardgen.rulebook.layout.book_html`), and a style that starts its page counter at its
first page's number.  The links of a contents list (``nav.toc``, ``nav.glossary``) carry the
page numbers as text (``data-cardgen-page``), from the anchors the other chapters recorded.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from html import unescape

from cardgen.pdf.records import Cascade
from cardgen.rulebook.blocks import Block, BlockParser
from cardgen.safefs import Roots

CUT_STYLE = ("main[data-cardgen-cut~=top] { margin-top: 0 !important; padding-top: 0 !important; "
             "border-top-width: 0 !important; }\n"
             "main[data-cardgen-cut~=bottom] { margin-bottom: 0 !important; padding-bottom: 0 !important; "
             "border-bottom-width: 0 !important; }\n"
             "nav.toc a[data-cardgen-page]::after, nav.glossary a[data-cardgen-page]::after "
             "{ content: attr(data-cardgen-page); }\n")
CONTENTS_LINK = re.compile(r'<a href="#([^"]*)"')
CONTENTS_NAV = re.compile(r'<nav class="(?:toc|glossary)">.*?</nav>', re.S)


@dataclass(frozen=True)
class Chapters:
    """A whole-book document cut into chapters (``cuts``: indexes of the blocks each one starts with)."""

    html: str                     # the document without the @page :first rules
    first_head: str               # the head of the whole document (with them): the first chapter's
    blocks: tuple[Block, ...]
    cuts: tuple[int, ...]
    main_open: int
    main_close: int
    body_start: int
    reason: str = ""              # why the book is one chapter, if it is

    @property
    def count(self) -> int:
        return len(self.cuts)

    def chapter_html(self, number: int, contents: dict[str, int] | None = None, head: str = "") -> str:
        """The document of chapter ``number``, its pages numbered from 1 (the layout numbers them for their
        place in the book afterwards: :meth:`cardgen.pdf.parts.PartLaidOut.renumber`); the links of its contents
        lists show the page numbers of ``contents`` (anchor → page); ``head``: another head (the cascade of
        the first chapter takes the one without ``@page :first`` rules)."""
        start = self.cuts[number]
        end = self.cuts[number + 1] if number + 1 < self.count else len(self.blocks)
        blocks = self.blocks[start:end]
        body = self._body(blocks, start, end)
        if contents is not None:
            body = CONTENTS_NAV.sub(lambda nav: _numbered(nav.group(0), contents), body)
        head = head or (self.first_head if number == 0 else self.html[:self.body_start])
        head = head.replace("</head>", f"<style>\n{CUT_STYLE}</style>\n</head>", 1)
        return head + body + self._tail()

    def _body(self, blocks: tuple[Block, ...], start: int, end: int) -> str:
        parts = []
        opened = False
        for index, block in enumerate(blocks):
            if block.in_main and not opened:
                cut = [side for side, inside in (("top", start + index > 0 and self.blocks[start + index - 1].in_main),
                                                  ("bottom", end < len(self.blocks) and self.blocks[end].in_main))
                       if inside]
                tag = self.html[self.main_open:self.html.index(">", self.main_open)]
                parts.append(tag + (f' data-cardgen-cut="{" ".join(cut)}"' if cut else "") + ">\n")
                opened = True
            elif not block.in_main and opened:
                parts.append("</main>\n")
                opened = False
            parts.append(self.html[block.start:block.end] + "\n")
        if opened:
            parts.append("</main>")
        return "\n" + "".join(parts)

    def _tail(self) -> str:
        """What follows the body's blocks: the end of ``body`` and ``html``."""
        last = max(self.blocks[-1].end, self.main_close + len("</main>") if self.main_close >= 0 else 0)
        return self.html[last:]


def with_total(head: str, total: int) -> str:
    """``head`` with its ``counter(pages)`` (our template's margin boxes) printing ``total`` as text."""
    return head.replace("counter(pages)", f'"{total}"')


def _numbered(nav: str, contents: dict[str, int]) -> str:
    """``nav`` with each link to an anchor of ``contents`` carrying its page number."""
    return CONTENTS_LINK.sub(lambda link: link.group(0) + (
        f' data-cardgen-page="{contents[_unescaped(link.group(1))]}"' if _unescaped(link.group(1)) in contents
        else ""), nav)


def _unescaped(text: str) -> str:
    return unescape(text)


def split_chapters(html: str, first_head_html: str, roots: Roots) -> Chapters:
    """``html`` (the whole book without ``@page :first`` rules) cut into chapters; ``first_head_html``
    is the whole book as laid out alone (its head is the first chapter's)."""
    return _split(html, first_head_html, roots)[0]


@dataclass(frozen=True)
class SplitRecord:
    """What a split remembers for the next build of a book with the same head: per chapter its number
    of blocks, the digest of its blocks and the digest of its first and last block (the breaks at its
    ends: a block's style in the book depends on its neighbours, which its chapter alone lacks)."""

    sizes: tuple[int, ...]
    chapters: tuple[str, ...]
    ends: tuple[str, ...]


def split_again(html: str, first_head_html: str, roots: Roots,
                previous: SplitRecord | None) -> tuple[Chapters, SplitRecord | None, SplitCheck | None]:
    """:func:`split_chapters`, with the cascade of the whole book spared where ``previous`` (the last
    split of a book with this head) still fits: where at most one chapter changed -- the chapters before
    and after it have the same blocks -- only that chapter is cascaded, alone, as it is laid out alone,
    and the cuts are kept while its first and last blocks are those it had -- and, checked where that
    chapter is laid out (:class:`SplitCheck`), while it shows no obstacle and no forced break inside.
    Also the record for the next split (to be kept once that check passed)."""
    if previous is not None:
        kept = _reuse(_split(html, first_head_html, roots, whole=False)[0], previous)
        if kept is not None:
            return kept
    split, styles = _split(html, first_head_html, roots)
    if styles is None or split.count < 2:
        return split, None, None
    return split, record_of(split), None


def record_of(split: Chapters) -> SplitRecord:
    """What the next build remembers of ``split`` (:class:`SplitRecord`)."""
    bounds = list(zip(split.cuts, (*split.cuts[1:], len(split.blocks))))
    return SplitRecord(tuple(b - a for a, b in bounds), tuple(_blocks_digest(split, a, b) for a, b in bounds),
                       tuple(_ends_digest(split, a, b) for a, b in bounds))


@dataclass(frozen=True)
class SplitCheck:
    """What must still hold for the cuts kept from the last split (:func:`split_again`): chapter ``index``,
    cascaded alone (``html``), shows no obstacle and no forced break inside, and its ``blocks`` have the
    styles the book gives them.  Checked (:func:`still_fits`) in the process that lays that chapter out,
    which has WeasyPrint imported: the command that only waits for its layout workers needs none."""

    index: int
    html: str
    blocks: tuple[Block, ...]
    cuts: tuple[int, ...] = (0,)              # the forced breaks ``html`` must show (a cut's neighbours in it)


class SplitChanged(Exception):
    """The cuts kept from the last split no longer fit the book (:class:`SplitCheck`): cut it anew."""


def still_fits(check: SplitCheck, roots: Roots) -> bool:
    """Whether ``check`` holds (WeasyPrint's cascade of its chapter)."""
    # lazy: WeasyPrint's cascade, only where a chapter changed
    from cardgen.pdf.parts import cascade

    return fits(check, cascade(check.html, roots))


def fits(check: SplitCheck, styles: Cascade) -> bool:
    """Whether ``styles`` (the cascade of ``check``'s document) show what ``check`` asks."""
    return not (styles.obstacles or _mismatch(styles, check.blocks) or find_cuts(styles) != (check.cuts, ""))


def checked_by_layout(check: SplitCheck, html: str) -> bool:
    """Whether ``check`` can be told from the layout of the chapter document ``html`` (its cascade,
    :meth:`cardgen.pdf.parts.PartLaidOut.cascade`, instead of one of its own): where its document is that
    one -- an edited chapter after the first, checked alone -- up to the total its margin boxes print."""
    return check.cuts == (0,) and with_total(html, 0) == check.html


def _reuse(one: Chapters, previous: SplitRecord) -> tuple[Chapters, SplitRecord, SplitCheck | None] | None:
    """The cuts of ``previous`` for the blocks of ``one`` (see :func:`split_again`), else None."""
    if one.reason:
        return None
    sizes, count, total = list(previous.sizes), len(previous.sizes), len(one.blocks)
    front, start = 0, 0
    while front < count and _blocks_digest(one, start, start + sizes[front]) == previous.chapters[front]:
        start, front = start + sizes[front], front + 1
    back, end = count, total
    while back > front + 1 and _blocks_digest(one, end - sizes[back - 1], end) == previous.chapters[back - 1]:
        end, back = end - sizes[back - 1], back - 1
    if front == count and start == total:
        return _with_cuts(one, sizes), previous, None
    if back != front + 1 or end <= start or _ends_digest(one, start, end) != previous.ends[front]:
        return None
    sizes[front] = end - start
    split = _with_cuts(one, sizes)
    check = SplitCheck(front, with_total(split.chapter_html(front, head=one.html[:one.body_start]), 0),
                       one.blocks[start:end])
    chapters = list(previous.chapters)
    chapters[front] = _blocks_digest(one, start, end)
    return split, SplitRecord(tuple(sizes), tuple(chapters), previous.ends), check


def _with_cuts(one: Chapters, sizes: list[int]) -> Chapters:
    cuts = tuple(sum(sizes[:i]) for i in range(len(sizes)))
    return Chapters(one.html, one.first_head, one.blocks, cuts, one.main_open, one.main_close, one.body_start)


def _ends_digest(split: Chapters, start: int, end: int) -> str:
    return _blocks_digest(split, start, start + 1) + _blocks_digest(split, end - 1, end)


def _blocks_digest(split: Chapters, start: int, end: int) -> str:
    """The digest of blocks ``start`` to ``end`` (their HTML, and whether each is in ``main``)."""
    if not 0 <= start < end <= len(split.blocks):
        return ""
    text = repr([(b.in_main, split.html[b.start:b.end]) for b in split.blocks[start:end]])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _split(html: str, first_head_html: str, roots: Roots, whole: bool = True) -> tuple[Chapters, Cascade | None]:
    """The book cut (and the cascade that says where), or -- ``whole=False`` -- its blocks only, one chapter."""
    parser = BlockParser(html)
    parser.feed(html)
    parser.close()
    blocks = tuple(Block(s, e, t, m) for s, e, t, m in parser.blocks)
    tail = html[parser.body_start:]
    one = Chapters(html, first_head_html[:len(first_head_html) - len(tail)], blocks, (0,), parser.main_open,
                   parser.main_close, parser.body_start)
    reason = _unsplittable(parser, blocks, first_head_html, tail)
    if reason or not whole:
        return _one(one, reason), None
    # lazy: WeasyPrint's cascade, only where the book is cut anew
    from cardgen.pdf.parts import cascade

    styles = cascade(with_total(html[:parser.body_start], 0) + tail, roots)
    reason = _mismatch(styles, blocks) or "; ".join(styles.obstacles)
    if reason:
        return _one(one, reason), None
    cuts, reason = find_cuts(styles)
    if reason:
        return _one(one, reason), None
    return Chapters(html, one.first_head, blocks, cuts, parser.main_open, parser.main_close, parser.body_start), styles


def _one(whole: Chapters, reason: str) -> Chapters:
    return Chapters(whole.html, whole.first_head, whole.blocks, (0,), whole.main_open, whole.main_close,
                    whole.body_start, reason)


def _unsplittable(parser: BlockParser, blocks: tuple[Block, ...], first: str, tail: str) -> str:
    if parser.body_start < 0 or not blocks or any(b.end < 0 for b in blocks):
        return "the document's body could not be read as blocks"
    if not first.endswith(tail) or first.count("</head>") != 1:
        return "the layout template writes more than the @page :first rules differently"
    inside = [b for b in blocks if b.in_main]
    if inside and (parser.main_open < 0 or parser.main_close < 0 or blocks.index(inside[-1]) - blocks.index(inside[0])
                   != len(inside) - 1):
        return "the document's main could not be read"
    return ""


def _mismatch(styles: Cascade, blocks: tuple[Block, ...]) -> str:
    if [b.tag for b in styles.blocks] != [b.tag for b in blocks] or list(styles.in_main) != [b.in_main for b in blocks]:
        return "the document's blocks are not those WeasyPrint reads"
    return ""


def find_cuts(styles: Cascade) -> tuple[tuple[int, ...], str]:
    """The indexes of the blocks a chapter starts with (0 first), and why none if the breaks are not certain."""
    cuts = [0]
    blocks = styles.blocks
    for index in range(1, len(blocks)):
        before, after = blocks[index - 1].break_after, blocks[index].break_before
        if {before, after} & {"left", "right", "recto", "verso"}:
            return (0,), f"a page break to a {before if before != 'auto' else after} page (left and right pages)"
        if "page" in (before, after) and blocks[index - 1].in_flow and blocks[index].in_flow:
            cuts.append(index)
    return tuple(cuts), ""
