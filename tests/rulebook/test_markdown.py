"""The dialect composed in make_markdown(): one fixture file per plugin."""

from __future__ import annotations

from rulebook.rulebook_parsers import FIXTURES, PARSERS


def test_every_plugin_has_a_fixture_file():
    assert sorted(p.stem for p in FIXTURES.glob("*.md")) == sorted(PARSERS)
