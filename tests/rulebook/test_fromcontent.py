"""What the content directives share (cardgen.rulebook.fromcontent): content text as one safe line of
Markdown, objects selected by field."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardgen.rulebook.fromcontent import DirectiveError, flat, rules_md, select, text_md


def test_flat_joins_lines_and_keeps_a_no_break_space():
    assert flat("  zwei\n  Zeilen\t und\u00a0cm ") == "zwei Zeilen und\u00a0cm"


def test_text_md_escapes_every_punctuation_mark():
    assert text_md("*Sturm*_[1]") == r"\*Sturm\*\_\[1\]"


def test_rules_md_escapes_html_and_table_bars_but_keeps_links():
    assert rules_md("<b>x</b> | [Brennen](#brennen)") == r"&lt;b&gt;x&lt;/b&gt; \| [Brennen](#brennen)"


def test_select_sorts_by_name_and_filters_by_field():
    items = [SimpleNamespace(id=i, name=n, kind=k) for i, n, k in
             [("b", "Beil", "nahkampf"), ("a", "Axt", "nahkampf"), ("p", "Pistole", "fernkampf")]]
    assert [i.id for i in select(items, {}, "table 'waffen'")] == ["a", "b", "p"]
    assert [i.id for i in select(items, {"kind": "nahkampf"}, "table 'waffen'")] == ["a", "b"]
    with pytest.raises(DirectiveError, match=r"^table 'waffen' has no field 'knid' \(did you mean 'kind'\?\)$"):
        select(items, {"knid": "x"}, "table 'waffen'")
