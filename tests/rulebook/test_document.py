"""A rulebook source parsed and checked (cardgen.rulebook.document): title block and body split at the
first h2, headings with their ids, broken links warned about at their line."""

from __future__ import annotations

from pathlib import Path

from cardgen.rulebook.document import read_document

SOURCE = Path("Regeln.md")


def test_the_title_block_ends_at_the_first_h2():
    document = read_document(SOURCE, "# Universalis\n\nUntertitel\n\n## Aktionen\n\nText\n", [])
    assert document.title == "Universalis"
    assert "Untertitel" in document.title_html and "Aktionen" not in document.title_html
    assert document.body_html.startswith('<h2 id="aktionen">Aktionen</h2>')
    assert document.headings == [(1, "universalis", "Universalis"), (2, "aktionen", "Aktionen")]
    assert document.problems == []


def test_without_an_h1_the_title_is_the_file_name_and_all_is_body():
    document = read_document(SOURCE, "## Aktionen\n", [])
    assert (document.title, document.title_html) == ("Regeln", "")


def test_a_broken_link_is_a_warning_at_its_line_with_a_hint():
    document = read_document(SOURCE, "## Fernkampf\n\nSiehe [hier](#fernkampff).\n", [])
    assert [(p.line, p.severity, p.message) for p in document.problems] == [
        (3, "warning", "broken link #fernkampff (did you mean '#fernkampf'?)")]
    assert 'class="broken-link"' in document.body_html


def test_a_link_differing_only_in_case_is_a_warning_and_still_links_there():
    """Markdown Extended compares slugs lower-cased: ``#Vergiftung`` reached the heading there."""
    text = "## Vergiftung\n\n### Vergleichender Wurf\n\nSiehe [Gift](#Vergiftung) und [Wurf](#vergleichender-Wurf).\n"
    document = read_document(SOURCE, text, [])
    assert [(p.line, p.message) for p in document.problems] == [
        (5, "broken link #Vergiftung (did you mean '#vergiftung'?); linked there, as Markdown Extended does"),
        (5, "broken link #vergleichender-Wurf (did you mean '#vergleichender-wurf'?); "
            "linked there, as Markdown Extended does")]
    assert '<a href="#vergiftung">Gift</a>' in document.body_html
    assert '<a href="#vergleichender-wurf">Wurf</a>' in document.body_html
    assert "broken-link" not in document.body_html


def test_a_link_to_a_dropped_todo_section_is_broken():
    document = read_document(SOURCE, "## Kräfte TODO\n\nTODO später\n\n## Regeln\n\n[K](#kräfte-todo)\n", [])
    assert [p.message for p in document.problems] == ["broken link #kräfte-todo"]
    assert 'class="broken-link"' in document.body_html
