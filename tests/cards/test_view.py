"""Acceptance 4: what a unit card shows (view models and face HTML)."""

from __future__ import annotations

import re

import pytest

from cardgen.cards.render import face_html
from cardgen.geometry import FacePage
from cardgen.cards.view import unit_card
from cardgen.rules.derive import derive

from .conftest import EXAMPLE, SMALL, load_yaml, show_json

UNIT_PAGE = FacePage(120, 80)


def test_colossus_has_four_zone_tracks_and_a_w12_table(example_content):
    card = unit_card(derive(example_content).units["basaltriese"], example_content)
    zones = show_json(EXAMPLE, "basaltriese")["hit_zones"]
    names = ["Rumpf", "Rechte Seite", "Linke Seite", "Bewegung"]      # the rulebook's hit-zone figure
    assert [t.label for t in card.tracks] == names
    assert [len(t.boxes) for t in card.tracks] == [zones[k] for k in ("rumpf", "rechts", "links", "bewegung")]
    covered = []
    for roll, zone in card.zone_table:
        first, _, last = roll.partition("–")
        covered += range(int(first), int(last or first) + 1)
        assert zone in names
    assert sorted(covered) == list(range(1, 13))
    assert {zone for _, zone in card.zone_table} == set(names)
    # each zone's label carries its W12 results, read from the ruleset's table
    assert {t.label: t.roll for t in card.tracks} == {zone: roll for roll, zone in card.zone_table}
    html = face_html("front", card, UNIT_PAGE)
    assert "W12" in html and html.count('class="tp') == sum(zones.values())
    for t in card.tracks:
        assert f"{t.label} <span class=\"roll\">[{t.roll}]</span>" in html


@pytest.mark.parametrize("unit_id", ["sturmtruppe", "feldleutnant", "aschenoger"])
def test_infantry_has_one_track_with_critical_boxes(example_content, unit_id):
    card = unit_card(derive(example_content).units[unit_id], example_content)
    shown = show_json(EXAMPLE, unit_id)
    assert len(card.tracks) == 1 and card.zone_table == ()
    boxes = card.tracks[0].boxes
    assert len(boxes) == shown["hit_points"]
    assert sum(boxes) == shown["critical_at"]
    assert all(boxes[:shown["critical_at"]])          # the first boxes are the critical ones
    circles = card.tracks[0].circles                   # drawn from the highest TP down: critical ones last
    assert [n for n, _ in circles] == list(range(shown["hit_points"], 0, -1))
    assert [c for _, c in circles][-shown["critical_at"]:] == [True] * shown["critical_at"]
    html = face_html("front", card, UNIT_PAGE)
    assert html.count('class="tp critical"') == shown["critical_at"]
    assert len(re.findall(r'class="tp[ "]', html)) == shown["hit_points"]


def _expected_range(weapon: dict) -> str:
    return "NK" if weapon["kind"] == "nahkampf" else f"{weapon['range_band_cm']}/{weapon['range_bands']}"


@pytest.mark.parametrize("unit_id", sorted(load_yaml(EXAMPLE, "units")))
def test_weapon_rows_match_show_json(example_content, unit_id):
    card = unit_card(derive(example_content).units[unit_id], example_content)
    shown = show_json(EXAMPLE, unit_id)
    rows = [(w.name, w.strength, w.damage, w.range) for w in card.weapons]
    expected = [(w["name"], str(w["strength"]), str(w["damage"]), _expected_range(w)) for w in shown["weapons"]]
    if shown["unarmed"]:
        u = shown["unarmed"]
        expected.append(("Waffenlos", str(u["strength"]), str(u["damage"]), "NK"))
    assert rows == expected


def test_strength_resolved_against_ko_and_thrown_range_from_ko(small_content):
    card = unit_card(derive(small_content).units["werfer"], small_content)   # KO 5
    rows = {w.name: w for w in card.weapons}
    assert (rows["Wurfspeer"].strength, rows["Wurfspeer"].range) == ("6", "10/3")     # "+1", 3 bands of KO·2 cm
    assert (rows["Kettensäge"].strength, rows["Kettensäge"].range) == ("8", "NK")     # "+3", melee


