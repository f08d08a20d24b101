"""Page settings from the front matter's ``puppeteer: pdf:`` options.

The dialect's documents were printed by Markdown Preview Enhanced through
puppeteer, so the page is described the way puppeteer wants it: ``format``
(A3, A4, A5, Letter, Legal, Tabloid) or ``width``/``height``, ``landscape``,
``margin: {top, right, bottom, left}`` (CSS lengths, bare numbers are
pixels), ``displayHeaderFooter`` and ``headerTemplate``/``footerTemplate``
HTML snippets with ``<span class="pageNumber">`` / ``totalPages``.

We do not render puppeteer's HTML templates; we read what they say -- the
text around the page number, its font, size, colour and alignment, a
``border-top`` -- and turn it into a CSS margin box
(:mod:`cardgen.rulebook.marginbox`: ``- <span class="pageNumber"></span> -``
becomes ``content: "- " counter(page) " -"``); what a template holds that no
margin box can show is a warning at the template's line.  A document without front
matter gets A4, 2 cm margins and a centred page number.  A value of the
wrong shape or size keeps its default and is passed to a ``warn`` callback
(:mod:`cardgen.rulebook.frontmatter` turns it into a warning at its line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from cardgen.look.css import css_string
from cardgen.rulebook.attrs import css_length
from cardgen.rulebook.marginbox import MarginBox, margin_box

FORMATS = {"a3", "a4", "a5", "letter", "legal", "ledger", "b4", "b5"}
_PT_PER_UNIT = {"pt": 1.0, "px": 0.75, "cm": 72 / 2.54, "mm": 72 / 25.4, "in": 72.0, "pc": 12.0}
MIN_TEXT_INSET_PT = 2 * 72 / 2.54  # text never closer than 2 cm to the paper's edge
MIN_PAGE_PT = 72 / 2.54            # a page at least 1 cm wide and high
MAX_PAGE_PT = 14400                # and at most 200 in (5 m), PDF's largest page
MAX_MARGIN_PT = 100 * 72 / 25.4    # a margin at most 10 cm
MAX_TEMPLATE_CHARS = 10_000        # a header or footer template is a snippet, not a page
_PDF = ("puppeteer", "pdf")

Warn = Callable[[tuple, str], None]
"""``warn(loc, message)``: a wrong value at ``loc`` (``("puppeteer", "pdf", "margin")``) kept its default."""


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
    match = re.match(r"^([0-9.]+)([a-z%]*)$", length)
    return float(match[1]) * _PT_PER_UNIT.get(match[2], 0.0) if match else 0.0


STAMP_FONT_SIZE = "8pt"
"""The size of a footer that holds only the version stamp (the document has no footer of its own)."""


def stamped(page: PageSettings, stamp: str) -> PageSettings:
    """``page`` with the version stamp (:mod:`cardgen.project.revision`) as the last line of its footer;
    a document without a footer gets one that holds only the stamp.  No stamp: ``page`` as it is."""
    if not stamp:
        return page
    if page.footer is None:
        return replace(page, footer=MarginBox("bottom-center", css_string(stamp), None,
                                              (("font-size", STAMP_FONT_SIZE),)))
    return replace(page, footer=replace(page.footer, content=f'{page.footer.content} "\\A" {css_string(stamp)}'))


def page_settings(front_matter: dict | None, warn: Warn | None = None) -> PageSettings:
    """Page settings from the parsed front matter (or the defaults).

    Every value of the wrong shape (``puppeteer: A4``, a margin that is a
    list, ``format: 12``, a page 10 km wide, a header template that is a
    mapping or longer than :data:`MAX_TEMPLATE_CHARS`) keeps its default and
    is passed to ``warn(loc, message)`` with its place in the front matter."""
    warn = warn or _ignore
    pdf = _pdf_options(front_matter, warn)
    if pdf is None:
        return PageSettings()
    header = footer = None
    if _flag(pdf, "displayHeaderFooter", warn):
        header = margin_box(_template(pdf, "headerTemplate", warn), "top",
                            lambda message: warn(_PDF + ("headerTemplate",), message))
        footer = margin_box(_template(pdf, "footerTemplate", warn), "bottom",
                            lambda message: warn(_PDF + ("footerTemplate",), message))
    return PageSettings(_size(pdf, warn), _margin(pdf, warn), header, footer)


def _ignore(loc: tuple, message: str) -> None:
    """The ``warn`` of a caller that has reported the front matter already."""


def _shown(value: Any) -> str:
    """A value as a message shows it: its kind for a collection, else short and quoted."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"


