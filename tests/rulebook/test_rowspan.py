"""Table cells spanning rows (cardgen.rulebook.rowspan) against the plugin's fixture file."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture


@pytest.mark.parametrize("line,text,expected", fixture_cases("rowspan"))
def test_fixture(line, text, expected):
    assert render_fixture("rowspan", text) == expected
