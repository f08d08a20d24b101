"""Lead-ins (cardgen.rulebook.leadin): a paragraph ending in ":" before a table, list or picture
gets the class that keeps it with them (book.css)."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture

from cardgen.rulebook.leadin import LEAD_IN
from cardgen.rulebook.markdown import make_markdown


@pytest.mark.parametrize("line,text,expected", fixture_cases("leadin"))
def test_fixture(line, text, expected):
    assert render_fixture("leadin", text) == expected


def test_the_dialect_marks_them_after_its_attributes_and_notes():
    html = make_markdown().render("Die Marker:\n\n!!! TODO mehr\n\n| a |\n|--|\n| b |\n")
    assert html.startswith(f'<p class="{LEAD_IN}">Die <span class="last-word">Marker:</span></p>\n<table>')
    rules = make_markdown().core.ruler.get_all_rules()
    assert rules.index("lead_in") > max(rules.index("dialect_attrs"), rules.index("todo_text"))


def test_the_stylesheet_keeps_a_lead_in_with_what_follows():
    from cardgen.paths import TEMPLATES_DIR

    css = (TEMPLATES_DIR / "rulebook" / "book.css").read_text(encoding="utf-8")
    assert "p.lead-in { break-after: avoid; }" in css


def test_a_lead_in_at_the_end_of_the_document_or_of_a_box_stays_plain():
    assert make_markdown().render("Am Ende:\n") == "<p>Am Ende:</p>\n"
    boxed = make_markdown().render("!!! note Hinweis\n\n    Es folgt:\n\n* a\n")
    assert LEAD_IN not in boxed                      # the list is outside the box: nothing to keep

