"""The command line's options become the one settings object (cardgen.commands.options)."""

from __future__ import annotations

from pathlib import Path

from cardgen.commands.main import build_parser
from cardgen.commands.options import settings_of
from cardgen.project.settings import Settings


def test_a_command_line_becomes_settings_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(["build", "--out", "x", "--css", "a.css", "--strict"])
    settings = settings_of(args)
    assert isinstance(settings, Settings) and settings_of(args) is settings
    assert (settings.out, settings.css, settings.strict, settings.print_shop) == (Path("x"), (Path("a.css"),), True,
                                                                                 False)


def test_rulebooks_are_laid_out_by_chapters_unless_no_chapters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parser = build_parser()
    for command in (["rulebook", "Regeln.md"], ["build"], ["watch"]):
        assert settings_of(parser.parse_args(command)).chapters is True
        assert settings_of(parser.parse_args([*command, "--no-chapters"])).chapters is False
