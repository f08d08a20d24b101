"""The schema of ``cardgen.toml`` and its messages (cardgen.project.schema): each key's line and column
in the TOML text, dotted key names, a wrong value left out so the other keys still count, and
pydantic's words said in TOML's terms.  (Reading a whole project file: tests/project/test_file.py.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

from cardgen.project.schema import KeyLines, ProjectFile, dotted, validate

TEXT = '''content = "inhalt"
strict = "ja"

[toc]
levels = [3, 2]

[css]
  rulebook = ["a.css"]
'''


def test_every_key_is_found_at_its_line_and_column_inside_its_table():
    lines = KeyLines(TEXT)
    assert lines.find(("content",)) == (1, 1)
    assert lines.find(("toc", "levels")) == (5, 1)
    assert lines.find(("css", "rulebook", 0)) == (8, 3)           # a list index points at its key
    assert lines.find(("css", "groups")) == (7, 1)                # an absent key: its table's header
    assert lines.find(("nowhere",)) == (0, 0)


def test_a_key_path_is_dotted_with_list_indexes_in_brackets():
    assert dotted(("css", "rulebook", 2)) == "css.rulebook[2]" and dotted(("out",)) == "out"


def test_wrong_values_are_said_at_their_lines_and_left_out_and_the_rest_counts():
    model, problems = validate(Path("cardgen.toml"), KeyLines(TEXT), tomllib.loads(TEXT))
    said = {(p.line, p.field): p.message for p in problems}
    assert said == {(2, "strict"): "must be true or false",
                    (5, "toc.levels"): "list each level once, in ascending order, like [2, 3]"}
    assert isinstance(model, ProjectFile)
    assert (model.content, model.strict, model.toc, model.css.rulebook) == ("inhalt", False, None, ["a.css"])


def test_an_unknown_key_names_the_known_ones_with_a_guess():
    text = 'contnet = "x"\n'
    _, (problem,) = validate(Path("cardgen.toml"), KeyLines(text), tomllib.loads(text))
    assert problem.message.startswith("unknown key 'contnet' (did you mean 'content'?); known keys: assets, ")
