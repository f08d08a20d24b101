"""The balance report's numbers (``cardgen balance``): every unit attacking every unit, and each unit's
offence, durability and effectiveness.  Pure: derived units in, frozen records out.

**The attack of a cell.**  Each attacker uses its best weapon against the target by
:func:`cardgen.rules.odds.best_odds`' rule (the highest expected TP lost per AP, the first on the card
on a tie), each weapon in its stated situation (:func:`stated_situation`): a ranged weapon fires a
Normaler Schuss at the middle of its first range band (no range malus), a melee weapon attacks
(Angriff, no Angriffsbewegung); no cover, from the front, the target not in Verteidigung.

**The measures** (floats: the same operations in the same order give the same bits):

* offence(u) = the mean over every target t it can attack (every unit, its own faction and itself
  included) of E[TP lost per AP](u → t);
* durability(u) = the AP the average attacker spends to take u out from full TP: the harmonic mean
  over every attacker a that can attack it of AP(a → u) = E[attacks to take u out] × the attack's AP
  (E[attacks] from the chain of TP lost, assumption "chain"; an attacker that cannot hurt u adds 0 to
  the mean rate);
* effectiveness(u) = offence(u) × durability(u): the TP it deals, at its mean rate, in the AP the
  average attacker needs to take it out.

**Speed.**  A 1,000-unit set is 10⁶ pairs, but the odds depend only on the integers of the two
profiles (:class:`~cardgen.rules.attack.Combatant` and the weapons, names left out), which many
units share: each distinct (attacker profile, target profile) is computed once and the means are
taken over the distinct profiles, weighted by how many units share each.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Hashable, Iterable, Mapping

from cardgen.content.ruleset import OddsRules
from cardgen.rules.attack import AttackWeapon, Combatant, Situation, attack_weapons, combatant
from cardgen.rules.derived import DerivedUnit
from cardgen.rules.odds import Odds, OddsError, attack_odds


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
class Cell:
    """The best attack of one attacker profile on one target profile (``weapon``: its index in the
    attacker's weapons)."""

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
    """Every unit against every unit: :meth:`cell` looks a pair up by the units' profiles."""

    entrants: tuple[Entrant, ...]
    attacker_of: Mapping[str, int]              # unit id → attacker profile
    target_of: Mapping[str, int]                # unit id → target profile
    cells: Mapping[tuple[int, int], Cell]       # only the pairs with an attack

    def cell(self, attacker: str, target: str) -> Cell | None:
        """The best attack of unit ``attacker`` on unit ``target``; ``None``: it has none."""
        return self.cells.get((self.attacker_of[attacker], self.target_of[target]))


def entrant(unit: DerivedUnit) -> Entrant:
    return Entrant(id=unit.unit.id, name=unit.unit.name, faction=unit.unit.faction, points=unit.points,
                   model=combatant(unit), weapons=attack_weapons(unit))


def stated_situation(weapon: AttackWeapon) -> Situation:
    """Melee: Angriff; ranged: Normaler Schuss at the middle of the first range band."""
    if weapon.kind == "nahkampf":
        return Situation(action="attack")
    return Situation(action="normal", range_cm=weapon.band.length_cm / 2 if weapon.band else 0)


def best_attack(attacker: Combatant, weapons: tuple[AttackWeapon, ...], target: Combatant,
                rules: OddsRules) -> tuple[int, Odds] | None:
    """The weapon (index) with the highest E[TP lost per AP], each in its :func:`stated_situation`;
    the first on a tie; ``None`` if no weapon can attack."""
    best: tuple[int, Odds] | None = None
    for index, weapon in enumerate(weapons):
        try:
            odds = attack_odds(attacker, weapon, target, stated_situation(weapon), rules)
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


def attack_matrix(units: Mapping[str, DerivedUnit], rules: OddsRules) -> Matrix:
    """Every derived unit against every unit (:func:`entrant_matrix`)."""
    return entrant_matrix([entrant(u) for u in units.values()], rules)


def entrant_matrix(entrants: Iterable[Entrant], rules: OddsRules) -> Matrix:
    """Every entrant (sorted by faction, points, name) against every entrant, each profile pair once."""
    entrants = tuple(sorted(entrants, key=lambda e: (e.faction, e.points, e.name, e.id)))
    attackers: dict[Hashable, int] = {}
    targets: dict[Hashable, int] = {}
    attacker_of = {e.id: attackers.setdefault(_attacker_key(e), len(attackers)) for e in entrants}
    target_of = {e.id: targets.setdefault(_model_key(e.model), len(targets)) for e in entrants}
    first_attacker = {index: e for e in reversed(entrants) for index in [attacker_of[e.id]]}
    first_target = {index: e for e in reversed(entrants) for index in [target_of[e.id]]}
    cells: dict[tuple[int, int], Cell] = {}
    for a, shooter in sorted(first_attacker.items()):
        for t, victim in sorted(first_target.items()):
            found = best_attack(shooter.model, shooter.weapons, victim.model, rules)
            if found is not None:
                index, odds = found
                cells[(a, t)] = Cell(weapon=index, per_ap=float(odds.expected_tp_lost_per_ap),
                                     ap_to_out=expected_attacks(odds.tp_lost, victim.model.hit_points) * odds.ap)
    return Matrix(entrants=entrants, attacker_of=attacker_of, target_of=target_of, cells=cells)


def ratings(matrix: Matrix) -> tuple[Rating, ...]:
    """Each unit's offence and durability (module docstring), in the matrix's order."""
    attackers = _counts(matrix.attacker_of.values())
    targets = _counts(matrix.target_of.values())
    offence: dict[int, float | None] = {}
    for a in attackers:
        hits = [(n, matrix.cells[(a, t)].per_ap) for t, n in targets.items() if (a, t) in matrix.cells]
        offence[a] = sum(n * v for n, v in hits) / sum(n for n, _ in hits) if hits else None
    durability: dict[int, float | None] = {}
    for t in targets:
        rates = [(n, 1 / matrix.cells[(a, t)].ap_to_out) for a, n in attackers.items() if (a, t) in matrix.cells]
        rate = sum(n * r for n, r in rates)
        durability[t] = sum(n for n, _ in rates) / rate if rate > 0 else None
    found = []
    for e in matrix.entrants:
        mine, lasts = offence[matrix.attacker_of[e.id]], durability[matrix.target_of[e.id]]
        reason = "cannot-attack" if mine is None else "unhurt" if lasts is None else ""
        found.append(Rating(entrant=e, offence=mine, durability=lasts, reason=reason))
    return tuple(found)


def _counts(indexes: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for index in indexes:
        counts[index] = counts.get(index, 0) + 1
    return dict(sorted(counts.items()))


def _model_key(model: Combatant) -> Hashable:
    return replace(model, id="", name="")


def _attacker_key(e: Entrant) -> Hashable:
    weapons = tuple((w.kind, w.strength, w.damage, w.band, w.aimed_band, w.shots, tuple(sorted(w.ap_costs.items())),
                     w.effects, w.unhandlich, w.area_radius) for w in e.weapons)
    return (_model_key(e.model), weapons)
