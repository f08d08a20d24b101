"""Attributes on headings, links and images (cardgen.rulebook.attrs) against the plugin's fixture file."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import PARSERS, fixture_cases, render_fixture

from cardgen.rulebook.attrs import MAX_ATTRIBUTE_PX, attribute_length


@pytest.mark.parametrize("line,text,expected", fixture_cases("attrs"))
def test_fixture(line, text, expected):
    assert render_fixture("attrs", text) == expected


@pytest.mark.parametrize("value,expected", [
    ("300pt", "300px"), ("300", "300px"), ("  40", "40px"), ("2cm", "2px"), ("1.5em", "1.5px"),
    ("50%", "50%"), ("50 %", "50px"), ("0", "0px"), ("007", "7px"), ("1.000", "1px"), ("1.", "1px"),
    ("100000", "100000px"), ("0.123456", "0.1234px"),
    ("", None), ("pt", None), (".5", None), ("-3", None), ("+3", None), ("100001", None), ("9" * 500, None),
])
def test_attribute_length_reads_as_a_browser(value, expected):
    assert attribute_length(value) == expected


def test_an_unreadable_size_is_a_warning_at_its_line():
    env: dict = {}
    html = PARSERS["attrs"]().render("Text\n\n![a](a.svg){height=gross}\n", env)
    assert 'style' not in html
    assert env["warnings"] == [(3, "image height 'gross' ignored: a size is a number of pixels (or a percentage) "
                                   f"up to {MAX_ATTRIBUTE_PX}, as a browser reads it")]
