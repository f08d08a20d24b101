"""P(out of action within N attacks): a small exact Markov chain over the target's TP.

The states are the TP left, from the target's full TP down to 0 (ausgeschaltet, absorbing); each
attack moves by the distribution of TP lost of one attack (:class:`cardgen.rules.odds.Odds`).
Assumption "chain": shocks and the critical state (its −2 on rolls) are left out of the chain -- each
attack is the same draw.  A colossus has its own chain over its hit zones (:mod:`cardgen.rules.odds_zones`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping


def out_of_action_within(tp_lost: Mapping[int, Fraction], hit_points: int, attacks: int) -> Fraction:
    """P(TP reach 0 within ``attacks`` attacks, starting from ``hit_points``)."""
    if attacks < 0:
        raise ValueError(f"attacks must be 0 or more, not {attacks}")
    left: dict[int, Fraction] = {hit_points: Fraction(1)}
    out = Fraction(0)
    for _ in range(attacks):
        after: dict[int, Fraction] = {}
        for tp, p in left.items():
            for lost, q in tp_lost.items():
                if lost >= tp:
                    out += p * q
                else:
                    after[tp - lost] = after.get(tp - lost, Fraction(0)) + p * q
        left = after
    return out
