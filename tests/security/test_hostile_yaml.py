"""Hostile scalars, numbers and files in content YAML (issue 8, items 4, 8 and 9).

Every value the loader cannot construct is one line at its position naming
the field, the rest of the file and every other file are still checked, and
nothing escapes as a traceback.
"""

from __future__ import annotations

import errno
import os

import pytest

from cardgen import safefs
from cardgen.stages import check_content
from conftest import unit, strip_root

UNIT = """id: probe
name: Probe
faction: test
type: infanterie
size: mittel
movement: beine
attributes: {{AGI: 4, NK: 3, FK: 4, KO: 5, WN: 3, EH: 4}}
speed: {speed}
hit_points: 10
colour: blau
"""
SPEED = "units/probe.yaml:8:8: speed: "
UNKNOWN = "units/probe.yaml:10:1: colour: unknown field 'colour'"


def _write(root, relative: str, text: str):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _validate(cli, root) -> tuple[int, list[str]]:
    code, _, err = cli("validate", "--content", root)
    return code, [strip_root(line, root) for line in err.splitlines()]


@pytest.mark.parametrize("speed,message", [
    ("!!int abc", "'abc' is not a valid !!int"),
    ("!!float abc", "'abc' is not a valid !!float"),
    ("!!bool abc", "'abc' is not a valid !!bool"),
    ("!!int", "'' is not a valid !!int"),
    ("!!int 0x", "'0x' is not a valid !!int"),
    ("9" * 5000, "number too large: at most 30 digits (quote it if it is text)"),
    ("!!int " + "9" * 31, "number too large: at most 30 digits (quote it if it is text)"),
    ("-" + "1" * 31, "number too large: at most 30 digits (quote it if it is text)"),
    (".inf", "Input should be a finite number"),
    ("-.inf", "Input should be a finite number"),
    (".nan", "Input should be a finite number"),
])
def test_bad_scalar_is_one_line_and_the_file_is_still_checked(cli, rules_content, speed, message):
    _write(rules_content.root, "units/probe.yaml", UNIT.format(speed=speed))
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == [SPEED + message, UNKNOWN, f"2 error(s) in {rules_content.root}"]


def test_every_file_is_checked_after_a_bad_scalar(cli, rules_content):
    """The first crash used to end the run: now every broken file is reported at once."""
    _write(rules_content.root, "units/probe.yaml", UNIT.format(speed="!!int abc"))
    _write(rules_content.root, "units/zweite.yaml", UNIT.format(speed="9" * 5000).replace("probe", "zweite"))
    _write(rules_content.root, "weapons/kaputt.yaml", "id: kaputt\nname: K\nkind: nahkampf\n"
                                                      "weapon_class: I\nstrength: !!int x\ndamage: !!bool 3\n")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == [
        SPEED + "'abc' is not a valid !!int", UNKNOWN,
        "units/zweite.yaml:8:8: speed: number too large: at most 30 digits (quote it if it is text)",
        "units/zweite.yaml:10:1: colour: unknown field 'colour'",
        "weapons/kaputt.yaml:5:11: strength: 'x' is not a valid !!int",
        "weapons/kaputt.yaml:6:9: damage: '3' is not a valid !!bool",
        f"6 error(s) in {rules_content.root}",
    ]


def test_bad_scalar_in_a_list_and_an_optional_field(cli, rules_content):
    """``points`` may be absent: a broken one still fails the run, once."""
    _write(rules_content.root, "units/probe.yaml", UNIT.replace("colour: blau", "points: !!int zehn\n"
                                                                "weapons: [pistole, !!float x]")
           .format(speed=10))
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/probe.yaml:10:9: points: 'zehn' is not a valid !!int",
                     "units/probe.yaml:11:20: weapons[1]: 'x' is not a valid !!float",
                     f"2 error(s) in {rules_content.root}"]


def test_float_fields_refuse_infinity(cli, rules_content):
    _write(rules_content.root, "weapons/leicht.yaml", "id: leicht\nname: L\nkind: nahkampf\n"
                                                      "weapon_class: I\nstrength: 3\ndamage: 1\nweight: .nan\n")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["weapons/leicht.yaml:7:9: weight: Input should be a finite number",
                     f"1 error(s) in {rules_content.root}"]


