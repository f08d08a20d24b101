"""Profile values: AP, Tragkraft, encumbrance, radii, critical state, size profile and what it gives.

Every function is pure and cites its rulebook section.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.vocabulary import SIZES, TARGET_SIZE_MODIFIERS, Size

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


SIZE_PROFILES: dict[Size, SizeProfile] = {
    "klein": SizeProfile(25, 2.5),
    "mittel": SizeProfile(25, 4.0),
    "groß": SizeProfile(40, 6.0),
    "riesig": SizeProfile(50, 8.0),
}


def size_profile(size: Size) -> SizeProfile:
    """klein 25 mm / 2.5 cm; mittel 25 / 4; groß 40 / 6; riesig 50 / 8."""
    return SIZE_PROFILES[size]


@dataclass(frozen=True)
class SizeRules:
    """What the rulebook derives from the Größenprofil and GK (all lengths in cm)."""

    fall_safe_cm: float             # Herunterfallen: up to the profile's height nothing happens
    fall_test_cm: float             # up to twice it, a Bewegungstest avoids the hit
    climb_cm: float                 # Klettern: obstacles up to twice the profile's height
    jump_cm: int                    # Springen: GK cm from standing
    jump_running_cm: int            # twice that after a full move
    road_speed_cm: int | None       # Rad: GK + 2 cm on Straße; None for every other movement
    target_size_modifier: int       # Fernkampf, Größe des Ziels: the shooter's modifier
    target_size_modifier_prone: int  # the same while lying (Liegende Modelle: one size smaller)


ROAD_BONUS_CM = 2
"""Bewegungsart Rad: "Auf dem Geländetyp Straße wird die Bewegung um 2cm erhöht"."""


def prone_size(size: Size) -> Size:
    """Liegende Modelle "gelten als ein Größenprofil kleiner"; "Kleine Modelle werden dadurch nicht
    noch kleiner"."""
    return SIZES[max(0, SIZES.index(size) - 1)]


def size_rules(size: Size, movement: str, speed: int) -> SizeRules:
    """Fall and climb heights (1× and 2× the profile's height), jump distances (GK, 2 × GK after a
    full move), Rad on roads (GK + 2) and the target-size modifier in Fernkampf, upright and prone."""
    height = SIZE_PROFILES[size].height_cm
    return SizeRules(
        fall_safe_cm=height, fall_test_cm=2 * height, climb_cm=2 * height,
        jump_cm=speed, jump_running_cm=2 * speed,
        road_speed_cm=speed + ROAD_BONUS_CM if movement == "rad" else None,
        target_size_modifier=TARGET_SIZE_MODIFIERS[size],
        target_size_modifier_prone=TARGET_SIZE_MODIFIERS[prone_size(size)])
