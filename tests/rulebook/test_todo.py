"""TODO lines and boxes (cardgen.rulebook.todo): counted, hidden, shown in a draft."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture

from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.todo import cut_at_todo


def test_todo_counted_and_shown_in_draft():
    text = "TODO eins\n\n!!! TODO zwei\n\nText\n"
    env: dict = {}
    hidden = make_markdown().render(text, env)
    assert "eins" not in hidden and "zwei" not in hidden and env["todos"] == [1, 3]
    draft = make_markdown(draft=True).render(text)
    assert '<p class="todo">TODO eins</p>' in draft
    assert '<div class="admonition todo">' in draft


@pytest.mark.parametrize("line,text,expected", fixture_cases("todo"))
def test_fixture(line, text, expected):
    assert render_fixture("todo", text) == expected


TABLE_AND_HEADINGS = """\
[[toc]]

## Kräfte TODO

TODO Kräfte werden später beschrieben.

## Einheiten TODO

| Typ | Bewegung |
|--|--|
| Drohne | TODO schweben? |
"""


def test_cells_and_headings_are_hidden_and_counted_like_every_note():
    env: dict = {}
    html = make_markdown().render(TABLE_AND_HEADINGS, env)
    assert "TODO" not in html and "schweben" not in html and "Kräfte" not in html
    assert '<a href="#einheiten-todo">Einheiten</a>' in html          # listed, with its editor's id
    assert '<h2 id="einheiten-todo">Einheiten</h2>' in html
    assert env["todos"] == [3, 5, 7, 11]                               # heading, paragraph, heading, cell


def test_a_draft_shows_marks_and_counts_them_all():
    env: dict = {}
    html = make_markdown(draft=True).render(TABLE_AND_HEADINGS, env)
    assert '<h2 id="kräfte-todo" class="todo">Kräfte TODO</h2>' in html
    assert '<a href="#kräfte-todo">Kräfte TODO</a>' in html
    assert '<td class="todo">TODO schweben?</td>' in html
    assert '<p class="todo">TODO Kräfte werden später <span class="last-word">beschrieben.</span></p>' in html
    assert env["todos"] == [3, 5, 7, 11]


def test_a_dropped_section_leaves_no_heading_for_the_document():
    from pathlib import Path

    from cardgen.rulebook.document import read_document

    document = read_document(Path("Regelbuch.md"), TABLE_AND_HEADINGS, [])
    assert [title for _, _, title in document.headings] == ["Einheiten"]
    assert len(document.todos) == 4


def test_cut_at_todo_reports_whether_the_text_held_the_word():
    inline = make_markdown().parseInline("Erfolg *TODO* x")[0]
    assert cut_at_todo(inline) and [c.type for c in inline.children] == ["text", "em_open", "text", "em_close"]
    assert inline.children[0].content == "Erfolg " and inline.children[2].content == ""
    untouched = make_markdown().parseInline("TODOS und TODO-Liste")[0]
    assert not cut_at_todo(untouched) and untouched.content == "TODOS und TODO-Liste"


MERGED = """\
|Symbol|Name|Bedeutung|
|--|--|--|
|F|Flug|Volle Bewegung zuerst.|
|^^|^^|TODO Beschränkung bei Drehungen?|
|K|Kette|Wiederholen.|
|^^|^^|Zweite Zeile.|
|R|Rad|TODO Wert prüfen|
"""


def test_a_row_left_with_nothing_but_merged_cells_goes_and_the_cells_above_span_less():
    """His Bewegungsart table: a note row whose other cells merge upwards would print an empty
    half-row; it goes, and Flug spans one row.  A merged row with text stays (Kette spans two); a
    row of its own keeps its emptied cell (Rad)."""
    html = make_markdown().render(MERGED, {})
    assert "Beschränkung" not in html and "Wert prüfen" not in html
    assert html.count("<tr>") == 5                          # head, Flug, Kette, its second line, Rad
    assert '<td rowspan="2">K</td>' in html and 'rowspan="2">F' not in html and "<td>F</td>" in html
    assert "<td>Rad</td>\n<td></td>" in html
    draft = make_markdown(draft=True).render(MERGED, {})
    assert draft.count("<tr>") == 6 and 'rowspan="2">F' in draft and "Beschränkung" in draft
