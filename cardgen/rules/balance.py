"""The balance report's numbers (``cardgen balance``): every unit attacking every unit in each stated
band, and each unit's offence, durability and effectiveness.  Pure: derived units in, frozen records out.

**The bands** (:func:`bands`): melee, then a shot at each distance of the ruleset's
``balance.ranges_cm`` (10, 30, 60 cm by default).  In melee a unit attacks with its melee weapons
(Angriff, no Angriffsbewegung: "Im Nahkampf dürfen nur Waffen mit der Reichweite NK verwendet
werden"); at a distance it fires a Normaler Schuss with each ranged or thrown weapon that reaches it,
its range malus counted.  No cover, from the front, the target standing and not in Verteidigung.

**The attack of a cell** (attacker, target, band): the attacker's best weapon in that band by
:func:`cardgen.rules.odds.best_odds`' rule (the highest expected TP lost per AP, the first on the
card on a tie).  An attacker *reaches* a band if one of its weapons can be used there; one that
reaches it but has no attack (a drone: no FK/NK/AGI of its own; a melee attack on a drone) has no
cell, and neither does one that does not reach it.

**The measures** (floats: the same operations in the same order give the same bits), over the
attackers that have at least one cell (the others are ``cannot-attack`` and count nowhere):

* offence(u) = the mean over every target t (every unit, its own faction and itself included) and
  every band b of E[TP lost per AP](u → t in b), where a band u does not reach counts 0 (a long
  reach is worth something) and a cell the odds cannot compute is left out;
* durability(u) = the AP the average attacker spends to take u out from full TP: the harmonic mean
  over every (attacker a, band b) of AP(a → u in b) = E[attacks to take u out] × the attack's AP
  (E[attacks] from the chain of TP lost, assumption "chain"; a colossus: the chain over its hit zones,
  :func:`attacks_to_out`); an attacker that cannot hurt u, or
  does not reach b, adds 0 to the mean rate; a cell the odds cannot compute is left out;
* effectiveness(u) = offence(u) × durability(u): the TP it deals, at its mean rate, in the AP the
  average attacker needs to take it out.

**Speed.**  A 1,000-unit set is 10⁶ pairs, but the odds depend only on the integers of the two
profiles (:class:`~cardgen.rules.attack.Combatant` and the weapons, names left out), which many
units share: each distinct (attacker profile, target profile, band) is computed once and the means
are taken over the distinct profiles, weighted by how many units share each.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Hashable, Iterable, Mapping

from cardgen.content.ruleset import BalanceRules, OddsRules, ZoneTable
from cardgen.rules.attack import AttackWeapon, Combatant, Situation, attack_weapons, combatant
from cardgen.rules.derived import DerivedUnit
from cardgen.rules.odds import Odds, OddsError, attack_odds
from cardgen.rules.odds_zones import expected_attacks as zone_expected_attacks


@dataclass(frozen=True)
class Entrant:
    """One unit as the report reads it."""

    id: str
    name: str
    faction: str
    points: int
    model: Combatant
    weapons: tuple[AttackWeapon, ...]


@dataclass(frozen=True)
class Band:
    """One situation of the report: melee (``range_cm`` None) or a shot at ``range_cm``."""

    name: str                       # "Nahkampf", "30 cm"
    range_cm: float | None


@dataclass(frozen=True)
class Cell:
    """The best attack of one attacker profile on one target profile in one band (``weapon``: its index
    in the attacker's weapons)."""

    weapon: int
    per_ap: float                   # E[TP lost per AP]
    ap_to_out: float                # E[AP to take the target out from full TP]; inf: it cannot


@dataclass(frozen=True)
class Rating:
    """A unit's measures; ``None`` where it has none (``reason``: ``cannot-attack``, ``unhurt``)."""

    entrant: Entrant
    offence: float | None
    durability: float | None
    reason: str = ""

    @property
    def effectiveness(self) -> float | None:
        if self.offence is None or self.durability is None:
            return None
        return self.offence * self.durability


@dataclass(frozen=True)
class Matrix:
    """Every unit against every unit in every band: :meth:`cell` looks a pair up by the units' profiles."""

    entrants: tuple[Entrant, ...]
    attacker_of: Mapping[str, int]              # unit id → attacker profile
    target_of: Mapping[str, int]                # unit id → target profile
    cells: Mapping[tuple[int, int, int], Cell]  # (attacker, target, band): only the pairs with an attack
    bands: tuple[Band, ...] = (Band("Nahkampf", None),)
    reach: frozenset[tuple[int, int]] = frozenset()     # (attacker profile, band) it has a weapon for

    def cell(self, attacker: str, target: str, band: int = 0) -> Cell | None:
        """The best attack of unit ``attacker`` on unit ``target`` in band ``band``; ``None``: it has none."""
        return self.cells.get((self.attacker_of[attacker], self.target_of[target], band))


def entrant(unit: DerivedUnit, zone_table: ZoneTable | None = None) -> Entrant:
    """The unit as the report reads it; a colossus's hit zones as ``zone_table`` has them (the ruleset's)."""
    return Entrant(id=unit.unit.id, name=unit.unit.name, faction=unit.unit.faction, points=unit.points,
                   model=combatant(unit, zone_table), weapons=attack_weapons(unit))


def bands(rules: BalanceRules) -> tuple[Band, ...]:
    """Melee, then each stated range."""
    return (Band("Nahkampf", None),) + tuple(Band(f"{r:g} cm", r) for r in rules.ranges_cm)


def stated_situation(weapon: AttackWeapon, band: Band) -> Situation | None:
    """The weapon's attack in ``band`` -- melee: an Angriff with a melee weapon; a distance: a Normaler
    Schuss with a ranged or thrown weapon that reaches it -- or ``None`` if it cannot be used there."""
    if band.range_cm is None:
        return Situation(action="attack") if weapon.kind == "nahkampf" and "attack" in weapon.ap_costs else None
    if weapon.kind == "nahkampf" or weapon.band is None or "normal_shot" not in weapon.ap_costs:
        return None
    return Situation(action="normal", range_cm=band.range_cm) if band.range_cm <= weapon.band.max_range_cm else None


def best_attack(attacker: Combatant, weapons: tuple[AttackWeapon, ...], target: Combatant, band: Band,
                rules: OddsRules) -> tuple[int, Odds] | None:
    """The weapon (index) with the highest E[TP lost per AP] in ``band`` (:func:`stated_situation`); the
    first on a tie; ``None`` if no weapon can attack there."""
    best: tuple[int, Odds] | None = None
    for index, weapon in enumerate(weapons):
        situation = stated_situation(weapon, band)
        if situation is None:
            continue
        try:
            odds = attack_odds(attacker, weapon, target, situation, rules)
        except OddsError:
            continue
        if best is None or odds.expected_tp_lost_per_ap > best[1].expected_tp_lost_per_ap:
            best = (index, odds)
    return best


def expected_attacks(tp_lost: Mapping[int, Fraction], hit_points: int) -> float:
    """E[attacks until the TP lost add up to ``hit_points``], each attack the same draw; inf if an attack
    never costs TP.  E(h) = (1 + Σₖ p(k)·E(h − k)) / (1 − p(0)), E(h ≤ 0) = 0."""
    if tp_lost.get(0, Fraction(0)) == 1:
        return math.inf
    stay = 1 - float(tp_lost.get(0, Fraction(0)))
    losses = [(lost, float(p)) for lost, p in tp_lost.items() if lost > 0]
    expected = [0.0] * (hit_points + 1)
    for left in range(1, hit_points + 1):
        expected[left] = (1 + sum(p * expected[left - lost] for lost, p in losses if lost < left)) / stay
    return expected[hit_points]


def attacks_to_out(odds: Odds, target: Combatant) -> float:
    """E[attacks to take ``target`` out from full TP]: a colossus by the chain over its hit zones
    (:func:`cardgen.rules.odds_zones.expected_attacks`), any other by :func:`expected_attacks`."""
    if odds.chain is not None:
        return zone_expected_attacks(odds.chain)
    return expected_attacks(odds.tp_lost, target.hit_points)


def attack_matrix(units: Mapping[str, DerivedUnit], rules: OddsRules,
                  balance: BalanceRules | None = None, zone_table: ZoneTable | None = None) -> Matrix:
    """Every derived unit against every unit (:func:`entrant_matrix`)."""
    return entrant_matrix([entrant(u, zone_table) for u in units.values()], rules, balance)


def entrant_matrix(entrants: Iterable[Entrant], rules: OddsRules, balance: BalanceRules | None = None) -> Matrix:
    """Every entrant (sorted by faction, points, name) against every entrant in every band, each profile
    pair once."""
    entrants = tuple(sorted(entrants, key=lambda e: (e.faction, e.points, e.name, e.id)))
    stated = bands(balance or BalanceRules())
    attackers: dict[Hashable, int] = {}
    targets: dict[Hashable, int] = {}
    attacker_of = {e.id: attackers.setdefault(_attacker_key(e), len(attackers)) for e in entrants}
    target_of = {e.id: targets.setdefault(_model_key(e.model), len(targets)) for e in entrants}
    first_attacker = {index: e for e in reversed(entrants) for index in [attacker_of[e.id]]}
    first_target = {index: e for e in reversed(entrants) for index in [target_of[e.id]]}
    cells: dict[tuple[int, int, int], Cell] = {}
    reach = frozenset((a, b) for a, shooter in first_attacker.items() for b, band in enumerate(stated)
                      if any(stated_situation(w, band) is not None for w in shooter.weapons))
    for a, shooter in sorted(first_attacker.items()):
        for t, victim in sorted(first_target.items()):
            for b, band in enumerate(stated):
                found = best_attack(shooter.model, shooter.weapons, victim.model, band, rules) \
                    if (a, b) in reach else None
                if found is not None:
                    index, odds = found
                    cells[(a, t, b)] = Cell(
                        weapon=index, per_ap=float(odds.expected_tp_lost_per_ap),
                        ap_to_out=attacks_to_out(odds, victim.model) * odds.ap)
    return Matrix(entrants=entrants, attacker_of=attacker_of, target_of=target_of, cells=cells, bands=stated,
                  reach=reach)


def ratings(matrix: Matrix) -> tuple[Rating, ...]:
    """Each unit's offence and durability (module docstring), in the matrix's order."""
    attackers = _counts(matrix.attacker_of.values())
    targets = _counts(matrix.target_of.values())
    able = {a for a, _, _ in matrix.cells}
    offence: dict[int, float | None] = {}
    for a in attackers:
        hits = [(n, _rate(matrix, a, t, b, lambda c: c.per_ap)) for t, n in targets.items()
                for b in range(len(matrix.bands))]
        counted = [(n, v) for n, v in hits if v is not None]
        offence[a] = sum(n * v for n, v in counted) / sum(n for n, _ in counted) if a in able else None
    durability: dict[int, float | None] = {}
    for t in targets:
        rates = [(n, _rate(matrix, a, t, b, lambda c: 1 / c.ap_to_out)) for a, n in attackers.items() if a in able
                 for b in range(len(matrix.bands))]
        counted = [(n, r) for n, r in rates if r is not None]
        rate = sum(n * r for n, r in counted)
        durability[t] = sum(n for n, _ in counted) / rate if rate > 0 else None
    found = []
    for e in matrix.entrants:
        mine, lasts = offence[matrix.attacker_of[e.id]], durability[matrix.target_of[e.id]]
        reason = "cannot-attack" if mine is None else "unhurt" if lasts is None else ""
        found.append(Rating(entrant=e, offence=mine, durability=lasts, reason=reason))
    return tuple(found)


def _rate(matrix: Matrix, a: int, t: int, b: int, of: Callable[[Cell], float]) -> float | None:
    """``of`` the cell (a, t, b); 0 where a does not reach b; ``None`` where it reaches b but has no attack."""
    cell = matrix.cells.get((a, t, b))
    if cell is not None:
        return of(cell)
    return None if (a, b) in matrix.reach else 0.0


def _counts(indexes: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for index in indexes:
        counts[index] = counts.get(index, 0) + 1
    return dict(sorted(counts.items()))


def _model_key(model: Combatant) -> Hashable:
    return replace(model, id="", name="")


def _attacker_key(e: Entrant) -> Hashable:
    weapons = tuple((w.kind, w.strength, w.damage, w.band, w.aimed_band, w.shots, tuple(sorted(w.ap_costs.items())),
                     tuple(sorted(w.effects)), w.unhandlich, w.area_radius, w.indirekt) for w in e.weapons)
    return (_model_key(e.model), weapons)
