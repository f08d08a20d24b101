"""Stage 6: one card face → HTML (Jinja) → a one-page PDF (WeasyPrint).

Each face is its own small document (page = trim size + bleed), so a face
can be cached, rendered in a worker process and reprinted alone, and 1000
cards never sit in one WeasyPrint document.  :mod:`cardgen.cards.impose`
places the faces on printer sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import jinja2

from cardgen.cards.fit import Overflow, find_overflows, font_sizes
from cardgen.cards.settings import PageSettings
from cardgen.cards.view import header_icons
from cardgen.errors import RenderError
from cardgen.paths import FONTS_DIR, TEMPLATES_DIR
from cardgen.pdf import load_document, write_document

CARDS_TEMPLATES = TEMPLATES_DIR / "cards"
MAX_FIT_ROUNDS = 8
FACES = {  # face kind → (template, stylesheet)
    "front": ("unit_front.html.j2", "unit.css"),
    "back": ("unit_back.html.j2", "unit.css"),
    "power": ("power.html.j2", "power.css"),
}


@dataclass(frozen=True)
class Face:
    """A rendered face: its one-page PDF and WeasyPrint's warnings."""

    pdf: bytes
    warnings: tuple[str, ...]


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """Autoescaped, strict: a missing field is an error, not a blank on a card."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(CARDS_TEMPLATES), autoescape=True,
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def face_html(kind: str, card, page: PageSettings, steps: dict[str, int] | None = None) -> str:
    """The HTML of one face (``front``, ``back`` or ``power``); ``steps`` are the fit steps by box."""
    template, stylesheet = FACES[kind]
    css = {"fonts": (FONTS_DIR / "fonts.css").as_uri(), "card": (CARDS_TEMPLATES / "card.css").as_uri(),
           "face": (CARDS_TEMPLATES / stylesheet).as_uri()}
    return environment().get_template(template).render(
        card=card, steps=steps or {}, page=page, css=css, head=header_icons())


def _check_fit(kind: str, card, page_boxes: list, min_font_pt: float) -> list[Overflow]:
    """Overflowing boxes of one face (its first page plus any page it ran onto).

    Raises RenderError when a box overflows at (or would go below) the minimum size."""
    sizes = font_sizes(page_boxes[0])
    below = [name for name, size in sizes.items() if size < min_font_pt - 0.05]
    overflows = find_overflows(page_boxes[0]) + [
        Overflow(name, sizes.get(name, 0)) for later in page_boxes[1:] for name in font_sizes(later)]
    stuck = [o.box for o in overflows if o.font_pt <= min_font_pt + 0.05]
    if below or stuck:
        raise RenderError(f"card '{card.id}' ({kind}): the text of box '{(below or stuck)[0]}' does not fit, "
                          f"even at the minimum font size of {min_font_pt:g} pt; shorten it")
    return overflows


def _face(rendered) -> Face:
    return Face(rendered.pdf, rendered.warnings)


def render_face(kind: str, card, page: PageSettings, min_font_pt: float) -> Face:
    """Lay out a face, shrinking overflowing boxes step by step; fail if one never fits."""
    steps: dict[str, int] = {}
    for _ in range(MAX_FIT_ROUNDS):
        document, fetcher, messages = load_document(face_html(kind, card, page, steps), CARDS_TEMPLATES)
        overflows = _check_fit(kind, card, [p._page_box for p in document.pages], min_font_pt)
        if not overflows:
            return _face(write_document(document, fetcher, messages))
        for overflow in overflows:
            steps[overflow.box] = steps.get(overflow.box, 0) + 1
    boxes = ", ".join(f"'{name}'" for name in sorted({o.box for o in overflows}))
    raise RenderError(f"card '{card.id}' ({kind}): the text of box {boxes} does not fit, "
                      f"even after {MAX_FIT_ROUNDS} steps down in size; shorten it")