def test_single_use_items_get_use_circles(small_content, example_content):
    card = unit_card(derive(small_content).units["probe"], small_content)
    html = face_html("front", card, UNIT_PAGE)
    assert len(re.findall(r'class="use"', html)) == 2 + 3       # Handgranate ×2, Sanitätsspray ×3
    granate = html.index("Handgranate")
    assert html[granate:granate + 400].count('class="use"') == 2
    riese = face_html("front", unit_card(derive(example_content).units["basaltriese"], example_content), UNIT_PAGE)
    assert riese.count('class="use"') == 3                       # Regeneration, 3 uses


KIND_ORDER = ["Sonderregel", "Waffe", "Rüstung", "Ausrüstung", "Eigenschaft", "Kraft", "Schadenseffekt"]
EXPLOSIV = ("Schadenseffekt", "Explosiv", "Stärke doppelt beim Verletzungswurf.")
SPRAY = ("Ausrüstung", "Sanitätsspray", "Das Modell erhält 1 TP zurück.")
PISTOLE = ("Waffe", "Pistole", "Handliche Waffe für den Notfall.")
RULES_OF_SMALL_UNITS = {   # read off tests/fixtures/cards/small by hand
    "probe": [                                   # its own rules first; Pistole listed twice, shown once
        ("Sonderregel", "Probekrieger", "Ein Modell zum Prüfen der Karten."),
        ("Waffe", "Handgranate", "Zwei Stück."), PISTOLE,
        ("Rüstung", "Weste", "Leichte Schutzweste."), SPRAY,
        ("Eigenschaft", "Kampfrausch", "Bis Rundenende NK +2."),
        EXPLOSIV,                                # the Handgranate's damage effect
    ],
    "seher": [PISTOLE, ("Kraft", "Gedankenblitz", "Das Ziel erleidet einen Schock.")],
    "werfer": [                                  # Kettensäge before Wurfspeer: sorted by name, not by file
        ("Waffe", "Kettensäge", "Laut und schwer."),
        ("Waffe", "Wurfspeer", "Geworfen auf 3 Bänder zu je KO×2 cm."), SPRAY, EXPLOSIV,
    ],
}


@pytest.mark.parametrize("unit_id", sorted(RULES_OF_SMALL_UNITS))
def test_back_lists_the_rules_texts_of_a_known_unit(small_content, unit_id):
    card = unit_card(derive(small_content).units[unit_id], small_content)
    assert [(e.kind, e.name, e.text) for e in card.rules] == RULES_OF_SMALL_UNITS[unit_id]


@pytest.mark.parametrize("folder,unit_id", [(SMALL, u) for u in sorted(RULES_OF_SMALL_UNITS)] +
                         [(EXAMPLE, u) for u in sorted(load_yaml(EXAMPLE, "units"))])
def test_back_lists_every_rules_text_once_sorted(folder, unit_id, small_content, example_content):
    content = small_content if folder == SMALL else example_content
    card = unit_card(derive(content).units[unit_id], content)
    entries = [(e.name, e.text) for e in card.rules]
    assert len(entries) == len(set(entries)), "duplicate rules entry"
    keys = [(KIND_ORDER.index(e.kind), e.name.casefold()) for e in card.rules]
    assert keys == sorted(keys)
    html = face_html("back", card, UNIT_PAGE)
    for _, text in entries:
        escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")
        assert html.count(escaped) == 1, text


def test_weapon_listed_twice_has_one_rules_entry(small_content):
    card = unit_card(derive(small_content).units["probe"], small_content)       # weapons: pistole, granate, pistole
    assert [w.name for w in card.weapons].count("Pistole") == 2
    assert [e.name for e in card.rules].count("Pistole") == 1


def test_temporary_modifier_beside_the_attribute(small_content):
    card = unit_card(derive(small_content).units["probe"], small_content)       # Kampfrausch: NK +2 temporär
    stats = {s.label: s for s in card.attributes}
    assert (stats["NK"].value, stats["NK"].temporary) == ("3", "+2")
    assert all(s.temporary == "" for s in card.attributes if s.label != "NK")
    html = face_html("front", card, UNIT_PAGE)
    cell = re.search(r'data-box="NK"><div class="fit fit-0">(.*?)</div>', html).group(1)
    assert cell == '3<span class="temp"> (+2)</span>'
    assert html.count("(+2)") == 1


