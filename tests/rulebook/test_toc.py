"""Tables of contents (cardgen.rulebook.toc) against the plugin's fixture file."""

from __future__ import annotations

import pytest
from rulebook_parsers import fixture_cases, render_fixture


@pytest.mark.parametrize("line,text,expected", fixture_cases("toc"))
def test_fixture(line, text, expected):
    assert render_fixture("toc", text) == expected
