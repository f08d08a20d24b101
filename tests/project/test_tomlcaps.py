"""The project file's caps (cardgen.project.tomlcaps): brackets nested too deep found before tomllib parses,
data nested too deep or too large found after, each at its place."""

from __future__ import annotations

from cardgen.project.tomlcaps import MAX_DEPTH, MAX_VALUES, data_problem, nesting_problem


def test_brackets_at_the_cap_pass_one_deeper_is_named_at_its_line_and_column():
    assert nesting_problem("a = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n") is None
    text = 'name = "x"\nb = ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n"
    assert nesting_problem(text) == (2, 5 + MAX_DEPTH, f"nests deeper than {MAX_DEPTH} levels")


def test_brackets_in_strings_and_comments_do_not_count():
    deep = "[" * (MAX_DEPTH + 1)
    assert nesting_problem(f'a = "{deep}"\nb = \'{deep}\'\n# {deep}\nc = """\n{deep}\n"""\n') is None


def test_data_nested_too_deep_names_the_keys_leading_there():
    data: dict = {}
    inner = data
    for _ in range(MAX_DEPTH + 1):
        inner["a"] = {}
        inner = inner["a"]
    assert data_problem(data) == (("a",) * (MAX_DEPTH + 1), f"nests deeper than {MAX_DEPTH} levels")
    assert data_problem({"toc": {"levels": [2, 3]}}) is None


def test_too_many_values():
    keys, message = data_problem({"x": list(range(MAX_VALUES))})
    assert (keys, message) == (("x",), f"holds more than {MAX_VALUES} values")
