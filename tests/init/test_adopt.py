"""What ``cardgen init`` finds in an existing repository (cardgen.init.adopt) and the project file it writes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cardgen.init.adopt import is_repository, project_text, survey
from cardgen.commands.init import adoptable
from cardgen.project.file import load_project

PUPPETEER_BOOK = "---\npuppeteer:\n    pdf:\n        format: A4\n---\n\n# Buch\n"


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("files", "expected"), [
    ({}, False),                                                     # an empty folder: the scaffold
    ({"README.md": "# Projekt\n\nText.\n"}, False),                  # a README is no book
    ({"notes/x.md": "Text\n"}, False),
    ({"Regeln/Buch.md": "# Buch\n\n[[toc]]\n"}, True),               # a contents: a book
    ({"Buch.md": "---\ntitle: x\n---\n# Buch\n"}, True),             # front matter: a book
    ({".vscode/settings.json": "{}"}, True),                         # the editor's settings
])
def test_what_counts_as_an_existing_repository(tmp_path, files, expected):
    assert is_repository(write(tmp_path, files)) is expected


def test_a_folder_with_a_project_file_or_content_is_not_adopted(tmp_path):
    write(tmp_path, {"Regeln/Buch.md": "[[toc]]\n"})
    assert adoptable(tmp_path)
    write(tmp_path, {"content/units/x.yaml": "id: x\n"})
    assert not adoptable(tmp_path)


def test_books_by_folder_a_top_level_book_by_name_and_no_readme(tmp_path):
    write(tmp_path, {"Regeln/Regelbuch.md": PUPPETEER_BOOK, "Regeln/Anhang.md": "# Anhang\n",
                     "Kampagne.md": "[[toc]]\n", "README.md": "# Projekt\n", "docs/notes.md": "x\n",
                     "build/alt.md": "[[toc]]\n", ".github/x.md": "[[toc]]\n"})
    found = survey(tmp_path)
    assert found.rulebooks == ("Kampagne.md", "Regeln/*.md")
    assert found.books == ("Kampagne.md", "Regeln/Anhang.md", "Regeln/Regelbuch.md")
    assert (found.base, found.why_base) == ("markdown-extended", ("puppeteer front matter",))


def test_fonts_pictures_and_settings_are_named_and_the_file_is_a_valid_project(tmp_path):
    write(tmp_path, {"Regeln/Buch.md": "[[toc]]\n", "Regeln/Grafiken/a.svg": "<svg/>", "Fonts/F.ttf": "x",
                     "Grafiken/logo.svg": "<svg/>", "Stil/markdown.css": "h1 { color: red }",
                     ".vscode/settings.json": '{"markdown.styles": ["Stil/markdown.css", "../out.css", '
                                              '"https://example.org/x.css", "fehlt.css"],'
                                              ' "markdownExtended.tocLevels": [3, 2]}'})
    found = survey(tmp_path)
    assert (found.fonts, found.assets, found.styles, found.toc_levels) == \
        (("Fonts",), ("Grafiken",), ("Stil/markdown.css",), (2, 3))
    assert [p.format() for p in found.problems] == [
        f".vscode/settings.json: warning: markdown.styles: '{name}' not adopted: not a stylesheet below this folder"
        for name in ("../out.css", "https://example.org/x.css", "fehlt.css")]
    (tmp_path / "cardgen.toml").write_text(project_text(found), encoding="utf-8")
    project = load_project(tmp_path / "cardgen.toml")
    assert (project.rulebooks, project.toc_levels, project.rulebook_base) == (("Regeln/*.md",), (2, 3), "markdown-extended")


def test_without_markdown_extended_the_base_stays_cardgens_and_no_key_is_written(tmp_path):
    write(tmp_path, {"Buch.md": "[[toc]]\n", ".vscode/settings.json": '{"editor.wordWrap": "on"}'})
    text = project_text(survey(tmp_path))
    assert tomllib.loads(text) == {"rulebooks": ["Buch.md"]}


def test_names_with_quotes_and_backslashes_stay_one_toml_string(tmp_path):
    write(tmp_path, {'Re"geln\\x/Buch.md': "[[toc]]\n"})
    assert tomllib.loads(project_text(survey(tmp_path)))["rulebooks"] == ['Re"geln\\x/*.md']
