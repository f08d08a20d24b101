"""The balance report's numbers (cardgen.rules.balance): hand-computed small cases."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from cardgen.content.ruleset import OddsRules
from cardgen.rules import weapons as wr
from cardgen.rules.attack import AttackWeapon, Combatant
from cardgen.rules.balance import (
    Cell, Entrant, Matrix, attack_matrix, best_attack, entrant_matrix, expected_attacks, ratings, stated_situation,
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


def test_stated_situation_is_the_middle_of_the_first_band_or_a_melee_attack():
    assert stated_situation(gun()).action == "normal" and stated_situation(gun()).range_cm == 10
    assert stated_situation(gun(kind="nahkampf", band=None, ap_costs=MELEE)).action == "attack"


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
    found = best_attack(model(), (gun(), strong, gun(id="ohne", ap_costs=MappingProxyType({}))), model(), RULES)
    assert found is not None and found[0] == 1
    assert best_attack(model(fk=None), (gun(),), model(), RULES) is None      # a drone: no FK of its own


def test_units_sharing_a_profile_share_one_computed_cell():
    """Only the integers count: two units with other names and the same numbers are one profile."""
    matrix = entrant_matrix([entrant("a", 10), entrant("b", 20), entrant("c", 30, hit_points=4)], RULES)
    assert len(set(matrix.attacker_of.values())) == 2 and len(set(matrix.target_of.values())) == 2
    assert matrix.cell("a", "b") == matrix.cell("b", "a") == matrix.cell("a", "a")


def test_ratings_are_weighted_means_over_units():
    """offence: the mean per AP over targets; durability: the harmonic mean of AP to take it out."""
    cells = {(0, 0): Cell(0, 1.0, 4.0), (0, 1): Cell(0, 0.5, 12.0)}
    matrix = Matrix(entrants=(entrant("a", 10), entrant("b", 10), entrant("c", 10)),
                    attacker_of={"a": 0, "b": 1, "c": 1}, target_of={"a": 0, "b": 1, "c": 1}, cells=cells)
    a, b, c = ratings(matrix)
    assert a.offence == pytest.approx((1.0 + 0.5 + 0.5) / 3)     # a hits a (1.0), b and c (0.5 each)
    assert a.durability == 4.0                                    # only a can attack a
    assert b.reason == c.reason == "cannot-attack" and b.offence is None and b.effectiveness is None
    assert b.durability == 12.0
    assert a.effectiveness == pytest.approx(a.offence * 4.0)


def test_a_unit_no_one_can_hurt_has_no_durability():
    armoured = entrant("panzer", 10, ko=20, protection=20)
    rated = {r.entrant.id: r for r in ratings(entrant_matrix([entrant("a", 10), armoured], RULES))}
    assert rated["panzer"].reason == "unhurt" and rated["panzer"].durability is None


def test_the_example_content_rates_every_unit_that_can_attack():
    content, derived = load_and_derive(EXAMPLE)
    rated = ratings(attack_matrix(derived.units, content.checked_ruleset().odds))
    assert len(rated) == len(derived.units)
    assert {r.entrant.id for r in rated if r.reason == "cannot-attack"} == {
        "kettendrohne", "späherdrohne", "wachgeschütz"}
    assert all(r.effectiveness and r.effectiveness > 0 for r in rated if not r.reason)
