"""The rulebook's front matter (cardgen.rulebook.frontmatter): read like content YAML, each setting
checked with a warning at its line, a bad value ignored."""

from __future__ import annotations

import pytest

from cardgen.rulebook.frontmatter import keyword_links, read_front_matter, stylesheet_refs, toc_levels


def _warnings(text: str) -> list[tuple[int, str, str]]:
    _, problems = read_front_matter(text, "Regeln.md")
    assert all(p.severity == "warning" for p in problems)
    return [(p.line, p.field, p.message) for p in problems]


def test_a_mapping_is_read_and_its_line_numbers_start_after_the_fence():
    data, problems = read_front_matter("title: Regeln\ntoc:\n  levels: [3, 2, 2]\n", "Regeln.md")
    assert data == {"title": "Regeln", "toc": {"levels": [3, 2, 2]}} and problems == []
    assert toc_levels(data) == (2, 3)


def test_each_bad_setting_warns_at_its_line():
    assert _warnings("toc:\n  levels: [7]\nkeyword_links: immer\ncss: [a.css, '']\n") == [
        (3, "toc.levels", "expected a list of heading levels from 1 to 6, like [2, 3]; ignored"),
        (4, "keyword_links", "expected first, every or off; ignored"),
        (5, "css[1]", "expected a stylesheet path (text) relative to the document; ignored"),
    ]


def test_a_list_is_no_front_matter():
    data, problems = read_front_matter("- a\n", "Regeln.md")
    assert data is None
    assert [(p.line, p.message) for p in problems] == [(2, "front matter must be a mapping (key: value); ignored")]


@pytest.mark.parametrize("value, mode", [(False, "off"), ("every", "every"), ("first", "first"), ("nie", None)])
def test_keyword_links(value, mode):
    assert keyword_links({"keyword_links": value}) == mode


def test_stylesheet_refs_of_a_path_or_a_list():
    assert stylesheet_refs({"css": " book.css "}) == ["book.css"]
    assert stylesheet_refs({"css": ["a.css", "b.css"]}) == ["a.css", "b.css"]
    assert stylesheet_refs({}) == []
