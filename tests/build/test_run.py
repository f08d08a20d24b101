"""``cardgen build``'s own decisions (cardgen.build.run): which rulebooks there are and where each goes,
which manifest entries a full build answers for.  (The whole build: tests/e2e/test_build.py; the
project file's rulebooks: tests/project/test_file.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.build.run import built_by_build, default_rulebook_output, find_rulebooks, rulebook_output
from cardgen.project.file import Project
from cardgen.build.context import CardOptions, Summary


def test_rulebook_output_keeps_the_path_below_its_base():
    assert rulebook_output(Path("/c/rulebook/Regeln.md"), Path("/c")) == "rulebooks/rulebook/Regeln.pdf"
    assert rulebook_output(Path("/c/Regeln.md"), Path("/c")) == "rulebooks/Regeln.pdf"


@pytest.mark.parametrize("rulebooks, source, expected", [
    (("Regeln/*.md",), "Regeln/Regelbuch.md", "rulebooks/Regeln/Regelbuch.pdf"),      # the project names them
    (("content/**/*.md",), "content/rulebook/Regeln.md", "rulebooks/content/rulebook/Regeln.pdf"),
    (None, "content/rulebook/Regeln.md", "rulebooks/rulebook/Regeln.pdf"),             # found in the content
    (None, "Regeln/Regelbuch.md", "rulebooks/Regeln/Regelbuch.pdf"),                   # below the root
    (None, "../draussen/Regelbuch.md", "rulebooks/Regelbuch.pdf"),                     # outside both
])
def test_cardgen_rulebook_writes_where_cardgen_build_puts_the_book(tmp_path, rulebooks, source, expected):
    """Issue 41, point 6: one book, one path (``cardgen rulebook``'s default output is build's)."""
    root = tmp_path / "repo"
    path = root / source
    path.parent.mkdir(parents=True)
    path.write_text("# R\n", encoding="utf-8")
    project = Project(root=root, rulebooks=rulebooks)
    assert default_rulebook_output(path, project, root / "content") == expected
    if rulebooks is not None or source.startswith("content/"):          # a book the build makes: its output
        assert expected in [output for _, output in find_rulebooks(root / "content", Summary(), project)]


def test_without_a_project_every_markdown_file_below_the_content_is_a_rulebook(tmp_path):
    for name in ("rulebook/Regeln.md", "Anhang.md", ".cache/alt.md", "units/a.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("# x\n", encoding="utf-8")
    (tmp_path / "fremd.md").symlink_to(tmp_path.parent)
    summary = Summary()
    assert find_rulebooks(tmp_path, summary) == [(tmp_path / "Anhang.md", "rulebooks/Anhang.pdf"),
                                                (tmp_path / "rulebook" / "Regeln.md", "rulebooks/rulebook/Regeln.pdf")]
    assert len(summary.warnings) == 1
    assert summary.warnings[0].endswith(f"{os.path.basename(tmp_path)}/fremd.md: warning: not read as a rulebook: "
                                        "its real path lies outside the allowed folders")


@pytest.mark.parametrize("entry, plain, print_shop", [
    ("output:cards.pdf", True, True),
    ("output:png/probe-front.png", False, False),
    ("output:print-shop/fronts.pdf", False, True),
    ("output:print-shop/press-SRA3-cards.pdf", False, False),  # only cardgen cards --sheet makes the press sheets
    ("face:abc", True, True),
])
def test_built_by_build(entry, plain, print_shop):
    assert built_by_build(entry) is plain
    assert built_by_build(entry, CardOptions(print_shop=True)) is print_shop
