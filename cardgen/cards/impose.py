"""Stage 7: place rendered card faces on printer sheets (A4 unless told otherwise).

The sheet itself is a template (``templates/cards/sheet.html.j2``): CSS puts
the slots, fold lines and crop marks on the page.  WeasyPrint lays out one
sheet (:mod:`cardgen.cards.sheetlayout` reads where its ``.slot`` and ``.trim``
boxes landed); this module draws each face there as a PDF form XObject
(:mod:`cardgen.cards.placement`): trim box on ``.trim``, clipped
to ``.slot`` (so a face's bleed never covers its neighbour), the back of a
fold pair turned by 180°.  No content stream is parsed or rewritten, which
keeps imposing 1000 cards cheap.

Layouts:

* ``fold``: each front with its back directly below, rotated 180°, and a
  dashed fold line between; cut the strip out, fold, sleeve.
* ``duplex``: a page of fronts, then a page of their backs at the mirrored
  position (the sheet laid out right-to-left), for long-edge duplex printing
  of the always-portrait pages.
* ``grid``: fronts only (power cards, which have no back); with ``blank_backs`` (a duplex
  print run) each page of them is followed by a blank page, its back.

A duplex print run prints the whole PDF double-sided, so every sheet of fronts
must be followed by its backs on the same physical sheet: pages of fronts sit
at odd page numbers, their backs (blank when no card on them has one) at the
next even one, and a group's cover is padded with blank pages to an even count
(its back stays empty).

Nothing the sheet prints itself (fold lines, their "falten" labels, crop
marks) lies inside a card's trim (``sheet.css``); the hairline on the trim
edge is drawn only without bleed.  :meth:`Imposer.add_face` puts one face on
a page of its own, for the print-shop files (:mod:`cardgen.cards.printshop`).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pikepdf

from cardgen.cards.pdfwriter import PdfWriter, Recording
from cardgen.cards.recording import ChunkCache
from cardgen.cards.placement import face_form, face_placement, save_pdf
from cardgen.cards.sheetlayout import Sheet, Slot, best_options, layout_sheet, sheet_with_blanks
from cardgen.geometry import DEFAULT_PAPER, FacePage, SheetOptions, mm_to_pt, paper_mm
from cardgen.pdf.fonts import shared_fonts

CHUNK_PAGES = 4                 # sheets in one qpdf document before the writer takes them (Imposer)
FaceList = list[tuple[str, "bytes | None"]]


@dataclass
class _Pending:
    """A page (or a group's cover pages) waiting for its chunk: what draws it, how many pages it
    makes and what it shows (None: unknown, the chunk is not kept)."""

    draw: Callable[[], None]
    pages: int
    identity: Any


class Imposer:
    """Collects faces into one PDF (pikepdf/qpdf: C++ speed), sheet by sheet.

    pikepdf copies a face into the output at once (``copy_foreign``), so each
    face's document is closed as soon as its form is copied.  qpdf keeps what
    it copied -- about 0.25 MiB per face -- until its document is saved, so
    the sheets are collected ``chunk_pages`` at a time in a small document
    that :class:`~cardgen.cards.pdfwriter.PdfWriter` writes into the output
    and closes: memory stays that of one chunk however many cards there are.
    Measured 2026-11-25 on 1000 units, fold, all faces in memory: 4.2 s and
    678 MiB in one document, 4.9 s and 217 MiB in chunks of 16 sheets.  Chunks are 4 sheets
    since a kept chunk is copied as it is (:class:`~cardgen.cards.pdfwriter.Image`): after a
    one-unit edit of 100 units, imposing ``cards.pdf`` took 0.33 s in chunks of 16, 0.22 s in
    chunks of 8 and 0.15 s in chunks of 4 (measured 2026-11-25, 9 runs each, interleaved); the
    file is 1.4 % larger (its object streams end with each chunk).

    Pages wait (:class:`_Pending`) until their chunk is full.  With ``chunks``
    (a :class:`ChunkCache`) a chunk whose pages show what they showed last
    time is written from its recording: no face is read, opened or copied
    (after a one-unit edit of 100 units, 12 of the 13 chunks of ``cards.pdf``).

    With ``chunk_pages=None`` all sheets go into one qpdf document that qpdf
    saves (:func:`save_pdf`): the reference the tests compare the chunks with,
    page by page, rendered (the bytes differ: another writer)."""

    def __init__(self, chunk_pages: int | None = CHUNK_PAGES, chunks: ChunkCache | None = None,
                 portrait: bool = False) -> None:
        self._writer = PdfWriter() if chunk_pages else None
        self._portrait = portrait           # a landscape sheet drawn turned on a portrait page (group sheets)
        self._chunk_pages = chunk_pages or 0
        self._chunks = chunks if chunk_pages else None
        self._sources: list[pikepdf.Pdf] = []
        self._pending: list[_Pending] = []
        self._new_document()

    def _new_document(self) -> None:
        self.pdf = pikepdf.Pdf.new()
        self._pages_sources: list[pikepdf.Pdf] = []
        self._backgrounds: dict[int, pikepdf.Object] = {}

    def _open(self, data: bytes) -> pikepdf.Page:
        source = pikepdf.Pdf.open(io.BytesIO(data))
        self._sources.append(source)
        return source.pages[0]

    def _form(self, page: pikepdf.Page, bbox: tuple[float, float, float, float] | None = None) -> pikepdf.Object:
        copied = face_form(self.pdf, page, bbox)
        self._close_sources()               # pikepdf copied at once: the face's document can go
        return copied

    def _close_sources(self) -> None:
        for source in self._sources:
            source.close()
        self._sources.clear()

    def _add(self, pending: _Pending) -> None:
        """One more page (or cover): a full chunk goes to the writer."""
        self._pending.append(pending)
        if self._writer is None:
            self._draw_pending()
        elif sum(p.pages for p in self._pending) >= self._chunk_pages:
            self._write_chunk()

    def _draw_pending(self) -> None:
        pending, self._pending = self._pending, []
        for page in pending:
            page.draw()

    def _write_chunk(self) -> None:
        """The waiting pages to the writer: from their recording if kept, else drawn now (and kept)."""
        assert self._writer is not None
        identities = [p.identity for p in self._pending]
        key = self._chunks.key(identities) if self._chunks and None not in identities else None
        recording = self._chunks.get(key) if self._chunks and key else None
        if recording is not None and self._writer.replay(recording):
            self._pending = []
            return
        self._draw_pending()
        recording = Recording() if key else None
        self._writer.add_pages(self.pdf, record=recording)
        self._close_document()
        self._new_document()
        if self._chunks and key and recording is not None:
            self._chunks.put(key, recording)

    def _close_document(self) -> None:
        self._close_sources()
        for source in self._pages_sources:
            source.close()
        self.pdf.close()

    def add_page(self, sheet: Sheet, faces: FaceList | Callable[[], FaceList], identity: Any = None) -> None:
        """One sheet page; ``faces`` are (role, one-page PDF) in slot order, or a function that reads
        them when the page is drawn; ``identity`` names what they show (the faces' cache keys), so
        that the chunk can be kept."""
        turned = self._turned(sheet.width_pt, sheet.height_pt)
        self._add(_Pending(lambda: self._draw_page(sheet, faces() if callable(faces) else faces), 1,
                           None if identity is None else ("sheet", _sheet_identity(sheet), identity, turned)))

    def _turned(self, width_pt: float, height_pt: float) -> bool:
        """Whether a page of this size is drawn turned by 90° (a landscape sheet on a portrait page)."""
        return self._portrait and width_pt > height_pt

    def _page_of(self, width_pt: float, height_pt: float) -> tuple[pikepdf.Page, list[str]]:
        """A new page for a sheet of this size and the operators that start its content: a landscape
        sheet of a portrait-only file turned 90° counter-clockwise on a portrait page (its content
        turned, not the page: no /Rotate, so every page of the file has the same MediaBox
        orientation and a printer never auto-rotates; issue 42, point 4)."""
        if not self._turned(width_pt, height_pt):
            return self.pdf.add_blank_page(page_size=(width_pt, height_pt)), []
        return self.pdf.add_blank_page(page_size=(height_pt, width_pt)), [f"0 1 -1 0 {height_pt:.4f} 0 cm"]

    def _draw_page(self, sheet: Sheet, faces: FaceList) -> None:
        if id(sheet) not in self._backgrounds:
            self._backgrounds[id(sheet)] = self._form(self._open(sheet.pdf))
        page, ops = self._page_of(sheet.width_pt, sheet.height_pt)
        xobjects = pikepdf.Dictionary(Bg=self._backgrounds[id(sheet)])
        ops.append("q /Bg Do Q")
        for number, (slot, (_, pdf)) in enumerate(zip(sheet.slots, faces)):
            if pdf is None:
                continue
            form, matrix = self._place(slot, pdf)
            xobjects[f"/F{number}"] = form
            ops.append(f"q {' '.join(f'{v:.4f}' for v in matrix)} cm /F{number} Do Q")
        page.obj.Resources = pikepdf.Dictionary(XObject=xobjects)
        page.obj.Contents = self.pdf.make_stream("\n".join(ops).encode("ascii"))

    def _place(self, slot: Slot, pdf: bytes):
        page = self._open(pdf)
        bbox, matrix = face_placement(page, slot.trim, slot.clip, slot.rotate)
        return self._form(page, bbox), matrix

    def add_face(self, pdf: bytes, card: FacePage) -> None:
        """One face on a page of its own (the print-shop files): page = trim + bleed with its origin at
        the lower left, /TrimBox the card, /BleedBox and /MediaBox the card and its bleed; the face is
        drawn as a form XObject with its trim box on the page's, so its own coordinates never matter."""
        self._add(_Pending(lambda: self._draw_face(pdf, card), 1, None))

    def _draw_face(self, pdf: bytes, card: FacePage) -> None:
        face = self._open(pdf)
        tl, tb = (float(v) for v in face.trimbox[:2])
        bleed, width, height = mm_to_pt(card.bleed_mm), mm_to_pt(card.width_mm), mm_to_pt(card.height_mm)
        media = (0, 0, width + 2 * bleed, height + 2 * bleed)
        page = self.pdf.add_blank_page(page_size=media[2:])
        page.obj.BleedBox = pikepdf.Array(media)
        page.obj.TrimBox = pikepdf.Array((bleed, bleed, bleed + width, bleed + height))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Face=self._form(face)))
        page.obj.Contents = self.pdf.make_stream(f"q 1 0 0 1 {bleed - tl:.4f} {bleed - tb:.4f} cm /Face Do Q".encode())

    def add_pdf_pages(self, pdf: bytes) -> int:
        """Append whole pages (a group's cover page; its document stays open until its chunk is
        written); how many."""
        with pikepdf.Pdf.open(io.BytesIO(pdf)) as counted:
            pages = len(counted.pages)
        self._add(_Pending(lambda: self._draw_pdf_pages(pdf), pages, ("pages", hashlib.sha256(pdf).hexdigest())))
        return pages

    def add_blank_page(self, width_pt: float, height_pt: float) -> None:
        """An empty page (the back of a duplex page that has none)."""
        self._add(_Pending(lambda: self._draw_blank_page(width_pt, height_pt), 1,
                           ("blank", width_pt, height_pt, self._turned(width_pt, height_pt))))

    def _draw_blank_page(self, width_pt: float, height_pt: float) -> None:
        self._page_of(width_pt, height_pt)

    def _draw_pdf_pages(self, pdf: bytes) -> None:
        source = pikepdf.Pdf.open(io.BytesIO(pdf))
        self._pages_sources.append(source)
        self.pdf.pages.extend(source.pages)

    def write(self) -> bytes:
        """The PDF of every page added, each font program in it once under a name of its own
        (:func:`cardgen.pdf.fonts.shared_fonts`: the chunks are written apart, so across chunks)."""
        try:
            if self._writer is None:
                return save_pdf(self.pdf)
            if self._pending:
                self._write_chunk()
            return shared_fonts(self._writer.finish({"/Producer": "cardgen", "/Creator": "cardgen"}))
        finally:
            self._close_document()


