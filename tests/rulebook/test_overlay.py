"""Card figures into the laid-out rulebook (cardgen.rulebook.overlay), over PDFs made with pikepdf: each
face drawn under its placeholder's page content, one form per face however often it is shown."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards.sheetlayout import Rect
from cardgen.errors import RenderError
from cardgen.rulebook.overlay import Placeholder, draw_faces


def _pdf(pages: int, size: tuple[float, float]) -> bytes:
    pdf = pikepdf.Pdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=size)
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


BOOK = _pdf(2, (595, 842))
FACE = _pdf(1, (340, 227))


def _figures(pdf: bytes) -> list[list[str]]:
    book = pikepdf.Pdf.open(io.BytesIO(pdf))
    return [sorted(page.obj.Resources.XObject.keys()) if "/XObject" in page.obj.get("/Resources", {}) else []
            for page in book.pages]


def test_each_face_is_drawn_into_its_placeholder_once():
    placeholders = [Placeholder(0, 0, Rect(50, 400, 170, 113.5)), Placeholder(1, 1, Rect(50, 400, 170, 113.5)),
                    Placeholder(1, 1, Rect(50, 0, 170, 50))]            # figure 2 split over two boxes: drawn once
    pdf = draw_faces(BOOK, placeholders, [FACE, FACE])
    assert _figures(pdf) == [["/CardFigure1"], ["/CardFigure2"]]
    book = pikepdf.Pdf.open(io.BytesIO(pdf))
    first = book.pages[0].obj.Resources.XObject["/CardFigure1"]
    assert first.objgen == book.pages[1].obj.Resources.XObject["/CardFigure2"].objgen    # one form for one face
    book.pages[0].contents_coalesce()
    assert book.pages[0].obj.Contents.read_bytes().startswith(b"q 0.5000 0.0000 0.0000 0.5000 50.0000 400.0000 cm /CardFigure1 Do Q")
    assert draw_faces(BOOK, placeholders, [FACE, FACE]) == pdf                          # deterministic


def test_a_figure_without_a_placeholder_is_an_error():
    with pytest.raises(RenderError, match=r"^card figure 2 was not laid out \(is it hidden by a stylesheet\?\)$"):
        draw_faces(BOOK, [Placeholder(0, 0, Rect(0, 0, 10, 10))], [FACE, FACE])
