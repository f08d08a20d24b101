"""Drawing a rendered face (a one-page PDF) onto another page with pikepdf, as a form XObject: on a
printer sheet (:mod:`cardgen.cards.impose`, :mod:`cardgen.cards.press`) and in a rulebook's card
figure (:mod:`cardgen.rulebook.overlay`).  No content stream is parsed or rewritten; the output is
saved deterministically."""

from __future__ import annotations

import io

import pikepdf

from cardgen.cards.sheetlayout import Rect
from cardgen.pdf.fonts import save_deterministic, share_fonts


def face_form(target: pikepdf.Pdf, page: pikepdf.Page,
              bbox: tuple[float, float, float, float] | None = None) -> pikepdf.Object:
    """``page`` (a face) as a form XObject of ``target``, clipped to ``bbox`` (in the face's own
    coordinates); its content stream is referenced as it is, never parsed."""
    form = page.as_form_xobject()
    if bbox is not None:
        form.BBox = pikepdf.Array(bbox)
    return target.copy_foreign(form)


def face_placement(face: pikepdf.Page, trim: Rect, clip: Rect | None = None,
                   rotate: int = 0) -> tuple[tuple[float, float, float, float], tuple[float, ...]]:
    """The clip box (in the face's coordinates) and the matrix that draw ``face`` with its trim box
    on ``trim`` -- scaled to fit (1 on a printer sheet, any scale in a rulebook figure), turned by
    ``rotate`` degrees counter-clockwise (0, 90, 180 or 270) -- and nothing of it outside ``clip``
    (default: ``trim``)."""
    tl, tb, tr, tt = (float(v) for v in face.trimbox[:4])
    scale = (trim.height if rotate in (90, 270) else trim.width) / (tr - tl)
    t, c = trim, clip or trim
    if rotate == 180:
        e, f = t.left + t.width + scale * tl, t.bottom + t.height + scale * tb
        bbox = (e - c.left - c.width, f - c.bottom - c.height, e - c.left, f - c.bottom)
        matrix: tuple[float, ...] = (-scale, 0, 0, -scale, e, f)
    elif rotate == 90:                          # the face's top to the left
        e, f = t.left + scale * tt, t.bottom - scale * tl
        bbox = (c.bottom - f, e - c.left - c.width, c.bottom + c.height - f, e - c.left)
        matrix = (0, scale, -scale, 0, e, f)
    elif rotate == 270:                         # the face's top to the right
        e, f = t.left - scale * tb, t.bottom + scale * tr
        bbox = (f - c.bottom - c.height, c.left - e, f - c.bottom, c.left + c.width - e)
        matrix = (0, -scale, scale, 0, e, f)
    else:
        e, f = t.left - scale * tl, t.bottom - scale * tb
        bbox = (c.left - e, c.bottom - f, c.left + c.width - e, c.bottom + c.height - f)
        matrix = (scale, 0, 0, scale, e, f)
    return (bbox[0] / scale, bbox[1] / scale, bbox[2] / scale, bbox[3] / scale), matrix


def save_pdf(pdf: pikepdf.Pdf) -> bytes:
    """Serialise deterministically: the same pages give the same bytes; every font subset named after
    its program and embedded once (:func:`cardgen.pdf.fonts.share_fonts`)."""
    pdf.docinfo["/Producer"] = "cardgen"
    pdf.docinfo["/Creator"] = "cardgen"
    share_fonts(pdf)                    # the faces' subsets: one name, one program, each program once
    return save_deterministic(pdf)


def append_pdf(first: bytes, second: bytes) -> bytes:
    """``first`` (may be empty) followed by the pages of ``second``."""
    sources = [pikepdf.Pdf.open(io.BytesIO(data)) for data in (first, second) if data]
    result = pikepdf.Pdf.new()
    for source in sources:
        result.pages.extend(source.pages)
    return save_pdf(result)
