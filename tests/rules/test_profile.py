"""Profile rules (SPEC §2) on the rulebook's worked examples, through ``cardgen show --json``."""

from __future__ import annotations

import re

import pytest

from cardgen.rules import profile
from conftest import unit


def test_action_points_follow_the_rulebook(regelbuch, show):
    normal = int(re.search(r"pro Runde (\d+) AP", regelbuch).group(1))
    drone = int(re.search(r"Drohnen mit nur (\d+) AP", regelbuch).group(1))
    cap = int(re.search(r"nie über mehr als (\d+) Aktionspunkte", regelbuch).group(1))
    assert show(unit())["action_points"] == normal == 6
    assert show(unit("drohne", type="drohne", attributes={"KO": 3, "WN": 4}))["action_points"] == drone == 2
    assert profile.action_points("infanterie", bonus=100) == cap == 12


def test_carrying_capacity_example_ko5_is_25kg(regelbuch, show):
    ko, kg = map(int, re.search(r"KO von (\d+) und damit eine Tragkraft von (\d+)kg", regelbuch).groups())
    data = show(unit(attributes={"AGI": 4, "NK": 3, "FK": 4, "KO": ko, "WN": 3, "EH": 4}))
    assert data["carrying_capacity_kg"] == kg == 25
    colossus = show(unit("koloss", type="koloss", size="groß"))
    assert colossus["carrying_capacity_kg"] == (5 * 2) ** 2


@pytest.mark.parametrize("weapons, load, malus", [
    ([], 0, 0),
    (["ballast"], 25, 0),                      # exactly at 1×
    (["ballast", "ballast_1"], 26, 1),
    (["ballast", "ballast"], 50, 1),           # exactly at 2×
    (["ballast", "ballast", "ballast_1"], 51, 2),
    (["ballast"] * 3, 75, 2),
    (["ballast"] * 3 + ["ballast_1"], 76, 3),
])
def test_encumbrance_lowers_agi_and_gk(regelbuch, show, weapons, load, malus):
    steps = re.findall(r"über (\d+)kg um jeweils (\d)", regelbuch)
    assert steps == [("50", "2"), ("75", "3")]  # the example this table extends: 26 → −1, 51 → −2, 76 → −3
    data = show(unit(weapons=weapons))
    assert (data["load_kg"], data["encumbrance"]) == (load, malus)
    assert data["attributes"]["AGI"] == 4 - malus
    assert data["speed"] == 10 - malus


def test_selbsttragend_armor_weighs_nothing(show):
    assert show(unit(armor="plattenpanzer"))["load_kg"] == 0
    assert show(unit(armor="weste"))["load_kg"] == 4


def test_danger_radius_is_12_minus_eh(regelbuch, show):
    assert "Radius in cm = 12 - EH" in regelbuch
    assert show(unit())["danger_radius_cm"] == 12 - 4
    drone = show(unit("drohne", type="drohne", attributes={"KO": 3, "WN": 4}))
    assert drone["danger_radius_cm"] is None
    assert drone["attributes"] == {"AGI": None, "NK": None, "FK": None, "KO": 3, "WN": 4, "EH": None}


@pytest.mark.parametrize("wn, normal, critical", [(3, 15, 8), (4, 20, 10), (0, 0, 0), (12, 60, 30)])
def test_perception_radius_wn_times_5_halved_up_when_critical(regelbuch, show, wn, normal, critical):
    assert "Distanz = WN * 5cm" in regelbuch
    assert "halbiert (aufgerundet)" in regelbuch
    data = show(unit(attributes={"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": wn, "EH": 4}))
    assert (data["perception_radius_cm"], data["perception_radius_critical_cm"]) == (normal, critical)


@pytest.mark.parametrize("tp, critical_at", [(1, 0), (2, 0), (3, 1), (10, 4), (11, 5), (19, 9), (20, 9)])
def test_critical_state_below_half_of_max_tp(regelbuch, show, tp, critical_at):
    assert "weniger als die Hälfte seiner maximalen Trefferpunkte" in regelbuch
    data = show(unit(hit_points=tp))
    assert data["hit_points"] == tp
    assert data["critical_at"] == critical_at
    assert critical_at < tp / 2 and (critical_at + 1) >= tp / 2


@pytest.mark.parametrize("gk, critical", [(10, 5), (7, 4), (1, 1), (0, 0)])
def test_speed_halved_up_in_critical_state(show, gk, critical):
    data = show(unit(speed=gk))
    assert (data["speed"], data["speed_critical"]) == (gk, critical)


def test_hit_points_at_most_20(regelbuch, cli, rules_content):
    assert int(re.search(r"Trefferpunkten, über die ein Modell verfügen kann, liegt bei (\d+)", regelbuch)
               .group(1)) == 20
    rules_content("units", unit(hit_points=21))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1
    assert "probe.yaml:15:13: hit_points: Input should be less than or equal to 20" in err


def _size_table(regelbuch: str) -> dict[str, tuple[int, float]]:
    rows = re.findall(r"\| (klein|mittel|groß|riesig) \| [^|]+\| (\d+)mm \| ([\d,]+)cm \|", regelbuch)
    return {name: (int(base), float(height.replace(",", "."))) for name, base, height in rows}


def test_size_profiles_match_the_rulebook_table(regelbuch, show):
    table = _size_table(regelbuch)
    assert table == {"klein": (25, 2.5), "mittel": (25, 4.0), "groß": (40, 6.0), "riesig": (50, 8.0)}
    for size, (base, height) in table.items():
        data = show(unit(f"drohne_{size.replace('ß', 'ss')}", type="drohne", size=size,
                         attributes={"KO": 3, "WN": 3}))
        assert (data["base_mm"], data["height_cm"]) == (base, height)


@pytest.mark.parametrize("unit_type, size, ok", [
    ("infanterie", "klein", True), ("infanterie", "groß", True), ("infanterie", "riesig", False),
    ("koloss", "mittel", False), ("koloss", "groß", True), ("koloss", "riesig", True),
    ("drohne", "klein", True), ("drohne", "riesig", True),
])
def test_allowed_sizes_per_type(regelbuch, cli, rules_content, unit_type, size, ok):
    assert "| klein bis groß |" in regelbuch and "| groß bis riesig |" in regelbuch
    attributes = {"KO": 3, "WN": 3} if unit_type == "drohne" else None
    data = unit(type=unit_type, size=size, **({"attributes": attributes} if attributes else {}))
    rules_content("units", data)
    code, _, err = cli("validate", "--content", rules_content.root)
    assert (code == 0) is ok, err
    if not ok:
        assert f"size: a {unit_type} must be" in err
