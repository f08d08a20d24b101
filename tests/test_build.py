"""``cardgen build``'s own decisions (cardgen.build): which rulebooks there are and where each goes,
which manifest entries a full build answers for.  (The whole build: tests/e2e/test_build.py; the
project file's rulebooks: tests/test_project.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.build import built_by_build, find_rulebooks, rulebook_output
from cardgen.context import CardOptions, Summary


def test_rulebook_output_keeps_the_path_below_its_base():
    assert rulebook_output(Path("/c/rulebook/Regeln.md"), Path("/c")) == "rulebooks/rulebook/Regeln.pdf"
    assert rulebook_output(Path("/c/Regeln.md"), Path("/c")) == "rulebooks/Regeln.pdf"


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
