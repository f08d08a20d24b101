"""Page settings from the front matter's ``puppeteer: pdf:`` options.

The dialect's documents were printed by Markdown Preview Enhanced through
puppeteer, so the page is described the way puppeteer wants it: ``format``
(A3, A4, A5, Letter, Legal, Tabloid) or ``width``/``height``, ``landscape``,
``margin: {top, right, bottom, left}`` (CSS lengths, bare numbers are
pixels), ``displayHeaderFooter`` and ``headerTemplate``/``footerTemplate``
HTML snippets with ``<span class="pageNumber">`` / ``totalPages``.

We do not render puppeteer's HTML templates; we read what they say -- the
text around the page number, the alignment, a ``border-top``, the font size
-- and turn it into a CSS margin box (``- <span class="pageNumber"></span> -``
becomes ``content: "- " counter(page) " -"``).  A document without front
matter gets A4, 2 cm margins and a centred page number.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from cardgen.rulebook.attrs import css_length

FORMATS = {"a3", "a4", "a5", "letter", "legal", "ledger", "b4", "b5"}
_PT_PER_UNIT = {"pt": 1.0, "px": 0.75, "cm": 72 / 2.54, "mm": 72 / 25.4, "in": 72.0, "pc": 12.0}
MIN_TEXT_INSET_PT = 2 * 72 / 2.54  # text never closer than 2 cm to the paper's edge


@dataclass(frozen=True)
class MarginBox:
    """A header or footer: where, what (a CSS ``content`` value) and how."""

    position: str  # e.g. "bottom-center"
    content: str
    border: str | None = None  # the CSS border on the text side (border-top in a footer)
    font_size: str = "9pt"


@dataclass(frozen=True)
class PageSettings:
    """What ``@page`` says: size, margins, header and footer, inner padding."""

    size: str = "A4"
    margin: tuple[str, str, str, str] = ("2cm", "2cm", "2cm", "2cm")
    header: MarginBox | None = None
    footer: MarginBox | None = MarginBox("bottom-center", 'counter(page)')

    @property
    def inset(self) -> tuple[str, str]:
        """Extra left/right padding of the text where the page margin is (nearly) zero."""
        return tuple(f"{max(0.0, MIN_TEXT_INSET_PT - to_points(side)):.1f}pt"
                     for side in (self.margin[3], self.margin[1]))  # type: ignore[return-value]


def to_points(length: str) -> float:
    """A CSS length in points (unknown units count as 0)."""
    match = re.match(r"^([\d.]+)([a-z%]*)$", length)
    return float(match[1]) * _PT_PER_UNIT.get(match[2], 0.0) if match else 0.0


def _length(value: Any, default: str) -> str:
    return css_length(str(value)) or default if value is not None else default


def _size(pdf: dict) -> str:
    if pdf.get("width") and pdf.get("height"):
        return f"{_length(pdf['width'], '210mm')} {_length(pdf['height'], '297mm')}"
    fmt = str(pdf.get("format", "A4"))
    size = fmt if fmt.lower() in FORMATS else "A4"
    return f"{size} landscape" if pdf.get("landscape") else size


def css_string(text: str) -> str:
    """``text`` as a CSS string literal that is also safe inside ``<style>``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
    return f'"{escaped}"'


def margin_box(template: str, edge: str) -> MarginBox | None:
    """The margin box a puppeteer header/footer template describes, if it shows anything."""
    source = re.sub(r"<style.*?</style>", "", template or "", flags=re.S | re.I)
    source = re.sub(r'<span class="pageNumber">\s*</span>', "\0P", source)
    source = re.sub(r'<span class="totalPages">\s*</span>', "\0T", source)
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", source)).split())
    if not text:
        return None
    parts = []
    for piece in re.split(r"(\0[PT])", text):
        if piece == "\0P":
            parts.append("counter(page)")
        elif piece == "\0T":
            parts.append("counter(pages)")
        elif piece:
            parts.append(css_string(piece))
    align = re.search(r"text-align:\s*(left|center|right)", template)
    border = re.search(r"border-(?:top|bottom):\s*([\w .#(),%-]+)", template)
    font = re.search(r"font-size:\s*([\d.]+(?:px|pt))", template)
    return MarginBox(f"{edge}-{align[1] if align else 'center'}", " ".join(parts),
                     border[1].strip() if border else None, font[1] if font else "9pt")


def page_settings(front_matter: dict | None) -> PageSettings:
    """Page settings from the parsed front matter (or the defaults)."""
    pdf = ((front_matter or {}).get("puppeteer") or {}).get("pdf") if isinstance(front_matter, dict) else None
    if not isinstance(pdf, dict):
        return PageSettings()
    margin = pdf.get("margin") if isinstance(pdf.get("margin"), dict) else {}
    sides = tuple(_length(margin.get(side), "2cm") for side in ("top", "right", "bottom", "left"))
    header = footer = None
    if pdf.get("displayHeaderFooter"):
        header = margin_box(str(pdf.get("headerTemplate") or ""), "top")
        footer = margin_box(str(pdf.get("footerTemplate") or ""), "bottom")
    return PageSettings(_size(pdf), sides, header, footer)  # type: ignore[arg-type]
