"""Exact W12 odds (Würfelwürfe) as fractions, cached by the few integers they depend on.

Every roll of the game is 1W12: an attribute roll succeeds on a result at or below the value to
reach ("Sollte ein zu erreichender Wert kleiner/gleich 0 sein, entfällt der Wurf und gilt als
Misserfolg"); in an opposed roll (Vergleichender Wurf) each side rolls 1W12 and adds its value, the
higher result wins.  An opposed roll depends only on the difference of the two values added, so
each function here is cached by that difference (and a few flags): the odds of every attacker against
every target (``cardgen balance``) cost a handful of evaluations, never one per pair.  The caches are
:func:`functools.cache` on pure functions of small integers -- bounded by the W12's range of
differences, so they cannot grow without limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

FACES = range(1, 13)
SIDES = 12


@dataclass(frozen=True)
class Opposed:
    """The three results of an opposed roll, seen from the side that adds ``diff`` more."""

    lower: Fraction
    tie: Fraction
    higher: Fraction


@cache
def attribute_roll(target: int) -> Fraction:
    """P(1W12 ≤ target): 0 for a target ≤ 0 (no roll), 1 from 12 on (the rulebook has no fumble)."""
    return Fraction(max(0, min(target, SIDES)), SIDES)


def _result(mine: int, theirs: int, diff: int) -> int:
    """0: the other side is higher, 1: a tie, 2: this side is higher."""
    total = mine + diff
    return 0 if total < theirs else 1 if total == theirs else 2


@cache
def opposed(diff: int) -> Opposed:
    """1W12 + diff against 1W12: P(lower), P(tie), P(higher)."""
    counts = [0, 0, 0]
    for mine in FACES:
        for theirs in FACES:
            counts[_result(mine, theirs, diff)] += 1
    return Opposed(*(Fraction(c, SIDES * SIDES) for c in counts))


@cache
def melee_hit(nk_diff: int, agi_diff: int) -> Fraction:
    """Durchführung des Nahkampfes: the opposed NK roll; a tie goes to an opposed AGI roll "dessen
    Ergebnis auch gegen diese Liste abgeglichen wird" -- so an AGI tie rolls AGI again.  The limit of
    that repetition is a geometric series: P(AGI higher) / (1 − P(AGI tie))."""
    nk, agi = opposed(nk_diff), opposed(agi_diff)
    return nk.higher + nk.tie * agi.higher / (agi.higher + agi.lower)


@dataclass(frozen=True)
class Rerolls:
    """The re-rolls of one wound and armor roll (Schadenseffekte), each at most once.

    ``shaken``: Erschütterung -- the attacker may force the armor roll again.  ``adaptive``: Adaptiv --
    the defender may roll his armor roll again.  ``robust``: Robust -- the defender may force the wound
    roll again.  The new result always stands."""

    shaken: bool = False
    adaptive: bool = False
    robust: bool = False


@cache
def wound_roll(diff: int, rerolls: Rerolls = Rerolls()) -> Opposed:
    """Verletzungs- und Rüstungswurf: 1W12 + strength against 1W12 + armor value, ``diff`` their
    difference, with the re-rolls of ``rerolls``: P(defender higher), P(tie), P(attacker higher).

    Assumption "re-rolls": the attacker decides first, then the defender (Adaptiv before Robust); each
    takes a re-roll that can help him -- the attacker whenever he is not higher (a tie is only a
    shock), the defender whenever the attacker is higher (a tie costs no TP)."""
    counts = [Fraction(0)] * 3
    for wound in FACES:
        for armor in FACES:
            for index, p in enumerate(_after_shaken(wound, armor, diff, rerolls)):
                counts[index] += p
    return Opposed(*(c / (SIDES * SIDES) for c in counts))


Triple = tuple[Fraction, Fraction, Fraction]


def _certain(result: int) -> Triple:
    one, zero = Fraction(1), Fraction(0)
    return (one if result == 0 else zero, one if result == 1 else zero, one if result == 2 else zero)


def _average(triples: list[Triple]) -> Triple:
    """The mean of one re-roll's twelve outcomes."""
    lower, tie, higher = (sum((t[i] for t in triples), Fraction(0)) / SIDES for i in range(3))
    return lower, tie, higher


@cache
def _after_shaken(wound: int, armor: int, diff: int, rerolls: Rerolls) -> Triple:
    if rerolls.shaken and _result(wound, armor, diff) < 2:
        return _average([_after_adaptive(wound, again, diff, rerolls) for again in FACES])
    return _after_adaptive(wound, armor, diff, rerolls)


@cache
def _after_adaptive(wound: int, armor: int, diff: int, rerolls: Rerolls) -> Triple:
    if rerolls.adaptive and _result(wound, armor, diff) == 2:
        return _average([_after_robust(wound, again, diff, rerolls) for again in FACES])
    return _after_robust(wound, armor, diff, rerolls)


@cache
def _after_robust(wound: int, armor: int, diff: int, rerolls: Rerolls) -> Triple:
    if rerolls.robust and _result(wound, armor, diff) == 2:
        return _average([_certain(_result(again, armor, diff)) for again in FACES])
    return _certain(_result(wound, armor, diff))
