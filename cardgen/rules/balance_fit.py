"""Points against effectiveness (``cardgen balance``): the least-squares line points = a + b · effectiveness
over the rated units (:mod:`cardgen.rules.balance`), and the units whose points lie more than
:data:`THRESHOLD` above or below the line's value for their effectiveness."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cardgen.rules.balance import Rating

THRESHOLD = 0.15
"""A unit is named when (points − fitted) / fitted lies beyond ±15 %."""


@dataclass(frozen=True)
class Line:
    """points = intercept + slope · effectiveness, fitted over ``count`` units."""

    intercept: float
    slope: float
    count: int

    def at(self, effectiveness: float) -> float:
        return self.intercept + self.slope * effectiveness


@dataclass(frozen=True)
class Outlier:
    """A unit whose points lie beyond the threshold: ``residual`` = (points − fitted) / fitted."""

    rating: Rating
    fitted: float
    residual: float


def fit_line(points: Sequence[tuple[float, float]]) -> Line | None:
    """The least-squares line y = a + b·x through ``(x, y)``; ``None`` for fewer than two points or one x."""
    if len(points) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0:
        return None
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread
    return Line(intercept=mean_y - slope * mean_x, slope=slope, count=len(points))


def rated(ratings: Sequence[Rating]) -> list[Rating]:
    """The ratings with an effectiveness (those the line is fitted over)."""
    return [r for r in ratings if r.effectiveness is not None]


def points_line(ratings: Sequence[Rating]) -> Line | None:
    """points ~ effectiveness over the rated units."""
    return fit_line([(r.effectiveness, float(r.entrant.points)) for r in rated(ratings)
                     if r.effectiveness is not None])


def outliers(ratings: Sequence[Rating], line: Line, threshold: float = THRESHOLD) -> list[Outlier]:
    """The rated units beyond ±``threshold`` of the line, the largest deviation first (then by name); a unit
    whose fitted points are 0 or less has no relative deviation and is left out."""
    found = []
    for rating in rated(ratings):
        fitted = line.at(rating.effectiveness or 0.0)
        if fitted <= 0:
            continue
        residual = (rating.entrant.points - fitted) / fitted
        if abs(residual) > threshold:
            found.append(Outlier(rating=rating, fitted=fitted, residual=residual))
    return sorted(found, key=lambda o: (-abs(o.residual), o.rating.entrant.name, o.rating.entrant.id))
