"""The validated content set: objects by kind, the file each came from, the ruleset the rules need."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.content.model import Content
from cardgen.content.schema import Faction


def test_kind_and_the_damage_effects_alias():
    faction = Faction(id="test", name="Test", colour="#1d3557")
    content = Content(root=Path("c"), ruleset=None, factions={"test": faction})
    assert content.kind("factions") == {"test": faction}
    assert content.kind("units") == {}
    assert content.damage_effects is content.effects


def test_checked_ruleset_refuses_content_whose_rules_yaml_failed():
    with pytest.raises(RuntimeError, match="content without a valid ruleset reached the rules"):
        Content(root=Path("c"), ruleset=None).checked_ruleset()
