"""The odds of one attack (cardgen.rules.odds) against a brute force over every W12 face, the
rulebook's examples (Reichweite: the Pistole; Dauerfeuer: the Maschinenpistole) and properties."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from itertools import product
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.content.ruleset import OddsRules
from cardgen.rules import weapons as wr
from cardgen.rules.odds import (
    AttackWeapon, Combatant, OddsError, Situation, attack_odds, best_odds,
)
from cardgen.rules.odds_chain import out_of_action_within

RULES = OddsRules()
FACES = range(1, 13)
SIZES = ["klein", "mittel", "groß", "riesig"]
RANGED_COSTS = MappingProxyType({"normal_shot": 3, "aimed_shot": 4, "snap_shot": 2, "reaction_fire": 2})
MELEE_COSTS = MappingProxyType({"attack": 2, "charge": 2})
EFFECTS = ["explosiv", "panzerbrechend", "erschütterung", "aufreißen", "trauma", "strukturschädigend",
           "schrapnell"]
ARMOUR_EFFECTS = ["adaptiv", "robust", "strukturverstärkt", "explosiv", "panzerbrechend", "schrapnell"]


def gun(**changes: object) -> AttackWeapon:
    base = AttackWeapon(id="gewehr", name="Gewehr", kind="fernkampf", strength=4, damage=2,
                        band=wr.RangeBand(20, 3), aimed_band=wr.RangeBand(40, 3), shots=1, ap_costs=RANGED_COSTS)
    return replace(base, **changes)  # type: ignore[arg-type]


def model(**changes: object) -> Combatant:
    base = Combatant(id="m", name="Modell", size="mittel", fk=5, nk=4, agi=4, ko=4, hit_points=8, protection=4)
    return replace(base, **changes)  # type: ignore[arg-type]


# -- the brute force: every die, written out from the rulebook, sharing nothing with the module --------

def brute_hit(att: Combatant, weapon: AttackWeapon, tgt: Combatant, sit: Situation) -> Fraction:
    size = SIZES[max(0, SIZES.index(tgt.size) - 1)] if sit.target_prone else tgt.size   # Liegende Modelle
    if sit.action in ("attack", "charge"):
        steps = SIZES.index(att.size) - SIZES.index(size)
        mine = att.nk - att.melee_malus + max(steps, 0) + (2 if sit.action == "charge" and not sit.defending else 0)
        theirs = tgt.nk - tgt.melee_malus + max(-steps, 0) + (tgt.shield_melee if sit.defending else 0)
        mine, theirs = mine + 2 * sit.helpers, theirs + 2 * sit.target_helpers          # Multiple Gegner
        won = tied = 0
        for a, d in product(FACES, FACES):
            won += a + mine > d + theirs
            tied += a + mine == d + theirs
        agi_won = sum(a + att.agi > d + tgt.agi for a, d in product(FACES, FACES))
        agi_lost = sum(a + att.agi < d + tgt.agi for a, d in product(FACES, FACES))
        return Fraction(won, 144) + Fraction(tied, 144) * Fraction(agi_won, agi_won + agi_lost)
    band = weapon.aimed_band if sit.action == "aimed" else weapon.band
    assert band is not None
    full_bands = max(0, math.ceil(sit.range_cm / band.length_cm) - 1)
    value = att.fk - full_bands + {"klein": -1, "mittel": 0, "groß": 1, "riesig": 2}[size]
    if sit.indirect:                                       # Indirekter Fernkampf: no cover malus besides
        value -= 3 if sit.spotted else 5
    else:
        value -= sit.cover
    value -= 3 if weapon.unhandlich and size in ("klein", "mittel") else 0
    value += (2 if sit.prone else 0) - (2 if sit.moving else 0)
    value += {"aimed": 1, "snap": -2, "reaction": -1}.get(sit.action, 0)
    value -= 1 if sit.crossing else 0                       # into or out of the perception area
    value += 0 if sit.action == "aimed" else weapon.shots - 1
    return Fraction(sum(1 for roll in FACES if roll <= value), 12)


def brute_wound(weapon: AttackWeapon, tgt: Combatant, sit: Situation) -> tuple[Fraction, dict[int, Fraction]]:
    """Given a hit: P(shock only) and P(TP lost = n), n ≥ 1, over every face of every die rolled."""
    fx = set(weapon.effects) - set(tgt.armor_effects)
    armour = set(tgt.armor_effects)
    melee = sit.action in ("attack", "charge")
    strength = weapon.strength * (2 if "explosiv" in fx else 1)
    if not melee and sit.action != "aimed":
        strength += weapon.shots - 1
    protection = tgt.protection
    if protection is not None and "panzerbrechend" in fx:
        protection = (protection + 1) // 2
    value = tgt.ko if protection is None else max(tgt.ko, protection)
    if (melee and sit.defending) or (not melee and sit.from_front):
        value += tgt.shield_armor
    if not melee and sit.indirect and "schrapnell" not in fx:
        value += 2                                          # "als ob sie sich in Deckung Stufe II befinden"
    elif not melee and sit.touches_cover and "schrapnell" not in fx:
        value += sit.cover
    damage = weapon.damage
    if "strukturverstärkt" in armour and "strukturschädigend" not in weapon.effects:
        damage = damage // 2
    loss = max(0, damage - tgt.reduction)
    axes = [FACES, FACES] + [FACES if flag else [0] for flag in (
        "erschütterung" in fx, "adaptiv" in armour, "robust" in armour, "aufreißen" in fx)]
    shock, lost = Fraction(0), {}
    count = 0
    for w, a, shaken, adapted, forced, ko_roll in product(*axes):
        count += 1
        if shaken and w + strength <= a + value:
            a = shaken
        if adapted and w + strength > a + value:
            a = adapted
        if forced and w + strength > a + value:
            w = forced
        if w + strength < a + value:
            continue
        if w + strength == a + value or loss == 0 or "trauma" in fx:
            shock += 1
            continue
        tp = loss * (2 if ko_roll and ko_roll > tgt.ko else 1)
        tp = min(tp, tgt.hit_points)
        lost[tp] = lost.get(tp, 0) + 1
    return shock / count, {tp: Fraction(n, count) for tp, n in lost.items()}


def random_case(rng: random.Random, index: int) -> tuple[Combatant, AttackWeapon, Combatant, Situation]:
    weapon_effects = {EFFECTS[index % len(EFFECTS)]} | ({rng.choice(EFFECTS)} if rng.random() < 0.4 else set())
    armour_effects = {ARMOUR_EFFECTS[index % len(ARMOUR_EFFECTS)]} if rng.random() < 0.7 else set()
    if {"erschütterung", "aufreißen"} <= weapon_effects and armour_effects & {"adaptiv", "robust"}:
        armour_effects = set()                     # at most five dice: the brute force stays fast
    melee = index % 3 == 0
    band = wr.RangeBand(rng.randint(5, 30), rng.randint(1, 4))
    weapon = AttackWeapon(
        id="w", name="W", kind="nahkampf" if melee else rng.choice(["fernkampf", "wurf"]),
        strength=rng.randint(0, 10), damage=rng.randint(0, 6), band=None if melee else band,
        aimed_band=None if melee else wr.aimed_band(band), shots=1 if melee else rng.randint(1, 5),
        ap_costs=MELEE_COSTS if melee else RANGED_COSTS, effects=frozenset(weapon_effects),
        unhandlich=rng.random() < 0.3, area_radius=rng.choice([0, 0, 3]), indirekt=not melee and rng.random() < 0.4)
    attacker = model(size=rng.choice(SIZES), fk=rng.randint(0, 10), nk=rng.randint(0, 10), agi=rng.randint(0, 8),
                     melee_malus=rng.choice([0, 3]))
    target = model(size=rng.choice(SIZES), nk=rng.randint(0, 10), agi=rng.randint(0, 8), ko=rng.randint(0, 10),
                   hit_points=rng.randint(1, 12), protection=rng.choice([None, rng.randint(0, 10)]),
                   reduction=rng.randint(0, 3), armor_effects=frozenset(armour_effects),
                   shield_melee=rng.randint(0, 2), shield_armor=rng.randint(0, 2), melee_malus=rng.choice([0, 3]))
    action = rng.choice(["attack", "charge"]) if melee else rng.choice(["normal", "aimed", "snap", "reaction"])
    reach = (weapon.aimed_band if action == "aimed" else band).max_range_cm
    situation = Situation(action=action, range_cm=rng.randint(0, reach), cover=rng.randint(0, 3),
                          touches_cover=rng.random() < 0.5, prone=rng.random() < 0.3, moving=rng.random() < 0.3,
                          from_front=rng.random() < 0.7, defending=rng.random() < 0.4,
                          target_prone=rng.random() < 0.3,
                          indirect=weapon.indirekt and action != "reaction" and rng.random() < 0.7,
                          spotted=rng.random() < 0.5)
    more = random.Random(1000 + index)        # drawn apart: the cases above stay those they were
    if melee:
        situation = replace(situation, helpers=more.choice([0, 0, 1, 2]), target_helpers=more.choice([0, 0, 1, 3]))
    elif action == "reaction":
        situation = replace(situation, crossing=more.random() < 0.5)
    return attacker, weapon, target, situation


_RNG = random.Random(31)                      # one seeded generator: the same 60 cases every run
CASES = [random_case(_RNG, i) for i in range(60)]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_odds_match_brute_force_over_every_face(case: int) -> None:
    attacker, weapon, target, situation = CASES[case]
    odds = attack_odds(attacker, weapon, target, situation, RULES)
    p_hit = brute_hit(attacker, weapon, target, situation)
    shock, lost = brute_wound(weapon, target, situation)
    assert odds.p_hit == p_hit
    assert odds.p_shock == p_hit * shock
    assert odds.p_tp_loss == p_hit * sum(lost.values(), Fraction(0))
    assert {tp: p for tp, p in odds.tp_lost.items() if tp} == {tp: p_hit * p for tp, p in lost.items() if p_hit * p}
    assert sum(odds.tp_lost.values()) == 1


def test_the_generated_cases_cover_every_effect_and_action() -> None:
    weapon_fx = set().union(*(w.effects for _, w, _, _ in CASES))
    armour_fx = set().union(*(t.armor_effects for _, _, t, _ in CASES))
    assert weapon_fx >= set(EFFECTS) and armour_fx >= {"adaptiv", "robust", "strukturverstärkt"}
    assert {s.action for *_, s in CASES} == {"normal", "aimed", "snap", "reaction", "attack", "charge"}
    situations = [s for *_, s in CASES]
    assert any(s.indirect and s.spotted for s in situations) and any(s.indirect and not s.spotted for s in situations)
    assert any(s.crossing for s in situations) and any(s.helpers for s in situations)
    assert any(s.target_helpers for s in situations)
    assert any(s.target_prone and s.action in ("attack", "charge") for s in situations)
    assert any(s.target_prone and s.action not in ("attack", "charge") for s in situations)


@pytest.mark.parametrize(("size", "counts_as"), [("klein", -1), ("mittel", -1), ("groß", 0), ("riesig", 1)])
def test_a_lying_target_counts_one_size_smaller(size: str, counts_as: int) -> None:
    """Liegende Modelle: "gelten als ein Größenprofil kleiner … Kleine Modelle werden dadurch nicht noch kleiner"."""
    odds = attack_odds(model(fk=5), gun(), model(size=size), Situation(range_cm=10, target_prone=True), RULES)
    assert odds.to_hit == 5 + counts_as


def test_indirect_fire_example_values() -> None:
    """Indirekter Fernkampf: -5, -3 where a friend sees the point, no cover malus, the armour roll as in cover II."""
    mortar = gun(indirekt=True, band=wr.RangeBand(25, 4))
    covered = Situation(range_cm=10, cover=3, indirect=True)
    assert attack_odds(model(fk=8), mortar, model(), covered, RULES).to_hit == 8 - 5
    assert attack_odds(model(fk=8), mortar, model(), replace(covered, spotted=True), RULES).to_hit == 8 - 3
    open_ground = attack_odds(model(fk=8), mortar, model(), Situation(range_cm=10, indirect=True), RULES)
    in_cover_ii = attack_odds(model(fk=8), mortar, model(), Situation(range_cm=10, cover=2, touches_cover=True),
                              RULES)
    assert open_ground.tp_lost[2] / open_ground.p_hit == in_cover_ii.tp_lost[2] / in_cover_ii.p_hit


def test_indirect_fire_needs_the_mark_and_is_no_reaction() -> None:
    with pytest.raises(OddsError, match="Gewehr cannot fire indirectly"):
        attack_odds(model(), gun(), model(), Situation(indirect=True), RULES)
    with pytest.raises(OddsError, match="indirect fire cannot be Reaktionsfeuer"):
        attack_odds(model(), gun(indirekt=True), model(), Situation(action="reaction", indirect=True), RULES)


# -- the rulebook's examples -----------------------------------------------------------------------

@pytest.mark.parametrize(("range_cm", "malus"), [(0, 0), (16, 0), (20, 0), (21, -1), (42, -2), (60, -2)])
def test_pistole_range_bands(range_cm: float, malus: int) -> None:
    """Reichweite: "Eine Pistole verfügt über den Wert 20/3 … 16cm erhält keinen Malus, bei 42cm … -2"."""
    odds = attack_odds(model(fk=5), gun(), model(), Situation(range_cm=range_cm), RULES)
    assert odds.to_hit == 5 + malus


def test_pistole_beyond_its_last_band_does_not_shoot() -> None:
    with pytest.raises(OddsError, match=r"61 cm is beyond the range of Gewehr \(20/3: at most 60 cm\)"):
        attack_odds(model(), gun(), model(), Situation(range_cm=61), RULES)


def test_dauerfeuer_example_all_four_shots_at_one_target() -> None:
    """Dauerfeuer: "Eine Maschinenpistole hat DF 3 … FK 5 … alle 4 Schuss auf ein Modell … +3 auf seinen
    FK-Wurf und +3 auf den anschließenden Verletzungswurf"."""
    mp = gun(shots=4, strength=3)
    odds = attack_odds(model(fk=5), mp, model(), Situation(range_cm=10), RULES)
    single = attack_odds(model(fk=5), gun(shots=1, strength=6), model(), Situation(range_cm=10), RULES)
    assert odds.to_hit == 5 + 3
    assert odds.tp_lost == {tp: p * Fraction(8, 12) / Fraction(5, 12) for tp, p in single.tp_lost.items()
                            if tp} | {0: odds.tp_lost[0]}
    aimed = attack_odds(model(fk=5), mp, model(), Situation(action="aimed", range_cm=10), RULES)
    assert aimed.to_hit == 5 + 1                      # "nicht in Kombination mit Dauerfeuer einsetzbar"


