"""The chapters in the build's cache: what a build used is kept, and nothing else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.build.cache import Cache
from cardgen.rulebook.build import build_rulebook
from cardgen.rulebook.chapterstore import KIND
from tests.conftest import PROJECT

pytestmark = pytest.mark.pdf          # renders PDFs

EXAMPLE = PROJECT / "content" / "rulebook" / "Regeln.md"


def _book(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(EXAMPLE.parent, folder)
    return folder / EXAMPLE.name


def _entries(cache: Cache) -> set[str]:
    return {path.name for path in cache.folder(KIND).iterdir()}


def test_a_build_drops_the_chapters_no_book_uses_any_more_and_keeps_the_other_books(tmp_path):
    one, other = _book(tmp_path, "one"), _book(tmp_path, "other")
    other.write_text(other.read_text(encoding="utf-8") + "\nNur im anderen Buch.\n", encoding="utf-8")
    cache = Cache(tmp_path / "out")
    (cache.folder(KIND) / "0123.pdf").write_bytes(b"left by an earlier cardgen")
    build = lambda source: build_rulebook(source, tmp_path / "x.pdf", [], write=False, chapters=True,  # noqa: E731
                                          cache=Cache(tmp_path / "out"), tool="t")
    build(one)
    build(other)
    first = _entries(cache)
    assert "0123.pdf" not in first
    text = one.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    one.write_text(text.replace(heading + "\n", heading + "\n\nEin Absatz mehr.\n", 1), encoding="utf-8")
    again = build(one)
    assert len(again.laid_out) >= 1
    now = _entries(cache)
    assert now - first and first - now                  # the edited chapter's new entries, its old ones gone
    assert build(other).laid_out == ()                  # the other book's chapters were kept


def test_the_split_is_kept_so_the_next_build_cascades_no_whole_book(tmp_path, monkeypatch):
    from cardgen.rulebook import chapters

    book = _book(tmp_path, "one")
    build = lambda: build_rulebook(book, tmp_path / "x.pdf", [], write=False, chapters=True,  # noqa: E731
                                   cache=Cache(tmp_path / "out"), tool="t")
    build()
    assert any(name.endswith(".split") for name in _entries(Cache(tmp_path / "out")))
    reused: list[object] = []
    real = chapters._reuse
    monkeypatch.setattr(chapters, "_reuse", lambda *a: reused.append(real(*a)) or reused[-1])
    build()
    assert reused and reused[0] is not None
