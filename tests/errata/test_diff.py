"""``cardgen diff OLD NEW``: between two commits of a repository made here with git, it reports
exactly the changes made -- a stat, the points that follow from it, a renamed weapon (new name and
new file name, same id), a reworded trait, a changed rulebook paragraph -- and nothing else."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import contextlib
from pathlib import Path

import pytest
import yaml

from cardgen.commands.main import main
from conftest import FIXTURES, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git to make the fixture repository")
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")

BOOK = """---
title: Testregeln
---

# Testregeln

## Bewegung

Eine Einheit bewegt sich bis zu ihrer GK weit.
Sie darf dabei nicht durch andere Modelle hindurch.

Klettern kostet doppelt.

## Fernkampf

Ein Schuss pro Aktion.
"""
TRAIT = {"id": "zaeh", "name": "Zäh", "max_level": 2, "points_per_level": 10,
         "rules": "Einmal pro Spiel darf ein Treffer ignoriert werden."}


def write(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgSign=false", *args],
                          cwd=root, check=True, capture_output=True, text=True).stdout.strip()


def diff(root: Path, monkeypatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["diff", *args])
    return code, out.getvalue(), err.getvalue()


def show(root: Path, monkeypatch) -> dict:
    monkeypatch.chdir(root)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["show", "kaempfer", "--json", "--content", "content"]) == 0
    return json.loads(out.getvalue())


@pytest.fixture
def repository(tmp_path) -> Path:
    """A designer's repository with one commit: a project file, content, a rulebook."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "rules", root / "content")
    write(root / "cardgen.toml", 'rulebooks = ["Regeln/*.md"]\n')
    write(root / "content" / "traits" / "zaeh.yaml", TRAIT)
    write(root / "content" / "units" / "kaempfer.yaml",
          unit("kaempfer", name="Kämpfer", weapons=["pistole"], traits=[{"id": "zaeh", "level": 2}]))
    write(root / "content" / "units" / "wache.yaml", unit("wache", name="Wache", weapons=["speer"]))
    write(root / "Regeln" / "Regeln.md", BOOK)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def entries(markdown: str) -> dict[str, dict[str, list[str]]]:
    """The report as {section: {entry: [lines]}}."""
    found: dict[str, dict[str, list[str]]] = {}
    section = entry = ""
    for line in markdown.splitlines():
        if line.startswith("## "):
            section = line[3:]
            found[section] = {}
        elif line.startswith("### "):
            entry = line[4:]
            found[section][entry] = []
        elif line.startswith("- "):
            found[section][entry].append(line[2:])
    return found


@needs_git
def test_between_two_commits_exactly_the_changes_made_are_reported(repository, monkeypatch):
    before = show(repository, monkeypatch)
    edit(repository / "content" / "units" / "kaempfer.yaml", "FK: 4", "FK: 5")                 # a stat
    pistol = repository / "content" / "weapons" / "pistole.yaml"
    edit(pistol, "name: Pistole", "name: Dienstpistole")                                     # a rename ...
    git(repository, "mv", "content/weapons/pistole.yaml", "content/weapons/dienstpistole.yaml")  # ... new file
    edit(repository / "content" / "traits" / "zaeh.yaml", "ein Treffer ignoriert", "eine Wunde ignoriert")
    edit(repository / "Regeln" / "Regeln.md", "Klettern kostet doppelt.", "Klettern kostet die dreifache GK.")
    git(repository, "commit", "-qam", "second")
    after = show(repository, monkeypatch)
    assert after["points"] != before["points"]                  # FK is priced: the points follow

    code, out, err = diff(repository, monkeypatch, "HEAD~1", "HEAD")
    assert (code, err) == (0, "")
    assert entries(out) == {
        "Einheiten": {"Kämpfer": ["FK: 4 → 5", f"Punkte: {before['points']} → {after['points']}"]},
        "Waffen": {"Pistole → Dienstpistole": ["Name: Pistole → Dienstpistole"]},
        "Eigenschaften": {"Zäh": ["Regeltext: Einmal pro Spiel darf ein Treffer ignoriert werden. → "
                                  "Einmal pro Spiel darf eine Wunde ignoriert werden."]},
        "Regelbuch": {"Regeln/Regeln.md › Testregeln › Bewegung": ["alt: Klettern kostet doppelt.",
                                                                   "neu: Klettern kostet die dreifache GK."]},
    }
    assert out.startswith("# Errata: HEAD\\~1 → HEAD\n")