def test_melee_tie_goes_to_agi_rolled_again_on_a_tie() -> None:
    """Equal NK and AGI: by symmetry exactly one half, the AGI repetition summed to its limit."""
    knife = AttackWeapon(id="k", name="Messer", kind="nahkampf", strength=3, damage=1, band=None, aimed_band=None,
                         shots=1, ap_costs=MELEE_COSTS)
    assert attack_odds(model(), knife, model(), Situation(action="attack"), RULES).p_hit == Fraction(1, 2)
    charged = attack_odds(model(), knife, model(), Situation(action="charge"), RULES).p_hit
    assert charged > Fraction(1, 2)
    assert attack_odds(model(), knife, model(), Situation(action="charge", defending=True), RULES).p_hit == \
        Fraction(1, 2)


def test_chain_out_of_action_within_n_attacks() -> None:
    assert out_of_action_within({0: Fraction(1, 2), 1: Fraction(1, 2)}, 2, 2) == Fraction(1, 4)
    assert out_of_action_within({0: Fraction(1, 2), 1: Fraction(1, 2)}, 2, 1) == 0
    assert out_of_action_within({2: Fraction(1)}, 2, 1) == 1


def test_wrong_action_and_missing_attribute_are_odds_errors() -> None:
    with pytest.raises(OddsError, match="Gewehr is not a melee weapon: no Angriff with it"):
        attack_odds(model(), gun(), model(), Situation(action="attack"), RULES)
    with pytest.raises(OddsError, match="has no FK"):
        attack_odds(model(fk=None), gun(), model(), Situation(), RULES)
    with pytest.raises(OddsError, match="Gewehr has no Reaktionsfeuer"):
        attack_odds(model(), gun(ap_costs=MappingProxyType({"normal_shot": 3})), model(),
                    Situation(action="reaction"), RULES)


