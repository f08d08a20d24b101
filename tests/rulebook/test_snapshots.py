"""The HTML of the example rulebook, compared whole with ``tests/snapshots/rulebook/``.

``content/rulebook/Regeln.md`` uses every feature of the dialect; its
title block and body (what the layout template receives) are snapshots,
so a change to any plugin shows up as a reviewable HTML diff.
"""

from __future__ import annotations

from cardgen.paths import ASSETS_DIR
from cardgen.rulebook.document import read_document
from cardgen.stages import load_content
from conftest import PROJECT

SOURCE = PROJECT / "content" / "rulebook" / "Regeln.md"


def test_example_rulebook_html(snapshot):
    document = read_document(SOURCE, SOURCE.read_text(encoding="utf-8"), [ASSETS_DIR],
                             content=load_content(PROJECT / "content"))
    assert [p.format() for p in document.problems] == []
    snapshot("rulebook/Regeln.title.html", document.title_html)
    snapshot("rulebook/Regeln.body.html", document.body_html)


def test_example_rulebook_draft_html(snapshot):
    document = read_document(SOURCE, SOURCE.read_text(encoding="utf-8"), [ASSETS_DIR], draft=True,
                             content=load_content(PROJECT / "content"))
    snapshot("rulebook/Regeln.draft.body.html", document.body_html)
