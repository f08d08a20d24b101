"""The balance report's view (cardgen.balance.view): sentences, notes, the heatmap pages and their cap."""

from __future__ import annotations

from cardgen.balance.view import (
    MAX_PAGES_PER_PAIR, PALETTE, SIDE, Mark, axis_positions, balance_of, balance_view, heatmap_pages,
    outlier_sentence, unit_table,
)
from cardgen.rules.balance import Cell, Entrant, Matrix, attack_matrix, ratings
from cardgen.rules.balance_fit import Line, Outlier, outliers, points_line
from cardgen.stages import load_and_derive
from conftest import EXAMPLE
from tests.rules.test_balance import model
from tests.rules.test_balance_fit import rating


def test_outlier_sentences_in_german():
    more = Outlier(rating=rating("Basaltriese", 2374, 1.0), fitted=2011.9, residual=0.18)
    less = Outlier(rating=rating("Glutling", 1014, 1.0), fitted=1152.3, residual=-0.1249)
    assert outlier_sentence(more) == ("Basaltriese kostet 18 % mehr, als seine Wirkung vorhersagt "
                                      "(2374 Punkte, die Gerade: 2012)")
    assert outlier_sentence(less).startswith("Glutling kostet 12 % weniger, als seine Wirkung vorhersagt")


def test_the_example_content_view():
    content, derived = load_and_derive(EXAMPLE)
    ruleset = content.checked_ruleset()
    matrix = attack_matrix(derived.units, ruleset.odds, ruleset.balance)
    rated = ratings(matrix)
    line = points_line(rated)
    assert line is not None
    view = balance_view(content, matrix, rated, line, outliers(rated, line))
    assert [(p.attacker_faction, p.target_faction) for p in view.heatmaps] == [
        ("Orden der Glut", "Orden der Glut"), ("Orden der Glut", "Imperium"),
        ("Imperium", "Orden der Glut"), ("Imperium", "Imperium")]
    assert len(view.dots) == len(derived.units) - 3
    assert view.notes[0].startswith("Greift in dieser Rechnung nicht an")      # "Modell" is a miniature
    assert view.notes[0].endswith(": Späherdrohne Falke, Wachgeschütz Bastion, Kettendrohne Bulldogge.")
    assert all(" als seine Wirkung vorhersagt" in s for s in view.outliers)
    glut = view.heatmaps[0]
    assert glut.bands == ("Nahkampf (Angriff)", "10 cm (Normaler Schuss)", "30 cm (Normaler Schuss)",
                          "60 cm (Normaler Schuss)")
    assert len(glut.values) == len(glut.bands)
    assert all(len(panel) == len(glut.rows) and all(len(row) == len(glut.columns) for row in panel)
               for panel in glut.values)
    assert view.log_x                                       # every effectiveness above 0: a log axis
    assert [name for name, _ in view.choices][-4:] == ["indirekt", "liegend", "drohnen", "kolosse"]
    assert sorted(row.name for row in view.table) == sorted(dot.name for dot in view.dots)     # every unit named
    assert view.table[0].name == "Basaltriese" and view.table[0].deviation == "+38 %"


def test_factions_are_told_apart_without_colour():
    """Red and green dots were one faction to a reader with deuteranopia: each faction has its own shape
    (in the plot's data, its legend and the table) and an Okabe-Ito colour."""
    content, derived = load_and_derive(EXAMPLE)
    view = balance_of(content, derived.units)
    marks = view.factions
    assert len({m.marker for m in marks}) == len({m.symbol for m in marks}) == len(marks) == 2
    assert {m.colour for m in marks} <= set(PALETTE)
    by_faction = {m.faction: m for m in marks}
    assert all(dot.marker == by_faction[dot.faction].marker for dot in view.dots)
    assert all(row.symbol == by_faction[row.faction].symbol for row in view.table)


def test_a_deviation_that_rounds_to_nothing_has_no_sign():
    assert [row.deviation for row in unit_table([rating("A", 100, 1.0), rating("B", 100, 1.0)],
                                                Line(100.3, 0.0, 2), {"f": Mark("F", "#000000", "o", "●")})] == [
        "0 %", "0 %"]


def test_a_large_pair_is_capped_and_says_so():
    count = SIDE * 3 + 5
    entrants = tuple(Entrant(id=f"u{i:03d}", name=f"U{i:03d}", faction="f", points=i, model=model(), weapons=())
                     for i in range(count))
    matrix = Matrix(entrants=entrants, attacker_of={e.id: 0 for e in entrants},
                    target_of={e.id: 0 for e in entrants}, cells={(0, 0, 0): Cell(0, 0.5, 4.0)})
    pages = heatmap_pages(matrix, {"f": "Fraktion"})
    assert len(pages) == MAX_PAGES_PER_PAIR
    assert [p.part for p in pages] == [f"Teil {n} von 4" for n in range(1, 5)]
    assert pages[0].rows[0] == "U000" and pages[3].rows[-1] == f"U{2 * SIDE - 1:03d}"
    assert pages[0].note.startswith(f"Gezeigt: {2 * SIDE} von {count} Angreifern")


def test_a_capped_pair_shows_every_profile_first():
    """The last unit is the only one of its profile: it is shown though it is the dearest."""
    count = SIDE * 3
    entrants = tuple(Entrant(id=f"u{i:03d}", name=f"U{i:03d}", faction="f", points=i, model=model(), weapons=())
                     for i in range(count))
    profiles = {e.id: int(e.id == entrants[-1].id) for e in entrants}
    matrix = Matrix(entrants=entrants, attacker_of=profiles, target_of=profiles, cells={})
    pages = heatmap_pages(matrix, {"f": "Fraktion"})
    assert pages[-1].rows[-1] == f"U{count - 1:03d}" and pages[-1].rows[-2] == f"U{2 * SIDE - 2:03d}"


def test_axis_positions_on_a_log_axis_spread_the_small_values():
    assert axis_positions([1.0, 10.0, 100.0], log=True) == [0.0, 0.5, 1.0]
    assert axis_positions([1.0, 10.0, 100.0], log=False) == [0.01, 0.1, 1.0]
    assert axis_positions([], log=True) == []


def test_no_line_is_a_note():
    content, derived = load_and_derive(EXAMPLE)
    matrix = attack_matrix(derived.units, content.checked_ruleset().odds)
    view = balance_view(content, matrix, ratings(matrix), None, [])
    assert view.line_text == "" and view.notes[-1].startswith("Zu wenige Einheiten")
