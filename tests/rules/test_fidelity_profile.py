"""Rules fidelity of the profile and of points (issue 12, points 2–6, 8, 9, 15), on pure rule functions.

Each test quotes the rulebook section it implements; the numbers are the
rulebook's facts (``rulebook_facts``), which ``test_rulebook_facts`` checks
against the rulebook itself.
"""

from __future__ import annotations

import math

import pytest

from cardgen.cards.view import unit_card
from cardgen.content.checks import check_unit
from cardgen.content.ruleset import CostModel
from cardgen.content.schema import Equipment, Trait, Unit, Weapon
from cardgen.rules import points, profile
from cardgen.rules.derive import RuleError
from cardgen.views.show import unit_data
from cardgen.vocabulary import SIZES
from rules import rulebook_facts as facts
from rules.memory import HUMAN, colossus, content, derived, drone, ruleset, unit, weapon

COST: CostModel = ruleset().cost


def _trait(trait_id: str, *mods: tuple[str, int], mode: str = "permanent", **fields) -> dict:
    return {"id": trait_id, "name": trait_id.title(), "max_level": 3,
            "modifiers": [{"attribute": a, "value": v, "mode": mode} for a, v in mods], **fields}


def test_an_attribute_raised_above_12_is_printed_as_it_is_used():
    """Würfelwürfe, Attributswurf: "Es wird immer der aktuelle Attributswert genommen der auch
    gegebenenfalls durch Effekte im Spiel modifiziert wurde." The rulebook caps AP (12) and TP (20),
    not attributes: KO 12 with a permanent +1 is KO 13 on the card and in every rule."""
    riese = derived(unit(attributes={**HUMAN, "KO": 12}, traits=["stark"]), traits=[_trait("stark", ("KO", 1))])
    assert riese.attributes["KO"] == 13
    assert riese.carrying_capacity_kg == 13 ** 2
    assert riese.unarmed is not None and (riese.unarmed.strength, riese.unarmed.damage) == (13, math.ceil(13 / 3))
    card = unit_card(riese, content(traits=[_trait("stark", ("KO", 1))]))
    assert [s.value for s in card.attributes if s.label == "KO"] == ["13"]
    assert card.armor[0].armor_roll == "+13"                          # keine Rüstung: the roll adds KO
    assert unit_data(riese)["attributes"]["KO"] == 13
    assert profile.action_points("infanterie", bonus=20) == facts.AP_CAP


def test_a_permanent_modifier_below_0_is_a_rule_error_never_a_clamp():
    """Attribute: no value below 0 is a model's profile; a modifier that makes one is a content mistake."""
    with pytest.raises(RuleError, match=r"FK \(Fernkampf\) after profile modifiers is -1"):
        derived(unit(attributes={**HUMAN, "FK": 1}, traits=["blind"]), traits=[_trait("blind", ("FK", -2))])


def test_encumbrance_below_0_keeps_the_true_value_and_prints_it():
    """Würfelwürfe: "Sollte ein zu erreichender Wert kleiner/gleich 0 sein, entfällt der Wurf und gilt als
    Misserfolg" -- about the roll's target after every bonus, not the attribute: AGI 2 with a malus of 3
    (KO 1: 1 kg Tragkraft, 4 kg carried; Tragkraft "über 25kg um jeweils 1", over 3× capacity −3) is −1,
    and a +2 later makes it 1, not 2."""
    ballast = [weapon("ballast", weight=4)]
    d = derived(unit(attributes={**HUMAN, "AGI": 2, "KO": 1}, weapons=["ballast"]), weapons=ballast)
    assert (d.carrying_capacity_kg, d.load_kg, d.encumbrance) == (1, 4, 3)
    assert d.attributes["AGI"] == -1 and unit_data(d)["attributes"]["AGI"] == -1
    agi = next(s for s in unit_card(d, content(weapons=ballast)).attributes if s.label == "AGI")
    assert (agi.value, agi.negative) == ("−1", True)
    assert d.speed == 10 - 3


def test_a_drone_pays_nothing_for_modifiers_of_attributes_it_lacks():
    """Attribute von Drohnen: "Drohnen verfügen nicht über die Attribute AGI, NK, FK und EH" -- a
    modifier of FK changes nothing on a drone, so it costs nothing there."""
    zielhilfe = _trait("zielhilfe", ("FK", 2), ("WN", 1))
    wn_only = 20 * 1 * 1.2                                            # WN 20 per point, modifiers × 1.2
    assert derived(drone(traits=["zielhilfe"]), traits=[zielhilfe]).points - derived(drone()).points == int(wn_only)
    human = derived(unit(traits=["zielhilfe"]), traits=[zielhilfe]).points - derived(unit()).points
    assert human == int(wn_only + 20 * 2 * 1.2)
    assert derived(drone(traits=["zielhilfe"]), traits=[zielhilfe]).attributes["FK"] is None


