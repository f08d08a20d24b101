"""Acceptance (issue 29): the designer's rulebook repository builds as the docs promise.

The repository is the sample of ``tests/fixtures/rulebook-repo/`` (:mod:`tests.e2e.rulebook_repo`):
``cardgen.toml``, ``markdown.css``, ``Fonts/``, ``Grafiken/logo.svg`` and two books in ``Regeln/``
-- ``Regelbuch.md`` draws ``Regeln/Grafiken/stern.svg``, ``Eigenschaften.md`` draws
``Regeln/Grafiken/schild.svg`` -- and no ``content/``.  ``cardgen build`` runs in-process from its
root; what it rendered is counted by a spy on the one function that renders a rulebook
(:func:`cardgen.rulebook.build.build_rulebook`) and read from its own report (``built``/``reused``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardgen.rulebook.build
from cardgen.commands.main import main
from tests.e2e.rulebook_repo import make_rulebook_repo

BOOKS = {"Regelbuch": "rulebooks/Regeln/Regelbuch.pdf", "Eigenschaften": "rulebooks/Regeln/Eigenschaften.pdf"}
NO_CARDS = "no content folder 'content': no cards, rulebooks only"
CARD_OUTPUTS = ("cards.pdf", "powers.pdf", "changed-cards.pdf", "groups", "png", "print-shop")


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    repo = make_rulebook_repo(tmp_path / "repo")
    monkeypatch.chdir(repo)
    return repo


@pytest.fixture
def build(monkeypatch, capsys):
    """``cardgen build`` in the repository: (exit code, stdout, the books rendered, by stem)."""
    rendered: list[str] = []
    real = cardgen.rulebook.build.build_rulebook

    def spy(source, *args, **kwargs):
        rendered.append(Path(source).stem)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(cardgen.rulebook.build, "build_rulebook", spy)

    def run(*args: str) -> tuple[int, str, list[str]]:
        rendered.clear()
        code = main(["build", *args])
        out = capsys.readouterr().out
        return code, out, sorted(rendered)

    return run


def reported(out: str, status: str) -> list[str]:
    """The books the build's own report says it ``built`` or ``reused``."""
    return sorted(stem for stem, label in BOOKS.items() if f"{status:>8}  {label}" in out.splitlines())


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.pdf
def test_a_repository_of_rulebooks_builds_both_books_and_says_there_are_no_cards(repo, build):
    assert not (repo / "content").exists()
    code, out, rendered = build()
    assert code == 0
    assert NO_CARDS in out.splitlines()
    assert rendered == ["Eigenschaften", "Regelbuch"] == reported(out, "built")
    assert sorted(p.relative_to(repo / "build").as_posix() for p in (repo / "build").rglob("*.pdf")
                  if ".cache" not in p.parts) == sorted(BOOKS.values())
    assert not any((repo / "build" / name).exists() for name in CARD_OUTPUTS)


@pytest.mark.pdf
def test_an_empty_content_folder_writes_no_card_output(repo, build):
    (repo / "content").mkdir()
    code, out, rendered = build()
    assert code == 0 and rendered == ["Eigenschaften", "Regelbuch"]
    assert NO_CARDS not in out                              # there is a content folder: it has no units
    assert not any((repo / "build" / name).exists() for name in CARD_OUTPUTS)
    assert "cards.pdf" not in out


def test_content_named_on_the_command_line_must_exist(repo, build):
    code, out, rendered = build("--content", "content")
    assert code == 1 and rendered == [] and not (repo / "build" / "rulebooks").exists()


@pytest.mark.pdf
def test_only_what_a_book_read_rebuilds_it(repo, build):
    assert build()[2] == ["Eigenschaften", "Regelbuch"]
    code, out, rendered = build()
    assert (code, rendered) == (0, []) and reported(out, "reused") == ["Eigenschaften", "Regelbuch"]

    edit(repo / "Regeln" / "Regelbuch.md", "Gespielt wird", "Gespielt wird heute")     # one line of one book
    code, out, rendered = build()
    assert (code, rendered) == (0, ["Regelbuch"]) and reported(out, "reused") == ["Eigenschaften"]

    edit(repo / "Regeln" / "Grafiken" / "stern.svg", "<svg", "<svg data-neu='1'")       # Regelbuch's picture
    code, out, rendered = build()
    assert (code, rendered) == (0, ["Regelbuch"]) == (0, reported(out, "built"))

    edit(repo / "Regeln" / "Grafiken" / "schild.svg", "<svg", "<svg data-neu='1'")      # Eigenschaften's
    assert build()[2] == ["Eigenschaften"]

    (repo / "Regeln" / "Grafiken" / "neu.svg").write_text("<svg/>", encoding="utf-8")    # read by no book
    assert build()[2] == []

    with (repo / "markdown.css").open("a", encoding="utf-8") as css:                     # both books' look
        css.write("p { orphans: 3; }\n")
    code, out, rendered = build()
    assert (code, rendered) == (0, ["Eigenschaften", "Regelbuch"])
    assert build()[2] == []


@pytest.mark.pdf
def test_a_picture_that_appears_where_a_book_looked_for_it_rebuilds_that_book(repo, build):
    edit(repo / "Regeln" / "Eigenschaften.md", "![Schild](Grafiken/schild.svg)",
         "![Schild](Grafiken/schild.svg) ![Turm](Grafiken/turm.svg)")
    code, out, rendered = build()
    assert code == 0 and rendered == ["Eigenschaften", "Regelbuch"]
    assert build()[2] == []
    (repo / "Regeln" / "Grafiken" / "turm.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', encoding="utf-8")
    code, out, rendered = build()
    assert (code, rendered) == (0, ["Eigenschaften"])


def test_init_missing_only_adds_the_workflow_and_keeps_his_files_byte_for_byte(repo, capsys):
    before = {rel: (repo / rel).read_bytes() for rel in ("cardgen.toml", "Grafiken/logo.svg", "Regeln/Regelbuch.md")}
    assert main(["init"]) == 1                                            # refused as before: nothing written
    assert "3 file(s) in the way, nothing written" in capsys.readouterr().err
    assert not (repo / ".github").exists()
    assert main(["init", "--missing-only", "--pip-spec", "cardgen==0.1.0"]) == 0
    out = capsys.readouterr().out
    wrote, kept = out.split("kept 3 existing files as they are:\n")
    assert "  .github/workflows/cardgen.yml\n" in wrote and "  .gitignore\n" in wrote
    assert kept.startswith("  Grafiken/logo.svg\n  Regeln/Regelbuch.md\n  cardgen.toml\n")
    assert "cardgen==0.1.0" in (repo / ".github" / "workflows" / "cardgen.yml").read_text(encoding="utf-8")
    assert {rel: (repo / rel).read_bytes() for rel in before} == before
