"""Where a book is cut, found from its structure and its stylesheets' rules, not from a cascade of the whole book.

The cuts of :mod:`cardgen.rulebook.chapters` come from the forced page breaks between top-level blocks.
Which blocks force one is a matter of the stylesheets' rules for each kind of block: a ``##`` heading
(``<h2 id=…>``) is one kind however many the book holds.  So the head of the book and one empty
element per kind of block -- its start tag without its ``id`` (:func:`kind_of`), in ``body`` or in
``main`` as in the book -- are cascaded (:func:`probe_html`: a few dozen elements instead of every element of
the book), and the answer is kept in the build's cache by the digest of that small document: the
book's stylesheets and its kinds of blocks.  An edit that adds no new kind of block, or a cold build of
a book whose stylesheets are known, cascades nothing here.

What the kinds cannot show -- a rule by position (``h2:first-child``, ``p + h2``), by ``id``, an obstacle
deep inside a block (a counter set by a ``<span>``) -- is checked after the cut, where each chapter is
laid out (:class:`~cardgen.rulebook.chapters.SplitCheck`s, beside the layouts:
:func:`cardgen.rulebook.bychapter.build_by_chapters`): each cut is a forced break between the last block of
one chapter and the first of the next, the blocks at every cut cascaded together as they stand in the book
(one small document for the book); and each chapter cascaded alone shows no obstacle and no forced break
inside -- told from its own layout's styles, which are that cascade (issue 48: a cascade of each chapter
with its neighbours beside its layout cost 7 % of a cold build's CPU).  Where a check fails, the book is cut anew from
the cascade of the whole book (:func:`~cardgen.rulebook.chapters.split_again`), as before.
"""

from __future__ import annotations

import json
import re
from typing import Callable

from cardgen.pdf.records import Cascade, ElementStyle
from cardgen.rulebook.blocks import VOID, Block
from cardgen.rulebook.chapters import Chapters, SplitCheck, _split, _with_cuts, find_cuts, with_total
from cardgen.safefs import Roots