def test_best_weapon_has_the_highest_expected_tp_lost_per_ap() -> None:
    weak, strong = gun(id="a", strength=2), gun(id="b", strength=8)
    assert best_odds(model(), (weak, strong), model(), Situation(), RULES).weapon.id == "b"


# -- properties ----------------------------------------------------------------------------------

profiles = st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 8), st.integers(0, 12),
                     st.sampled_from(["normal", "attack"]), st.sampled_from(EFFECTS + [""]))


@settings(max_examples=60, deadline=None)
@given(profiles)
def test_more_strength_never_lowers_expected_tp_lost(profile: tuple[int, int, int, int, str, str]) -> None:
    strength, protection, damage, fk, action, effect = profile
    kind = "nahkampf" if action == "attack" else "fernkampf"
    costs = MELEE_COSTS if kind == "nahkampf" else RANGED_COSTS
    fx = frozenset({effect} - {""})
    weaker = gun(strength=strength, damage=damage, kind=kind, ap_costs=costs, effects=fx)
    stronger = replace(weaker, strength=strength + 1)
    target = model(protection=protection)
    situation = Situation(action=action)  # type: ignore[arg-type]
    assert attack_odds(model(fk=fk), stronger, target, situation, RULES).expected_tp_lost >= \
        attack_odds(model(fk=fk), weaker, target, situation, RULES).expected_tp_lost
    tougher = replace(target, protection=protection + 1)
    assert attack_odds(model(fk=fk), weaker, tougher, situation, RULES).expected_tp_lost <= \
        attack_odds(model(fk=fk), weaker, target, situation, RULES).expected_tp_lost


