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
    assert [t.label for t in card.tracks] == ["Rumpf", "Links", "Rechts", "Bewegung"]
    assert [len(t.boxes) for t in card.tracks] == [zones[k] for k in ("rumpf", "links", "rechts", "bewegung")]
    covered = []
    for roll, zone in card.zone_table:
        first, _, last = roll.partition("–")
        covered += range(int(first), int(last or first) + 1)
        assert zone in {"Rumpf", "Links", "Rechts", "Bewegung"}
    assert sorted(covered) == list(range(1, 13))
    assert {zone for _, zone in card.zone_table} == {"Rumpf", "Links", "Rechts", "Bewegung"}
    html = face_html("front", card, UNIT_PAGE)
    assert "W12" in html and html.count('class="tp') == sum(zones.values())


@pytest.mark.parametrize("unit_id", ["sturmtruppe", "feldleutnant", "aschenoger"])
def test_infantry_has_one_track_with_critical_boxes(example_content, unit_id):
    card = unit_card(derive(example_content).units[unit_id], example_content)
    shown = show_json(EXAMPLE, unit_id)
    assert len(card.tracks) == 1 and card.zone_table == ()
    boxes = card.tracks[0].boxes
    assert len(boxes) == shown["hit_points"]
    assert sum(boxes) == shown["critical_at"]
    assert all(boxes[:shown["critical_at"]])          # the first boxes are the critical ones
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
    nk = re.search(r">NK<", html)
    after = html[nk.end():]
    cell = after[:after.index('class="key"')]             # up to the next attribute
    assert ">3<" in cell and "(+2)" in cell
    assert html.count("(+2)") == 1
