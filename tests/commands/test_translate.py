"""``cardgen translate``: registered on the command line; a project without ``languages`` is told what to add."""

from __future__ import annotations

from cardgen.commands import translate
from cardgen.commands.main import COMMANDS, build_parser


def test_translate_is_a_command_with_status_and_json():
    assert translate in COMMANDS
    args = build_parser().parse_args(["translate", "--status", "--json"])
    assert args.func is translate.cmd_translate and args.status and args.json


def test_without_languages_translate_says_what_to_write(tmp_path, capsys, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "cardgen.toml").write_text('content = "content"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    from cardgen.commands.main import main

    assert main(["translate"]) == 1
    assert capsys.readouterr().err == ("cardgen.toml: no languages to translate into; name them, the source's "
                                       "first: languages = [\"de\", \"en\"]\n")
    assert not (tmp_path / "translations").exists()
