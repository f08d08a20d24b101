"""One typed, frozen settings object per run (cardgen/project/settings.py): the project file with the command
line's overrides laid over it, read anew by serve and watch before each rebuild."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cardgen.project.settings import load_settings, no_content_line


def test_without_a_project_file_cardgen_s_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings()
    assert (settings.content, settings.out, settings.strict, settings.css) == (Path("content"), Path("build"), False, ())
    assert settings.project.file is None


def test_the_command_line_wins_and_none_takes_the_project_file_s(tmp_path, monkeypatch):
    (tmp_path / "cardgen.toml").write_text('content = "Inhalt"\nout = "pdf"\nstrict = true\n', encoding="utf-8")
    (tmp_path / "Inhalt").mkdir()
    monkeypatch.chdir(tmp_path)
    from_file = load_settings(content=None, out=None, strict=None)
    assert (from_file.content, from_file.out, from_file.strict) == (tmp_path / "Inhalt", tmp_path / "pdf", True)
    given = load_settings(content=Path("anders"), strict=False, css=[Path("x.css")])
    assert (given.content, given.out, given.strict, given.css) == (Path("anders"), tmp_path / "pdf", False,
                                                                   (Path("x.css"),))


def test_reload_reads_the_project_file_again_with_the_same_command_line(tmp_path, monkeypatch):
    project = tmp_path / "cardgen.toml"
    project.write_text('out = "eins"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    first = load_settings(strict=True)
    project.write_text('out = "zwei"\nstrict = false\n', encoding="utf-8")
    again = first.reload()
    assert (first.out, again.out) == (tmp_path / "eins", tmp_path / "zwei")
    assert again.strict is True                     # the command line's --strict still wins


def test_settings_are_frozen_and_only_known_overrides_are_taken(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings(css=[Path("a.css")])
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.out = tmp_path                    # type: ignore[misc]
    assert settings.overrides == (("css", (Path("a.css"),)),)      # a list became a tuple
    with pytest.raises(TypeError, match="not a setting: colour"):
        load_settings(colour="red")


# --- a repository of rulebooks: no content folder -------------------------------------------------------


@pytest.mark.parametrize(("project_file", "overrides", "make_content", "expected"), [
    ('rulebooks = ["Regeln/*.md"]\n', {}, False, True),                        # the designer's repository
    ('rulebooks = ["Regeln/*.md"]\n', {}, True, False),                         # it has content after all
    ('rulebooks = ["Regeln/*.md"]\n', {"content": Path("content")}, False, False),   # --content names it
    ('rulebooks = ["Regeln/*.md"]\ncontent = "content"\n', {}, False, False),   # the project file names it
    ("", {}, False, False),                       # rulebooks would be looked for in the missing folder
    (None, {}, False, False),                     # no project file at all
])
def test_rulebooks_only_when_nobody_named_the_missing_content(tmp_path, monkeypatch, project_file, overrides,
                                                              make_content, expected):
    if project_file is not None:
        (tmp_path / "cardgen.toml").write_text(project_file, encoding="utf-8")
    if make_content:
        (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    assert load_settings(**overrides).rulebooks_only() is expected


def test_the_line_a_rulebook_repository_prints():
    assert no_content_line(Path("content")) == "no content folder 'content': no cards, rulebooks only"
