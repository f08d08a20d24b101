"""The one error format (cardgen.errors): ``path:line:col: field: message`` on one line, names shortened,
a did-you-mean, problems sorted by place."""

from __future__ import annotations

import json
import os

import pytest

from cardgen.errors import ContentError, Problem, did_you_mean, display_path, json_text, one_line, shortened


def test_a_problem_is_one_line_at_its_place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    file = str(tmp_path / "units" / "a.yaml")
    assert Problem(file, 14, 7, "weapons[0]", "unknown weapon").format() == "units/a.yaml:14:7: weapons[0]: unknown weapon"
    assert Problem(file, 3, 0, "", "zu alt", "warning").format() == "units/a.yaml:3: warning: zu alt"
    assert Problem(file, 0, 0, "id", "a\nb\x1b[31m").format() == "units/a.yaml: id: a\\nb\\x1b[31m"


def test_a_path_outside_the_current_folder_is_shown_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outside = os.path.join(os.path.dirname(tmp_path), "x.yaml")
    assert display_path(outside) == outside


def test_one_line_escapes_control_characters_only():
    assert one_line("Größe\tA\x07") == "Größe\\tA\\x07"


def test_a_long_name_is_shortened_to_its_two_ends():
    name = "a" * 4000 + ".svg"
    assert shortened(name) == "a" * 64 + "…<4,004 characters>…" + "a" * 28 + ".svg"
    assert shortened("kurz.svg") == "kurz.svg"


def test_did_you_mean():
    assert did_you_mean("pistolee", ["pistole", "speer"]) == " (did you mean 'pistole'?)"
    assert did_you_mean("MG", ["mg", "speer"]) == " (did you mean 'mg'?)"
    assert did_you_mean("xyz", ["pistole"]) == ""


def test_content_error_lists_its_problems_sorted_by_place():
    error = ContentError([Problem("b.yaml", 1, 1, "", "zwei"), Problem("a.yaml", 9, 1, "", "eins"),
                          Problem("a.yaml", 2, 1, "", "null")])
    assert [p.message for p in error.problems] == ["null", "eins", "zwei"]
    assert error.lines()[0].endswith("a.yaml:2:1: null")


@pytest.mark.parametrize("value", ["a\u200fb", "\x85\x9b[31m", "\u2028", "\U0001fffe", "\ud800", "ä [bold] \"\\"])
def test_json_text_escapes_what_one_line_escapes_and_stays_json(value):
    text = json_text({"name": value, "list": [value]})
    assert json.loads(text) == {"name": value, "list": [value]}
    assert all(ch.isprintable() or ch in " \n" for ch in text)
