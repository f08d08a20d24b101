"""The printer sheet of stage 7, laid out: the sheet template (``templates/cards/sheet.html.j2``) laid
out by WeasyPrint once per card size and sheet options, and where its slots landed.

CSS puts the slots, fold lines and crop marks on the page (numbers from
:func:`cardgen.geometry.sheet_layout`); :func:`read_slots` reads where each ``.slot`` and its
``.trim`` box landed, in PDF points.  A laid-out sheet is kept in the build's store (a JSON entry
with the background page's bytes and its slots, checked by its SHA-256) and laid out again only
when the templates, the card or the options change.  :mod:`cardgen.cards.impose` puts the faces on
the slots."""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import astuple, dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.atomic import output_error, write_atomic
from cardgen.build.cache import digest, discard, read_regular, tree_digest
from cardgen.errors import RenderError
from cardgen.geometry import FacePage, SheetOptions, px_to_pt, sheet_layout
from cardgen.paths import CARDS_TEMPLATES

if TYPE_CHECKING:
    from cardgen.pdf.wrapper import BoxInfo

SHEET_FORMAT = 2                # of a laid-out sheet kept in the store (2: a slot's turn in degrees)


@dataclass(frozen=True)
class Rect:
    """A rectangle in PDF points, origin bottom left."""

    left: float
    bottom: float
    width: float
    height: float


@dataclass(frozen=True)
class Slot:
    role: str                        # face, front or back
    clip: Rect
    trim: Rect
    rotate: int                      # degrees counter-clockwise: 0, 90, 180 (a fold pair's back) or 270


@dataclass(frozen=True)
class Sheet:
    """One laid-out printer sheet: its background page and its slots."""

    pdf: bytes
    width_pt: float
    height_pt: float
    slots: tuple[Slot, ...]

    @property
    def per_page(self) -> int:
        return sum(1 for slot in self.slots if slot.role in ("face", "front"))


def box_rect(box: BoxInfo, page_height_px: float) -> Rect:
    """The border box of ``box`` in PDF points (origin bottom left)."""
    x, y, w, h = box.x, box.y, box.width, box.height
    return Rect(px_to_pt(x), px_to_pt(page_height_px - y - h), px_to_pt(w), px_to_pt(h))


def read_slots(boxes: tuple[BoxInfo, ...], page_height_px: float) -> list[Slot]:
    """The slots of a laid-out sheet page: every ``data-slot`` box and the ``.trim`` box in it."""
    slots = []
    for box in boxes:
        if box.tag is None or not (role := box.get("slot")):
            continue
        trim = next(b for b in boxes[box.index:box.end] if "trim" in b.classes)
        slots.append(Slot(role, box_rect(box, page_height_px), box_rect(trim, page_height_px),
                          180 if box.get("rotate") == "180" else 0))
    return slots


@lru_cache(maxsize=32)
def layout_sheet(card: FacePage, options: SheetOptions, store: Path | None = None) -> Sheet:
    """The sheet for ``card`` and ``options``: from ``store`` (a cache folder) when
    it was laid out before with the same templates, else laid out now."""
    if store is None:
        return _layout_sheet(card, options)
    path = Path(store) / f"{digest('sheet', SHEET_FORMAT, tree_digest(CARDS_TEMPLATES), repr(card), repr(options))}.json"
    try:                                    # a damaged or foreign entry is laid out again
        data = json.loads(read_regular(path) or b"")        # never blocks on a FIFO
        pdf = base64.b64decode(data["pdf"], validate=True)
        if hashlib.sha256(pdf).hexdigest() != data["sha256"]:
            raise ValueError("damaged")
        return Sheet(pdf, float(data["width"]), float(data["height"]),
                     tuple(Slot(str(s["role"]), Rect(*map(float, s["clip"])), Rect(*map(float, s["trim"])),
                                int(s["rotate"])) for s in data["slots"]))
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError):
        sheet = _layout_sheet(card, options)
    try:
        if os.path.lexists(path) and not path.is_file():
            discard(path)
        write_atomic(path, json.dumps({
            "pdf": base64.b64encode(sheet.pdf).decode("ascii"), "sha256": hashlib.sha256(sheet.pdf).hexdigest(),
            "width": sheet.width_pt, "height": sheet.height_pt,
            "slots": [{"role": s.role, "clip": astuple(s.clip), "trim": astuple(s.trim), "rotate": s.rotate}
                      for s in sheet.slots]}).encode("utf-8"))
    except OSError as exc:
        raise output_error(exc, path) from None
    return sheet


def _layout_sheet(card: FacePage, options: SheetOptions) -> Sheet:
    """Lay out the sheet template and read the slots of its first page."""
    # lazy: the renderer (WeasyPrint), only for a sheet not kept from an earlier build
    from cardgen.cards.render import render_template
    from cardgen.pdf.wrapper import load_document

    html = render_template("sheet.html.j2", {"sheet": "sheet.css"}, sheet=sheet_layout(card, options))
    laid_out = load_document(html, CARDS_TEMPLATES)
    width, height = laid_out.page_size(0)
    slots = read_slots(laid_out.boxes(0), height)
    if not slots:
        raise RenderError(f"a {card.width_mm:g} × {card.height_mm:g} mm card does not fit on an "
                          f"{options.paper} sheet")
    laid_out.keep_pages(1)
    background = laid_out.write()
    return Sheet(background.pdf, px_to_pt(width), px_to_pt(height), tuple(slots))


def best_sheet(card: FacePage, options: SheetOptions, store: Path | None = None) -> Sheet:
    """Portrait or landscape, whichever holds more cards (duplex: always portrait)."""
    return layout_sheet(card, best_options(card, options, store), store)


def best_options(card: FacePage, options: SheetOptions, store: Path | None = None) -> SheetOptions:
    """``options`` in the orientation that holds more cards (duplex: always portrait)."""
    if options.mirrored:
        return options
    landscape = replace(options, orientation="landscape")
    portrait_sheet, landscape_sheet = layout_sheet(card, options, store), layout_sheet(card, landscape, store)
    return landscape if landscape_sheet.per_page > portrait_sheet.per_page else options


def blank_places(faces: Sequence[object], per_page: int) -> tuple[int, ...]:
    """The places of a sheet of ``per_page`` that show no face: past the last of ``faces`` (the rest
    of a last sheet) or where it is None (a card without a back)."""
    return tuple(i for i in range(per_page) if i >= len(faces) or faces[i] is None)


def sheet_with_blanks(card: FacePage, options: SheetOptions, faces: Sequence[object],
                      store: Path | None = None) -> Sheet:
    """The sheet for one page showing ``faces`` (in slot order): its places without a face printed
    blank -- no outline, fold line, label or crop mark for a card that is not there."""
    sheet = layout_sheet(card, options, store)
    blank = blank_places(faces, sheet.per_page)
    return layout_sheet(card, replace(options, blank=blank), store) if blank else sheet
