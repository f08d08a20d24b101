"""Attributes on headings, links and images (cardgen.rulebook.attrs) against the plugin's fixture file."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture


@pytest.mark.parametrize("line,text,expected", fixture_cases("attrs"))
def test_fixture(line, text, expected):
    assert render_fixture("attrs", text) == expected
