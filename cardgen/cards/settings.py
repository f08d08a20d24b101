"""Physical settings of one card face (kept apart so planning needs no WeasyPrint)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageSettings:
    """Trim size and bleed of one card face, in millimetres."""

    width_mm: float
    height_mm: float
    bleed_mm: float = 0.0