@lru_cache(maxsize=64)
def _sheet_identity(sheet: Sheet) -> str:
    """What a laid-out sheet is, for a chunk's key: its background page and its slots."""
    return hashlib.sha256(repr((sheet.width_pt, sheet.height_pt, sheet.slots)).encode() + sheet.pdf).hexdigest()


def impose(cards: Sequence[tuple[bytes, bytes | None]], card: FacePage, layout: str,
           crop_marks: bool = False, cover: bytes | None = None, store: Path | None = None,
           paper: str = DEFAULT_PAPER, names: Sequence[tuple[str, str | None]] | None = None,
           chunks: ChunkCache | None = None, blank_backs: bool = False, portrait: bool = False,
           fold_label: str = "falten") -> bytes:
    """A PDF of ``cards`` (front, back or None) in ``layout`` fold, duplex or grid;
    ``store`` is a folder where laid-out sheets are kept between builds; ``paper`` names
    the sheets' size (:data:`cardgen.geometry.PAPER_MM`).  With ``names`` (the cache keys of
    ``cards``' faces, in the same order) and ``chunks``, chunks of sheets that show the same
    faces as last time are written from their recording, and ``cards`` is read only for the others.
    ``blank_backs`` (grid pages in a duplex print run): each page followed by a blank one.  In
    ``duplex`` (and with ``blank_backs``) the cover is padded to an even number of pages.  With
    ``portrait`` (a group sheet, whose cover and reference pages are portrait) a landscape sheet is
    drawn turned on a portrait page, so the whole file has one orientation.  ``fold_label`` is the word
    by each fold line, in the content's language (``content.words["falten"]``)."""
    imposer = Imposer(chunks=chunks if names is not None else None, portrait=portrait)
    duplex = layout == "duplex" or blank_backs
    if cover and imposer.add_pdf_pages(cover) % 2 and duplex:
        imposer.add_blank_page(*paper_pt(paper))       # the cover's back: the first fronts start a sheet

    known = names or cards                              # what is there, without reading a face

    def page(options: SheetOptions, start: int, faces: Callable[[list[tuple[bytes, bytes | None]]], FaceList],
             named: Callable[[list[tuple[str, str | None]]], list[tuple[str, str | None]]], side: int = 0) -> Sheet:
        end = start + layout_sheet(card, options, store).per_page
        sheet = sheet_with_blanks(card, options, [pair[side] for pair in known[start:end]], store)
        imposer.add_page(sheet, lambda: faces(list(cards[start:end])),
                         None if names is None else named(list(names[start:end])))
        return sheet

    if layout == "fold":
        options = best_options(card, SheetOptions(fold=True, crop_marks=crop_marks, paper=paper,
                                                  fold_label=fold_label), store)
        for start in range(0, len(cards), layout_sheet(card, options, store).per_page):
            page(options, start, _fold_faces, _fold_faces)
    elif layout == "duplex":
        fronts = SheetOptions(crop_marks=crop_marks, paper=paper)
        backs = SheetOptions(crop_marks=crop_marks, mirrored=True, paper=paper)
        per_page = layout_sheet(card, fronts, store).per_page
        for start in range(0, len(cards), per_page):
            page(fronts, start, _fronts, _fronts)
            if any(back for _, back in known[start:start + per_page]):
                page(backs, start, _backs, _backs, side=1)
            else:                                       # no card here has a back: the sheet's back stays empty
                sheet = layout_sheet(card, backs, store)
                imposer.add_blank_page(sheet.width_pt, sheet.height_pt)
    else:
        options = best_options(card, SheetOptions(crop_marks=crop_marks, paper=paper), store)
        for start in range(0, len(cards), layout_sheet(card, options, store).per_page):
            sheet = page(options, start, _fronts, _fronts)
            if blank_backs:
                imposer.add_blank_page(sheet.width_pt, sheet.height_pt)
    return imposer.write()


def paper_pt(paper: str) -> tuple[float, float]:
    """Width and height of portrait ``paper`` in PDF points (a cover's blank back)."""
    width, height = paper_mm(paper)
    return mm_to_pt(width), mm_to_pt(height)


def _fold_faces(chunk: list) -> list:
    """A fold sheet's slots: each card's front, then its back."""
    return [face for front, back in chunk for face in (("front", front), ("back", back))]


def _fronts(chunk: list) -> list:
    return [("face", front) for front, _ in chunk]


def _backs(chunk: list) -> list:
    return [("face", back) for _, back in chunk]


