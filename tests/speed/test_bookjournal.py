"""The rulebook's journal (cardgen/speed/bookjournal.py): a no-change ``cardgen rulebook`` is replayed,
and any change to what the book reads lays it out again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import cardgen.rulebook.build
from tests.conftest import FIXTURES
from tests.speed.journal_runs import Run, command_run, without_the_checkout

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

BOOK = Path("Regeln") / "Eigenschaften.md"
PDF = Path("build") / "rulebooks" / "Regeln" / "Eigenschaften.pdf"


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    """The designer-shaped repository (tests/fixtures/rulebook-repo) as the working folder, its files
    just copied: each is racy (written in the 2 s before the run), so pinned by its content."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "rulebook-repo", root)
    monkeypatch.chdir(root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    without_the_checkout(monkeypatch)
    return root


def rulebook(monkeypatch, capsys, *options: str) -> Run:
    """``cardgen rulebook OPTIONS BOOK`` as the command runs it (cardgen.entry), in this process."""
    return command_run(monkeypatch, capsys, cardgen.rulebook.build, "build_rulebook", ["rulebook", *options, str(BOOK)])


def test_a_run_with_nothing_changed_is_replayed_with_what_it_printed(repo, monkeypatch, capsys):
    first = rulebook(monkeypatch, capsys)
    assert first.built and first.code == 0 and f"wrote {PDF}" in first.out
    pdf = (repo / PDF).read_bytes()
    again = rulebook(monkeypatch, capsys)
    assert not again.built and again.code == 0
    assert (again.out, again.err) == (first.out, first.err)
    assert (repo / PDF).read_bytes() == pdf


CHANGES = {
    "the book edited": lambda root: (root / BOOK).write_text((root / BOOK).read_text() + "\nMehr.\n"),
    "a picture it shows redrawn": lambda root: (root / "Regeln" / "Grafiken" / "schild.svg").write_text(
        (root / "Regeln" / "Grafiken" / "schild.svg").read_text().replace("<svg", "<svg data-x='1'", 1)),
    "the project's stylesheet changed": lambda root: (root / "markdown.css").write_text("h1 { color: red; }\n"),
    "the project file changed": lambda root: (root / "cardgen.toml").write_text(
        "# mein Spiel\n" + (root / "cardgen.toml").read_text()),
    "a picture added where the look-up searches": lambda root: (root / "Grafiken" / "neu.svg").write_text("<svg/>"),
    "the PDF deleted": lambda root: (root / PDF).unlink(),
    "the PDF replaced": lambda root: (root / PDF).write_bytes(b"%PDF-1.7\n"),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=list(CHANGES))
def test_any_change_lays_the_book_out_again(repo, monkeypatch, capsys, change):
    assert rulebook(monkeypatch, capsys).built
    change(repo)
    after = rulebook(monkeypatch, capsys)
    assert after.built and after.code == 0
    assert not rulebook(monkeypatch, capsys).built          # and the run after that replays again


def test_a_book_saved_again_unchanged_moments_before_is_compared_by_its_content(repo, monkeypatch, capsys):
    assert rulebook(monkeypatch, capsys).built
    text = (repo / BOOK).read_bytes()
    (repo / BOOK).unlink()
    (repo / BOOK).write_bytes(text)            # new inode and times, the same bytes: an editor's save
    assert not rulebook(monkeypatch, capsys).built


def test_a_racy_file_rewritten_with_its_old_size_and_time_is_seen(repo, monkeypatch, capsys):
    assert rulebook(monkeypatch, capsys).built
    path = repo / BOOK
    info = path.stat()
    text = path.read_text(encoding="utf-8")
    changed = text.replace("Schild", "Schilf", 1)
    assert changed != text and len(changed) == len(text)
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert rulebook(monkeypatch, capsys).built


def journals(root: Path) -> list[Path]:
    folder = root.parent / "cache" / "cardgen" / "journal"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def test_a_failed_run_leaves_no_journal(repo, monkeypatch, capsys):
    assert rulebook(monkeypatch, capsys).built and len(journals(repo)) == 1
    text = (repo / BOOK).read_bytes()
    (repo / BOOK).write_bytes(b"\xff\xfe nicht UTF-8")
    failed = rulebook(monkeypatch, capsys)
    assert failed.code == 1 and "not UTF-8" in failed.err and journals(repo) == []
    (repo / BOOK).write_bytes(text)
    assert rulebook(monkeypatch, capsys).built
