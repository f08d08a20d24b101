"""cardgen.content.yamlsource: one YAML file as plain data, with the line and column of every value."""

from __future__ import annotations

import os

import pytest

from cardgen.content.yamlsource import (MAX_FILE_BYTES, MAX_INT_DIGITS, SourceFile, format_loc, parse_yaml,
                                        read_yaml, refusal)
from cardgen.errors import ContentError, Problem
from cardgen.safefs import resolve_roots

UNIT = """id: probe
weapons:
  - pistole
  - {id: speer, level: 2}
attributes: {KO: 5}
"""


def problems_of(text: str) -> list[tuple[int, int, str, str]]:
    source = parse_yaml(text, "u.yaml")
    assert source is not None
    return [(p.line, p.column, p.field, p.message) for p in source.problems]


def refused(text: str) -> tuple[int, int, str, str]:
    with pytest.raises(ContentError) as caught:
        parse_yaml(text, "u.yaml")
    (p,) = caught.value.problems
    return p.line, p.column, p.field, p.message


@pytest.mark.parametrize("loc, shown", [((), ""), (("weapons", 0, "id"), "weapons[0].id"), ((3, "a"), "[3].a")])
def test_format_loc(loc, shown):
    assert format_loc(loc) == shown


def test_the_data_and_every_values_position():
    source = parse_yaml(UNIT, "units/probe.yaml")
    assert source.data == {"id": "probe", "weapons": ["pistole", {"id": "speer", "level": 2}],
                           "attributes": {"KO": 5}}
    assert source.position(("weapons", 1, "level")) == (4, 24)
    assert source.position(("weapons", 1, "level"), key=True) == (4, 17)
    assert source.position(("weapons", 7, "x")) == (3, 3)             # the nearest located parent
    assert source.position(("nirgends",)) == (1, 1)
    assert source.problem(("attributes", "KO"), "zu hoch") == Problem("units/probe.yaml", 5, 18, "attributes.KO",
                                                                      "zu hoch")


def test_positions_of_a_part_are_lines_of_the_whole_file():
    source = parse_yaml("a: 1\nb: 2\n", "r.md", first_line=5)
    assert source.position(("b",)) == (6, 4)


def test_an_empty_text_is_none():
    assert parse_yaml("", "u.yaml") is None


def test_a_duplicate_key_is_reported_and_the_rest_read():
    source = parse_yaml("a: 1\nb: 2\na: 3\n", "u.yaml")
    assert source.data == {"a": 1, "b": 2}
    assert problems_of("a: 1\nb: 2\na: 3\n") == [(3, 1, "a", "duplicate key 'a' (first at line 1)")]


def test_an_explicit_key_overrides_a_merged_one():
    source = parse_yaml("basis: &b {x: 1, y: 2}\nneu:\n  <<: *b\n  x: 9\n", "u.yaml")
    assert source.problems == ()
    assert source.data["neu"] == {"x": 9, "y": 2}
    assert problems_of("basis: &b {x: 1}\nneu:\n  <<: *b\n  x: 9\n  x: 8\n") == [
        (5, 3, "neu.x", "duplicate key 'x' (first at line 4)")]


def test_a_value_its_tag_cannot_construct_is_reported_at_its_place():
    source = parse_yaml("a: !!int abc\nb: 2\n", "u.yaml")
    assert source.data == {"a": None, "b": 2}
    assert problems_of("a: !!int abc\nb: 2\n") == [(1, 4, "a", "'abc' is not a valid !!int")]
    assert source.was_reported(("a",)) and source.was_reported(("a", 0)) and not source.was_reported(("b",))


def test_an_integer_of_too_many_digits():
    message = f"number too large: at most {MAX_INT_DIGITS} digits (quote it if it is text)"
    assert problems_of(f"a: 1{'0' * MAX_INT_DIGITS}\n") == [(1, 4, "a", message)]
    assert problems_of(f"a: -{'9' * MAX_INT_DIGITS}\n") == []
    assert problems_of(f"a: {'9' * 5000}\n") == [(1, 4, "a", message)]


def test_a_key_that_is_not_a_plain_word():
    assert problems_of("? [a, b]\n: 1\nc: 2\n") == [(1, 3, "", "keys must be plain words")]


def test_a_python_tag_is_never_constructed_and_the_file_refused():
    assert refused("a: 1\nb: !!python/object:os.system {}\n") == (
        2, 4, "b", "YAML tag '!!python/object:os.system' is not allowed: content holds plain data only")


def test_an_alias_bomb_is_refused():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        lines.append(f"{chr(97 + i)}: &{chr(97 + i)} [{', '.join([f'*{chr(96 + i)}'] * 10)}]")
    line, column, field, message = refused("\n".join(lines) + "\n")
    assert message.endswith("(an alias bomb?); refused")


def test_a_timestamp_stays_text():
    assert parse_yaml("datum: 2024-01-02\n", "u.yaml").data == {"datum": "2024-01-02"}


@pytest.mark.parametrize("reason, message", [
    ("not a regular file", "not a regular file; only regular files are read"),
    ("a linked folder is not followed", "a linked folder is not followed"),
    ("a link out of the content folder", "a link out of the content folder; not read"),
    ("Permission denied", "cannot read file: Permission denied"),
])
def test_refusal(reason, message):
    assert refusal(reason) == message


def read_problem(path, root):
    with pytest.raises(ContentError) as caught:
        read_yaml(path, resolve_roots([root]))
    (p,) = caught.value.problems
    return p.line, p.column, p.message


def test_read_yaml_reads_a_file_below_its_roots(tmp_path):
    (tmp_path / "u.yaml").write_text("\ufeffid: probe\n", encoding="utf-8")
    source = read_yaml(tmp_path / "u.yaml", resolve_roots([tmp_path]))
    assert isinstance(source, SourceFile) and source.data == {"id": "probe"}


def test_read_yaml_refuses_an_empty_a_large_and_a_non_utf8_file(tmp_path):
    (tmp_path / "leer.yaml").write_text("", encoding="utf-8")
    assert read_problem(tmp_path / "leer.yaml", tmp_path) == (1, 1, "file is empty: expected a mapping of fields")
    (tmp_path / "gross.yaml").write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert read_problem(tmp_path / "gross.yaml", tmp_path) == (1, 1, "file is 1.0 MiB; content files are limited to 1 MiB")
    (tmp_path / "latin.yaml").write_bytes("id: probe\nname: M\xfcller\n".encode("latin-1"))
    assert read_problem(tmp_path / "latin.yaml", tmp_path) == (
        2, 8, "file is not UTF-8 text (byte 0xfc); save it as UTF-8")


def test_read_yaml_refuses_a_link_out_of_its_roots(tmp_path):
    (tmp_path / "aussen.yaml").write_text("id: x\n", encoding="utf-8")
    (tmp_path / "c").mkdir()
    os.symlink(tmp_path / "aussen.yaml", tmp_path / "c" / "u.yaml")
    line, column, message = read_problem(tmp_path / "c" / "u.yaml", tmp_path / "c")
    assert (line, column) == (0, 0) and message.endswith("; not read")
