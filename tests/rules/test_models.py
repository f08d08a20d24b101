"""Colossi, drones, groups, points and the power card colour (SPEC §2)."""

from __future__ import annotations

import pytest

from cardgen.rules.colour import contrast_ratio, text_colour
from cardgen.rules.drones import drone_capacity
from conftest import unit
from rules import rulebook_facts as facts


@pytest.mark.parametrize("rumpf, side", [(10, 7), (9, 6), (12, 8), (1, 1), (20, 14), (11, 8)])
def test_colossus_hit_zones_two_thirds_of_rumpf_rounded_up(show, rumpf, side):
    """The side and movement zones have "jeweils automatisch mit 2/3 des Rumpfes (aufgerundet)"."""
    data = show(unit("koloss", type="koloss", size="riesig", hit_points=rumpf))
    assert data["hit_zones"] == {"rumpf": rumpf, "links": side, "rechts": side, "bewegung": side}


def test_only_colossi_have_hit_zones(show):
    assert show(unit())["hit_zones"] is None


def test_drone_control_example(show):
    for eh, drones in facts.DRONE_EXAMPLES:
        attributes = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": eh}
        assert show(unit(attributes=attributes, drone_controller=True))["drone_capacity"] == drones
    assert show(unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))["drone_capacity"] is None
    assert [drone_capacity(eh) for eh in (0, 2, 3, 8, 9, 12)] == [0, 0, 1, 2, 3, 4]


def test_ko_zero_drone_carrying_nothing_is_fine_but_a_load_is_an_error(show, cli, rules_content):
    data = show(unit("leer", type="drohne", attributes={"KO": 0, "WN": 2}))
    assert (data["carrying_capacity_kg"], data["load_kg"], data["encumbrance"]) == (0, 0, 0)
    rules_content("units", unit("voll", type="drohne", attributes={"KO": 0, "WN": 2}, weapons=["ballast_1"]))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1
    assert "voll.yaml:8:7: attributes.KO: carries 1 kg but its Tragkraft is 0 kg (KO 0)" in err


def test_permanent_modifiers_fold_in_temporary_do_not(show, rules_content):
    rules_content("traits", {"id": "zaeh", "name": "Zäh", "modifiers": [
        {"attribute": "TP", "value": 2, "mode": "permanent"},
        {"attribute": "AGI", "value": 1, "mode": "temporär"}]})
    data = show(unit(traits=["zaeh"]))
    assert data["hit_points"] == 12
    assert data["attributes"]["AGI"] == 4


def test_tp_over_20_after_modifiers_is_an_error(cli, rules_content):
    rules_content("traits", {"id": "riese", "name": "Riese", "modifiers": [
        {"attribute": "TP", "value": 5, "mode": "permanent"}]})
    rules_content("units", unit(hit_points=18, traits=["riese"]))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "hit_points: TP after profile modifiers is 23; it must be 1–20" in err


# Points: the default cost model, worked by hand from the SPEC's formula.
def test_points_of_a_plain_infantry_model(show):
    # profile 30·4 + 20·3 + 20·4 + 20·4 + 30·5 + 20·3 + 10·10 + 30·10 = 950; Beine 50
    # Pistole 20/3, bands in cm: (10·3 + 20·1) · (1 + 20/100 + 10/100 + 6.6/100) · (1 + 0.25·4) = 136.6 → 136
    assert show(unit(weapons=["pistole"]))["points"] == 950 + 50 + 136


def test_points_of_a_drone_and_a_colossus(show):
    drone = show(unit("drohne", type="drohne", movement="schweben", attributes={"KO": 3, "WN": 4}))
    assert drone["points"] == 30 * 3 + 20 * 4 + 10 * 10 + 30 * 10 + 100
    colossus = show(unit("koloss", type="koloss", size="groß", movement="kette", hit_points=10))
    assert colossus["points"] == 950 + 3 * 7 * 30 + 70


