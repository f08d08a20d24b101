"""Stage 6: one card face → HTML (Jinja) → a one-page PDF (WeasyPrint).

Each face is its own small document (page = trim size + bleed), so a face
can be cached, rendered in a worker process and reprinted alone, and 1000
cards never sit in one WeasyPrint document.  :mod:`cardgen.cards.impose`
places the faces on printer sheets.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import jinja2

from cardgen.cards.face import Face
from cardgen.cards.fit import Overflow, find_overflows, floors, font_sizes, small_text
from cardgen.cards.misfit import TEXT_BOXES, FitError, Misfit
from cardgen.cards.view import header_icons
from cardgen.errors import RenderError
from cardgen.geometry import Callout, FacePage
from cardgen.paths import CARDS_TEMPLATES, FONTS_DIR
from cardgen.pdf.wrapper import BoxInfo, LaidOut, load_document
from cardgen.look.theme import Theme, template_environment, template_failure


MAX_FIT_ROUNDS = 8
FACES = {  # face kind → (template, stylesheet, theme target)
    "front": ("unit_front.html.j2", "unit.css", "cards"),
    "back": ("unit_back.html.j2", "unit.css", "cards"),
    "power": ("power.html.j2", "power.css", "powers"),
}



def environment(theme: Theme | None = None) -> jinja2.Environment:
    """Sandboxed, autoescaped, strict: a missing field is an error, not a blank on a card.
    The theme's ``templates/cards/`` are searched before cardgen's own."""
    return template_environment(CARDS_TEMPLATES, theme.templates if theme else None, "cards",
                                trim_blocks=True, lstrip_blocks=True)


def render_template(template: str, stylesheets: dict[str, str] | None = None, theme: Theme | None = None,
                    target: str = "", **values) -> str:
    """``templates/cards/TEMPLATE`` rendered with ``values``; every card document (faces,
    sheets, the group cover) is made here.

    The template gets ``css``: the URL of the fonts stylesheet as ``css.fonts`` and of
    each of ``stylesheets`` (name → file in ``templates/cards``) under its name; and
    ``theme_css`` (the theme's stylesheets for ``target``, URLs in order) and
    ``font_faces`` (the project's ``@font-face`` rules).  Without a theme, cardgen's
    own templates only."""
    css = {"fonts": (FONTS_DIR / "fonts.css").as_uri()}
    css.update((name, (CARDS_TEMPLATES / file).as_uri()) for name, file in (stylesheets or {}).items())
    themed = theme or Theme()
    try:
        return environment(theme).get_template(template).render(
            css=css, theme_css=themed.stylesheet_urls(target) if target else [],
            font_faces=themed.font_faces if target else "", lang=themed.lang, **values)
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure(template, exc)) from None


def face_html(kind: str, card, page: FacePage, steps: dict[str, int] | None = None,
              theme: Theme | None = None, press: bool = False) -> str:
    """The HTML of one face (``front``, ``back`` or ``power``); ``steps`` are the fit steps by box;
    ``press``: a print-shop face, its black in CMYK (``print.css``)."""
    template, stylesheet, target = FACES[kind]
    sheets = {"card": "card.css", "face": stylesheet} | ({"print": "print.css"} if press else {})
    return render_template(template, sheets, theme=theme, target=target,
                           card=card, steps=steps or {}, page=page, head=header_icons())


def card_label(card) -> str:
    """How an error names a card: its id, and a group model's own name (its card is not its unit's)."""
    model = getattr(card, "model_name", None)
    return f"'{card.id}'" + (f" as '{model}'" if model else "")


def _check_fit(kind: str, card, laid_out: LaidOut, min_font_pt: float, owner: str = "") -> list[Overflow]:
    """Overflowing boxes of one face (its first page plus any page it ran onto).

    Raises FitError (:mod:`cardgen.cards.misfit`) when a box overflows at (or would go below) its
    minimum size, and RenderError when any text of the face outside every fit box is set below the
    minimum (a theme's too small font: no card's text to shorten)."""
    page_boxes: list[tuple[BoxInfo, ...]] = [laid_out.boxes(n) for n in range(laid_out.page_count)]
    small = small_text(page_boxes[0], min_font_pt)
    outside = [s for s in small if s.box is None]
    if outside:
        raise RenderError(f"card {card_label(card)} ({kind}): the text '{outside[0].text[:30]}' is set at "
                          f"{outside[0].font_pt:.3g} pt, below the minimum font size of {min_font_pt:g} pt")
    floor = floors(page_boxes[0], min_font_pt)
    sizes = font_sizes(page_boxes[0])
    below = [s.box for s in small if s.box] + [name for name, size in sizes.items() if size < floor[name] - 0.05]
    overflows = find_overflows(page_boxes[0]) + [
        Overflow(name, sizes.get(name, 0)) for later in page_boxes[1:] for name in font_sizes(later)]
    stuck = [o.box for o in overflows if o.font_pt <= floor.get(o.box, min_font_pt) + 0.05]
    shrinking = [o for o in overflows if o.box in TEXT_BOXES and o.box not in stuck]
    if stuck and not below and shrinking and not set(stuck) & set(TEXT_BOXES):
        return shrinking          # the author's text may still take the room: name a computed value's box last
    if below or stuck:
        name = min(below or stuck, key=lambda box: box not in TEXT_BOXES)     # the author's text first
        raise FitError(Misfit(owner or card.id, kind, name, floor.get(name, min_font_pt)), label=card_label(card))
    return overflows


def read_callouts(boxes: tuple[BoxInfo, ...]) -> tuple[Callout, ...]:
    """The callouts of a laid-out face (its ``.card`` box is 100 %), sorted by number."""
    card = next((box for box in boxes if "card" in box.classes), None)
    if card is None or not card.width or not card.height:
        return ()
    found: dict[int, tuple[str, float, float, float, float]] = {}
    for box in boxes:
        number = box.get("callout")
        if box.tag is None or number is None or not number.isdigit() or not (box.width or box.height):
            continue
        at, left, top, right, bottom = found.get(int(number), (box.get("callout-at") or "center", box.x, box.y,
                                                               box.x + box.width, box.y + box.height))
        found[int(number)] = (at, min(left, box.x), min(top, box.y), max(right, box.x + box.width),
                              max(bottom, box.y + box.height))
    return tuple(Callout(number, at, round(100 * (left - card.x) / card.width, 3),
                         round(100 * (top - card.y) / card.height, 3), round(100 * (right - left) / card.width, 3),
                         round(100 * (bottom - top) / card.height, 3))
                 for number, (at, left, top, right, bottom) in sorted(found.items()))


def _face(laid_out: LaidOut, steps: dict[str, int]) -> Face:
    callouts = read_callouts(laid_out.boxes(0))
    rendered = laid_out.write()
    return Face(rendered.pdf, rendered.warnings, callouts, rendered.notes,
                tuple(sorted((box, step) for box, step in steps.items() if step)))


def render_face(kind: str, card, page: FacePage, min_font_pt: float, theme: Theme | None = None,
                extra_roots: Iterable[Path] = (), press: bool = False, owner: str = "",
                start: tuple[tuple[str, int], ...] = ()) -> Face:
    """Lay out a face, shrinking overflowing boxes step by step; FitError if one never fits.

    ``extra_roots``: further folders the face may read (the prepared portraits); ``press``: a
    print-shop face (:func:`face_html`); ``owner``: its face job's (a group model's ``group/3``);
    ``start``: the step a box starts at (box name, step) -- a power card's title set at the size its
    sheet's neighbours need (:mod:`cardgen.cards.titles`)."""
    steps: dict[str, int] = dict(start)
    roots = (*(theme.roots if theme else ()), *extra_roots)
    for _ in range(MAX_FIT_ROUNDS):
        laid_out = load_document(face_html(kind, card, page, steps, theme, press), CARDS_TEMPLATES, roots)
        overflows = _check_fit(kind, card, laid_out, min_font_pt, owner)
        if not overflows:
            return _face(laid_out, steps)
        for overflow in overflows:
            steps[overflow.box] = steps.get(overflow.box, 0) + 1
    box = sorted({o.box for o in overflows})[0]
    raise FitError(Misfit(owner or card.id, kind, box, min_font_pt, f"after {MAX_FIT_ROUNDS} steps down in size"),
                   label=card_label(card))
