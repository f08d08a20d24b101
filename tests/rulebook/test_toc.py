"""Which heading levels ``[[toc]]`` lists: the front matter's ``toc: {levels: [...]}`` first, else the
project file's ``[toc] levels`` (passed as ``toc_levels``), else every level; bad values warn at their line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture

from cardgen.rulebook.document import read_document

BODY = "[[toc]]\n\n## Zwei\n\n### Drei\n\n#### Vier\n"


def listed(text: str, toc_levels=None, tmp: Path = Path("Regeln.md")):
    document = read_document(tmp, text, [], toc_levels=toc_levels)
    return [int(n) for n in re.findall(r'<li class="toc-(\d)">', document.body_html)], document.problems


def test_every_level_by_default():
    assert listed(BODY)[0] == [2, 3, 4]


def test_the_project_file_levels():
    assert listed(BODY, (2, 3))[0] == [2, 3]


def test_the_front_matter_wins_over_the_project_file():
    levels, problems = listed("---\ntoc:\n  levels: [3, 4]\n---\n" + BODY, (2, 3))
    assert levels == [3, 4] and problems == []


@pytest.mark.parametrize("front, line, field, message", [
    ("toc: [2, 3]", 2, "toc", "expected a mapping like {levels: [2, 3]}; ignored"),
    ("toc:\n  levels: [2, 9]", 3, "toc.levels", "expected a list of heading levels from 1 to 6, like [2, 3]; ignored"),
    ("toc:\n  levels: zwei", 3, "toc.levels", "expected a list of heading levels from 1 to 6, like [2, 3]; ignored"),
    ("toc:\n  depth: 2", 3, "toc.depth", "unknown key 'depth' (known: levels); ignored"),
])
def test_bad_values_warn_at_their_line_and_keep_the_default(front, line, field, message):
    levels, problems = listed(f"---\n{front}\n---\n" + BODY, (2, 3))
    assert levels == [2, 3]
    assert [(p.line, p.field, p.message, p.severity) for p in problems] == [(line, field, message, "warning")]


def test_a_contents_list_in_the_title_block_lists_the_body_s_headings():
    document = read_document(Path("Regeln.md"), "# Titel\n\n[[toc]]\n\n" + BODY.replace("[[toc]]\n\n", ""), [],
                             toc_levels=(2, 3))
    assert 'href="#zwei"' in document.title_html and 'class="toc-4"' not in document.title_html
    assert "<nav" not in document.body_html


@pytest.mark.parametrize("line,text,expected", fixture_cases("toc"))
def test_fixture(line, text, expected):
    assert render_fixture("toc", text) == expected
