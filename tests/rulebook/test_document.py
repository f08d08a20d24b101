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