def test_points_of_weapon_factors(show):
    # Granatwerfer 25/4, radius 3 cm: (50 + 40) · (1 + 25/100 + 12.5/100 + 8.3/100 + 6.25/100) · 1.4 indirekt
    #   · (1 + 0.05·3) · (1 + 0.25·2) → 90 · 1.5208 · 1.4 · 1.15 · 1.5 = 330.55 → 330
    base = show(unit())["points"]
    assert show(unit(weapons=["granatwerfer"]))["points"] - base == 330
    # Kettensäge: (10·3 + 20·3) · 1.2 additive · (1 + 0.25·1) = 135
    assert show(unit(weapons=["kettensaege"]))["points"] - base == 135
    # two copies count twice
    assert show(unit(weapons=["kettensaege", "kettensaege"]))["points"] - base == 270


def test_points_of_armor(show):
    base = show(unit())["points"]
    # Plattenpanzer: 10·2·1.2 + 50·1 = 74, ×1.3 selbsttragend = 96.2 → 96
    assert show(unit(armor="plattenpanzer"))["points"] - base == 96


def test_given_points_override_the_cost_model(show, rules_content):
    rules_content("weapons", {"id": "teuer", "name": "Teuer", "kind": "nahkampf", "weapon_class": 1,
                              "strength": 1, "damage": 1, "points": 7})
    base = show(unit())["points"]
    assert show(unit(weapons=["teuer"]))["points"] - base == 7
    assert show(unit(points=1234))["points"] == 1234


def test_cost_constants_come_from_rules_yaml(show, rules_content):
    (rules_content.root / "rules.yaml").write_text("cost:\n  movement: {beine: 500}\n", encoding="utf-8")
    assert show(unit())["points"] == 950 + 500


@pytest.mark.parametrize("colour, expected", [
    ("#000000", "#ffffff"), ("#ffffff", "#000000"), ("#1d3557", "#ffffff"), ("#f4d35e", "#000000"),
    ("#ff0000", "#000000"), ("#0000ff", "#ffffff"), ("#808080", "#000000"), ("#2e7d32", "#ffffff"),
])
def test_power_card_text_colour_by_wcag_contrast(colour, expected):
    chosen = text_colour(colour)
    other = "#000000" if chosen == "#ffffff" else "#ffffff"
    assert chosen == expected
    assert contrast_ratio(colour, chosen) >= contrast_ratio(colour, other)


def test_wcag_contrast_extremes():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)


def test_group_drone_limit_uses_eh_after_permanent_modifiers(cli, rules_content):
    """A controller with EH 5 and a permanent EH +1 may run 2 drones, as its card says."""
    rules_content("traits", {"id": "funker", "name": "Funker", "modifiers": [
        {"attribute": "EH", "value": 1, "mode": "permanent"}]})
    attributes = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 5}
    rules_content("units", unit("lenker", attributes=attributes, traits=["funker"], drone_controller=True))
    rules_content("units", unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))
    group = {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "leader": True},
        {"unit": "drohne", "label": "d1", "controller": "lenker"},
        {"unit": "drohne", "label": "d2", "controller": "lenker"}]}
    rules_content("groups", group)
    assert cli("validate", "--content", rules_content.root)[0] == 0
    rules_content("units", unit("lenker", attributes=attributes, drone_controller=True))   # EH 5 → 1 drone
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "controller 'lenker' runs 2 drones but EH 5 allows 1 (⌊EH/3⌋)" in err


def test_stationary_model_has_speed_zero(cli, rules_content):
    """Bewegungsarten: "|Stationär|Kann nicht bewegt werden.|"."""
    rules_content("units", unit("turm", movement="stationär", speed=5))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "speed: a stationär model cannot be moved: speed must be 0, not 5" in err
    rules_content("units", unit("turm", movement="stationär", speed=0))
    assert cli("validate", "--content", rules_content.root)[0] == 0
