"""A repository's ``.vscode/settings.json`` is a stranger's file too (cardgen.init.vscodesettings, ``cardgen init``).

JSONC (comments, trailing commas) is read, within caps; anything else is one warning line naming the
file (and the position, where there is one), never a traceback, a hang or a read outside the folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgen.commands.main import main
from cardgen.init.vscodesettings import MAX_DEPTH, MAX_SETTINGS_BYTES, blank_comments, read_settings


def settings(root: Path, text: str | bytes) -> Path:
    (root / ".vscode").mkdir(exist_ok=True)
    path = root / ".vscode" / "settings.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def lines(root: Path) -> list[str]:
    found = read_settings(root)
    assert found is not None
    return [problem.format() for problem in found.problems]


def test_jsonc_comments_and_trailing_commas_are_read(tmp_path):
    settings(tmp_path, '{\n  // "markdown.styles": ["x.css"],\n  "markdown.styles": ["a // b.css", "c/*d*/.css",],'
                       '\n  /* "markdownExtended.tocLevels": [1] */\n  "markdownExtended.tocLevels": [2, 3,],\n}\n')
    found = read_settings(tmp_path)
    assert found and found.styles == ("a // b.css", "c/*d*/.css") and found.toc_levels == (2, 3)
    assert found.markdown_extended and found.problems == ()


def test_blanking_keeps_every_position():
    text = '{"a": 1, // x\n /* y\n z */ "b": [1,],}'
    blanked = blank_comments(text)
    assert len(blanked) == len(text) and blanked.count("\n") == text.count("\n")
    assert json.loads(blanked) == {"a": 1, "b": [1]}


@pytest.mark.parametrize(("text", "expected"), [
    ('{\n  "markdown.styles": [\n    "a.css"\n    "b.css"\n  ]\n}',
     ".vscode/settings.json:4:5: warning: not read: Expecting ',' delimiter"),
    ('{"a": NaN}', ".vscode/settings.json: warning: not read: NaN is no JSON value"),
    ("[1, 2]", ".vscode/settings.json:1:1: warning: not read: not a JSON object"),
    ('{"a": 1 /* never closed', ".vscode/settings.json:1:24: warning: not read: Expecting ',' delimiter"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
     f".vscode/settings.json: warning: not read: nested deeper than {MAX_DEPTH} levels"),
    ('{"markdown.styles": "markdown.css"}', '.vscode/settings.json: warning: markdown.styles: not used: expected '
                                            'a list of at most 16 paths, like ["markdown.css"]'),
    ('{"markdownExtended.tocLevels": [2, 9]}', ".vscode/settings.json: warning: markdownExtended.tocLevels: not "
                                               "used: expected heading levels 1 to 6, like [2, 3]"),
    ('{"markdownExtended.tocLevels": [true]}', ".vscode/settings.json: warning: markdownExtended.tocLevels: not "
                                               "used: expected heading levels 1 to 6, like [2, 3]"),
])
def test_a_broken_or_wrong_file_is_one_warning_line(tmp_path, monkeypatch, text, expected):
    monkeypatch.chdir(tmp_path)
    settings(tmp_path, text)
    assert lines(tmp_path) == [expected]


def test_deep_nesting_in_a_long_file_is_refused_before_json_recurses(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings(tmp_path, "[" * 100_000)
    assert lines(tmp_path) == [f".vscode/settings.json: warning: not read: nested deeper than {MAX_DEPTH} levels"]


def test_a_file_over_the_cap_is_not_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings(tmp_path, "{" + " " * MAX_SETTINGS_BYTES + "}")
    [line] = lines(tmp_path)
    assert line.startswith(".vscode/settings.json: warning: not read: ") and "\n" not in line


def test_not_utf8_is_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings(tmp_path, b'{"a": "\xff"}')
    assert lines(tmp_path) == [".vscode/settings.json: warning: not read: not UTF-8 text"]


def test_a_link_out_of_the_repository_is_not_followed(tmp_path, monkeypatch):
    secret = tmp_path / "secret.json"
    secret.write_text('{"markdownExtended.tocLevels": [2]}', encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".vscode").mkdir(parents=True)
    os.symlink(secret, repo / ".vscode" / "settings.json")
    monkeypatch.chdir(repo)
    found = read_settings(repo)
    assert found is not None and found.toc_levels is None
    [line] = [p.format() for p in found.problems]
    assert line.startswith(".vscode/settings.json: warning: not read: ")


def test_init_adopts_the_rest_and_prints_the_warning(tmp_path, monkeypatch, capsys):
    (tmp_path / "Regeln").mkdir()
    (tmp_path / "Regeln" / "Buch.md").write_text("[[toc]]\n", encoding="utf-8")
    settings(tmp_path, '{"markdown.styles": [1]}')
    monkeypatch.chdir(tmp_path)
    assert main(["init", "--pip-spec", "cardgen==1.0"]) == 0
    out = capsys.readouterr().out
    assert ".vscode/settings.json: warning: markdown.styles: not used: expected a list" in out
    assert (tmp_path / "cardgen.toml").is_file() and not (tmp_path / "content").exists()
