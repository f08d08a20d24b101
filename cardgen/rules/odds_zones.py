"""A colossus as target (Kolosse, Trefferzonen): the zone roll, each zone's TP, and the exact chain
over the zones' TP that gives P(out of action within N attacks) and E[attacks to take it out].

The rulebook: "Welche Trefferzone im Fernkampf und Nahkampf getroffen wird, muss mit 1W12 festgestellt
werden" (the ruleset's ``zone_table``; the figure: Rumpf 1–6, Rechte Seite 7–8, Linke Seite 9–10,
Bewegung 11–12); "Jede Trefferzone verfügt über eine eigene Anzahl an Trefferpunkten" (the Rumpf's, the
other three ⌈2/3⌉ of it, :func:`cardgen.rules.drones.hit_zones`).  "Verlust aller Trefferpunkte":
Rumpf -- ausgeschalten; Linke/Rechte Seite -- destroyed, its weapons lost, "AGI und NK um 1
verringert" (a later melee attack on it hits more often: ``ZoneChain.hits``); Bewegung -- a W12 on
its table, 12: "Fällt um und gilt als ausgeschalten" (:data:`FALLS`), rolled once, when its TP reach 0.

A state of the chain is the tuple of the zones' TP left (the order of
:data:`~cardgen.vocabulary.HIT_ZONES`); an attack misses, or hits one zone and the same wound costs
that zone TP.  Assumption "colossus-zones": damage beyond a zone's TP, and any hit on a zone already
at 0, costs nothing more (the rulebook moves no damage between zones).  Two shortcuts keep it small,
neither changing a number: where no side changes the odds of a hit (every shot; a melee hit already
certain or impossible), the sides start at 0 TP, so their hits change nothing; where both sides have
the same TP and faces, the state keeps them in descending order.  Each state's moves are cached.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, TypeVar

from cardgen.rules.drones import hit_zones
from cardgen.vocabulary import HIT_ZONES

ZONES: tuple[str, ...] = tuple(HIT_ZONES)           # rumpf, rechts, links, bewegung
RUMPF, RECHTS, LINKS, BEWEGUNG = range(4)
RULEBOOK_FACES: tuple[int, ...] = (6, 2, 2, 2)
"""W12 faces per zone (order of :data:`ZONES`): the rulebook's hit-zone figure."""
FALLS = Fraction(1, 12)
"""Bewegung at 0 TP, its W12 table: 12 "Fällt um und gilt als ausgeschalten" (1–11: stays standing)."""

State = tuple[int, int, int, int]


@dataclass(frozen=True)
class ZoneOdds:
    """One zone in one attack: its TP, the zone roll's chance, and P(this zone is hit and loses n TP), n ≥ 1."""

    zone: str
    hit_points: int
    faces: int
    tp_lost: Mapping[int, Fraction]

    @property
    def p_zone(self) -> Fraction:
        return Fraction(self.faces, 12)

    @property
    def expected_tp_lost(self) -> Fraction:
        return sum((tp * p for tp, p in self.tp_lost.items()), Fraction(0))


@dataclass(frozen=True)
class ZoneChain:
    """What the chain needs: the zones' full TP, their faces, the TP one hit costs (n ≥ 1 → P, given a hit,
    capped at the Rumpf's TP) and P(hit) with 0, 1, 2 sides destroyed."""

    hit_points: State
    faces: tuple[int, ...]
    loss: tuple[tuple[int, Fraction], ...]
    hits: tuple[Fraction, Fraction, Fraction]

    def start(self) -> State:
        """The full TP; the sides at 0 where they change nothing (module docstring)."""
        if len(set(self.hits)) == 1:
            return (self.hit_points[RUMPF], 0, 0, self.hit_points[BEWEGUNG])
        return self.hit_points


def zone_chain(rumpf: int, faces: tuple[int, ...], loss: Mapping[int, Fraction],
               hits: tuple[Fraction, Fraction, Fraction]) -> ZoneChain:
    zones = hit_zones(rumpf)
    return ZoneChain(hit_points=(zones.rumpf, zones.rechts, zones.links, zones.bewegung), faces=faces,
                     loss=tuple(sorted((n, p) for n, p in loss.items() if n > 0 and p)), hits=hits)


def zone_odds(chain: ZoneChain) -> tuple[ZoneOdds, ...]:
    """Each zone in one attack from full TP (the first attack: no side destroyed)."""
    found = []
    for index, zone in enumerate(ZONES):
        lost: dict[int, Fraction] = {}
        for n, p in chain.loss:
            tp = min(n, chain.hit_points[index])
            lost[tp] = lost.get(tp, Fraction(0)) + chain.hits[0] * p * Fraction(chain.faces[index], 12)
        found.append(ZoneOdds(zone=zone, hit_points=chain.hit_points[index], faces=chain.faces[index],
                              tp_lost=MappingProxyType({tp: p for tp, p in sorted(lost.items()) if p})))
    return tuple(found)


