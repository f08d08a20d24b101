"""The ``{{ name: args }}`` directive (cardgen.rulebook.directive): its tables, its warnings with their
line, the fixture file."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture, stub_content

from cardgen.content.words import Words
from cardgen.rulebook.directive import table_markdown, terrain_table, weapon_classes_table
from cardgen.rulebook.fromcontent import DirectiveError
from cardgen.rulebook.markdown import make_markdown


def test_directive_prints_roman_classes_and_cover():
    weapon = type("W", (), {"weapon_class": 4, "kind": "nahkampf", "name": "Axt"})
    assert "| IV | Axt |  |" in weapon_classes_table([weapon], Words())
    rows = terrain_table([type("T", (), {"name": "Wald", "passierbarkeit": 2, "deckung": d, "sichtweite": None,
                                         "rules": ""}) for d in (None, 0, 3)], Words())
    assert [row.split("|")[3].strip() for row in rows[2:]] == ["-", "0", "III"]


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


@pytest.mark.parametrize("line,text,expected", fixture_cases("directive"))
def test_fixture(line, text, expected):
    assert render_fixture("directive", text) == expected
