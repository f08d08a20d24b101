"""Issue 27 (16): a file name comes from a pull request like any value, so the control characters in
it (``units/\\x1b]0;pwned\\x07.yaml`` retitles a terminal, ``\\x1b[31m`` colours a CI log) are
escaped in every error and warning line, as values already are (:func:`cardgen.errors.one_line`)."""

from __future__ import annotations

import io
import json

import pytest
import yaml

from cardgen.commands.build import PlainReporter, RichReporter
from cardgen.build.context import Summary
from cardgen.errors import Problem, UsageError, display_path
from conftest import unit

HOSTILE = "\x1b]0;pwned\x07\x1b[31m"
ESCAPED = "\\x1b]0;pwned\\x07\\x1b[31m"


def raw_control(text: str) -> list[str]:
    """The control characters left in ``text`` (a line break ends a line and is allowed)."""
    return [ch for ch in text if not ch.isprintable() and ch not in "\n "]


def test_problem_line_escapes_the_file_name():
    line = Problem(f"units/{HOSTILE}.yaml", 3, 1, "weapons[0]", "unknown weapon").format()
    assert line == f"units/{ESCAPED}.yaml:3:1: weapons[0]: unknown weapon"


def test_display_path_escapes_control_characters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert display_path(tmp_path / "units" / f"{HOSTILE}.yaml") == f"units/{ESCAPED}.yaml"
    assert display_path(f"/elsewhere/{HOSTILE}") == f"/elsewhere/{ESCAPED}"


def test_validate_names_a_hostile_file_escaped(cli, rules_content):
    bad = unit("probe", weapons=["pistolee"])
    path = rules_content.root / "units" / f"{HOSTILE}.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    code, out, err = cli("validate", "--content", rules_content.root)
    assert code == 1
    assert raw_control(out + err) == []
    assert f"{ESCAPED}.yaml:" in err


def test_error_lines_printed_by_the_cli_are_escaped(cli, monkeypatch):
    def fail(args):
        raise UsageError(f"first {HOSTILE}\nsecond {HOSTILE}")
    monkeypatch.setattr("cardgen.commands.show.cmd_validate", fail)
    code, _, err = cli("validate")
    assert code == 1
    assert err == f"first {ESCAPED}\nsecond {ESCAPED}\n"


def test_warnings_are_escaped_when_collected():
    summary = Summary()
    summary.warn(f"{HOSTILE}: image: not a picture")
    assert summary.warnings == [f"{ESCAPED}: image: not a picture"]


# --- issue 40 (10): the values cardgen list, show and odds print ------------------------------------

PASSES = "\u200f\u00ad\ue000[bold]x[/bold][/]"
"""What a name may hold after validation (cardgen.printable): a right-to-left mark, a soft hyphen, a
private-use character -- none printable, each a character a terminal may act on or hide -- and rich's
markup (``[/]`` alone is a rich MarkupError)."""
PASSES_ESCAPED = "\\u200f\\xad\\ue000[bold]x[/bold][/]"


@pytest.fixture
def named(rules_content):
    """The rules fixture with two units whose names hold :data:`PASSES`."""
    rules_content("units", unit("probe", name=f"Probe{PASSES}", weapons=["pistole"]))
    rules_content("units", unit("ziel", name=f"Ziel{PASSES}"))
    return rules_content.root


@pytest.mark.parametrize("command", [["list"], ["list", "units"], ["show", "probe"], ["odds", "probe:pistole", "ziel"]])
def test_list_show_and_odds_print_every_value_escaped(cli, named, command):
    code, out, err = cli(*command, "--content", named)
    assert (code, err) == (0, "")
    assert raw_control(out) == []
    assert f"Probe{PASSES_ESCAPED}" in out


@pytest.mark.parametrize("command", [["list"], ["list", "units"], ["show", "probe"]])
def test_their_json_escapes_with_json_s_own_escapes(cli, named, command):
    """The JSON stays valid and gives the same values back; no character a terminal acts on is raw.
    (``cardgen odds --json`` prints no name, only numbers and the assumptions: json_text too.)"""
    code, out, err = cli(*command, "--json", "--content", named)
    assert (code, err, raw_control(out)) == (0, "", [])
    assert f"Probe{PASSES}" in json.dumps(json.loads(out), ensure_ascii=False)
    assert "Probe\\u200f\\u00ad\\ue000[bold]" in out


def test_build_step_lines_escape_a_file_name():
    stream = io.StringIO()
    PlainReporter(stream).step(f"Regeln{HOSTILE}.pdf", "built")
    assert stream.getvalue() == f"   built  Regeln{ESCAPED}.pdf\n"


def test_the_progress_bar_shows_a_name_as_text_not_markup():
    """rich read ``[bold]`` in a step's name as markup, and ``[/]`` ended the build with a MarkupError."""
    reporter = RichReporter(1)
    try:
        reporter.step("Regeln[bold]x[/bold][/]\x1b.pdf", "built")
        column = reporter.progress.columns[0]
        shown = column.render(reporter.progress.tasks[0])
    finally:
        reporter.close()
    assert shown.plain.rstrip() == "built Regeln[bold]x[/bold][/]\\x1b.pdf"[:40]
    assert not shown.spans
def test_progress_lines_escape_a_name_and_read_no_markup():
    """Issue 40.2 (rich): a step's name is an output's, made of file names.  The plain reporter (CI logs)
    printed its control characters raw; rich's progress bar read it as markup -- ``[link=…]`` became a
    terminal hyperlink, an unmatched ``[/x]`` a traceback -- and kept an ESC of it."""
    from rich.console import Console

    from cardgen.commands.build import PlainReporter, RichReporter

    name = f"rulebooks/{HOSTILE}[/x][link=https://example.invalid]a[/link].pdf"
    stream = io.StringIO()
    PlainReporter(stream).step(name, "built")
    assert raw_control(stream.getvalue()) == [] and ESCAPED in stream.getvalue()
    screen = io.StringIO()
    reporter = RichReporter(2, console=Console(file=screen, force_terminal=True, width=200))
    reporter.step(name, "built")
    reporter.progress.refresh()
    reporter.close()
    assert "\x1b]8;" not in screen.getvalue() and "\x1b]0;pwned" not in screen.getvalue()
    assert f"built rulebooks/{ESCAPED}[/x]"[:40] in screen.getvalue()