def test_a_trait_listed_twice_is_a_content_error():
    """Regeln von Eigenschaften: "Ein Modell welches eine Eigenschaft in mehreren Stufen besitzt profitiert
    nur von der höchsten Stufe." """
    twice = Unit.model_validate(unit(traits=["zäh", {"id": "zäh", "level": 2}]))
    assert check_unit(twice) == [(("traits", 1), "trait 'zäh' is listed twice (also traits[0]); a model "
                                  "profits only from the highest level of a trait: list it once, with that level")]


def test_where_one_trait_meets_itself_only_the_highest_level_counts():
    """Regeln von Eigenschaften: "profitiert nur von der höchsten Stufe" -- applied and charged once."""
    zaeh = _trait("zäh", ("TP", 1), points_per_level=10)
    twice = derived(unit(traits=[{"id": "zäh", "level": 2}, "zäh"]), traits=[zaeh])
    once = derived(unit(traits=[{"id": "zäh", "level": 2}]), traits=[zaeh])
    assert [(t.id, t.level) for t in twice.traits] == [("zäh", 2)]
    assert (twice.hit_points, twice.points) == (once.hit_points, once.points) == (11, once.points)


def test_given_points_replace_an_items_whole_cost_modifiers_included():
    """Aufbau der Einheitenkarte, 16 Punkte; SPEC §2 "An item's given points replace its whole computed
    cost (modifiers included)": one rule for weapons, armour, equipment and traits (a trait's per level)."""
    mods = [{"attribute": "NK", "value": 1, "mode": "permanent"}]
    nk = 20 * 1.2
    trait = Trait.model_validate(_trait("wut", ("NK", 1), points_per_level=10))
    assert points.trait_points(trait, 2, COST) == int(2 * 10 + nk)
    assert points.trait_points(trait.model_copy(update={"points": 15}), 2, COST) == 30
    gear = Equipment.model_validate({"id": "stim", "name": "Stim", "modifiers": mods})
    assert points.equipment_points(gear, COST) == int(nk)
    assert points.equipment_points(gear.model_copy(update={"points": 5}), COST) == 5
    blade = Weapon.model_validate(weapon("klinge", modifiers=mods))
    assert points.weapon_points(blade, [], COST) == int((10 * 4 + 20 * 1) * (1 + 0.25 * 4) + nk)
    assert points.weapon_points(blade.model_copy(update={"points": 9}), [], COST) == 9


def test_equipment_modifiers_apply_to_the_profile():
    """Profilmodifikatoren: permanent ones "werden auf der Einheitenkarte direkt in das Profil mit
    eingerechnet"; temporary ones "kommen nur zur Anwendung wenn die Ausrüstung aktiv angewendet ist"."""
    gear = [{"id": "servo", "name": "Servo", "points": 5, "modifiers": [
        {"attribute": "KO", "value": 1, "mode": "permanent"}, {"attribute": "AGI", "value": 2, "mode": "temporär"}]}]
    d = derived(unit(equipment=["servo"]), equipment=gear)
    assert d.attributes["KO"] == 6 and d.attributes["AGI"] == 4
    assert [(m.attribute, m.value) for m in d.temporary] == [("AGI", 2)]


@pytest.mark.parametrize("band, radius, factor", [
    ("20/3", 0, 1 + (20 / 1 + 20 / 2 + 20 / 3) / 100),               # Pistole: 1.3666…
    ("25/4", 0, 1 + (25 / 1 + 25 / 2 + 25 / 3 + 25 / 4) / 100),       # Granatwerfer: 1.5208…
    ("25/4", 5, (1 + (25 / 1 + 25 / 2 + 25 / 3 + 25 / 4) / 100) * (1 + 0.05 * 5)),
])
def test_the_range_and_area_terms_are_in_centimetres(band, radius, factor):
    """Reichweite (bands X/Y in cm) and Flächenwaffen (radius in cm): the cost model of the designer's
    centimetre-era tool, range ×(1 + Σ X/i / 100), area ×(1 + 0.05 · radius_cm) (SPEC §2)."""
    gun = Weapon.model_validate(weapon("gun", "fernkampf", 5, range=band, area_radius=radius))
    base = 10 * 4 + 20 * 1                                             # WK V: class factor 1
    assert points.weapon_points(gun, [], COST) == math.trunc(base * factor + 1e-9)
    assert (COST.weapon.band, COST.weapon.radius, COST.profile.GK) == (1, 0.05, 10)


