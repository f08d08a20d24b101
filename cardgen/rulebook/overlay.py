"""Card figures into the laid-out rulebook: each face's own PDF drawn into its placeholder.

The card directive (:mod:`cardgen.rulebook.card_figure`) leaves an empty box
``[data-card-figure=N]`` exactly as large as the card; after WeasyPrint has
laid out the rulebook, :func:`find_placeholders` reads on which page and
where each box landed, and :func:`draw_faces` draws face ``N`` there as a
form XObject, its trim box on the box (the imposer's own code:
:func:`cardgen.cards.placement.face_placement`, :func:`~cardgen.cards.placement.face_form`).

The face is drawn *before* the page's own content, so what the rulebook
prints in the box -- the callout markers -- lies on top of the card.  (A
stylesheet that paints a background behind the placeholder hides the card.)
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pikepdf

from cardgen.cards.placement import face_form, face_placement, save_pdf
from cardgen.cards.sheetlayout import Rect, box_rect
from cardgen.errors import RenderError

if TYPE_CHECKING:
    from cardgen.pdf.wrapper import LaidOut


@dataclass(frozen=True)
class Placeholder:
    """Where figure ``index`` landed: page (from 0) and its box in PDF points."""

    index: int
    page: int
    rect: Rect


def find_placeholders(laid_out: LaidOut) -> list[Placeholder]:
    """Every ``data-card-figure`` box of the laid-out rulebook, in page order."""
    found = []
    for number in range(laid_out.page_count):
        height = laid_out.page_size(number)[1]
        for box in laid_out.boxes(number):
            index = box.get("card-figure")
            if box.tag is not None and index is not None and index.isdigit() and box.width > 0:
                found.append(Placeholder(int(index), number, box_rect(box, height)))
    return found


def draw_faces(pdf: bytes, placeholders: Sequence[Placeholder], faces: Sequence[bytes]) -> bytes:
    """``pdf`` with face ``faces[p.index]`` drawn into every placeholder ``p`` (a placeholder split
    over two pages is drawn on the first); a figure without a placeholder is a :class:`RenderError`.

    Faces with the same bytes are one form XObject of the book, drawn as often as they are
    shown: 3,000 figures of one card embed it once (:class:`_Forms`)."""
    missing = sorted(set(range(len(faces))) - {p.index for p in placeholders})
    if missing:
        raise RenderError(f"card figure {missing[0] + 1} was not laid out (is it hidden by a stylesheet?)")
    book = pikepdf.Pdf.open(io.BytesIO(pdf))
    forms = _Forms(book)
    drawn: set[int] = set()
    try:
        for placeholder in placeholders:
            if placeholder.index in drawn:
                continue
            drawn.add(placeholder.index)
            page = book.pages[placeholder.page]
            face = forms.page(faces[placeholder.index])
            bbox, matrix = face_placement(face, _on_page(placeholder.rect, page))
            name = page.add_resource(forms.form(faces[placeholder.index], bbox), pikepdf.Name.XObject,
                                     name=_free_name(page, placeholder.index))
            matrix_ops = " ".join(f"{v:.4f}" for v in matrix)
            page.contents_add(book.make_stream(f"q {matrix_ops} cm {name} Do Q\n".encode("ascii")), prepend=True)
        return save_pdf(book)
    finally:
        forms.close()
        book.close()


class _Forms:
    """Each distinct face (by its bytes) opened once and copied into ``book`` once per clip box."""

    def __init__(self, book: pikepdf.Pdf) -> None:
        self.book = book
        self._sources: dict[bytes, pikepdf.Pdf] = {}
        self._forms: dict[tuple[bytes, tuple[float, ...]], pikepdf.Object] = {}

    def page(self, face: bytes) -> pikepdf.Page:
        """The face's page (its document opened on first use)."""
        key = hashlib.sha256(face).digest()
        if key not in self._sources:
            self._sources[key] = pikepdf.Pdf.open(io.BytesIO(face))
        return self._sources[key].pages[0]

    def form(self, face: bytes, bbox: tuple[float, float, float, float]) -> pikepdf.Object:
        """The face as a form XObject of the book, clipped to ``bbox`` (its trim box: the same at any
        scale, so one form serves every figure of the face)."""
        key = (hashlib.sha256(face).digest(), tuple(round(v, 3) for v in bbox))
        if key not in self._forms:
            self._forms[key] = face_form(self.book, self.page(face), bbox)
        return self._forms[key]

    def close(self) -> None:
        for source in self._sources.values():
            source.close()


def _free_name(page: pikepdf.Page, index: int) -> pikepdf.Name:
    """``/CardFigureN`` (N the figure's number), not yet a resource of ``page``: a fixed name, as a
    random one (pikepdf's ``prefix=``) would make two builds of one rulebook differ."""
    resources = page.obj.get("/Resources")
    xobjects = resources.get("/XObject") if resources is not None else None
    taken = set(xobjects.keys()) if xobjects is not None else set()
    name, suffix = f"/CardFigure{index + 1}", 0
    while (name if not suffix else f"{name}_{suffix}") in taken:
        suffix += 1
    return pikepdf.Name(name if not suffix else f"{name}_{suffix}")


def _on_page(rect: Rect, page: pikepdf.Page) -> Rect:
    """``rect`` (from the page's lower left corner) in the page's own coordinates (its media box)."""
    left, bottom = (float(v) for v in page.mediabox[:2])
    return Rect(rect.left + left, rect.bottom + bottom, rect.width, rect.height)