def mixed_tp_lost(zones: tuple[ZoneOdds, ...]) -> dict[int, Fraction]:
    """TP lost in one attack, whichever zone: value → probability (0 included), sorted."""
    total: dict[int, Fraction] = {}
    for zone in zones:
        for tp, p in zone.tp_lost.items():
            total[tp] = total.get(tp, Fraction(0)) + p
    total[0] = 1 - sum(total.values(), Fraction(0))
    return dict(sorted(total.items()))


N = TypeVar("N", Fraction, float)


@lru_cache(maxsize=1 << 16)
def moves(chain: ZoneChain, state: State) -> tuple[Fraction, tuple[tuple[State, Fraction], ...]]:
    """One attack from ``state``: P(out of action), and every state it leaves the colossus in (itself
    included) with its probability; exact."""
    zones = tuple(Fraction(faces, 12) for faces in chain.faces)
    return _step(chain, state, zones, chain.loss, chain.hits, FALLS)


def _step(chain: ZoneChain, state: State, zones: tuple[N, ...], loss: tuple[tuple[int, N], ...],
          hits: tuple[N, N, N], falls: N) -> tuple[N, tuple[tuple[State, N], ...]]:
    """:func:`moves` in exact fractions or in floats (``zones``: P(zone roll), ``loss``: P(n TP | hit))."""
    hit = hits[(state[RECHTS] == 0) + (state[LINKS] == 0)]
    out = hit - hit                                                     # 0 of the type N
    after: dict[State, N] = {state: 1 - hit}
    for index, p_zone in enumerate(zones):
        for n, q in loss:
            p = hit * p_zone * q
            if not p:
                continue
            if state[index] == 0:                                       # a spent zone: nothing more
                after[state] += p
                continue
            left = _canonical(chain, _with(state, index, max(0, state[index] - n)))
            if left[RUMPF] == 0:
                out += p
                continue
            if index == BEWEGUNG and left[BEWEGUNG] == 0:
                out += p * falls
                p *= 1 - falls
            after[left] = after.get(left, out - out) + p
    after[state] += hit * (1 - sum((q for _, q in loss), out - out))   # a hit without TP lost
    return out, tuple((s, p) for s, p in after.items() if p)


def out_within(chain: ZoneChain, attacks: int) -> Fraction:
    """P(out of action within ``attacks`` attacks from full TP); states already out are dropped."""
    if attacks < 0:
        raise ValueError(f"attacks must be 0 or more, not {attacks}")
    left: dict[State, Fraction] = {chain.start(): Fraction(1)}
    out = Fraction(0)
    for _ in range(attacks):
        after: dict[State, Fraction] = {}
        for state, p in left.items():
            gone, onward = moves(chain, state)
            out += p * gone
            for next_state, q in onward:
                after[next_state] = after.get(next_state, Fraction(0)) + p * q
        left = after
    return out


@lru_cache(maxsize=1 << 10)
def expected_attacks(chain: ZoneChain) -> float:
    """E[attacks until out of action] from full TP, in floats (as the balance report reads it); inf if
    an attack can never take it out.  E(s) = (1 + Σ P(s → s')·E(s')) / (1 − P(s → s)), each state's
    successors having fewer TP."""
    zones = tuple(faces / 12 for faces in chain.faces)
    loss = tuple((n, float(q)) for n, q in chain.loss)
    hits = (float(chain.hits[0]), float(chain.hits[1]), float(chain.hits[2]))
    falls = float(FALLS)
    known: dict[State, float] = {}

    def expect(state: State) -> float:
        if state not in known:
            if not chain.loss or not chain.hits[(state[RECHTS] == 0) + (state[LINKS] == 0)]:
                known[state] = math.inf                                 # it stays where it is: decided exactly
                return known[state]
            _, onward = _step(chain, state, zones, loss, hits, falls)
            stay = sum((p for s, p in onward if s == state), 0.0)
            rest = sum((p * expect(s) for s, p in onward if s != state), 0.0)
            known[state] = math.inf if math.isinf(rest) else (1 + rest) / (1 - stay)
        return known[state]

    return expect(chain.start())


def _with(state: State, index: int, value: int) -> State:
    return (value if index == 0 else state[0], value if index == 1 else state[1],
            value if index == 2 else state[2], value if index == 3 else state[3])


def _canonical(chain: ZoneChain, state: State) -> State:
    """Both sides alike (TP and faces): the larger TP first (only the number destroyed counts)."""
    if chain.faces[RECHTS] == chain.faces[LINKS] and chain.hit_points[RECHTS] == chain.hit_points[LINKS] \
            and state[RECHTS] < state[LINKS]:
        return (state[RUMPF], state[LINKS], state[RECHTS], state[BEWEGUNG])
    return state
