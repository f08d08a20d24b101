"""Reading imposed sheets apart (the small fixture content printed for a print shop is the session
fixture ``print_shop_build`` of conftest.py).

An imposed page draws the sheet template's page as the form XObject ``/Bg``
and each face as a form XObject of its own (``cards/impose.py``); these
helpers keep only ``/Bg`` to see what the sheet itself prints: its text, char
by char, and its pixels."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf
import pypdfium2
from PIL import Image



@dataclass(frozen=True)
class Char:
    """One character the sheet prints, with its glyph box in PDF points (origin bottom left)."""

    page: int                       # from 0
    text: str
    left: float
    bottom: float
    right: float
    top: float


def sheet_only(pdf: bytes) -> bytes:
    """``pdf`` with every page drawing its sheet background ``/Bg`` and no face."""
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            assert "/Bg" in page.Resources.XObject
            page.obj.Contents = document.make_stream(b"q /Bg Do Q")
        buffer = io.BytesIO()
        document.save(buffer)
        return buffer.getvalue()


def sheet_chars(pdf: bytes) -> list[Char]:
    """Every character the sheets of ``pdf`` print themselves (fold labels ...), not the faces'."""
    document = pypdfium2.PdfDocument(sheet_only(pdf))
    found = []
    try:
        for number in range(len(document)):
            text = document[number].get_textpage()
            for index in range(text.count_chars()):
                char = text.get_text_range(index, 1)
                if char.strip():
                    found.append(Char(number, char, *text.get_charbox(index)))
    finally:
        document.close()
    return found


def sheet_image(pdf: bytes, page: int, dpi: int) -> Image.Image:
    """Page ``page`` (from 0) of ``pdf``'s sheets alone, in grey levels."""
    document = pypdfium2.PdfDocument(sheet_only(pdf))
    try:
        return document[page].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
    finally:
        document.close()
