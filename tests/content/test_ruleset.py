"""The numbers the designer tunes: the defaults validate, and a rules.yaml that breaks the model is refused."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from cardgen.content.load import deep_merge
from cardgen.content.ruleset import Ruleset
from cardgen.paths import PACKAGE_DIR

DEFAULTS = yaml.safe_load((PACKAGE_DIR / "defaults" / "rules.yaml").read_text(encoding="utf-8"))


def test_the_defaults_are_a_ruleset():
    ruleset = Ruleset.model_validate(DEFAULTS)
    assert (ruleset.zone_table.rumpf.first, ruleset.zone_table.rumpf.last) == (1, 6)
    assert ruleset.cost.movement["beine"] == 50


def test_the_zones_must_cover_each_w12_result_once():
    data = deep_merge(DEFAULTS, {"zone_table": {"rumpf": {"first": 1, "last": 7}}})
    with pytest.raises(ValidationError, match="the zones must cover each W12 result 1–12 exactly once"):
        Ruleset.model_validate(data)


def test_an_empty_zone_range_is_refused():
    data = deep_merge(DEFAULTS, {"zone_table": {"rechts": {"first": 8, "last": 7}}})
    with pytest.raises(ValidationError, match="range 8–7 is empty"):
        Ruleset.model_validate(data)


def test_an_action_listed_twice_is_refused():
    data = {**DEFAULTS, "actions": [*DEFAULTS["actions"], DEFAULTS["actions"][0]]}
    with pytest.raises(ValidationError, match=f"actions: {DEFAULTS['actions'][0]} listed more than once"):
        Ruleset.model_validate(data)


def test_a_movement_without_a_cost_is_refused():
    data = yaml.safe_load(yaml.safe_dump(DEFAULTS))
    del data["cost"]["movement"]["schweben"]
    with pytest.raises(ValidationError, match="movement costs missing for: schweben"):
        Ruleset.model_validate(data)