@pytest.mark.parametrize("depth", [65, 200_000])
def test_deep_nesting_is_refused_without_recursion(cli, rules_content, depth):
    """libyaml's composer recursed: 100 000 nested ``[`` was a segmentation fault."""
    _write(rules_content.root, "units/tief.yaml", "a: " + "[" * depth + "]" * depth + "\n")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/tief.yaml:1:67: document nests deeper than 64 levels; refused",
                     f"1 error(s) in {rules_content.root}"]


RULES = """cost:
  profile:
    AGI: .inf
    NK: .nan
    FK: 1.0e300
  weapon: {band: -1, class_top: 9, effect: 11}
  movement: {flug: .inf}
cards:
  min_font_pt: .nan
"""


def test_rules_constants_are_finite_and_in_range(cli, rules_content):
    _write(rules_content.root, "rules.yaml", RULES)
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == [
        "rules.yaml:3:10: cost.profile.AGI: Input should be a finite number",
        "rules.yaml:4:9: cost.profile.NK: Input should be a finite number",
        "rules.yaml:5:9: cost.profile.FK: Input should be less than or equal to 1000",
        "rules.yaml:6:18: cost.weapon.band: Input should be greater than or equal to 0",
        "rules.yaml:6:33: cost.weapon.class_top: Input should be less than or equal to 5",
        "rules.yaml:6:44: cost.weapon.effect: Input should be less than or equal to 10",
        "rules.yaml:7:20: cost.movement.flug: Input should be a finite number",
        "rules.yaml:9:16: cards.min_font_pt: Input should be a finite number",
        f"8 error(s) in {rules_content.root}",
    ]


def test_rules_ranges_are_in_the_json_schema():
    from cardgen.content.ruleset import Ruleset

    agi = Ruleset.model_json_schema()["$defs"]["ProfileCosts"]["properties"]["AGI"]
    assert (agi["minimum"], agi["maximum"]) == (0, 1000) and "0–1000" in agi["description"]


def test_bad_scalar_in_rules_yaml(cli, rules_content):
    _write(rules_content.root, "rules.yaml", "cost:\n  colossus_zone: !!float viel\n")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["rules.yaml:2:18: cost.colossus_zone: 'viel' is not a valid !!float",
                     f"1 error(s) in {rules_content.root}"]


def _refuse_open(monkeypatch, refused) -> None:
    """``os.open`` fails with EACCES for ``refused`` as it does for a chmod 000 file (not as root)."""
    real_open = os.open
    refused = os.path.realpath(refused)

    def fake_open(path, flags, *args, **kwargs):
        if os.path.realpath(path) == refused:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(safefs.os, "open", fake_open)


def test_unreadable_file_is_one_line_with_the_os_reason(cli, rules_content, monkeypatch):
    rules_content("units", unit("probe"))
    rules_content("units", unit("kaputt", speed=99))
    _refuse_open(monkeypatch, rules_content.root / "units" / "probe.yaml")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/kaputt.yaml:14:8: speed: Input should be less than or equal to 50",
                     "units/probe.yaml: cannot read file: Permission denied",
                     f"2 error(s) in {rules_content.root}"]


def test_unreadable_rules_yaml(cli, rules_content, monkeypatch):
    _write(rules_content.root, "rules.yaml", "cards: {min_font_pt: 5}\n")
    _refuse_open(monkeypatch, rules_content.root / "rules.yaml")
    code, lines = _validate(cli, rules_content.root)
    assert code == 1 and lines == ["rules.yaml: cannot read file: Permission denied",
                                   f"1 error(s) in {rules_content.root}"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file; the monkeypatched test covers it")
def test_chmod_000_file(cli, rules_content):
    path = rules_content("units", unit("probe"))
    path.chmod(0)
    try:
        code, lines = _validate(cli, rules_content.root)
    finally:
        path.chmod(0o644)
    assert code == 1 and lines[0] == "units/probe.yaml: cannot read file: Permission denied"


def test_check_content_never_raises_on_bad_scalars(rules_content):
    """``cardgen watch`` checks through check_content: a bad scalar must not end it."""
    _write(rules_content.root, "units/probe.yaml", UNIT.format(speed="!!bool vielleicht"))
    _, problems = check_content(rules_content.root)
    assert [strip_root(p.format(), rules_content.root) for p in problems] == [
        SPEED + "'vielleicht' is not a valid !!bool", UNKNOWN]
