"""Chapters laid out apart, put together as one PDF with pikepdf.

The first chapter's PDF is the base (its document information once); the pages of the others
follow.  Then what points at pages is made again for the whole: the named destinations (one per
anchor, the first of its name, as WeasyPrint writes them), the links of a chapter to anchors of
another (WeasyPrint leaves out a link whose anchor is not in its document: they are added here,
where its layout recorded them) and the outline, nested by bookmark level as WeasyPrint nests it.
Positions come in CSS px from a page's top left (:class:`cardgen.pdf.parts.PageFacts`); the PDF's are in
points from its bottom left.
"""

from __future__ import annotations

import io
import warnings
from typing import Sequence

import pikepdf
from pikepdf import Array, Dictionary, Name, OutlineItem

from cardgen.geometry import px_to_pt
from cardgen.pdf.fonts import share_fonts
from cardgen.pdf.records import PageFacts


def anchor_pages(facts: Sequence[Sequence[PageFacts]]) -> dict[str, tuple[int, float, float]]:
    """Every anchor of the book: its page (from 0) and position, the first of each name."""
    anchors: dict[str, tuple[int, float, float]] = {}
    number = 0
    for chapter in facts:
        for page in chapter:
            for name, x, y in page.anchors:
                anchors.setdefault(name, (number, x, y))
            number += 1
    return anchors


def assemble(parts: Sequence[bytes], facts: Sequence[Sequence[PageFacts]]) -> bytes:
    """One PDF of the chapters' PDFs ``parts`` (each with the facts of its pages)."""
    book = pikepdf.open(io.BytesIO(parts[0]))
    others = [pikepdf.open(io.BytesIO(part)) for part in parts[1:]]
    with warnings.catch_warnings():     # pikepdf warns that named destinations are not kept: they are made below
        warnings.simplefilter("ignore", pikepdf.PageCopyWarning)
        for other in others:
            book.pages.extend(other.pages)
    pages = list(book.pages)
    anchors = anchor_pages(facts)
    for key in ("/Names", "/Outlines"):
        if key in book.Root:
            del book.Root[key]
    _add_destinations(book, pages, anchors)
    _add_links(book, pages, facts, anchors)
    _add_outline(book, pages, facts)
    share_fonts(book)                   # each chapter subsets its fonts apart: one name, one program
    out = io.BytesIO()
    book.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()


def _point(page: pikepdf.Page, x: float, y: float) -> tuple[float, float]:
    return round(px_to_pt(x), 6), round(float(page.mediabox[3]) - px_to_pt(y), 6)


def _add_destinations(book: pikepdf.Pdf, pages: list[pikepdf.Page],
                      anchors: dict[str, tuple[int, float, float]]) -> None:
    names = Array()
    for name in sorted(anchors):
        number, x, y = anchors[name]
        left, top = _point(pages[number], x, y)
        names.append(pikepdf.String(name))
        names.append(Array([pages[number].obj, Name.XYZ, left, top, 0]))
    if anchors:
        book.Root.Names = Dictionary(Dests=book.make_indirect(Dictionary(Names=names)))


def _add_links(book: pikepdf.Pdf, pages: list[pikepdf.Page], facts: Sequence[Sequence[PageFacts]],
               anchors: dict[str, tuple[int, float, float]]) -> None:
    """A link annotation for each link of a chapter to an anchor of another."""
    number = 0
    for chapter in facts:
        own = {name for page in chapter for name, _, _ in page.anchors}
        for page_facts in chapter:
            page = pages[number]
            for target, (x1, y1, x2, y2) in page_facts.links:
                if target in own or target not in anchors:
                    continue
                left, top = _point(page, x1, y1)
                right, bottom = _point(page, x2, y2)
                annotation = book.make_indirect(Dictionary(
                    Type=Name.Annot, Subtype=Name.Link, Rect=Array([left, top, right, bottom]),
                    BS=Dictionary(W=0), Dest=pikepdf.String(target)))
                if "/Annots" not in page.obj:
                    page.obj.Annots = Array()
                page.obj.Annots.append(annotation)
            number += 1


def _add_outline(book: pikepdf.Pdf, pages: list[pikepdf.Page], facts: Sequence[Sequence[PageFacts]]) -> None:
    """The outline: each bookmark the child of the last one before it of a lower level."""
    marks = []
    number = 0
    for chapter in facts:
        for page_facts in chapter:
            marks += [(level, label, number, x, y) for level, label, x, y in page_facts.bookmarks]
            number += 1
    if not marks:
        return
    with book.open_outline() as outline:
        stack: list[tuple[int, OutlineItem]] = []
        for level, label, number, x, y in marks:
            left, top = _point(pages[number], x, y)
            item = OutlineItem(label, number, "XYZ", left=left, top=top)
            while stack and stack[-1][0] >= level:
                stack.pop()
            (stack[-1][1].children if stack else outline.root).append(item)
            stack.append((level, item))
