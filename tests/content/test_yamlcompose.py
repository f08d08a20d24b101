"""cardgen.content.yamlcompose: YAML text to a node tree, without recursion and with caps."""

from __future__ import annotations

import pytest
import yaml

from cardgen.content import yamlcompose
from cardgen.content.yamlcompose import MAX_DEPTH, MAX_NODES, compose
from cardgen.errors import ContentError


def problem_of(text: str, offset: int = 0):
    with pytest.raises(ContentError) as caught:
        compose("units/x.yaml", text, offset)
    (problem,) = caught.value.problems
    return problem.file, problem.line, problem.column, problem.message


def test_a_mapping_with_its_positions():
    node = compose("x.yaml", "id: probe\nwerte: [1, 2]\n")
    assert isinstance(node, yaml.MappingNode)
    (key, value), (key2, value2) = node.value
    assert (key.value, value.value, key2.value) == ("id", "probe", "werte")
    assert [item.value for item in value2.value] == ["1", "2"]
    assert [item.tag for item in value2.value] == ["tag:yaml.org,2002:int"] * 2
    assert (value2.start_mark.line, value2.start_mark.column) == (1, 7)


def test_an_empty_document_is_none():
    assert compose("x.yaml", "") is None
    assert compose("x.yaml", "# nur ein Kommentar\n") is None


def test_an_alias_is_the_shared_node():
    node = compose("x.yaml", "a: &w [1]\nb: *w\n")
    assert node.value[0][1] is node.value[1][1]


def test_nesting_deeper_than_the_cap_is_refused_where_it_is_seen():
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert compose("x.yaml", ok) is not None
    assert problem_of("\n" + "[" * 100_000) == (
        "units/x.yaml", 2, MAX_DEPTH + 1, f"document nests deeper than {MAX_DEPTH} levels; refused")


def test_more_values_than_the_cap_are_refused():
    text = "[" + ", ".join(["1"] * MAX_NODES) + "]"                # the list itself is one more value
    file, line, column, message = problem_of(text)
    assert message == f"document holds more than {MAX_NODES} values; refused"
    assert line == 1


def test_invalid_yaml_names_the_position_shifted_by_the_offset():
    assert problem_of("a: [1, 2\n", offset=10)[:2] == ("units/x.yaml", 12)
    assert problem_of("a: [1, 2\n", offset=10)[3].startswith("invalid YAML: ")


def test_a_second_document_is_refused():
    assert problem_of("a: 1\n---\nb: 2\n") == ("units/x.yaml", 2, 1, "invalid YAML: but found another document")


def test_an_undefined_alias_and_a_duplicate_anchor():
    assert problem_of("a: *nie\n")[3] == "invalid YAML: found undefined alias 'nie'"
    assert problem_of("a: &x 1\nb: &x 2\n")[1:] == (2, 4, "invalid YAML: second occurrence")


def test_a_character_yaml_does_not_allow():
    assert problem_of("a: b\nc: \x07\n") == ("units/x.yaml", 2, 4,
                                             "invalid YAML: character U+0007 is not allowed in YAML")


def test_both_loaders_give_the_same_tree(monkeypatch):
    """Without libyaml the pure-Python parser composes the same nodes."""
    text = "a: &w {b: [1, x, null]}\nc: *w\n"
    fast = compose("x.yaml", text)
    monkeypatch.setattr(yamlcompose, "SAFE_LOADER", yaml.SafeLoader)
    slow = compose("x.yaml", text)
    assert yaml.serialize(fast) == yaml.serialize(slow)
