"""The front of the pipeline in one call (cardgen.stages): load → validate → resolve → derive, with the
rule problems of single units listed only when everything else is clean."""

from __future__ import annotations

import pytest

from cardgen.errors import ContentError
from cardgen.stages import check_and_derive, check_content, load_and_derive, load_content
from conftest import unit

TOO_MANY_TP = {"id": "riese", "name": "Riese", "modifiers": [{"attribute": "TP", "value": 6, "mode": "permanent"}]}


def test_clean_content_loads_with_its_derived_values(rules_content):
    rules_content("units", unit("probe", weapons=["pistole"]))
    content, derived = load_and_derive(rules_content.root)
    assert list(derived.units) == ["probe"] and content.units["probe"].weapons == ["pistole"]
    assert load_content(rules_content.root) == content
    assert check_content(rules_content.root) == (content, [])


def test_a_units_rule_problem_is_listed_when_all_else_is_clean(rules_content):
    rules_content("traits", TOO_MANY_TP)
    rules_content("units", unit("probe", hit_points=19, traits=["riese"]))
    _, _, problems = check_and_derive(rules_content.root)
    assert [p.message for p in problems] == ["TP after profile modifiers is 25; it must be 1–20"]


def test_on_broken_content_only_the_resolve_problems_are_listed(rules_content):
    rules_content("traits", TOO_MANY_TP)
    rules_content("units", unit("probe", hit_points=19, traits=["riese"]))
    rules_content("units", unit("zweiter", weapons=["pistolee"]))
    _, _, problems = check_and_derive(rules_content.root)
    assert [p.message for p in problems] == ["unknown weapon 'pistolee' (did you mean 'pistole'?)"]
    with pytest.raises(ContentError) as error:
        load_and_derive(rules_content.root)
    assert [p.message for p in error.value.problems] == ["unknown weapon 'pistolee' (did you mean 'pistole'?)"]
