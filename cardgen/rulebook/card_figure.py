"""``{{ card: ID }}``: a card as a figure of the rulebook, from the card stage's own render.

The directive is a line of its own::

    {{ card: sturmtruppe }}                      the front, at the card's real size
    {{ card: sturmtruppe side=back width=60% }}  the back, 60 % of the text width
    {{ card: sturmtruppe side=both }}            front and back
    {{ card: feldleutnant callouts }}            with the numbered markers of "Aufbau der Einheitenkarte"
    {{ card: feuerball width=45mm }}             a power card

A width is 1 mm to 1000 mm (0.1 cm to 100 cm) or 1 % to 100 % of the text width
(:data:`WIDTH_RANGE`); the stylesheet draws no figure wider than the text.

Here the directive becomes a placeholder (``templates/rulebook/card_figure.html.j2``):
an empty box exactly as large as the card at its width, carrying the figure's
number, and -- with ``callouts`` -- the markers as text, at the element boxes
the face's layout reported (:class:`~cardgen.cards.render.Callout`).  The card
itself is drawn into the placeholder after the rulebook is laid out
(:mod:`cardgen.rulebook.overlay`): the very PDF of the face the card stage
rendered, never a second copy of its HTML.

The faces come from the env: ``env["cards"]`` answers ``kind_of(id)`` (``unit``,
``power`` or None) and ``art(id, side)`` (the face's PDF, size and callouts:
:class:`cardgen.cards.figures.CardFaces`); the figures made are listed in
``env["card_figures"]`` in document order.  An unknown id, a bad option or no
faces is a :class:`DirectiveError` (a warning with the line, and a visible note).
"""

from __future__ import annotations

import math
import re
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any

import jinja2

from cardgen.content.words import Words
from cardgen.errors import RenderError, did_you_mean, shortened
from cardgen.paths import TEMPLATES_DIR
from cardgen.rulebook.fromcontent import DirectiveError
from cardgen.safefs import MAX_REFERENCES
from cardgen.look.theme import template_environment, template_failure

TEMPLATE = "rulebook/card_figure.html.j2"
SIDES = {"front": ("front",), "back": ("back",), "both": ("front", "back")}
_WIDTH = re.compile(r"(?P<number>[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?P<unit>%|mm|cm)")
WIDTH_RANGE = {"mm": (1.0, 1000.0), "cm": (0.1, 100.0), "%": (1.0, 100.0)}
"""The widths a figure may ask for, by unit: a card from 1 mm to 1 m, or 1 % to 100 % of the text
width.  (Its stylesheet draws no figure wider than the text anyway; the bound keeps a number such as
``width=1e400mm`` -- infinite as a float -- from reaching WeasyPrint, where it fails the whole book.)"""
_OPTION = re.compile(r"(?P<key>[\w-]+)(?:=(?P<value>\S+))?")
MAX_FIGURES = MAX_REFERENCES // 2
"""Card faces one document may show (each side of a figure counts).  A figure is a reference of the
document like a file its PDF reads: figures and files together stay within
:data:`~cardgen.safefs.MAX_REFERENCES` (:func:`cardgen.pdf.wrapper.load_document`'s ``spent``), and this
half of it leaves a book at the figure cap room for its stylesheets, fonts and pictures."""
SIDE_NAMES = {"front": "Vorderseite", "back": "Rückseite", "power": "Kraftkarte"}


@dataclass(frozen=True)
class FigureOptions:
    """What a ``{{ card: … }}`` line asks for."""

    side: str = "front"
    width: str = ""                # a CSS length ("60%", "120mm"); "" = the card's own width
    callouts: bool = False


def figure_options(written: str) -> FigureOptions:
    """The options after the id (``side=back width=60% callouts``), or :class:`DirectiveError`."""
    side, width, callouts = "front", "", False
    for item in written.split():
        match = _OPTION.fullmatch(item)
        key, value = (match["key"], match["value"]) if match else (item, None)
        if key == "callouts" and value is None:
            callouts = True
        elif key == "side" and value in SIDES:
            side = value
        elif key == "width":
            width = figure_width(item, value or "")
        elif key == "side":
            raise DirectiveError(f"card option {shortened(item)}: side must be {', '.join(SIDES)}")
        else:
            raise DirectiveError(f"unknown card option '{shortened(item)}'"
                                 + did_you_mean(key, ("side", "width", "callouts")))
    return FigureOptions(side, width, callouts)


def figure_width(item: str, value: str) -> str:
    """The CSS width ``width=value`` asks for, within :data:`WIDTH_RANGE`; else :class:`DirectiveError`."""
    match = _WIDTH.fullmatch(value)
    if match:
        number, unit = float(match["number"]), match["unit"]
        low, high = WIDTH_RANGE[unit]
        if math.isfinite(number) and low <= number <= high:
            return f"{number:g}{unit}"
    raise DirectiveError(f"card option {shortened(item)}: width must be a length from 1mm to 1000mm "
                         "or a share of the text width from 1% to 100%, such as 60% or 120mm")


def card_figure_html(card_id: str, options: FigureOptions, written: str, env: MutableMapping[str, Any]) -> str:
    """The placeholder HTML of one card figure; its faces are appended to ``env["card_figures"]``."""
    cards = env.get("cards")
    content = env.get("content")
    if cards is None:
        raise DirectiveError("no card faces to show (give --content DIR)" if content is None
                             else "no card faces to show here")
    kind = cards.kind_of(card_id)
    if kind is None:
        raise DirectiveError(f"unknown card '{shortened(card_id)}'" + did_you_mean(card_id, cards.ids()))
    if kind == "power" and options.side != "front":
        raise DirectiveError(f"card '{card_id}' is a power card; it has no back (leave out side=)")
    figures = env.setdefault("card_figures", [])
    sides = SIDES[options.side] if kind == "unit" else ("power",)
    if len(figures) + len(sides) > MAX_FIGURES:
        raise DirectiveError(f"more than {MAX_FIGURES} card faces in one document; show a card once "
                             "and refer to its figure")
    faces = []
    words = getattr(content, "words", None) or Words()      # the side's name in the content's language
    for side in sides:
        art = cards.art(card_id, side)
        faces.append({"index": len(figures), "width": options.width or f"{art.width_mm:g}mm",
                      "ratio": f"{100 * art.height_mm / art.width_mm:.4f}", "label": f"{card_id} ({words[SIDE_NAMES[side]]})",
                      "callouts": [marker(c) for c in art.callouts] if options.callouts and side != "back" else []})
        figures.append(art)
    return render_figure(written, faces)


def marker(callout: Any) -> dict[str, str | int]:
    """A callout as the template prints its marker: the middle of the edge ``at`` names (or the
    center) of the element's box, in % of the card."""
    x = callout.x + {"left": 0.0, "right": callout.width}.get(callout.at, callout.width / 2)
    y = callout.y + {"top": 0.0, "bottom": callout.height}.get(callout.at, callout.height / 2)
    return {"number": callout.number, "at": callout.at, "left": f"{x:.3f}", "top": f"{y:.3f}"}


def render_figure(written: str, faces: list[dict]) -> str:
    """``templates/rulebook/card_figure.html.j2`` with ``faces``."""
    environment = template_environment(TEMPLATES_DIR, trim_blocks=True, lstrip_blocks=True)
    try:
        return environment.get_template(TEMPLATE).render(directive=written, faces=faces)
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure(TEMPLATE, exc)) from None
