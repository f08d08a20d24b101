"""Power card text colour: black or white by WCAG contrast with the school colour."""

from __future__ import annotations


def relative_luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    value = hex_colour.lstrip("#")
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio (1–21) of two colours."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def text_colour(background: str) -> str:
    """``#000000`` or ``#ffffff``, whichever contrasts better (black on a tie)."""
    black = contrast_ratio(background, "#000000")
    white = contrast_ratio(background, "#ffffff")
    return "#ffffff" if white > black else "#000000"
