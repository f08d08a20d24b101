"""Each dialect plugin against its fixture file (input / expected HTML pairs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it.utils import read_fixture_file
from rulebook_parsers import PARSERS, stub_content

from cardgen.rulebook.directive import table_markdown
from cardgen.rulebook.fromcontent import DirectiveError
from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.slug import dialect_slug

FIXTURES = Path(__file__).parent / "fixtures"
CASES = [pytest.param(name, line, text, expected, id=f"{name}:{line + 1}:{title}")
         for name in sorted(PARSERS)
         for line, title, text, expected in read_fixture_file(FIXTURES / f"{name}.md")]


def test_every_plugin_has_a_fixture_file():
    assert sorted(p.stem for p in FIXTURES.glob("*.md")) == sorted(PARSERS)


@pytest.mark.parametrize("name,line,text,expected", CASES)
def test_fixture(name, line, text, expected):
    assert PARSERS[name]().render(text, {"content": stub_content()}) == expected


@pytest.mark.parametrize("title,slug", [
    ("Aktionen: Fernkampf", "aktionen:-fernkampf"),
    ("Verletzungs- und Rüstungswurf", "verletzungs--und-rüstungswurf"),
    ("Geländeteile", "geländeteile"),
    ("Universalis - Regelbuch", "universalis---regelbuch"),
    ("Kräfte TODO", "kräfte-todo"),
    ("  Straße  ", "straße"),
])
def test_dialect_slug(title, slug):
    assert dialect_slug(title) == slug


def test_todo_counted_and_shown_in_draft():
    text = "TODO eins\n\n!!! TODO zwei\n\nText\n"
    env: dict = {}
    hidden = make_markdown().render(text, env)
    assert "eins" not in hidden and "zwei" not in hidden and env["todos"] == [1, 3]
    draft = make_markdown(draft=True).render(text)
    assert '<p class="todo">TODO eins</p>' in draft
    assert '<div class="admonition todo">' in draft


def test_directive_warnings_carry_the_line():
    md = make_markdown()
    env: dict = {"content": stub_content()}
    md.render("Text\n\n{{ table: waffen }}\n\n{{ table: terrain deckung=2 farbe=rot }}\n", env)
    assert env["warnings"] == [
        (3, "table directive: unknown table 'waffen'"),
        (5, "table directive: table 'terrain' has no field 'farbe'"),
    ]


def test_directive_without_content_warns():
    env: dict = {}
    html = make_markdown().render("{{ table: terrain }}\n", env)
    assert env["warnings"] == [(1, "table directive: no content folder (give --content DIR)")]
    assert 'class="missing-table"' in html


def test_directive_suggests_a_table_name():
    with pytest.raises(DirectiveError, match=r"unknown table 'terain' \(did you mean 'terrain'\?\)"):
        table_markdown("terain", {}, stub_content())


def test_directive_tokens_map_to_the_directive_line():
    tokens = make_markdown().parse("# T\n\n{{ table: terrain }}\n", {"content": stub_content()})
    table = [t for t in tokens if t.map and t.type.startswith("t")]
    assert table and all(t.map == [2, 3] for t in table)


def test_every_other_double_brace_is_a_warning_with_its_line():
    """An unknown directive never prints silently: it stays visible as text and is a warning with its
    line; code spans, code blocks and fences are left alone."""
    text = ("# T\n\nEin `{{ code }}` und {{ card: sturmtruppe }}\nzweite *{{ list: traits }}* Zeile\n\n"
            "{{ table: terrain }} im Satz\n\n| a | b |\n|--|--|\n| {{ tabel: x }} | y |\n\n"
            "```\n{{ fence }}\n```\n\n    {{ indented }}\n")
    env: dict = {"content": stub_content()}
    html = make_markdown().render(text, env)
    assert env["warnings"] == [
        (3, "directive {{ card: sturmtruppe }} works only on a line of its own; here it prints as text"),
        (4, "directive {{ list: traits }} works only on a line of its own; here it prints as text"),
        (6, "directive {{ table: terrain }} works only on a line of its own; here it prints as text"),
        (10, "unknown directive {{ tabel: x }} prints as text (did you mean 'table'?)"),
    ]
    assert "{{ card: sturmtruppe }}" in html and "<code>{{ fence }}\n</code>" in html
