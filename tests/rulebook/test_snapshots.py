"""The HTML of the example rulebook, compared whole with ``tests/snapshots/rulebook/``.

``content/rulebook/Regeln.md`` uses every feature of the dialect; its
title block and body (what the layout template receives) are snapshots,
so a change to any plugin shows up as a reviewable HTML diff.
"""

from __future__ import annotations

import pytest

from cardgen.cards.figures import standalone_faces
from cardgen.paths import ASSETS_DIR
from cardgen.project.file import Project
from cardgen.rulebook.document import read_document
from cardgen.stages import load_content
from cardgen.look.theme import Theme
from conftest import PROJECT

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SOURCE = PROJECT / "content" / "rulebook" / "Regeln.md"


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The example content and its card faces (for the card figures), cached in a folder of its own."""
    content = load_content(PROJECT / "content")
    root = tmp_path_factory.mktemp("faces")
    cards, warnings = standalone_faces(content, Project(root=root, out=root / "build"), Theme())
    assert warnings == []
    return content, cards


def test_example_rulebook_html(snapshot, example):
    content, cards = example
    document = read_document(SOURCE, SOURCE.read_text(encoding="utf-8"), [ASSETS_DIR],
                             content=content, cards=cards)
    assert [p.format() for p in document.problems] == []
    snapshot("rulebook/Regeln.title.html", document.title_html)
    snapshot("rulebook/Regeln.body.html", document.body_html)


def test_example_rulebook_draft_html(snapshot, example):
    content, cards = example
    document = read_document(SOURCE, SOURCE.read_text(encoding="utf-8"), [ASSETS_DIR], draft=True,
                             content=content, cards=cards)
    snapshot("rulebook/Regeln.draft.body.html", document.body_html)
