"""Stage 6 without WeasyPrint (cardgen.cards.render): strict templates, and the callouts a rulebook
figure numbers read off laid-out boxes in % of the card."""

from __future__ import annotations

import pytest

from cardgen.cards.render import FACES, read_callouts, render_template
from cardgen.errors import RenderError
from cardgen.geometry import Callout
from cardgen.pdf.wrapper import BoxInfo


def _box(index, x, y, w, h, classes=(), data=(), tag="div") -> BoxInfo:
    return BoxInfo(index=index, end=index + 1, tag=tag, classes=classes, data=data, x=x, y=y, width=w, height=h,
                   content_right=x + w, content_bottom=y + h, margin_right=x + w, margin_bottom=y + h,
                   font_size_pt=8, text=None)


def test_every_face_kind_has_its_template_and_stylesheet():
    assert FACES == {"front": ("unit_front.html.j2", "unit.css", "cards"),
                     "back": ("unit_back.html.j2", "unit.css", "cards"),
                     "power": ("power.html.j2", "power.css", "powers")}


def test_a_missing_value_is_an_error_not_a_blank_on_a_card():
    with pytest.raises(RenderError, match="^template power.html.j2: .card. is undefined$"):
        render_template("power.html.j2", {"face": "power.css"})


def test_callouts_are_the_union_of_their_boxes_in_percent_of_the_card():
    boxes = (_box(0, 10, 20, 200, 100, classes=("card",)),
             _box(1, 30, 40, 20, 10, data=(("callout", "2"), ("callout-at", "left"))),
             _box(2, 60, 40, 20, 30, data=(("callout", "2"),)),
             _box(3, 10, 20, 50, 50, data=(("callout", "1"),)),
             _box(4, 10, 20, 0, 0, data=(("callout", "3"),)),          # empty: no callout
             _box(5, 10, 20, 5, 5, data=(("callout", "x"),)))          # not a number: none
    assert read_callouts(boxes) == (Callout(1, "center", 0.0, 0.0, 25.0, 50.0),
                                    Callout(2, "left", 10.0, 20.0, 25.0, 30.0))


def test_a_face_without_a_card_box_has_no_callouts():
    assert read_callouts((_box(0, 0, 0, 10, 10, data=(("callout", "1"),)),)) == ()
