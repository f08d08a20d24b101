"""cardgen.rules.derived: the derive stage's frozen records."""

from __future__ import annotations

import dataclasses

import pytest

from cardgen.content import read_content
from cardgen.errors import Problem
from cardgen.rules.derive import derive
from cardgen.rules.derived import Derived, DerivedTrait, DerivedUnit
from conftest import unit

UNIT = Problem("units/a.yaml", 3, 1, "weapons[0]", "unit rule")
GROUP = Problem("groups/g.yaml", 5, 3, "models", "group rule")


def test_problems_are_the_group_problems_then_the_unit_problems():
    derived = Derived(units={}, unit_problems=(UNIT,), group_problems=(GROUP,))
    assert derived.problems == (GROUP, UNIT)


def test_a_derived_without_problems_or_loadouts():
    derived = Derived(units={})
    assert derived.problems == ()
    assert dict(derived.loadouts) == {}


def test_the_records_are_frozen():
    trait = DerivedTrait("zaeh", "Zäh", 2, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        trait.level = 3                                   # type: ignore[misc]


def test_the_derive_stage_hands_on_these_records(rules_content):
    """The records are what derive() returns: a KO 5 unit of the fixture content."""
    rules_content("units", unit("probe"))
    content, problems = read_content(rules_content.root)
    assert problems == []
    derived = derive(content)
    assert isinstance(derived, Derived)
    probe = derived.units["probe"]
    assert isinstance(probe, DerivedUnit)
    assert probe.unit is content.units["probe"]
    assert (probe.attributes["KO"], probe.hit_points, probe.weapons, probe.armor, probe.shield) == (5, 10, (), None, None)
    with pytest.raises(TypeError):
        probe.attributes["KO"] = 6                        # type: ignore[index]  # read-only mapping
