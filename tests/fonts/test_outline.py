"""Outlines emboldened as FreeType's FT_Outline_EmboldenXY does it (cardgen.fonts.outline): each contour
grows the strength wider and higher, its lower left in place, in either contour direction."""

from __future__ import annotations

import pytest

from cardgen.fonts.outline import embolden, orientation

CLOCKWISE = [(0, 0), (0, 100), (50, 100), (50, 0)]           # TrueType's outer contours
COUNTER_CLOCKWISE = list(reversed(CLOCKWISE))                  # PostScript's


def bounds(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_orientation_is_the_sign_of_the_area():
    assert orientation(CLOCKWISE, [3]) == -1
    assert orientation(COUNTER_CLOCKWISE, [3]) == 1
    assert orientation([(0, 0), (10, 0), (20, 0)], [2]) == 0


@pytest.mark.parametrize("square", [CLOCKWISE, COUNTER_CLOCKWISE])
def test_a_stem_grows_the_strength_wider_and_higher_from_its_lower_left(square):
    assert bounds(embolden(square, [3], 8)) == pytest.approx((0, 0, 58, 108))


def test_a_counter_shrinks_as_its_stems_grow():
    """An "o" drawn as two squares: the hole (drawn the other way round) loses the strength."""
    outer = [(0, 0), (0, 100), (100, 100), (100, 0)]
    inner = [(20, 20), (80, 20), (80, 80), (20, 80)]
    points = embolden(outer + inner, [3, 7], 10)
    assert bounds(points[:4]) == pytest.approx((0, 0, 110, 110))
    assert bounds(points[4:]) == pytest.approx((30, 30, 80, 80))         # each stem 10 units thicker


def test_a_repeated_point_moves_with_its_neighbour_and_nothing_divides_by_zero():
    square = [(0, 0), (0, 100), (0, 100), (50, 100), (50, 0)]
    points = embolden(square, [4], 8)
    assert points[1] == points[2]
    assert bounds(points) == pytest.approx((0, 0, 58, 108))


def test_no_strength_or_no_area_leaves_the_outline_alone():
    assert embolden(CLOCKWISE, [3], 0) == [(float(x), float(y)) for x, y in CLOCKWISE]
    flat = [(0, 0), (10, 0), (20, 0)]
    assert embolden(flat, [2], 8) == [(float(x), float(y)) for x, y in flat]
