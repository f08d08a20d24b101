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
    fold_label: str = "falten"       # the word on a fold line, in the content's language (cardgen.content.words)


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
    fold_label: str                  # the word printed by the fold line
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
        fold_label_top_mm=card.height_mm + card.bleed_mm + FOLD_LABEL_GAP_MM, fold_label=options.fold_label,
        blank=options.blank)


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


PRESS_SHEETS_MM = {                           # press sheets (--sheet), portrait width × height
    "A4": (210, 297),
    "A3": (297, 420),
    "SRA3": (320, 450),                       # A3 with room for bleed, marks and the gripper
}
PRESS_EDGE_MM = 5                             # paper edge the press leaves unprinted: no mark nearer
CROP_MARK_MM = 5                              # length of a crop mark
MIN_MARK_OFFSET_MM = 3                        # trim to the start of its crop mark, at least (else: the bleed)


@dataclass(frozen=True)
class PressLayout:
    """Cards n-up on a portrait press sheet (millimetres, origin bottom left as in PDF): ``columns``
    × ``rows`` cards, turned by 90° when ``turned``, a gutter of twice the bleed between them (each
    card keeps its own bleed: no shared cuts, ``docs/decisions/0081-press-gutter.md``), the block centred on the sheet."""

    sheet: str
    width_mm: float
    height_mm: float
    card: FacePage
    turned: bool
    columns: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def cell_mm(self) -> tuple[float, float]:
        """Width and height of a card's trim as it lies on the sheet."""
        card = self.card
        return (card.height_mm, card.width_mm) if self.turned else (card.width_mm, card.height_mm)

    @property
    def gutter_mm(self) -> float:
        return 2 * self.card.bleed_mm

    @property
    def mark_offset_mm(self) -> float:
        """Trim to a crop mark's start: outside the bleed."""
        return max(self.card.bleed_mm, MIN_MARK_OFFSET_MM)

    def trims(self, back: bool = False) -> list[tuple[float, float, float, float]]:
        """Each card's trim (left, bottom, width, height), rows from the top, each left to right:
        the front side's order; ``back``: the same cards' places on the back side, mirrored across
        the sheet's vertical centre line (the sheet is turned over its left-right edge)."""
        (w, h), gutter = self.cell_mm, self.gutter_mm
        left0 = (self.width_mm - self.columns * w - (self.columns - 1) * gutter) / 2
        top0 = (self.height_mm + self.rows * h + (self.rows - 1) * gutter) / 2
        trims = []
        for row in range(self.rows):
            for column in range(self.columns):
                left = left0 + column * (w + gutter)
                trims.append((self.width_mm - left - w if back else left, top0 - h - row * (h + gutter), w, h))
        return trims

    def cuts(self) -> tuple[list[float], list[float]]:
        """The cut lines: every card's left and right trim edge (x), bottom and top (y), sorted."""
        xs = {round(v, 6) for left, _, w, _ in self.trims() for v in (left, left + w)}
        ys = {round(v, 6) for _, bottom, _, h in self.trims() for v in (bottom, bottom + h)}
        return sorted(xs), sorted(ys)

    def marks(self) -> list[tuple[float, float, float, float]]:
        """The crop marks (x1, y1, x2, y2): at both ends of every cut line, outside the block and its
        bleed (a mark never lies over a card, nor in the bleed of one)."""
        xs, ys = self.cuts()
        gap, length = self.mark_offset_mm, CROP_MARK_MM
        low_x, high_x, low_y, high_y = xs[0] - gap, xs[-1] + gap, ys[0] - gap, ys[-1] + gap
        return ([(x, low_y - length, x, low_y) for x in xs] + [(x, high_y, x, high_y + length) for x in xs]
                + [(low_x - length, y, low_x, y) for y in ys] + [(high_x, y, high_x + length, y) for y in ys])


def fitting(size: float, gutter: float, room: float) -> int:
    """How many of ``size`` fit in ``room`` with ``gutter`` between each two."""
    return max(0, int((room + gutter) / (size + gutter) + 1e-9))


def press_layout(card: FacePage, sheet: str) -> PressLayout:
    """As many cards of ``card`` as fit on the press sheet ``sheet`` (a name of
    :data:`PRESS_SHEETS_MM`), upright or turned by 90° (turned only when that holds more); the
    block and its crop marks keep :data:`PRESS_EDGE_MM` off the paper's edge."""
    width, height = PRESS_SHEETS_MM[sheet]
    margin = PRESS_EDGE_MM + CROP_MARK_MM + max(card.bleed_mm, MIN_MARK_OFFSET_MM)
    best = None
    for turned in (False, True):
        w, h = (card.height_mm, card.width_mm) if turned else (card.width_mm, card.height_mm)
        layout = PressLayout(sheet, width, height, card, turned, fitting(w, 2 * card.bleed_mm, width - 2 * margin),
                             fitting(h, 2 * card.bleed_mm, height - 2 * margin))
        if best is None or layout.per_sheet > best.per_sheet:
            best = layout
    assert best is not None
    return best
