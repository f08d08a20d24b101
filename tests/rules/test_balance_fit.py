"""Points against effectiveness (cardgen.rules.balance_fit): a line through exact points, outliers."""

from __future__ import annotations

import pytest

from cardgen.rules.balance import Entrant, Rating
from cardgen.rules.balance_fit import Line, fit_line, outliers, points_line
from tests.rules.test_balance import model


def rating(name: str, points: int, offence: float | None, durability: float | None = 1.0) -> Rating:
    e = Entrant(id=name, name=name, faction="f", points=points, model=model(), weapons=())
    return Rating(entrant=e, offence=offence, durability=durability, reason="" if offence is not None else "cannot-attack")


def test_a_line_through_exact_points():
    line = fit_line([(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)])         # y = 1 + 2x
    assert line == Line(intercept=1.0, slope=2.0, count=3)


def test_least_squares_by_hand():
    """(0, 0), (1, 1), (2, 1): x̄ = 1, ȳ = 2/3, b = Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² = 1/2, a = 2/3 − 1/2 = 1/6."""
    line = fit_line([(0.0, 0.0), (1.0, 1.0), (2.0, 1.0)])
    assert line is not None
    assert line.slope == pytest.approx(0.5) and line.intercept == pytest.approx(1 / 6)


@pytest.mark.parametrize("points", [[], [(1.0, 2.0)], [(1.0, 2.0), (1.0, 5.0)]])
def test_no_line_from_too_few_points_or_one_x(points):
    assert fit_line(points) is None


def test_an_outlier_named_with_its_percentage():
    """Three units on points = 100 · effectiveness; a fourth at effectiveness 2 costs 260 — the line moves
    with it: x̄ = 2, ȳ = 215, b = Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² = 200/2 = 100, a = 215 − 200 = 15; at 2 the line
    says 215, so the fourth costs 260/215 − 1 = 20.9 % more; the unit at 1 costs 100/115 − 1 = −13 %."""
    rated = [rating("a", 100, 1.0), rating("b", 200, 2.0), rating("c", 300, 3.0), rating("teuer", 260, 2.0),
             rating("drohne", 500, None)]
    line = points_line(rated)
    assert line is not None and line.count == 4
    assert line.slope == pytest.approx(100) and line.intercept == pytest.approx(15)
    found = outliers(rated, line)
    assert [(o.rating.entrant.name, round(o.residual * 100, 1)) for o in found] == [("teuer", 20.9)]
    assert [o.rating.entrant.name for o in outliers(rated, line, threshold=0.10)] == ["teuer", "a"]


def test_a_unit_the_line_prices_at_zero_or_less_is_left_out():
    line = Line(intercept=-10.0, slope=1.0, count=2)
    assert outliers([rating("a", 5, 5.0)], line) == []
