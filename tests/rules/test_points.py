"""Points: the default cost model, worked by hand from the SPEC's formula."""

from __future__ import annotations

from conftest import unit


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
