"""The ``rulebooks`` globs of cardgen.toml (cardgen.project.globwalk): one capped walk, ``**`` for any folders."""

from __future__ import annotations

import pytest

from cardgen.project.globwalk import TooManyEntries, match_files, normalise, pattern_problem


@pytest.fixture
def tree(tmp_path):
    for name in ("Regeln.md", "teil/Kapitel.md", "teil/tief/Anhang.md", "teil/bild.png", ".git/x.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("pattern, found", [
    ("*.md", ["Regeln.md"]),
    ("teil/*.md", ["teil/Kapitel.md"]),
    ("**/*.md", ["Regeln.md", "teil/Kapitel.md", "teil/tief/Anhang.md"]),
    ("teil/**/**/*.md", ["teil/Kapitel.md", "teil/tief/Anhang.md"]),
    ("./teil//tief/*.md", ["teil/tief/Anhang.md"]),
    ("teil/**", []),
])
def test_match_files(tree, pattern, found):
    assert [p.relative_to(tree).as_posix() for p in match_files(tree, pattern)] == found


def test_the_walk_is_capped(tree):
    with pytest.raises(TooManyEntries):
        match_files(tree, "**/*.md", max_entries=3)


def test_normalise_and_refused_patterns():
    assert normalise("./a//**/**/b.md") == ("a", "**", "b.md")
    assert pattern_problem("a/*.md") is None
    assert pattern_problem("x" * 257) == "is longer than 256 characters"
    assert pattern_problem("/".join("a" * 17)) == "has more than 16 segments (a run of '**' counts once)"
