"""The dialect's heading slugs (cardgen.rulebook.slug) against its fixture file and the rulebook's titles."""

from __future__ import annotations

import pytest
from rulebook.rulebook_parsers import fixture_cases, render_fixture

from cardgen.rulebook.slug import dialect_slug


@pytest.mark.parametrize("title,slug", [
    ("Aktionen: Fernkampf", "aktionen:-fernkampf"),
    ("Verletzungs- und Rüstungswurf", "verletzungs--und-rüstungswurf"),
    ("Geländeteile", "geländeteile"),
    ("Universalis - Regelbuch", "universalis---regelbuch"),
    ("Kräfte TODO", "kräfte-todo"),
    ("  Straße  ", "straße"),
])
def test_dialect_slug(title, slug):
    assert dialect_slug(title) == slug


@pytest.mark.parametrize("line,text,expected", fixture_cases("slug"))
def test_fixture(line, text, expected):
    assert render_fixture("slug", text) == expected