@settings(max_examples=40, deadline=None)
@given(st.integers(-6, 0), st.integers(0, 2), st.integers(0, 3))
def test_a_value_to_reach_of_zero_or_less_never_hits(fk: int, range_bands: int, cover: int) -> None:
    situation = Situation(range_cm=range_bands * 20 + 1 if range_bands else 0, cover=cover)
    odds = attack_odds(model(fk=fk), gun(), model(), situation, RULES)
    assert odds.to_hit is not None and odds.to_hit <= 0
    assert odds.p_hit == 0 and odds.tp_lost == {0: 1} and odds.expected_tp_lost == 0


def test_multiple_opponents_give_each_side_two_per_model_touching_the_base(regelbuch: str) -> None:
    """Modifikatoren im Nahkampf, Multiple Gegner: +2 on one's own NK roll per friendly model touching
    the opponent's base -- the same odds as that much more NK."""
    assert ("Für jedes befreundete Modell welches die Base des gegnerischen Modells berührt, gibt es einen "
            "Bonus von +2 auf den eigenen NK-Wurf.") in regelbuch
    knife = gun(kind="nahkampf", band=None, aimed_band=None, ap_costs=MELEE_COSTS)
    helped = attack_odds(model(nk=4), knife, model(nk=6), Situation(action="attack", helpers=2), RULES)
    stronger = attack_odds(model(nk=8), knife, model(nk=6), Situation(action="attack"), RULES)
    assert helped.p_hit == stronger.p_hit > attack_odds(model(nk=4), knife, model(nk=6),
                                                        Situation(action="attack"), RULES).p_hit
    resisted = attack_odds(model(nk=4), knife, model(nk=2), Situation(action="attack", target_helpers=1), RULES)
    assert resisted.p_hit == Fraction(1, 2)                # 4 against 2 + 2: even, AGI even too


