"""Synthetic one-page face PDFs for the imposer and PNG tests, and where their labels land.

A synthetic face is what a rendered face is to the imposer and the PNG
export (one page: media box = trim + bleed, a TrimBox), made with pikepdf in
milliseconds: a bleed-coloured page, a trim-coloured trim area and a label
(Helvetica, no font file) at a known offset from the trim box's lower left.
"""

from __future__ import annotations

import io
import re
import subprocess
from dataclasses import dataclass

import pikepdf

from cardgen.geometry import FacePage, mm_to_pt

LABEL_OFFSET = 6.0                  # points from the trim box's lower left corner to the label's origin
BLEED_RGB = (255, 0, 0)


def face_pdf(label: str, card: FacePage, trim_rgb: tuple[int, int, int] = (255, 255, 255)) -> bytes:
    """One face: page = trim + bleed, bleed red, trim filled with ``trim_rgb``, ``label`` inside the trim."""
    bleed, width, height = mm_to_pt(card.bleed_mm), mm_to_pt(card.width_mm), mm_to_pt(card.height_mm)
    pdf = pikepdf.Pdf.new()
    page = pdf.add_blank_page(page_size=(width + 2 * bleed, height + 2 * bleed))
    page.obj.TrimBox = pikepdf.Array([bleed, bleed, bleed + width, bleed + height])
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    red, trim = (" ".join(f"{c / 255:.6f}" for c in rgb) for rgb in (BLEED_RGB, trim_rgb))
    ops = [f"{red} rg 0 0 {width + 2 * bleed:.4f} {height + 2 * bleed:.4f} re f",
           f"{trim} rg {bleed:.4f} {bleed:.4f} {width:.4f} {height:.4f} re f",
           f"0 0 0 rg BT /F1 8 Tf {bleed + LABEL_OFFSET:.4f} {bleed + LABEL_OFFSET:.4f} Td ({label}) Tj ET"]
    page.obj.Contents = pdf.make_stream("\n".join(ops).encode("ascii"))
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


@dataclass(frozen=True)
class Word:
    """A word ``pdftotext -bbox`` found: its page (from 1) and its left and bottom edges in PDF points
    (origin bottom left, like the imposer's rectangles)."""

    page: int
    text: str
    left: float
    bottom: float


def words(pdf: bytes) -> list[Word]:
    """Every word of ``pdf`` with its position, page by page, row by row from the top, left to right."""
    html = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode("utf-8")
    found = []
    for number, page in enumerate(re.findall(r"<page (.*?)</page>", html, re.S), start=1):
        height = float(re.search(r'height="([\d.]+)"', page).group(1))
        for x_min, y_max, text in re.findall(
                r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', page):
            found.append(Word(number, text, float(x_min), height - float(y_max)))
    return sorted(found, key=lambda w: (w.page, -round(w.bottom), w.left))


@dataclass(frozen=True)
class Placed:
    """A face drawn on a sheet page: its form XObject's name and the page area it may paint
    (its BBox through its matrix), in points: left, bottom, right, top; ``turned`` if rotated 180°."""

    name: str
    left: float
    bottom: float
    right: float
    top: float
    turned: bool


def placements(pdf: bytes) -> list[list[Placed]]:
    """Per page, the faces drawn with ``q … cm /Name Do Q`` (not the sheet background ``/Bg``)."""
    pages = []
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            placed, matrix = [], None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = [float(v) for v in operands]
                elif str(operator) == "Do" and str(operands[0]) != "/Bg":
                    a, _, _, d, e, f = matrix
                    x0, y0, x1, y1 = (float(v) for v in page.Resources.XObject[operands[0]].BBox)
                    xs, ys = sorted((a * x0 + e, a * x1 + e)), sorted((d * y0 + f, d * y1 + f))
                    placed.append(Placed(str(operands[0]), xs[0], ys[0], xs[1], ys[1], a < 0))
            pages.append(placed)
    return pages