def _mapping(value: Any, loc: tuple, what: str, warn: Warn) -> dict | None:
    if value is None or isinstance(value, dict):
        return value
    warn(loc, f"expected a mapping of {what}, found {_shown(value)}; ignored")
    return None


def _pdf_options(front_matter: Any, warn: Warn) -> dict | None:
    """``puppeteer: pdf:`` of the front matter, if both are mappings."""
    if not isinstance(front_matter, dict):
        return None
    puppeteer = _mapping(front_matter.get("puppeteer"), ("puppeteer",), "options (pdf: ...)", warn)
    if puppeteer is None:
        return None
    return _mapping(puppeteer.get("pdf"), _PDF, "page options (format, margin ...)", warn)


def _flag(pdf: dict, key: str, warn: Warn) -> bool:
    value = pdf.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    warn(_PDF + (key,), f"expected true or false, found {_shown(value)}; using false")
    return False


def _length(value: Any, loc: tuple, largest_pt: float, instead: str, warn: Warn) -> str | None:
    """``value`` as a CSS length no larger than ``largest_pt`` (relative units: 100), else ``None``."""
    length = None if isinstance(value, (bool, dict, list)) else css_length(str(value))
    if length is None:
        warn(loc, f"{_shown(value)} is not a length (like 2cm, 15mm, 72pt; a bare number is pixels); "
                  f"{instead}")
        return None
    number, unit = re.match(r"^([0-9.]+)([a-z%]*)$", length).groups()  # type: ignore[union-attr]
    if to_points(length) > largest_pt or unit not in _PT_PER_UNIT and float(number) > 100:
        warn(loc, f"{_shown(value)} is larger than {largest_pt / 72 * 25.4:.0f} mm; {instead}")
        return None
    return length


def _size(pdf: dict, warn: Warn) -> str:
    """``width height`` when given (both, valid), else ``format``, maybe ``landscape``."""
    if pdf.get("width") is not None or pdf.get("height") is not None:
        size = _custom_size(pdf, warn)
        if size:
            return size
    fmt = pdf.get("format", "A4")
    if not isinstance(fmt, str) or fmt.lower() not in FORMATS:
        names = sorted(f.upper() if f[0] in "ab" else f.title() for f in FORMATS)
        warn(_PDF + ("format",), f"{_shown(fmt)} is not a paper format ({', '.join(names)}); using A4")
        fmt = "A4"
    return f"{fmt} landscape" if _flag(pdf, "landscape", warn) else fmt


def _custom_size(pdf: dict, warn: Warn) -> str | None:
    """``width height`` if both are lengths from 1 cm to :data:`MAX_PAGE_PT`, else ``None``."""
    sizes = []
    for key in ("width", "height"):
        value = pdf.get(key)
        if value is None:
            warn(_PDF + (key,), "missing: a page size needs width and height; using the format")
            return None
        length = _length(value, _PDF + (key,), MAX_PAGE_PT, "using the format", warn)
        if length is None:
            return None
        if to_points(length) < MIN_PAGE_PT:
            warn(_PDF + (key,), f"{_shown(value)} is less than 1 cm or not an absolute length; using the format")
            return None
        sizes.append(length)
    return " ".join(sizes)


def _margin(pdf: dict, warn: Warn) -> tuple[str, str, str, str]:
    """Top, right, bottom, left: each a length up to 10 cm, else 2 cm."""
    margin = _mapping(pdf.get("margin"), _PDF + ("margin",), "top, right, bottom, left", warn) or {}
    sides = []
    for side in ("top", "right", "bottom", "left"):
        value = margin.get(side)
        length = None if value is None else _length(value, _PDF + ("margin", side), MAX_MARGIN_PT,
                                                      "using 2cm", warn)
        sides.append(length or "2cm")
    return tuple(sides)  # type: ignore[return-value]


def _template(pdf: dict, key: str, warn: Warn) -> str:
    """A header or footer template: text of at most :data:`MAX_TEMPLATE_CHARS` characters, else ``''``."""
    value = pdf.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        warn(_PDF + (key,), f"expected an HTML snippet (text), found {_shown(value)}; ignored")
        return ""
    if len(value) > MAX_TEMPLATE_CHARS:
        warn(_PDF + (key,), f"{len(value)} characters is over the limit of {MAX_TEMPLATE_CHARS}; ignored")
        return ""
    return value