def test_reaction_fire_at_a_target_crossing_the_perception_area_loses_one_more(regelbuch: str) -> None:
    """Reaktionsfeuer: -1, and "Wenn sich das Ziel in den Wahrnehmungsbereich hinein oder hinaus bewegt
    erhält der Schütze einen weiteren Malus von -1"."""
    assert "hinein oder hinaus bewegt erhält der Schütze einen weiteren Malus von -1" in regelbuch
    normal = attack_odds(model(fk=6), gun(), model(), Situation(range_cm=10), RULES)
    reaction = attack_odds(model(fk=6), gun(), model(), Situation(action="reaction", range_cm=10), RULES)
    crossing = attack_odds(model(fk=6), gun(), model(), Situation(action="reaction", range_cm=10, crossing=True),
                           RULES)
    assert (normal.to_hit, reaction.to_hit, crossing.to_hit) == (6, 5, 4)
    assert crossing.p_hit == Fraction(4, 12)


def test_crossing_and_helpers_only_where_the_rulebook_has_them() -> None:
    knife = gun(kind="nahkampf", band=None, aimed_band=None, ap_costs=MELEE_COSTS)
    with pytest.raises(OddsError, match="Reaktionsfeuer only"):
        attack_odds(model(), gun(), model(), Situation(crossing=True), RULES)
    with pytest.raises(OddsError, match="melee only"):
        attack_odds(model(), gun(), model(), Situation(helpers=1), RULES)
    with pytest.raises(OddsError, match="fewer than 0"):
        attack_odds(model(), knife, model(), Situation(action="attack", helpers=-1), RULES)
