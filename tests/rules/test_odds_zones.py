"""A colossus as target (cardgen.rules.odds_zones): every die face of one attack -- the zone roll, the
hit, the wound dice -- brute-forced, and the chain against every sequence of attacks for small TP."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from cardgen.rules.odds import attack_odds
from cardgen.rules.odds_zones import FALLS, RULEBOOK_FACES, expected_attacks, out_within
from tests.rules.test_odds import CASES, RULES, brute_hit, brute_wound, gun, model

ZONE_OF_FACE = ["rumpf"] * 6 + ["rechts"] * 2 + ["links"] * 2 + ["bewegung"] * 2   # the rulebook's figure
SIDE = {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6}     # ⌈2/3 · Rumpf⌉, written out


def colossal(case: int) -> tuple:
    """A generated case of test_odds with its target made a colossus (Rumpf 1–12)."""
    attacker, weapon, target, situation = CASES[case]
    return attacker, weapon, replace(target, colossus=True, hit_points=max(1, target.hit_points)), situation


def zone_tp(rumpf: int) -> dict[str, int]:
    side = -(-2 * rumpf // 3)
    return {"rumpf": rumpf, "rechts": side, "links": side, "bewegung": side}


@pytest.mark.parametrize("case", range(0, 60, 3))
def test_one_attack_on_a_colossus_matches_every_face(case: int) -> None:
    attacker, weapon, target, situation = colossal(case)
    odds = attack_odds(attacker, weapon, target, situation, RULES)
    p_hit = brute_hit(attacker, weapon, target, situation)
    _, lost = brute_wound(weapon, target, situation)
    tps = zone_tp(target.hit_points)
    by_zone: dict[str, dict[int, Fraction]] = {z: {} for z in tps}
    total: dict[int, Fraction] = {}
    for face, (n, p) in product(range(12), lost.items()):          # zone roll × the wound's outcomes
        zone, tp = ZONE_OF_FACE[face], min(n, tps[ZONE_OF_FACE[face]])
        q = p_hit * p / 12
        by_zone[zone][tp] = by_zone[zone].get(tp, Fraction(0)) + q
        total[tp] = total.get(tp, Fraction(0)) + q
    assert {z.zone: dict(z.tp_lost) for z in odds.zones} == {z: {n: p for n, p in d.items() if p}
                                                             for z, d in by_zone.items()}
    assert {tp: p for tp, p in odds.tp_lost.items() if tp} == {tp: p for tp, p in total.items() if p}
    assert odds.expected_tp_lost == sum((z.expected_tp_lost for z in odds.zones), Fraction(0))
    assert sum(odds.tp_lost.values()) == 1


def brute_out_within(attacker, weapon, target, situation, attacks: int) -> Fraction:
    """Every sequence of ``attacks`` attacks, each: the hit (by the sides destroyed so far), the zone face,
    the wound's outcome, the Bewegung's W12 when it reaches 0."""
    tps0 = zone_tp(target.hit_points)
    hit_by = [brute_hit(attacker, weapon, replace(target, nk=target.nk - k, agi=target.agi - k), situation)
              for k in range(3)]
    _, lost = brute_wound(weapon, target, situation)
    outcomes = [(None, 0, Fraction(1))] + [(face, n, p) for face in range(12) for n, p in lost.items()]

    def walk(tps: dict[str, int], left: int) -> Fraction:
        if left == 0:
            return Fraction(0)
        destroyed = (tps["rechts"] == 0) + (tps["links"] == 0)
        hit, out = hit_by[destroyed], Fraction(0)
        for face, n, p in outcomes:
            if face is None:                        # a miss, or a hit that costs no TP
                q = 1 - hit + hit * (1 - sum(lost.values(), Fraction(0)))
                out += q * walk(tps, left - 1)
                continue
            zone, q = ZONE_OF_FACE[face], hit * p / 12
            after = dict(tps, **{zone: max(0, tps[zone] - n)})
            if zone == "rumpf" and after["rumpf"] == 0:
                out += q
            elif zone == "bewegung" and tps["bewegung"] > 0 and after["bewegung"] == 0:
                for roll in range(1, 13):           # Verlust aller Trefferpunkte, Bewegung: 12 falls
                    out += q / 12 * (1 if roll == 12 else walk(after, left - 1))
            else:
                out += q * walk(after, left - 1)
        return out

    return walk(tps0, attacks)


SMALL = [(replace(model(), nk=5, agi=3), gun(damage=d, strength=6), replace(model(), colossus=True, hit_points=r,
          nk=6, agi=4), sit) for d, r, sit in [
    (1, 1, replace(CASES[1][3], action="normal", range_cm=0, indirect=False, crossing=False)),
    (2, 3, replace(CASES[1][3], action="normal", range_cm=0, indirect=False, crossing=False)),
    (3, 2, replace(CASES[1][3], action="normal", range_cm=0, indirect=False, crossing=False))]]
MELEE = [(replace(model(), nk=5, agi=3), gun(kind="nahkampf", damage=d, strength=7, band=None, aimed_band=None,
          ap_costs={"attack": 2}), replace(model(), colossus=True, hit_points=r, nk=6, agi=4),
          replace(CASES[0][3], action="attack", helpers=0, target_helpers=0, defending=False, target_prone=False))
         for d, r in [(1, 2), (2, 3), (3, 4), (1, 1)]]


@pytest.mark.parametrize("case", range(len(SMALL) + len(MELEE)))
@pytest.mark.parametrize("attacks", [1, 2, 3])
def test_the_chain_matches_every_sequence_of_attacks(case: int, attacks: int) -> None:
    attacker, weapon, target, situation = (SMALL + MELEE)[case]
    odds = attack_odds(attacker, weapon, target, situation, RULES)
    assert odds.p_out_within(attacks) == brute_out_within(attacker, weapon, target, situation, attacks)


def test_a_destroyed_side_makes_later_melee_hits_likelier() -> None:
    attacker, weapon, target, situation = MELEE[0]
    chain = attack_odds(attacker, weapon, target, situation, RULES).chain
    assert chain is not None and chain.hits[0] < chain.hits[1] < chain.hits[2]


def test_bewegung_reaching_zero_falls_on_a_twelve_only() -> None:
    """A one-TP colossus whose every hit goes to Bewegung (a made-up zone table): out with 1/12 per hit."""
    attacker, weapon, target, situation = SMALL[0]
    odds = attack_odds(attacker, weapon, replace(target, zone_faces=(1, 1, 1, 9)), situation, RULES)
    p = odds.p_tp_loss
    assert odds.p_out_within(1) == p * Fraction(1, 12) + p * Fraction(9, 12) * FALLS


def test_expected_attacks_agree_with_the_chain() -> None:
    """E[attacks] = Σₙ P(not out after n) -- the chain's sum, taken far enough, converges to it."""
    attacker, weapon, target, situation = MELEE[1]
    chain = attack_odds(attacker, weapon, target, situation, RULES).chain
    assert chain is not None
    tail = sum(float(1 - out_within(chain, n)) for n in range(0, 60))
    assert expected_attacks(chain) == pytest.approx(tail, rel=1e-3)


def test_an_attack_that_never_costs_tp_never_takes_a_colossus_out() -> None:
    attacker, weapon, target, situation = SMALL[0]
    odds = attack_odds(attacker, replace(weapon, damage=0), target, situation, RULES)
    assert odds.chain is not None and expected_attacks(odds.chain) == float("inf")
    assert odds.p_out_within(3) == 0


def test_the_rulebook_figure_and_the_cards_zone_tp() -> None:
    assert RULEBOOK_FACES == (6, 2, 2, 2)
    assert all(zone_tp(r)["rechts"] == SIDE[r] for r in SIDE)


def test_random_colossi_chain_is_a_probability() -> None:
    rng = random.Random(7)
    for case in rng.sample(range(60), 5):
        attacker, weapon, target, situation = colossal(case)
        odds = attack_odds(attacker, weapon, target, situation, RULES)
        values = [odds.p_out_within(n) for n in range(4)]
        assert values[0] == 0 and all(0 <= a <= b <= 1 for a, b in zip(values, values[1:]))