@needs_git
def test_the_same_revision_twice_and_a_rewrapped_paragraph_are_no_change(repository, monkeypatch):
    edit(repository / "Regeln" / "Regeln.md", "GK weit.\nSie darf", "GK weit. Sie\ndarf")
    git(repository, "commit", "-qam", "rewrapped")
    code, out, _ = diff(repository, monkeypatch, "HEAD~1", "HEAD")
    assert code == 0 and out == "# Errata: HEAD\\~1 → HEAD\n\nKeine Änderungen.\n"


@needs_git
def test_two_folders_added_and_removed_units_and_sections(repository, tmp_path, monkeypatch):
    old = tmp_path / "old"
    shutil.copytree(repository, old, ignore=shutil.ignore_patterns(".git"))
    (repository / "content" / "units" / "wache.yaml").unlink()
    write(repository / "content" / "units" / "posten.yaml", unit("posten", name="Posten"))
    edit(repository / "Regeln" / "Regeln.md", "## Fernkampf", "## Nahkampf")
    code, out, _ = diff(tmp_path, monkeypatch, "old", "repo")
    assert code == 0
    assert entries(out) == {
        "Einheiten": {"Posten (neu)": [], "Wache (entfernt)": []},
        "Regelbuch": {"Regeln/Regeln.md › Testregeln › Nahkampf (neu)": ["neu: Ein Schuss pro Aktion."],
                      "Regeln/Regeln.md › Testregeln › Fernkampf (entfernt)": ["alt: Ein Schuss pro Aktion."]},
    }


@needs_git
def test_hostile_text_is_printed_as_text(repository, monkeypatch):
    edit(repository / "content" / "traits" / "zaeh.yaml", "ein Treffer ignoriert werden.",
         "ein Treffer <script>x</script> *ignoriert* [werden](file:///etc/passwd) {.big} ^^")
    git(repository, "commit", "-qam", "hostile")
    code, out, _ = diff(repository, monkeypatch, "HEAD~1", "HEAD")
    assert code == 0
    line = entries(out)["Eigenschaften"]["Zäh"][0]
    assert r"\<script\>x\</script\> \*ignoriert\* \[werden\](file:///etc/passwd) \{.big\} \^\^" in line


@needs_git
@needs_poppler
def test_errata_pdf_and_the_changed_cards(repository, tmp_path, monkeypatch):
    edit(repository / "content" / "weapons" / "pistole.yaml", "name: Pistole", "name: Dienstpistole")
    git(repository, "commit", "-qam", "rename")
    errata, cards = tmp_path / "errata.pdf", tmp_path / "cards.pdf"
    code, out, err = diff(repository, monkeypatch, "HEAD~1", "HEAD", "--pdf", str(errata), "--cards", str(cards))
    assert code == 0, err
    text = " ".join(subprocess.run(["pdftotext", str(errata), "-"], capture_output=True, check=True,
                                   text=True).stdout.split())
    assert "Errata: HEAD~1 → HEAD" in text and "Pistole → Dienstpistole" in text and "\\" not in text
    card_text = subprocess.run(["pdftotext", str(cards), "-"], capture_output=True, check=True, text=True).stdout
    assert "Dienstpistole" in card_text and "Kämpfer" in card_text      # the card carrying the renamed weapon
    assert "Wache" not in card_text                                    # an unchanged card is left out
    assert re.search(r"1 changed card", err)


@needs_git
def test_a_revision_with_errors_and_a_name_that_is_neither(repository, monkeypatch):
    edit(repository / "content" / "units" / "kaempfer.yaml", "faction: test", "faction: nirgends")
    git(repository, "commit", "-qam", "broken")
    code, _, err = diff(repository, monkeypatch, "HEAD~1", "HEAD")
    assert code == 1
    assert err.splitlines()[:2] == ["HEAD: the content has errors:",
                                    "HEAD:content/units/kaempfer.yaml:3:10: faction: unknown faction 'nirgends'"]
    code, _, err = diff(repository, monkeypatch, "HEAD", "--", "-rf")
    assert code == 1 and "'-rf' is neither a folder nor a git revision" in err
    code, _, err = diff(repository, monkeypatch, "HEAD~1", "no-such-branch")
    assert code == 1 and "'no-such-branch' is neither a folder nor a revision" in err
