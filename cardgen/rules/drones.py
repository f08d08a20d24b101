"""Drones (Kontroller) and colossi (Trefferzonen)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.content.ruleset import ZoneTable
from cardgen.vocabulary import HIT_ZONES


def drone_capacity(eh: int) -> int:
    """A controller may run one drone per 3 points of EH: ⌊EH/3⌋ (EH 5 → 1, EH 6 → 2)."""
    return eh // 3


@dataclass(frozen=True)
class HitZones:
    """TP of the four colossus hit zones."""

    rumpf: int
    rechts: int
    links: int
    bewegung: int


def side_zone_hit_points(rumpf: int) -> int:
    """Linke/Rechte Seite and Bewegung: 2/3 of the Rumpf, rounded up."""
    return math.ceil(rumpf * 2 / 3)


def hit_zones(rumpf: int) -> HitZones:
    """TP given for the Rumpf; the other three zones each ⌈2/3 · Rumpf⌉."""
    side = side_zone_hit_points(rumpf)
    return HitZones(rumpf=rumpf, links=side, rechts=side, bewegung=side)


def zone_for_roll(table: ZoneTable, roll: int) -> str:
    """The colossus hit zone a W12 result hits ("muss mit 1W12 festgestellt werden", Trefferzonen);
    the default table is the rulebook's figure: Rumpf 1–6, Rechte Seite 7–8, Linke Seite 9–10,
    Bewegung 11–12."""
    for zone in HIT_ZONES:
        rolls = getattr(table, zone)
        if rolls.first <= roll <= rolls.last:
            return zone
    raise ValueError(f"{roll} is no W12 result (1–12)")