def test_model_name_heads_the_card_with_the_unit_name_smaller(example_content):
    d = derive(example_content).units["sturmtruppe"]
    plain, named = unit_card(d, example_content), unit_card(d, example_content, model_name="Max Harvey")
    assert (plain.name, plain.unit_name) == ("Sturmtruppe", "")
    assert (named.name, named.unit_name, named.model_name) == ("Max Harvey", "Sturmtruppe", "Max Harvey")
    html = face_html("front", named, UNIT_PAGE)
    assert '<span class="title">Max Harvey</span><span class="unit-name">Sturmtruppe</span>' in html
    assert 'class="unit-name"' not in face_html("front", plain, UNIT_PAGE)


def test_without_portrait_the_picture_box_is_empty(example_content):
    html = face_html("front", unit_card(derive(example_content).units["sturmtruppe"], example_content), UNIT_PAGE)
    assert '<div class="picture"></div>' in html


def test_radii_show_ap_only_where_not_six_and_drones_only_on_controllers(example_content):
    derived = derive(example_content).units
    cards = {u: unit_card(derived[u], example_content) for u in derived}
    for unit_id, card in cards.items():
        d = derived[unit_id]
        assert (card.radii.action_points is None) == (d.action_points == 6), unit_id
        assert (card.radii.drones is None) == (d.drone_capacity is None), unit_id
        assert (card.radii.danger is None) == (d.danger_radius_cm is None), unit_id
    assert cards["kettendrohne"].radii.action_points.value == "2"
    assert cards["basaltriese"].radii.drones is None                 # a stone giant controls no drones
    assert [s.value for s in cards["kettendrohne"].attributes if s.label in ("AGI", "NK", "FK", "EH")] == ["–"] * 4


def test_attribute_grid_is_agi_nk_fk_left_ko_wn_eh_right(example_content):
    card = unit_card(derive(example_content).units["sturmtruppe"], example_content)
    assert [(a.label, b.label) for a, b in card.grid] == [("AGI", "KO"), ("NK", "WN"), ("FK", "EH")]


def test_no_armor_gives_a_row_keine_ruestung_with_the_ko_roll(example_content):
    d = derive(example_content).units["seherin"]
    assert d.armor is None
    card = unit_card(d, example_content)
    assert [(a.name, a.armor_roll) for a in card.armor] == [("keine Rüstung", f"+{d.attributes['KO']}")]


def test_armor_roll_is_printed_as_a_value_added_not_a_target_number(example_content):
    derived = derive(example_content).units
    for unit_id, d in derived.items():
        for row in unit_card(d, example_content).armor:
            assert not row.armor_roll.endswith("+"), (unit_id, row)
            if row.shield:                        # a shield has no roll of its own: only its bonuses (30.8)
                assert row.armor_roll == "" and row.bonuses, (unit_id, row)
                continue
            assert row.armor_roll == "–" or row.armor_roll.startswith("+"), (unit_id, row)
    d = derived["sturmtruppe"]                    # KO 4, Splitterweste protection 3: adds the higher, 4
    assert unit_card(d, example_content).armor[0].armor_roll == f"+{max(d.attributes['KO'], d.armor.protection)}"


def test_actions_use_the_rulebooks_names_and_costs(example_content):
    card = unit_card(derive(example_content).units["sturmtruppe"], example_content)
    actions = {w.name: (dict(w.actions), dict(w.reactions)) for w in card.actions}
    gewehr, messer = actions["Sturmgewehr"], actions["Kampfmesser"]   # WK II ranged, WK I melee
    assert gewehr == ({"Normaler Schuss": 3, "Gezielter Schuss": 4, "Schnellschuss": 2, "Feuerbereitschaft": 2},
                      {"Reaktionsfeuer": 2})
    assert messer == ({"Angriff": 1, "Angriffsbewegung": 1}, {})   # Verwegener Angriff: TODO in the rulebook
    back = face_html("back", card, UNIT_PAGE)
    assert "Verwegener Angriff" not in back and "Angriffsbewegung" in back and "Reaktionsfeuer" in back
    assert "Rücksichtslos" not in back and "Sturmangriff" not in back
    assert "Verwegener Angriff" not in face_html("front", card, UNIT_PAGE)   # the front shows no actions
