"""``languages`` in cardgen.toml: the source's language first, each checked by Babel; without it nothing changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.project.file import PROJECT_FILE, load_project


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_project(path)
    return [line.replace(f"{path.parent}{os.sep}", "") for line in caught.value.lines()]


def project_file(folder: Path, text: str) -> Path:
    path = folder / PROJECT_FILE
    path.write_text(text, encoding="utf-8")
    return path


def test_languages_are_read_the_first_is_the_source(tmp_path):
    project = load_project(project_file(tmp_path, 'languages = ["de", "en", "pt_BR"]\n'))
    assert project.languages == ("de", "en", "pt_BR")
    assert project.translations == ("en", "pt_BR")


def test_without_languages_nothing_is_translated(tmp_path):
    project = load_project(project_file(tmp_path, 'content = "content"\n'))
    assert project.languages == () and project.translations == ()


@pytest.mark.parametrize("text, expected", [
    ('languages = ["de", "xx"]\n',
     "cardgen.toml:1:1: languages: 'xx' is no language Babel knows; use a code like \"de\", \"en\" or \"fr\""),
    ('languages = ["de", "../en"]\n',
     "cardgen.toml:1:1: languages: '../en' is no language code; use the short code, like \"de\", \"en\" or "
     "\"pt_BR\" (it names the folders translations/<code>/ and build/<code>/)"),
    ('strict = true\nlanguages = ["de", "en", "de"]\n',
     "cardgen.toml:2:1: languages: names a language twice; list each once, the source's first, like "
     "[\"de\", \"en\"]"),
    ("languages = []\n", "cardgen.toml:1:1: languages: must not be empty"),
    ('languages = "de"\n', "cardgen.toml:1:1: languages: must be a list in brackets, like [\"Grafiken\"]"),
])
def test_a_wrong_language_is_an_error_at_its_line(tmp_path, text, expected):
    assert errors_of(project_file(tmp_path, text)) == [expected]