@pytest.mark.parametrize("carried, malus", [
    ({}, 0),
    ({"weapons": ["hammer"]}, facts.UNWIELDY_MELEE_MALUS),
    ({"equipment": ["kiste"]}, facts.UNWIELDY_MELEE_MALUS),
    ({"weapons": ["hammer", "hammer"], "equipment": ["kiste"]}, facts.UNWIELDY_MELEE_MALUS),  # at least one: −3 once
])
def test_carrying_anything_unhandlich_costs_3_in_melee(carried, malus):
    """Modifikatoren im Nahkampf, Unhandliche Waffen und Ausrüstung im Nahkampf: "Wenn ein Modell
    mindestens eine unhandliche Waffe oder anderen Ausrüstungsgegenstand trägt, erleidet es im Nahkampf
    einen Malus von -3." """
    items = {"weapons": [weapon("hammer", weapon_class=3, unhandlich=True)],
             "equipment": [{"id": "kiste", "name": "Kiste", "points": 1, "unhandlich": True}]}
    d = derived(unit(**carried), **items)
    assert d.melee_unwieldy_malus == malus == unit_data(d)["melee_unwieldy_malus"]
    radii = unit_card(d, content(**items)).radii
    assert (radii.unwieldy.value if radii.unwieldy else None) == (f"−{malus}" if malus else None)


@pytest.mark.parametrize("size", SIZES)
def test_the_size_profile_gives_fall_climb_and_target_values(size):
    """Herunterfallen: "Bis zu einer Fallhöhe in Höhe seines Größenprofils passiert nichts. Bis zur doppelten
    Höhe seines Größenprofils kann Schaden durch einen erfolgreichen Bewegungstest vermieden werden."
    Klettern: "bis zu seinem doppelten Größenprofil". Modifikatoren im Fernkampf, Größe des Ziels;
    Liegende Modelle "gelten als ein Größenprofil kleiner ... Kleine Modelle werden dadurch nicht noch
    kleiner"."""
    height = facts.SIZE_TABLE[size][1]
    rules = profile.size_rules(size, "beine", 10)
    assert (rules.fall_safe_cm, rules.fall_test_cm, rules.climb_cm) == (
        facts.FALL_SAFE_TIMES * height, facts.FALL_TEST_TIMES * height, facts.CLIMB_TIMES * height)
    assert rules.target_size_modifier == facts.TARGET_SIZE[size]
    smaller = SIZES[max(0, SIZES.index(size) - 1)]
    assert rules.target_size_modifier_prone == facts.TARGET_SIZE[smaller]


@pytest.mark.parametrize("movement, speed, road", [("rad", 12, 12 + facts.ROAD_BONUS_CM), ("beine", 10, None),
                                                   ("kette", 8, None)])
def test_jump_and_road_speed_follow_gk(movement, speed, road):
    """Springen: "Das Modell springt entsprechend seiner GK in cm weit wenn es gestanden hat. Falls es
    unmittelbar vorher mindestens eine volle Bewegung gemacht hat, darf es die doppelte Reichweite
    springen." Bewegungsart Rad: "Auf dem Geländetyp Straße wird die Bewegung um 2cm erhöht." """
    rules = profile.size_rules("mittel", movement, speed)
    assert (rules.jump_cm, rules.jump_running_cm, rules.road_speed_cm) == (
        facts.JUMP_TIMES * speed, facts.JUMP_RUNNING_TIMES * speed, road)


def test_the_size_values_reach_show_json_from_the_effective_gk():
    """The JSON keys of the README's contract, for an encumbered colossus on wheels (GK after the malus)."""
    d = derived(colossus(movement="rad", speed=12, weapons=["last"]), weapons=[weapon("last", weight=401)])
    data = unit_data(d)
    assert d.encumbrance == 1 and data["speed"] == 11
    assert {k: data[k] for k in ("fall_safe_cm", "fall_test_cm", "climb_cm", "jump_cm", "jump_running_cm",
                                 "road_speed_cm", "target_size_modifier", "target_size_modifier_prone")} == {
        "fall_safe_cm": 8, "fall_test_cm": 16, "climb_cm": 16, "jump_cm": 11, "jump_running_cm": 22,
        "road_speed_cm": 13, "target_size_modifier": 2, "target_size_modifier_prone": 1}
