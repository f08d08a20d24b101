"""Print-shop output (``--print-shop``): one PDF per face kind, one card per page, boxes set.

What print services and cutters ask for: every face a page of its own, the
page the card plus its bleed (``/MediaBox`` = ``/BleedBox``), ``/TrimBox``
the card itself; without bleed the three boxes are equal.  Written next to
the sheets, below ``OUT/print-shop/``:

* ``unit-fronts.pdf`` and ``unit-backs.pdf``: page i of the backs is the
  back of page i of the fronts (units in id order, as in ``cards.pdf``).
  Backs keep the fronts' orientation and order: a print shop imposes
  single-card pages itself, front i on back i, so nothing is mirrored or
  turned here;
* ``powers.pdf``: the power cards (they have no back);
* with ``--sheet NAME`` also ``press-NAME-cards.pdf`` and ``press-NAME-powers.pdf``: the same faces
  n-up on press sheets, fronts and backs work and turn (:mod:`cardgen.cards.press`).

Only the deck is covered (every unit and power of the content); a group
sheet is the same cards for home printing, so it has no print-shop files.

A print shop wants at least :data:`MIN_BLEED_MM` of bleed: ``--print-shop``
without ``--bleed`` renders the print-shop files' faces with
:data:`PRINT_SHOP_BLEED_MM`, and a smaller ``--bleed`` given on purpose is
kept with a warning.  The home sheets (``cards.pdf``, ``powers.pdf``, the
group sheets) are never touched: their faces are rendered with the home
bleed (``--bleed``, else none), so they are byte for byte those of a build
without ``--print-shop``.  The print-shop faces are rendered apart, also with the
same bleed: their black is DeviceCMYK 0/0/0/100 (``templates/cards/print.css``),
the home sheets' stays RGB.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cardgen.errors import UsageError, did_you_mean
from cardgen.geometry import PRESS_SHEETS_MM, PRINT_SHOP_BLEED_MM, FacePage

PRINT_SHOP_NAMES = {
    "front": "print-shop/unit-fronts.pdf",
    "back": "print-shop/unit-backs.pdf",
    "power": "print-shop/powers.pdf",
}
__all__ = ["PRINT_SHOP_BLEED_MM", "PRINT_SHOP_NAMES", "MIN_BLEED_MM"]
MIN_BLEED_MM = 2.0                  # what print shops ask for at least


def print_shop_bleed(bleed_mm: float | None) -> float:
    """The bleed of a ``--print-shop`` run: ``--bleed`` when given, else :data:`PRINT_SHOP_BLEED_MM`."""
    return PRINT_SHOP_BLEED_MM if bleed_mm is None else bleed_mm


def bleed_warning(bleed_mm: float) -> str | None:
    """A warning when ``bleed_mm`` is less than a print shop asks for."""
    if bleed_mm >= MIN_BLEED_MM:
        return None
    return (f"--print-shop with --bleed {bleed_mm:g}: print shops ask for at least {MIN_BLEED_MM:g} mm of "
            f"bleed (leave out --bleed for {PRINT_SHOP_BLEED_MM:g} mm)")


def print_shop_names(units: bool, powers: bool, sheet: str | None = None) -> list[str]:
    """The print-shop files a deck with unit cards (``units``) and power cards (``powers``) gets, the
    press sheets of ``sheet`` (``--sheet``) included."""
    kinds = (["front", "back"] if units else []) + (["power"] if powers else [])
    names = [PRINT_SHOP_NAMES[kind] for kind in kinds]
    if sheet:
        names += [press_name(sheet, kind) for kind in ("cards", "powers") if (units, powers)[kind == "powers"]]
    return names


def press_name(sheet: str, kind: str) -> str:
    """The press-sheet file of ``kind`` (``cards``: the unit cards, ``powers``) on ``sheet``."""
    return f"print-shop/press-{sheet}-{kind}.pdf"


def press_sheet(name: str) -> str:
    """The press sheet ``--sheet NAME`` names (any case), or a usage error listing the known ones."""
    known = {sheet.lower(): sheet for sheet in PRESS_SHEETS_MM}
    if name.lower() not in known:
        raise UsageError(f"unknown press sheet '{name}'{did_you_mean(name, PRESS_SHEETS_MM)}; "
                         f"known: {', '.join(PRESS_SHEETS_MM)}")
    return known[name.lower()]


def press_plan(jobs: Sequence, unit_page: FacePage, power_page: FacePage,
               sheet: str) -> dict[str, tuple[list[tuple[str, str | None]], FacePage]]:
    """Name below OUT → (the (front, back or None) face keys on its press sheets, in order, and their
    face page): the unit cards (front *i* with back *i* of :func:`print_shop_plan`) and the powers."""
    plan = print_shop_plan(jobs, unit_page, power_page)
    press = {}
    if PRINT_SHOP_NAMES["front"] in plan:
        fronts, backs = (plan[PRINT_SHOP_NAMES[kind]][0] for kind in ("front", "back"))
        press[press_name(sheet, "cards")] = ([(f.key, b.key) for f, b in zip(fronts, backs, strict=True)], unit_page)
    if PRINT_SHOP_NAMES["power"] in plan:
        press[press_name(sheet, "powers")] = ([(job.key, None) for job in plan[PRINT_SHOP_NAMES["power"]][0]],
                                              power_page)
    return press


def print_shop_plan(jobs: Sequence, unit_page: FacePage, power_page: FacePage) -> dict[str, tuple[list, FacePage]]:
    """Name below OUT → (the face jobs on its pages, in order, and their face page), for every
    kind that has faces; ``jobs`` are the deck's face jobs (one per unit front, back, power)."""
    pages = {"front": unit_page, "back": unit_page, "power": power_page}
    plan = {}
    for kind, name in PRINT_SHOP_NAMES.items():
        of_kind = [job for job in jobs if job.kind == kind]
        if of_kind:
            plan[name] = (of_kind, pages[kind])
    return plan


def print_shop_pdf(faces: Iterable[bytes], card: FacePage, profile: bytes | None = None,
                   condition: str | None = None, title: str = "cardgen") -> bytes:
    """One page per face (one-page face PDFs of ``card``'s size), its boxes set, as PDF/X-4 with
    ``profile`` (default: the shipped FOGRA39 profile) as its output intent (:mod:`cardgen.cards.pdfx`)."""
    # lazy: pikepdf, only with --print-shop
    from cardgen.cards.impose import Imposer
    from cardgen.cards.pdfx import DEFAULT_CONDITION, DEFAULT_PROFILE, make_pdfx

    imposer = Imposer()
    for face in faces:
        imposer.add_face(face, card)
    return make_pdfx(imposer.write(), DEFAULT_PROFILE.read_bytes() if profile is None else profile,
                     condition or DEFAULT_CONDITION, title)


def print_shop_outputs(jobs: Sequence, faces: Mapping[str, bytes], unit_page: FacePage,
                       power_page: FacePage, profile: bytes | None = None,
                       condition: str | None = None) -> dict[str, bytes]:
    """Every print-shop file of the deck: name below OUT → PDF bytes."""
    return {name: print_shop_pdf((faces[job.key] for job in of_kind), page, profile, condition, name)
            for name, (of_kind, page) in print_shop_plan(jobs, unit_page, power_page).items()}
