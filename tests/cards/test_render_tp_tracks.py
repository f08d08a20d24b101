"""Every TP value the content model allows prints (issue 30.3): TP 1–20 for every unit type and
size.  For each type, one size is rendered as the build renders it; no box overflows (render_face
raises if one does), every circle lies inside its track's box and on the page, and every number
lies inside its circle without touching it (two digits at TP 20 included).  Every other size of the
type gives the same TP tracks -- the same HTML in the same fixed boxes (each box of a face is laid
out and fitted on its own, unit.css places them absolutely), checked for every TP without
rendering -- so it prints the same: a size changes only the size icon and the values beside it."""

from __future__ import annotations

import re

import pytest

from cardgen.cards.planning import CardOptions, page_settings
from cardgen.cards.render import face_html
from cardgen.cards.view import unit_card
from cardgen.rules.derive import derive
from cardgen.stages import load_content

from .facemeasure import Rect, render_measured

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SIZES = {"infanterie": ("klein", "mittel", "groß"), "koloss": ("groß", "riesig"),
         "drohne": ("klein", "mittel", "groß", "riesig")}
CASES = [(kind, sizes[-1]) for kind, sizes in SIZES.items()]          # rendered: the largest size
OTHERS = [(kind, size) for kind, sizes in SIZES.items() for size in sizes[:-1]]
TRACK = re.compile(r'<div class="track [^"]*" data-box="TP [^"]*".*?</div></div>', re.S)
CLEARANCE_MM = 0.1                  # between a number's glyphs and the inside of its circle's ring
RING_MM = 0.2                       # the circle's line (unit.css .tp border)


def _unit(rules_content, kind: str, size: str, tp: int):
    from conftest import unit
    attributes = {"KO": 5, "WN": 4} if kind == "drohne" else None
    data = unit("probe", type=kind, size=size, hit_points=tp, weapons=[])
    if attributes:
        data["attributes"] = attributes
    rules_content("units", data)
    content = load_content(rules_content.root)
    derived = derive(content)
    assert derived.problems == ()
    return content, derived.units["probe"]


def _inside_ring(circle: Rect, glyph: Rect) -> bool:
    """Whether a glyph stays off its circle's ring: the middles of its box's edges keep the clearance
    from the ring's inside, its box's corners (where a digit's round ink does not reach) lie within it."""
    cx, cy = (circle.left + circle.right) / 2, (circle.top + circle.bottom) / 2
    inside = (circle.right - circle.left) / 2 - RING_MM

    def within(x: float, y: float, radius: float) -> bool:
        return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2

    middle_x, middle_y = (glyph.left + glyph.right) / 2, (glyph.top + glyph.bottom) / 2
    edges = ((glyph.left, middle_y), (glyph.right, middle_y), (middle_x, glyph.top), (middle_x, glyph.bottom))
    return (all(within(x, y, inside - CLEARANCE_MM) for x, y in edges)
            and all(within(x, y, inside) for x in (glyph.left, glyph.right) for y in (glyph.top, glyph.bottom)))


@pytest.mark.parametrize("kind,size", CASES, ids=[f"{k}-{s}" for k, s in CASES])
def test_every_tp_value_prints_inside_its_track(rules_content, monkeypatch, kind, size):
    for tp in range(1, 21):
        content, d = _unit(rules_content, kind, size, tp)
        page, _ = page_settings(content, CardOptions())
        _, measured = render_measured("front", unit_card(d, content), page, monkeypatch=monkeypatch)
        tracks = [box for name, box in measured.boxes.items() if name.startswith("TP ")]
        portrait = Rect(3, measured.boxes["Name"].bottom, 43, 77)       # the left column under the name
        circles = [c for c in measured.circles if portrait.overlaps(c)]
        total = tp + (3 * -(-2 * tp // 3) if kind == "koloss" else 0)
        assert len(circles) == total, (tp, len(circles))
        for circle in circles:
            assert measured.page.holds(circle, 0) and any(track.holds(circle) for track in tracks), (tp, circle)
        numbers = [(c, r) for c, r in measured.chars if c.isdigit()
                   and any(circle.holds(r, 0) for circle in circles)]
        for char, glyph in numbers:
            circle = next(c for c in circles if c.holds(glyph, 0))
            assert _inside_ring(circle, glyph), (tp, char, glyph, circle)
        assert len(numbers) == sum(len(str(n)) for n in range(1, tp + 1)) + (
            sum(len(str(n)) for n in range(1, -(-2 * tp // 3) + 1)) * 3 if kind == "koloss" else 0), tp


def _tracks_html(rules_content, kind: str, size: str, tp: int) -> list[str]:
    content, d = _unit(rules_content, kind, size, tp)
    page, _ = page_settings(content, CardOptions())
    html = face_html("front", unit_card(d, content), page)
    return TRACK.findall(html)


@pytest.mark.parametrize("kind,size", OTHERS, ids=[f"{k}-{s}" for k, s in OTHERS])
def test_every_other_size_has_the_tracks_of_the_rendered_one(rules_content, kind, size):
    rendered = SIZES[kind][-1]
    for tp in range(1, 21):
        tracks = _tracks_html(rules_content, kind, size, tp)
        assert tracks and tracks == _tracks_html(rules_content, kind, rendered, tp), (kind, size, tp)
