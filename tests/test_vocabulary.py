"""One vocabulary: the schema, rules, views, icons and directive use the words of
:mod:`cardgen.vocabulary` and repeat none of them."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import get_args

import pytest

from cardgen import vocabulary as v
from cardgen.look import icons
from cardgen.content import fields, ruleset, schema
from cardgen.rules import drones, profile
from cardgen.rules import weapons as wr
from cardgen.content.jsonschema import content_schema

CARDGEN = Path(v.__file__).resolve().parent


@pytest.mark.parametrize("literal, words", [
    (schema.UnitType, v.UNIT_TYPES), (schema.Size, v.SIZES), (schema.Movement, v.MOVEMENTS),
    (schema.WeaponKind, v.WEAPON_KINDS), (schema.AttributeKey, v.ATTRIBUTES),
    (schema.PowerTarget, tuple(v.POWER_TARGETS)), (schema.PowerRange, tuple(v.POWER_RANGES)),
    (schema.PowerDuration, tuple(v.POWER_DURATIONS)), (schema.PowerUse, tuple(v.POWER_USES)),
    (schema.TpLossWhen, tuple(v.TP_LOSS_WHEN)), (schema.EffectAppliesTo, v.EFFECT_APPLIES_TO),
    (fields.ProfileKey, v.PROFILE_KEYS), (ruleset.Movement, v.MOVEMENTS),
])
def test_schema_literals_are_the_vocabulary(literal, words):
    assert get_args(literal) == words


def test_models_use_the_literals():
    assert get_args(schema.Unit.model_fields["size"].annotation) == v.SIZES
    assert get_args(schema.Power.model_fields["use"].annotation) == tuple(v.POWER_USES)
    assert get_args(fields.Modifier.model_fields["mode"].annotation) == v.MODIFIER_MODES
    assert tuple(schema.Attributes.model_fields) == v.ATTRIBUTES
    assert tuple(ruleset.ProfileCosts.model_fields) == v.PROFILE_KEYS
    assert set(ruleset.ZoneTable.model_fields) == set(v.HIT_ZONES)             # in W12 order
    assert tuple(f.name for f in dataclasses.fields(drones.HitZones)) == tuple(v.HIT_ZONES)


def test_json_schema_lists_the_vocabulary():
    defs = content_schema()["$defs"]
    assert defs["Unit"]["properties"]["size"]["enum"] == list(v.SIZES)
    assert defs["Unit"]["properties"]["movement"]["enum"] == list(v.MOVEMENTS)
    assert defs["Power"]["properties"]["attribute"]["enum"] == list(v.ATTRIBUTES)
    assert defs["Weapon"]["properties"]["weapon_class"]["enum"] == ["I", "II", "III", "IV", "V", 1, 2, 3, 4, 5]


@pytest.mark.parametrize("number", range(1, 11))
def test_roman_numerals_round_trip(number):
    assert v.from_roman(v.roman(number)) == number
    assert v.from_roman(f" {v.roman(number).lower()} ") == number


def test_roman_numerals_of_the_rulebook():
    assert [v.roman(n) for n in v.WEAPON_CLASSES] == ["I", "II", "III", "IV", "V"]
    assert v.from_roman("IIII") is None and v.from_roman("") is None
    with pytest.raises(ValueError, match="no roman numeral for 0"):
        v.roman(0)


def test_rules_tables_cover_every_size_and_type():
    assert tuple(profile.SIZE_PROFILES) == v.SIZES
    assert tuple(wr.UNARMED_CLASS) == v.SIZES
    assert tuple(v.ALLOWED_SIZES) == v.UNIT_TYPES
    for sizes in v.ALLOWED_SIZES.values():      # each a run of SIZES, smallest first
        start = v.SIZES.index(sizes[0])
        assert sizes == v.SIZES[start:start + len(sizes)]
    assert set(v.DRONE_LACKS) < set(v.ATTRIBUTES) and set(v.ATTRIBUTE_NAMES) == set(v.ATTRIBUTES)


def test_every_word_with_an_icon_has_one():
    keys = ([f"type.{t}" for t in v.UNIT_TYPES] + [f"size.{s}" for s in v.SIZES]
            + [f"movement.{m}" for m in v.MOVEMENTS]
            + [f"power.ziel.{t}" for t in v.POWER_TARGETS] + [f"power.reichweite.{r}" for r in v.POWER_RANGES]
            + [f"power.dauer.{d}" for d in v.POWER_DURATIONS] + [f"power.tp_verlust.{w}" for w in v.TP_LOSS_WHEN])
    for key in keys:
        assert icons.icon(key).startswith("file://"), key


def _repeated_word_lists(path: Path) -> list[str]:
    """Tuples, lists and sets of three or more strings that are all words of one vocabulary entry."""
    vocab = [set(words) for words in (v.ATTRIBUTES, v.PROFILE_KEYS, v.UNIT_TYPES, v.SIZES, v.MOVEMENTS,
                                      v.WEAPON_KINDS, v.ROMAN, tuple(v.POWER_TARGETS), tuple(v.POWER_RANGES),
                                      tuple(v.HIT_ZONES))]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if not isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) or not items or len(items) < 3:
            continue
        words = {item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)}
        if len(words) == len(items) and any(words <= entry for entry in vocab):
            found.append(f"{path.relative_to(CARDGEN)}:{node.lineno}")
    return found


# Rules tables keyed by a word (a value per size, per zone) are rules, not vocabulary.
RULES_TABLES = {"rules/profile.py", "rules/weapons.py"}


def test_no_module_repeats_the_vocabulary():
    found = [hit for path in sorted(CARDGEN.rglob("*.py")) if path.name != "vocabulary.py"
             for hit in _repeated_word_lists(path) if hit.split(":")[0] not in RULES_TABLES]
    assert found == []
