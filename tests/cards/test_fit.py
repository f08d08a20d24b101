"""Overflow is never silent (cardgen.cards.fit): over laid-out boxes given as plain records, the
boxes whose content reaches beyond them, and the text set below its floor."""

from __future__ import annotations

from cardgen.cards.fit import Overflow, SmallText, find_overflows, floors, font_sizes, small_text
from cardgen.pdf.wrapper import BoxInfo


def _box(index, end, tag="div", data=(), right=100.0, bottom=50.0, font=8.0, text=None) -> BoxInfo:
    return BoxInfo(index=index, end=end, tag=tag, classes=(), data=data, x=0, y=0, width=right, height=bottom,
                   content_right=right, content_bottom=bottom, margin_right=right, margin_bottom=bottom,
                   font_size_pt=font, text=text)


def _page(text_bottom: float, text_font: float = 8.0, min_pt: str | None = None) -> tuple[BoxInfo, ...]:
    """A page holding one box "regeln" (100 × 50 px), its .fit wrapper, and one line of text."""
    data = (("box", "regeln"),) + ((("min-pt", min_pt),) if min_pt else ())
    return (_box(0, 4, tag=None, right=500, bottom=500),
            _box(1, 4, data=data),
            _box(2, 4, bottom=min(text_bottom, 50.0), font=text_font),
            _box(3, 4, tag="p", bottom=text_bottom, font=text_font, text=" Zu lang "))


def test_content_within_the_box_and_its_tolerance_fits():
    assert find_overflows(_page(50.5)) == []


def test_content_beyond_the_box_overflows_at_its_font_size():
    assert find_overflows(_page(50.6, text_font=7.0)) == [Overflow("regeln", 7.0)]


def test_text_below_the_floor_of_its_box():
    assert small_text(_page(40, text_font=6.5), 6.0) == []
    assert small_text(_page(40, text_font=6.5, min_pt="7.5"), 6.0) == [SmallText("regeln", "Zu lang", 6.5, 7.5)]


def test_floors_and_font_sizes_by_box():
    assert floors(_page(40, min_pt="7.5"), 6.0) == {"regeln": 7.5}
    assert floors(_page(40), 6.0) == {"regeln": 6.0}
    assert font_sizes(_page(40, text_font=7.25)) == {"regeln": 7.25}
