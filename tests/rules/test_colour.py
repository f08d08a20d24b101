"""The power card's text colour by WCAG contrast."""

from __future__ import annotations

import pytest

from cardgen.rules.colour import contrast_ratio, text_colour


@pytest.mark.parametrize("colour, expected", [
    ("#000000", "#ffffff"), ("#ffffff", "#000000"), ("#1d3557", "#ffffff"), ("#f4d35e", "#000000"),
    ("#ff0000", "#000000"), ("#0000ff", "#ffffff"), ("#808080", "#000000"), ("#2e7d32", "#ffffff"),
])
def test_power_card_text_colour_by_wcag_contrast(colour, expected):
    chosen = text_colour(colour)
    other = "#000000" if chosen == "#ffffff" else "#ffffff"
    assert chosen == expected
    assert contrast_ratio(colour, chosen) >= contrast_ratio(colour, other)


def test_wcag_contrast_extremes():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)


@pytest.mark.parametrize("background,expected", [
    ("#000000", "#ffffff"), ("#ffffff", "#000000"), ("#7a1f1f", "#ffffff"), ("#f2d16b", "#000000"),
    ("#336699", "#ffffff"), ("#ffff00", "#000000"),
    # mid greys at the crossover (luminance ≈ 0.179): #757575 contrasts 4.61 with white, 4.56 with black
    ("#757575", "#ffffff"), ("#767676", "#000000"), ("#808080", "#000000"), ("#6a6a6a", "#ffffff"),
])
def test_text_colour_by_wcag_contrast(background, expected):
    assert text_colour(background) == expected