ID_ATTRIBUTE = re.compile(r"""\s+id\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)
Probe = Callable[[str], Cascade]
SPACER = "<cardgen-probe></cardgen-probe>"         # no stylesheet's rule names it


def kind_of(chapters: Chapters, index: int) -> str:
    """The start tag of top-level block ``index``, without its ``id``: what the stylesheets' rules see of it
    (but its position and id)."""
    block = chapters.blocks[index]
    start = chapters.html[block.start:chapters.html.index(">", block.start) + 1]
    return ID_ATTRIBUTE.sub("", start)


def probe_html(one: Chapters) -> tuple[str, list[tuple[str, bool]]]:
    """The book's head (as its parts have it) and one empty element per kind of block, in ``body`` or
    ``main``, each between two :data:`SPACER` elements (no kind is a first or last child, none follows
    another); also the kinds in the order the probe holds them."""
    kinds = list(dict.fromkeys((kind_of(one, i), block.in_main) for i, block in enumerate(one.blocks)))
    ordered = [k for k in kinds if not k[1]] + [k for k in kinds if k[1]]

    def elements(inside: bool) -> list[str]:
        shown = [kind if _tag(kind) in VOID else f"{kind}</{_tag(kind)}>" for kind, where in ordered if where == inside]
        return [SPACER, *(f"{element}\n{SPACER}" for element in shown)] if shown else []

    body = elements(False)
    if any(inside for _, inside in ordered):
        body += [one.html[one.main_open:one.html.index(">", one.main_open) + 1], *elements(True), "</main>"]
    head = with_total(one.html[:one.body_start], 0)
    return head + "\n" + "\n".join(body) + "\n</body></html>\n", ordered


def cascade_probe(html: str, roots: Roots) -> Cascade:
    """WeasyPrint's cascade of a probe (:func:`probe_html`)."""
    # lazy: WeasyPrint's cascade, only where the probe is not cached
    from cardgen.pdf.parts import cascade

    return cascade(html, roots)


def split_by_structure(html: str, first_head_html: str, roots: Roots, probe: Probe) -> tuple[Chapters, tuple[SplitCheck, ...]] | None:
    """The book cut where the probe (``probe``: a probe document → its cascade, cached) says its blocks
    force a page break, and the checks each chapter must pass where it is laid out; None where the
    probe shows an obstacle or does not match the book's blocks (cut it from the whole cascade)."""
    one = _split(html, first_head_html, roots, whole=False)[0]
    if one.reason:
        return one, ()
    document, kinds = probe_html(one)
    probed = probe(document)
    styles = [(style, inside) for style, inside in zip(probed.blocks, probed.in_main) if style.tag != "cardgen-probe"]
    if probed.obstacles or [(s.tag, inside) for s, inside in styles] != [(_tag(k), inside) for k, inside in kinds]:
        return None
    by_kind = dict(zip(kinds, (style for style, _ in styles)))
    book = Cascade(tuple(by_kind[kind_of(one, i), b.in_main] for i, b in enumerate(one.blocks)),
                   tuple(b.in_main for b in one.blocks), ())
    cuts, reason = find_cuts(book)
    if reason or len(cuts) < 2:
        return None
    split = _with_cuts(one, [b - a for a, b in zip(cuts, (*cuts[1:], len(one.blocks)))])
    return split, _checks(split)


def _checks(split: Chapters) -> tuple[SplitCheck, ...]:
    """What must hold for the cuts of ``split``: every cut a forced break between its two blocks, as they
    stand in the book (:func:`_cuts_check`), and each chapter, cascaded alone, with no obstacle and no
    forced break inside (:func:`chapter_check`: told from its layout where it is the document laid out)."""
    return (_cuts_check(split), *(chapter_check(split, i) for i in range(split.count)))


def chapter_check(split: Chapters, number: int) -> SplitCheck:
    """Chapter ``number`` cascaded alone -- the document it is laid out from, but the first chapter's head
    and the total -- shows no obstacle and no forced break inside (its first block's break is
    :func:`_cuts_check`'s)."""
    start = split.cuts[number]
    end = split.cuts[number + 1] if number + 1 < split.count else len(split.blocks)
    return SplitCheck(number, with_total(split.chapter_html(number, head=split.html[:split.body_start]), 0),
                      split.blocks[start:end])


def _cuts_check(split: Chapters) -> SplitCheck:
    """The two blocks at each cut, in ``body`` or ``main`` as in the book, each run of them between
    :data:`SPACER` elements standing for the blocks left out (one in ``main`` where the block after the
    run is, one where the block before the next run is): each block is a first or last child, or follows
    another, where it is in the book.  Cascaded together, once for the book, they must show a forced break
    at each cut (and only there)."""
    count = len(split.blocks)
    kept = sorted({i for cut in split.cuts[1:] for i in (cut - 1, cut)})
    items: list[Block] = []
    cuts = [0]
    for previous, index in zip([-1, *kept], [*kept, count]):
        if index - previous > 1:                # blocks left out: previous+1 .. index-1
            sides = dict.fromkeys((split.blocks[previous + 1].in_main, split.blocks[index - 1].in_main))
            items += [Block(-1, -1, _tag(SPACER), inside) for inside in sides]
        if index < count:
            cuts += [len(items)] if index in split.cuts[1:] else []
            items.append(split.blocks[index])
    return SplitCheck(0, with_total(split.html[:split.body_start], 0) + _body(split, items) + "</body></html>\n",
                      tuple(items), tuple(cuts))


def _body(split: Chapters, items: list[Block]) -> str:
    """The blocks ``items`` (a :data:`SPACER` where one does not point into the book) in ``body`` or ``main``."""
    parts, opened = [], False
    for block in items:
        if block.in_main != opened:
            parts.append(split.html[split.main_open:split.html.index(">", split.main_open) + 1] if block.in_main
                         else "</main>")
            opened = block.in_main
        parts.append(SPACER if block.start < 0 else split.html[block.start:block.end])
    return "\n" + "\n".join([*parts, *(["</main>"] if opened else [])]) + "\n"


def _tag(kind: str) -> str:
    match = re.match(r"<\s*([A-Za-z0-9-]+)", kind)
    return match.group(1).lower() if match else ""


def stored_cascade(data: bytes | None) -> Cascade | None:
    """A probe's cascade as :func:`cascade_bytes` kept it; None if missing or damaged."""
    try:
        stored = json.loads(data or b"null")
        return Cascade(tuple(ElementStyle(str(t), tuple(map(str, c)), str(b), str(a), bool(f))
                             for t, c, b, a, f in stored["blocks"]),
                       tuple(map(bool, stored["in_main"])), tuple(map(str, stored["obstacles"])))
    except (ValueError, TypeError, KeyError):
        return None


def cascade_bytes(styles: Cascade) -> bytes:
    return json.dumps({"blocks": [[s.tag, s.classes, s.break_before, s.break_after, s.in_flow] for s in styles.blocks],
                       "in_main": styles.in_main, "obstacles": styles.obstacles}).encode()
