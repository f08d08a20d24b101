"""Press sheets (``--print-shop --sheet SRA3``): the print-shop faces n-up on a press sheet, work and turn.

:func:`cardgen.geometry.press_layout` says where the cards go (as many as fit, upright or turned by
90°, each with its own bleed, the block centred); this module makes the two sides of that sheet as
:class:`~cardgen.cards.impose.Sheet` s and hands them to the :class:`~cardgen.cards.impose.Imposer`,
which places the faces as it places them on every other sheet (pikepdf, form XObjects).

* The front side holds the fronts, rows from the top, each left to right.
* The back side holds their backs so that, once the sheet is turned over its left-right edge (the
  long edge: the page is always portrait), each back lies exactly behind its front: its trim is the
  front's mirrored across the sheet's vertical centre line.  A turned card's back is turned the
  other way (270° for a front at 90°), so the card reads as on the home duplex sheets: turned over
  its own left-right edge.
* Crop marks in registration colour (``/Separation /All``: on every plate) at both ends of every
  cut line, outside the block and its bleed, on both sides (the block is centred, so the back's
  marks lie behind the front's).  Every sheet carries the full grid's marks, a half-empty last one
  too: one cutting programme serves the whole stack.
* Every page: ``/MediaBox`` = ``/TrimBox`` = ``/BleedBox`` = the sheet, then PDF/X-4
  (:mod:`cardgen.cards.pdfx`).  Power cards have no back: their press file is one-sided, one page
  per sheet.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial

import pikepdf

from cardgen.cards.impose import FaceList, Imposer
from cardgen.cards.placement import save_pdf
from cardgen.cards.sheetlayout import Rect, Sheet, Slot
from cardgen.geometry import FacePage, PressLayout, mm_to_pt, press_layout

MARK_WIDTH_PT = 0.25


def press_sides(layout: PressLayout) -> tuple[Sheet, Sheet]:
    """The front side and the back side of ``layout``'s sheet: marks as background, one slot per card
    (clipped to its trim and bleed, never its neighbour's)."""
    front_turn, back_turn = (90, 270) if layout.turned else (0, 0)
    return _side(layout, False, front_turn), _side(layout, True, back_turn)


def _side(layout: PressLayout, back: bool, turn: int) -> Sheet:
    return Sheet(marks_pdf(layout, back), mm_to_pt(layout.width_mm), mm_to_pt(layout.height_mm),
                 tuple(_slot(trim, layout.card.bleed_mm, turn) for trim in layout.trims(back)))


def _slot(trim: tuple[float, float, float, float], bleed_mm: float, turn: int) -> Slot:
    left, bottom, width, height = trim
    clip = Rect(*(mm_to_pt(v) for v in (left - bleed_mm, bottom - bleed_mm, width + 2 * bleed_mm,
                                         height + 2 * bleed_mm)))
    return Slot("face", clip, Rect(*(mm_to_pt(v) for v in trim)), turn)


def marks_pdf(layout: PressLayout, back: bool = False) -> bytes:
    """A one-page PDF of the sheet with its crop marks, hairlines in registration colour; ``back``:
    mirrored, for the back side."""
    width = layout.width_mm
    pdf = pikepdf.Pdf.new()
    page = pdf.add_blank_page(page_size=(mm_to_pt(width), mm_to_pt(layout.height_mm)))
    tint = pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 1, 1, 1], N=1)
    page.obj.Resources = pikepdf.Dictionary(ColorSpace=pikepdf.Dictionary(
        Reg=pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name.All, pikepdf.Name.DeviceCMYK, tint])))
    ops = [f"/Reg CS 1 SCN {MARK_WIDTH_PT} w 0 J"]
    for x1, y1, x2, y2 in layout.marks():
        if back:
            x1, x2 = width - x1, width - x2
        ops.append(" ".join(f"{mm_to_pt(v):.4f}" for v in (x1, y1)) + " m "
                   + " ".join(f"{mm_to_pt(v):.4f}" for v in (x2, y2)) + " l S")
    page.obj.Contents = pdf.make_stream("\n".join(ops).encode("ascii"))
    return save_pdf(pdf)


def press_pdf(cards: Sequence[tuple[bytes, bytes | None]], card: FacePage, sheet: str,
              profile: bytes | None = None, condition: str | None = None, title: str = "cardgen") -> bytes:
    """``cards`` (front, back or None; faces of ``card`` with their bleed) n-up on press sheets of
    ``sheet``, as PDF/X-4: front side, back side, front side ... when any card has a back (pages of
    fronts odd, their backs even), else the front sides alone."""
    # lazy: the output intent's profile, only when a press sheet is made
    from cardgen.cards.pdfx import DEFAULT_CONDITION, DEFAULT_PROFILE, make_pdfx

    layout = press_layout(card, sheet)
    fronts, backs = press_sides(layout)
    two_sided = any(back is not None for _, back in cards)
    imposer = Imposer()
    for start in range(0, len(cards), layout.per_sheet):
        imposer.add_page(fronts, partial(_faces, cards, start, start + layout.per_sheet, 0))
        if two_sided:
            imposer.add_page(backs, partial(_faces, cards, start, start + layout.per_sheet, 1))
    return make_pdfx(sheet_boxes(imposer.write()), DEFAULT_PROFILE.read_bytes() if profile is None else profile,
                     condition or DEFAULT_CONDITION, title)


def _faces(cards: Sequence[tuple[bytes, bytes | None]], start: int, end: int, side: int) -> FaceList:
    """The faces of ``cards[start:end]`` on one side (0: fronts, 1: backs), read when the page is drawn."""
    return [("face", pair[side]) for pair in cards[start:end]]


def sheet_boxes(pdf: bytes) -> bytes:
    """``pdf`` with ``/TrimBox`` and ``/BleedBox`` of every page the sheet itself (its ``/MediaBox``):
    a press sheet is delivered whole; the cards' trims are shown by the crop marks."""
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            media = pikepdf.Array([float(v) for v in page.mediabox])
            page.obj.TrimBox = media
            page.obj.BleedBox = pikepdf.Array(list(media))
        return save_pdf(document)
