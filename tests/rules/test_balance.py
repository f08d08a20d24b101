"""The balance report's numbers (cardgen.rules.balance): hand-computed small cases."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from cardgen.content.ruleset import BalanceRules, OddsRules
from cardgen.rules import weapons as wr
from cardgen.rules.attack import AttackWeapon, Combatant, Situation
from cardgen.rules.balance import (
    Band, Cell, Entrant, Matrix, attack_matrix, bands, best_attack, entrant_matrix, expected_attacks, ratings,
    stated_situation,
)
from cardgen.stages import load_and_derive
from conftest import EXAMPLE

RULES = OddsRules()
RANGED = MappingProxyType({"normal_shot": 3})
MELEE = MappingProxyType({"attack": 2, "charge": 2})


def gun(**changes: object) -> AttackWeapon:
    base = AttackWeapon(id="gewehr", name="Gewehr", kind="fernkampf", strength=4, damage=2,
                        band=wr.RangeBand(20, 3), aimed_band=None, shots=1, ap_costs=RANGED)
    return replace(base, **changes)  # type: ignore[arg-type]


def model(**changes: object) -> Combatant:
    base = Combatant(id="m", name="Modell", size="mittel", fk=5, nk=4, agi=4, ko=4, hit_points=8, protection=4)
    return replace(base, **changes)  # type: ignore[arg-type]


def entrant(unit_id: str, points: int, **changes: object) -> Entrant:
    return Entrant(id=unit_id, name=unit_id.title(), faction="f", points=points, model=model(id=unit_id, **changes),
                   weapons=(gun(),))


MELEE_BAND, NEAR, FAR = Band("Nahkampf", None), Band("10 cm", 10), Band("70 cm", 70)


def test_bands_are_melee_then_each_stated_range():
    assert bands(BalanceRules(ranges_cm=[10, 30.5])) == (MELEE_BAND, NEAR, Band("30.5 cm", 30.5))


def test_stated_situation_per_band():
    """Melee: an Angriff with a melee weapon; a range: a Normaler Schuss with a weapon that reaches it."""
    knife = gun(kind="nahkampf", band=None, ap_costs=MELEE)
    assert stated_situation(gun(), NEAR) == Situation(action="normal", range_cm=10)
    assert stated_situation(gun(), FAR) is None                           # 20/3 reaches 60 cm
    assert stated_situation(gun(), MELEE_BAND) is None                    # "nur Waffen mit der Reichweite NK"
    assert stated_situation(knife, MELEE_BAND) == Situation(action="attack")
    assert stated_situation(knife, NEAR) is None


def test_best_attack_counts_the_range_malus():
    """At 50 cm the 20/3 gun takes -2, the 50/1 rifle none: the rifle wins there, the gun at 10 cm."""
    rifle = gun(id="büchse", band=wr.RangeBand(50, 1))
    weapons = (gun(), rifle)
    near, far = best_attack(model(), weapons, model(), NEAR, RULES), best_attack(model(), weapons, model(),
                                                                                  Band("50 cm", 50), RULES)
    assert near is not None and near[0] == 0 and near[1].to_hit == 5
    assert far is not None and far[0] == 1 and far[1].to_hit == 5


@pytest.mark.parametrize("tp_lost, hit_points, expected", [
    ({0: Fraction(1, 2), 1: Fraction(1, 2)}, 1, 2.0),          # geometric: 1 / p
    ({0: Fraction(1, 2), 1: Fraction(1, 2)}, 3, 6.0),          # three TP, each 2 attacks on average
    ({1: Fraction(1)}, 4, 4.0),
    ({0: Fraction(1, 2), 2: Fraction(1, 2)}, 3, 4.0),          # two hits of 2 take 3 TP
    ({0: Fraction(1)}, 5, math.inf),
])
def test_expected_attacks(tp_lost, hit_points, expected):
    assert expected_attacks(tp_lost, hit_points) == expected


def test_best_attack_takes_the_highest_per_ap_and_skips_what_cannot_attack():
    strong = gun(id="stark", strength=9)
    found = best_attack(model(), (gun(), strong, gun(id="ohne", ap_costs=MappingProxyType({}))), model(), NEAR, RULES)
    assert found is not None and found[0] == 1
    assert best_attack(model(fk=None), (gun(),), model(), NEAR, RULES) is None      # a drone: no FK of its own


def test_units_sharing_a_profile_share_one_computed_cell():
    """Only the integers count: two units with other names and the same numbers are one profile."""
    matrix = entrant_matrix([entrant("a", 10), entrant("b", 20), entrant("c", 30, hit_points=4)], RULES)
    assert len(set(matrix.attacker_of.values())) == 2 and len(set(matrix.target_of.values())) == 2
    assert matrix.cell("a", "b", 1) == matrix.cell("b", "a", 1) == matrix.cell("a", "a", 1)
    assert matrix.cell("a", "b", 0) is None                 # a gun has no melee attack


def test_ratings_are_weighted_means_over_units():
    """offence: the mean per AP over targets; durability: the harmonic mean of AP to take it out."""
    cells = {(0, 0, 0): Cell(0, 1.0, 4.0), (0, 1, 0): Cell(0, 0.5, 12.0)}
    matrix = Matrix(entrants=(entrant("a", 10), entrant("b", 10), entrant("c", 10)),
                    attacker_of={"a": 0, "b": 1, "c": 1}, target_of={"a": 0, "b": 1, "c": 1}, cells=cells,
                    reach=frozenset({(0, 0), (1, 0)}))
    a, b, c = ratings(matrix)
    assert a.offence == pytest.approx((1.0 + 0.5 + 0.5) / 3)     # a hits a (1.0), b and c (0.5 each)
    assert a.durability == 4.0                                    # only a can attack a
    assert b.reason == c.reason == "cannot-attack" and b.offence is None and b.effectiveness is None
    assert b.durability == 12.0
    assert a.effectiveness == pytest.approx(a.offence * 4.0)


def test_a_band_out_of_reach_counts_zero_and_an_uncomputable_cell_is_left_out():
    """Two bands; a reaches both, b only the first (the second counts 0 for b); a's cell on c in band 1
    cannot be computed (a drone target, say): left out of a's offence and c's durability."""
    cells = {(0, 0, 0): Cell(0, 1.0, 4.0), (0, 0, 1): Cell(0, 0.5, 8.0), (0, 1, 0): Cell(0, 1.0, 4.0),
             (1, 0, 0): Cell(0, 2.0, 2.0), (1, 1, 0): Cell(0, 2.0, 2.0)}
    matrix = Matrix(entrants=(entrant("a", 10), entrant("b", 10), entrant("c", 10)),
                    attacker_of={"a": 0, "b": 1, "c": 1}, target_of={"a": 0, "b": 0, "c": 1}, cells=cells,
                    bands=(Band("Nahkampf", None), NEAR), reach=frozenset({(0, 0), (0, 1), (1, 0)}))
    a, b, c = ratings(matrix)
    assert a.offence == pytest.approx((1.0 + 0.5 + 1.0 + 0.5 + 1.0) / 5)   # a, b twice each, c in melee only
    assert b.offence == pytest.approx((2.0 + 0.0 + 2.0 + 0.0 + 2.0 + 0.0) / 6)
    assert c.durability == pytest.approx(5 / (1 / 4.0 + 2 / 2.0 + 0.0))   # a melee; b, c melee and 0 at 10 cm
    assert a.durability == pytest.approx(6 / (1 / 4.0 + 1 / 8.0 + 2 / 2.0))


def test_a_unit_no_one_can_hurt_has_no_durability():
    armoured = entrant("panzer", 10, ko=20, protection=20)
    rated = {r.entrant.id: r for r in ratings(entrant_matrix([entrant("a", 10), armoured], RULES))}
    assert rated["panzer"].reason == "unhurt" and rated["panzer"].durability is None


def test_the_example_content_rates_every_unit_that_can_attack():
    content, derived = load_and_derive(EXAMPLE)
    rated = ratings(attack_matrix(derived.units, content.checked_ruleset().odds, content.checked_ruleset().balance))
    assert len(rated) == len(derived.units)
    assert {r.entrant.id for r in rated if r.reason == "cannot-attack"} == {
        "kettendrohne", "späherdrohne", "wachgeschütz"}
    assert all(r.effectiveness and r.effectiveness > 0 for r in rated if not r.reason)
