"""Physical geometry as data: units, paper sizes, card faces and printer sheets.

Pure data and small functions (no WeasyPrint, no Jinja), so planning a
build, caching and the tests need no layout engine.  Every length a card
template prints is computed here; the templates only print numbers.

Units: CSS and WeasyPrint measure in CSS pixels (1/96 inch), PDF in points
(1/72 inch), card sizes are millimetres (1/25.4 inch).
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_INCH = 72
PX_PER_INCH = 96

PT_PER_PX = PT_PER_INCH / PX_PER_INCH        # 0.75, exactly
PT_PER_MM = PT_PER_INCH / MM_PER_INCH

PAPER_MM = {                                  # portrait width × height, as CSS names them
    "A3": (297, 420),
    "A4": (210, 297),
    "A5": (148, 210),
    "Letter": (215.9, 279.4),
    "Legal": (215.9, 355.6),
}
DEFAULT_PAPER = "A4"                          # no option chooses another one yet
SHEET_MARGIN_MM = 5                           # paper edge to the first slot
COVER_MARGIN_MM = 20                          # margin of a group sheet's cover page
FOLD_LABEL_GAP_MM = 0.5                       # fold line to its label ("falten")
MAX_SLOTS = 40                                # slots laid out on one sheet at most
PRINT_SHOP_BLEED_MM = 3.0                     # the bleed of the print-shop files when --bleed is not given


def px_to_pt(px: float) -> float:
    """CSS pixels to PDF points."""
    return px * PT_PER_PX


def mm_to_pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    """PDF points to millimetres."""
    return pt / PT_PER_MM


def paper_mm(paper: str, orientation: str = "portrait") -> tuple[float, float]:
    """Width and height of ``paper`` (a name of :data:`PAPER_MM`) in millimetres."""
    width, height = PAPER_MM[paper]
    return (height, width) if orientation == "landscape" else (width, height)


@dataclass(frozen=True)
class FacePage:
    """One card face as a page: trim size and bleed, in millimetres.

    (Not the rulebook's :class:`cardgen.rulebook.page.PageSettings`, which
    holds the rulebook's CSS page options.)"""

    width_mm: float
    height_mm: float
    bleed_mm: float = 0.0


@dataclass(frozen=True)
class CoverPage:
    """The cover page of a group sheet: paper size and margin in millimetres."""

    width_mm: float
    height_mm: float
    margin_mm: float = COVER_MARGIN_MM


def cover_page(paper: str = DEFAULT_PAPER) -> CoverPage:
    """A portrait cover page on ``paper``."""
    return CoverPage(*paper_mm(paper))


@dataclass(frozen=True)
class SheetOptions:
    """How faces go on a printer sheet (the imposer's choices)."""

    fold: bool = False
    mirrored: bool = False
    crop_marks: bool = False
    orientation: str = "portrait"
    paper: str = DEFAULT_PAPER
    margin_mm: float = SHEET_MARGIN_MM
    blank: tuple[int, ...] = ()      # card places (slots, fold pairs) left blank: no outline, fold line or mark


@dataclass(frozen=True)
class SheetLayout:
    """Every number ``sheet.html.j2`` prints, computed once here (millimetres)."""

    paper_width_mm: float
    paper_height_mm: float
    margin_mm: float
    slots: int                       # slots laid out (the imposer keeps those of page 1)
    fold: bool
    mirrored: bool
    crop_marks: bool
    bleed_mm: float
    trim_width_mm: float
    trim_height_mm: float
    slot_width_mm: float             # trim plus bleed on both sides
    slot_height_mm: float
    pair_slot_height_mm: float       # fold pairs: bleed on the outer edge only
    fold_line_top_mm: float
    fold_label_top_mm: float
    blank: tuple[int, ...] = ()      # card places printed without their outline, fold line and marks


def slots_to_try(card: FacePage, options: SheetOptions) -> int:
    """More slots than one page of the paper can hold (the layout keeps those of page 1)."""
    width, height = paper_mm(options.paper)
    area = (card.width_mm + 2 * card.bleed_mm) * (card.height_mm + 2 * card.bleed_mm) * (2 if options.fold else 1)
    return min(MAX_SLOTS, int(width * height / area) + 2)


def sheet_layout(card: FacePage, options: SheetOptions) -> SheetLayout:
    """The sheet template's numbers for faces of ``card`` placed as ``options`` say."""
    paper_width, paper_height = paper_mm(options.paper, options.orientation)
    return SheetLayout(
        paper_width_mm=paper_width, paper_height_mm=paper_height, margin_mm=options.margin_mm,
        slots=slots_to_try(card, options), fold=options.fold, mirrored=options.mirrored,
        crop_marks=options.crop_marks, bleed_mm=card.bleed_mm,
        trim_width_mm=card.width_mm, trim_height_mm=card.height_mm,
        slot_width_mm=card.width_mm + 2 * card.bleed_mm, slot_height_mm=card.height_mm + 2 * card.bleed_mm,
        pair_slot_height_mm=card.height_mm + card.bleed_mm,
        fold_line_top_mm=card.height_mm + card.bleed_mm,
        fold_label_top_mm=card.height_mm + card.bleed_mm + FOLD_LABEL_GAP_MM, blank=options.blank)


@dataclass(frozen=True)
class Callout:
    """Where an element a rulebook figure numbers lies on its face: the union of the boxes marked
    ``data-callout="NUMBER"`` in the face's template, in % of the card (trim) from its top left;
    ``at`` (``data-callout-at``: top, bottom, left, right, center) is where its marker goes."""

    number: int
    at: str
    x: float
    y: float
    width: float
    height: float
