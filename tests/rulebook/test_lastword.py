"""A paragraph's last word is kept whole (cardgen.rulebook.lastword), so no paragraph ends on a stub:
issue 41.4, "no paragraph ends on a lone syllable" ("wer-/den.", "been-/det." in cardgen's look)."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture


@pytest.mark.parametrize("line,text,expected", fixture_cases("lastword"))
def test_fixture(line, text, expected):
    assert render_fixture("lastword", text) == expected
