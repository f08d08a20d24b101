"""The named assumptions (cardgen.rules.odds_text): each attack names those it rests on."""

from __future__ import annotations

from types import MappingProxyType

from cardgen.rules import weapons as wr
from cardgen.rules.attack import AttackWeapon, Combatant, Situation
from cardgen.rules.odds_text import ASSUMPTIONS, assumption_names, assumptions_for

GUN = AttackWeapon(id="g", name="G", kind="fernkampf", strength=4, damage=1, band=wr.RangeBand(20, 3),
                   aimed_band=wr.RangeBand(40, 3), shots=3, ap_costs=MappingProxyType({"normal_shot": 3}),
                   effects=frozenset({"explosiv", "brand"}), area_radius=3)
TARGET = Combatant(id="t", name="T", size="groß", fk=4, nk=4, agi=4, ko=4, hit_points=10, protection=4,
                   armor_effects=frozenset({"robust", "schrapnell"}), shield_armor=1, colossus=True)


def test_a_ranged_attack_names_what_it_rests_on() -> None:
    names = assumption_names(GUN, TARGET, Situation(cover=2))
    assert names == ["no-fumble", "dauerfeuer", "shield-front", "cover-apart", "re-rolls",
                     "explosiv-dauerfeuer", "armour-effects", "left-out-effects", "area", "colossus-zones", "colossus-chain"]


def test_a_melee_attack_names_the_agi_tie_and_the_defence() -> None:
    names = assumption_names(GUN, TARGET, Situation(action="charge", defending=True))
    assert {"agi-tie", "melee-left-out", "defending"} <= set(names) and "dauerfeuer" not in names


def test_every_sentence_is_led_by_its_name() -> None:
    sentences = assumptions_for(GUN, TARGET, Situation())
    assert all(s.split(": ", 1)[1] == ASSUMPTIONS[s.split(": ", 1)[0]] for s in sentences)
