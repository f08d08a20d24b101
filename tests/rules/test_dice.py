"""The W12 odds (cardgen.rules.dice): attribute rolls, opposed rolls, the melee AGI repetition, re-rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardgen.rules.dice import Rerolls, attribute_roll, melee_hit, opposed, wound_roll


@pytest.mark.parametrize(("target", "p"), [(-3, 0), (0, 0), (1, Fraction(1, 12)), (7, Fraction(7, 12)),
                                           (12, 1), (15, 1)])
def test_attribute_roll(target: int, p: Fraction) -> None:
    """Würfelwürfe: "kleiner/gleich 0 … gilt als Misserfolg"; a result at or below the value succeeds."""
    assert attribute_roll(target) == p


def test_opposed_roll_is_symmetric_and_sums_to_one() -> None:
    even = opposed(0)
    assert even.tie == Fraction(12, 144) and even.higher == even.lower
    assert opposed(11).lower == 0 and opposed(12).higher == 1
    assert opposed(3).higher == opposed(-3).lower


def test_melee_hit_sums_the_agi_repetition() -> None:
    """A tied NK roll goes to AGI, a tied AGI roll again: win + tie · P(AGI higher | AGI decided)."""
    nk, agi = opposed(1), opposed(2)
    assert melee_hit(1, 2) == nk.higher + nk.tie * agi.higher / (1 - agi.tie)
    assert melee_hit(0, 0) == Fraction(1, 2)


def test_rerolls_move_the_odds_their_way() -> None:
    plain = wound_roll(0)
    assert wound_roll(0, Rerolls(shaken=True)).higher > plain.higher
    assert wound_roll(0, Rerolls(adaptive=True)).higher < plain.higher
    assert wound_roll(0, Rerolls(robust=True)).higher < plain.higher
