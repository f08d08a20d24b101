"""Profile values: AP, Tragkraft, encumbrance, radii, critical state, size profile.

Every function is pure and cites its rulebook section.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MAX_AP = 12
MAX_TP = 20


def halve_up(value: int) -> int:
    """Half, rounded up (the rulebook's "halbiert (aufgerundet)")."""
    return -(-value // 2)


def action_points(unit_type: str, bonus: int = 0) -> int:
    """Aktionspunkte: 6 per round, drones 2; never more than 12."""
    base = 2 if unit_type == "drohne" else 6
    return max(0, min(MAX_AP, base + bonus))


def carrying_capacity(unit_type: str, ko: int) -> int:
    """Tragkraft in kg: KO² (Infanterie, Drohne), (KO·2)² (Koloss)."""
    return (ko * 2) ** 2 if unit_type == "koloss" else ko ** 2


def encumbrance(load_kg: float, capacity_kg: float) -> int:
    """Malus on AGI and GK: over capacity −1, over 2× −2, over 3× −3 ...

    Exactly at a multiple counts as that multiple (25 kg of 25 → 0, 50 → 1).
    A capacity of 0 (KO 0) with any load is impossible to carry and raises.
    """
    if load_kg <= capacity_kg:
        return 0
    if capacity_kg <= 0:
        raise ValueError(f"carries {load_kg:g} kg but its Tragkraft is 0 kg (KO 0)")
    return math.ceil(load_kg / capacity_kg) - 1


def danger_radius(eh: int | None) -> int | None:
    """Gefahrenbereich in cm: 12 − EH; drones (no EH) have none."""
    return None if eh is None else max(0, 12 - eh)


def perception_radius(wn: int, critical: bool = False) -> int:
    """Wahrnehmungsbereich in cm: WN·5; in critical state halved, rounded up."""
    radius = wn * 5
    return halve_up(radius) if critical else radius


def critical_at(hit_points: int) -> int:
    """Highest TP value that counts as critical: below half of max TP.

    TP 10 → 4 (4 < 5), TP 11 → 5 (5 < 5.5), TP 1 → 0 (never critical).
    """
    return math.ceil(hit_points / 2) - 1


def critical_speed(speed: int) -> int:
    """GK in critical state: halved, rounded up."""
    return halve_up(speed)


@dataclass(frozen=True)
class SizeProfile:
    """Größenprofil: base diameter and height of the abstract cylinder."""

    base_mm: int
    height_cm: float


SIZE_PROFILES = {
    "klein": SizeProfile(25, 2.5),
    "mittel": SizeProfile(25, 4.0),
    "groß": SizeProfile(40, 6.0),
    "riesig": SizeProfile(50, 8.0),
}


def size_profile(size: str) -> SizeProfile:
    """klein 25 mm / 2.5 cm; mittel 25 / 4; groß 40 / 6; riesig 50 / 8."""
    return SIZE_PROFILES[size]
