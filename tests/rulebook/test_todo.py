"""TODO lines and boxes (cardgen.rulebook.todo): counted, hidden, shown in a draft."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture

from cardgen.rulebook.markdown import make_markdown


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
