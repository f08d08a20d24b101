"""Weapons: range bands, thrown range, indirect fire, strength, AP costs, unarmed."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from cardgen.vocabulary import ACTION_SECTIONS, ACTIONS, Action

THROWN_BANDS = 3


@dataclass(frozen=True)
class RangeBand:
    """Reichweitenband X/Y: bands of X cm, Y of them."""

    length_cm: int
    count: int

    @property
    def max_range_cm(self) -> int:
        return self.length_cm * self.count

    def __str__(self) -> str:
        return f"{self.length_cm}/{self.count}"


def parse_band(text: str) -> RangeBand:
    """``'20/3'`` → RangeBand(20, 3)."""
    length, count = text.split("/")
    return RangeBand(int(length), int(count))


def aimed_band(band: RangeBand, doubles: str = "length") -> RangeBand:
    """Gezielter Schuss doubles the bands: their length (default) or their number."""
    if doubles == "count":
        return RangeBand(band.length_cm, band.count * 2)
    return RangeBand(band.length_cm * 2, band.count)


def range_modifier(band: RangeBand, distance_cm: float) -> int | None:
    """FK modifier at a distance: −1 per fully used band; None beyond max range.

    Pistole 20/3: 16 cm → 0, 42 cm → −2 (third band), 61 cm → None.
    A distance exactly at a band's end still lies in that band.
    """
    if distance_cm > band.max_range_cm or distance_cm < 0:
        return None
    if distance_cm == 0:
        return 0
    return -(math.ceil(distance_cm / band.length_cm) - 1)


def thrown_band(ko: int, unhandlich: bool) -> RangeBand:
    """Wurfwaffen: always 3 bands of KO·2 cm; unhandlich KO·0.5 rounded up."""
    length = math.ceil(ko * 0.5) if unhandlich else ko * 2
    return RangeBand(length, THROWN_BANDS)


def indirect_max_height(band: RangeBand) -> float:
    """Indirekter Fernkampf: obstacles up to half the max range (25/4 → 50 cm)."""
    return band.max_range_cm / 2


def resolve_stat(value: int, additive: bool, ko: int) -> int:
    """Additive Stärke / additiver Schutz: value + KO; otherwise the value."""
    return value + ko if additive else value


def armor_roll(ko: int, protection: int | None) -> int:
    """Rüstungswurf adds the higher of KO and the armor's protection."""
    return ko if protection is None else max(ko, protection)


def shots(dauerfeuer: int) -> int:
    """Dauerfeuer: each DF point is one more shot (DF 3 → 4 shots)."""
    return 1 + dauerfeuer


def can_take_readiness(kind: str, weapon_class: int) -> bool:
    """Feuerbereitschaft: "Nur mit Schusswaffen der WK I, II und III" (Aktionen: Fernkampf).

    A Schusswaffe is a ranged weapon with a range band and Dauerfeuer (Fernkampfwaffen); a
    Wurfwaffe (thrown) is none, so it never takes Feuerbereitschaft nor the Reaktionsfeuer
    that needs it."""
    return kind == "fernkampf" and weapon_class <= 3


READINESS_AP = 2
"""Feuerbereitschaft costs 2 ⊙ whatever the weapon (the rulebook's "Feuerbereitschaft - 2 ⊙")."""

COLOSSUS_SECTIONS = frozenset({"fernkampf", "nahkampf"})
"""Kolosse im Fern- und Nahkampf: "jede Aktion 1⊙ weniger" with WK 4–5 applies to the actions of
these rulebook sections; Angriffsbewegung and Nachladen stand under "Aktionen: Bewegung"."""


def ap_costs(kind: str, weapon_class: int, unit_type: str, nachladen: bool,
             readiness: bool, actions: Collection[Action] = ACTIONS) -> dict[Action, int]:
    """AP per action with this weapon, for the ``actions`` the ruleset prints.

    Melee: Angriff (``attack``, WK), Verwegener Angriff (``reckless_attack``, WK+1),
    Angriffsbewegung (``charge``, WK).  Ranged and thrown: Normaler Schuss
    (WK+1), Gezielter Schuss (WK+2), Schnellschuss (WK); with a weapon that
    may take it, Feuerbereitschaft (``readiness``, its own 2 ⊙) and the
    reaction it allows, Reaktionsfeuer (``reaction_fire``, WK).  Nachladen: WK.
    A colossus pays 1 less with WK IV–V for the actions of "Aktionen: Fernkampf",
    "Aktionen: Nahkampf" and "Reaktionen: Fernkampf", not for Angriffsbewegung
    and Nachladen (both "Aktionen: Bewegung")."""
    wk = weapon_class
    costs: dict[Action, int]
    if kind == "nahkampf":
        costs = {"attack": wk, "reckless_attack": wk + 1, "charge": wk}
    else:
        costs = {"normal_shot": wk + 1, "aimed_shot": wk + 2, "snap_shot": wk}
        if readiness:
            costs["readiness"] = READINESS_AP
            costs["reaction_fire"] = wk
    if nachladen:
        costs["reload"] = wk
    if unit_type == "koloss" and wk >= 4:
        costs = {action: ap - 1 if ACTION_SECTIONS[action] in COLOSSUS_SECTIONS else ap
                 for action, ap in costs.items()}
    return {action: ap for action, ap in costs.items() if action in actions}


@dataclass(frozen=True)
class Unarmed:
    """Waffenloser Nahkampf: strength KO, damage ⌈KO/3⌉, WK by size."""

    strength: int
    damage: int
    weapon_class: int


UNARMED_CLASS = {"klein": 1, "mittel": 1, "groß": 2, "riesig": 3}


def unarmed(unit_type: str, size: str, ko: int) -> Unarmed | None:
    """Infanterie and Kolosse only (KO 5 → 5 / 2 / I); drones None."""
    if unit_type == "drohne":
        return None
    return Unarmed(strength=ko, damage=math.ceil(ko / 3), weapon_class=UNARMED_CLASS[size])
