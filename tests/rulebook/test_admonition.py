"""Admonitions (cardgen.rulebook.admonition): every type of Markdown Extended, its title, the
warning for an unknown type, and that book.css gives every family its colour, icon and label."""

from __future__ import annotations

import re

import pytest

from cardgen.paths import PACKAGE_DIR, TEMPLATES_DIR
from cardgen.rulebook.admonition import FAMILIES, KINDS, parse_params
from cardgen.rulebook.document import read_document
from cardgen.rulebook.markdown import make_markdown

from rulebook.rulebook_parsers import fixture_cases, render_fixture

BOOK_CSS = (TEMPLATES_DIR / "rulebook" / "book.css").read_text(encoding="utf-8")

# Markdown Extended's types, written out (not derived from FAMILIES: the test is the list).
TYPES = {
    "note": "note", "abstract": "abstract", "summary": "abstract", "tldr": "abstract",
    "info": "info", "todo": "info", "tip": "tip", "hint": "tip",
    "success": "success", "check": "success", "done": "success",
    "question": "question", "help": "question", "faq": "question",
    "warning": "warning", "caution": "warning", "attention": "warning",
    "failure": "failure", "fail": "failure", "missing": "failure",
    "danger": "danger", "error": "danger", "bug": "bug",
    "example": "example", "snippet": "example", "quote": "quote", "cite": "quote",
}


def test_every_type_of_markdown_extended_and_its_family():
    assert KINDS == TYPES
    assert sorted(FAMILIES) == sorted(set(TYPES.values()))


@pytest.mark.parametrize("kind", sorted(TYPES))
def test_each_type_and_alias_keeps_its_class(kind):
    env: dict = {}
    html = make_markdown(draft=True).render(f"!!! {kind} Titel\n    Text.\n", env)
    assert html == (f'<div class="admonition {kind}">\n<p class="admonition-title">Titel</p>\n'
                    "<p>Text.</p>\n</div>\n")
    assert env.get("warnings", []) == []


KNOWN = ", ".join(sorted(TYPES))


def test_an_unknown_type_is_a_warning_with_its_line_and_a_note(tmp_path):
    """As Markdown Extended prints it: a note titled with the whole rest of the line, the unknown
    word included (cardgen dropped it: "Zäh" for "!!! chek Zäh", no title for "!!! Gefahr")."""
    source = tmp_path / "Eigenschaften.md"
    text = "---\ntitle: x\n---\n# Eigenschaften\n\n!!! chek Zäh\n    Positiv.\n\n!!! Gefahr\n    X.\n"
    document = read_document(source, text, [])
    assert [p.format() for p in document.problems] == [
        f"{source}:6: warning: unknown admonition type 'chek' (did you mean 'check'?); "
        f"shown as a note titled 'chek Zäh' (known types: {KNOWN})",
        f"{source}:9: warning: unknown admonition type 'Gefahr'; shown as a note titled 'Gefahr' "
        f"(known types: {KNOWN})",
    ]
    assert '<div class="admonition note">\n<p class="admonition-title">chek Zäh</p>' in document.body_html
    assert '<div class="admonition note">\n<p class="admonition-title">Gefahr</p>\n<p>X.</p>' in document.body_html


@pytest.mark.parametrize("line,title", [
    ("!!! important Wichtig", "important Wichtig"),     # no type of Markdown Extended (issue 41)
    ('!!! Achtung "Zäh"', 'Achtung &quot;Zäh&quot;'),    # quotes are a known type's title syntax
    ("!!! *fett* x", None),                             # no kind at all: no admonition
])
def test_an_unknown_type_keeps_every_word_of_its_line(line, title):
    env: dict = {}
    html = make_markdown(draft=True).render(f"{line}\n    Text.\n", env)
    if title is None:
        assert "admonition" not in html
        return
    assert html == (f'<div class="admonition note">\n<p class="admonition-title">{title}</p>\n'
                    "<p>Text.</p>\n</div>\n")
    assert [line for line, _ in env["warnings"]] == [1]


@pytest.mark.parametrize("params,expected", [
    (" danger Normale Bewegung - 1-2 ⊙", ("danger", "Normale Bewegung - 1-2 ⊙")),
    (' note ""', ("note", "")),
    (" TODO austauschen", ("TODO", "austauschen")),
    (" TODO", ("TODO", "")),                       # no title: no title bar, no word added
    (" summary", ("summary", "")),
    (' TODO neue Art der Ausweisung "»"', ("TODO", 'neue Art der Ausweisung "»"')),
    (' info "Hinweis: 1, 2 & 3!"', ("info", "Hinweis: 1, 2 & 3!")),
    ("", None),
])
def test_admonition_titles(params, expected):
    assert parse_params(params) == expected


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_book_css_gives_each_family_its_variables_and_every_alias_its_look(family):
    for part in ("color", "background", "icon"):
        assert re.search(rf"--cardgen-admonition-{family}-{part}: \S", BOOK_CSS)
    assert f"--cardgen-admonition-{family}-label: none;" in BOOK_CSS     # no added words by default
    selector = ", ".join(f".admonition.{kind}" for kind in FAMILIES[family])
    assert f"{selector} {{\n  --admonition-color: var(--cardgen-admonition-{family}-color);" in BOOK_CSS


def test_the_scaffold_theme_lists_the_admonition_variables():
    theme = (PACKAGE_DIR / "init" / "scaffold" / "theme" / "rulebook.css").read_text(encoding="utf-8")
    for family in FAMILIES:
        for part in ("color", "background", "icon", "label"):
            assert f"--cardgen-admonition-{family}-{part}" in theme


@pytest.mark.parametrize("line,text,expected", fixture_cases("admonition"))
def test_fixture(line, text, expected):
    assert render_fixture("admonition", text) == expected
