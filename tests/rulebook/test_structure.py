"""Where a book is cut, found from its structure (cardgen/rulebook/structure.py): the same cuts as the
cascade of the whole book, on the user's rulebook and the fixture repositories' books; and a cut the
kinds of blocks cannot see through is caught by its check."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.project.file import find_project
from cardgen.rulebook.build import rulebook_page
from cardgen.rulebook.chapters import split_chapters, still_fits
from cardgen.rulebook.structure import cascade_probe, split_by_structure
from cardgen.safefs import Roots
from cardgen.look.theme import theme_for
from tests.conftest import FIXTURES
from tests.rulebook.test_chapters import BODY, HEAD

pytestmark = pytest.mark.pdf          # runs WeasyPrint's cascade

ROOT = Path(__file__).resolve().parents[2]
REGELBUCH = ROOT.parent / "shared" / "rulebook" / "Regelbuch.md"
BOOKS = {"fixture rulebook-repo Regelbuch": FIXTURES / "rulebook-repo" / "Regeln" / "Regelbuch.md",
         "fixture rulebook-repo Eigenschaften": FIXTURES / "rulebook-repo" / "Regeln" / "Eigenschaften.md",
         "fixture missions-repo": FIXTURES / "missions-repo" / "Regeln" / "Missionen.md",
         "example content's rulebook": ROOT / "content" / "rulebook" / "Regeln.md",
         "the user's Regelbuch.md": REGELBUCH}


def by_structure(html: str, first: str, roots: Roots):
    return split_by_structure(html, first, roots, lambda document: cascade_probe(document, roots))


@pytest.mark.parametrize("source", BOOKS.values(), ids=list(BOOKS))
def test_the_cut_from_the_structure_is_the_cut_of_the_whole_cascade(source):
    if not source.is_file():
        pytest.skip(f"{source} is not there (the user's rulebook lives in ../shared/rulebook beside the checkout)")
    project = find_project(source.parent)
    assets = [ROOT / "cardgen" / "assets", *([REGELBUCH.parent] if source == REGELBUCH else [])]
    page = rulebook_page(source, source.read_text(encoding="utf-8"), assets, project=project,
                         theme=theme_for(project))
    whole = split_chapters(page.parts_html, page.html, page.roots)
    found = by_structure(page.parts_html, page.html, page.roots)
    assert found is not None and found[0].cuts == whole.cuts and found[0].reason == whole.reason
    split, checks = found
    assert len(checks) == (1 + split.count if split.count > 1 else 0)      # the cuts, then each chapter
    assert all(still_fits(check, page.roots) for check in checks)


def test_a_rule_by_id_the_kinds_cannot_see_fails_the_check_of_its_chapter():
    """``#b`` takes back the break before one heading: the probe (ids left out) cuts there; the check of
    the cuts, the blocks at each cut cascaded as they stand in the book, sees no forced break at that cut
    (each chapter alone shows none inside: their checks hold)."""
    css = ".title-block { break-after: page } h2 { break-before: page } #b { break-before: auto }"
    html = HEAD.format(css=css, body=BODY)
    assert split_chapters(html, html, Roots.build(".")).cuts == (0, 1)
    found = by_structure(html, html, Roots.build("."))
    assert found is not None and found[0].cuts == (0, 1, 3)
    assert [still_fits(check, Roots.build(".")) for check in found[1]] == [False, True, True, True]


def test_a_first_child_rule_the_kinds_cannot_see_fails_the_check_of_its_cut():
    """cardgen's own ``main > h2:first-child { break-before: auto }`` with no break after the title: the
    probe puts no kind first and cuts before the first heading; in the check of the cuts, after the title,
    that heading is the first child of ``main``, as in the book, and the check fails (the book is then cut
    anew)."""
    css = "h2 { break-before: page } main > h2:first-child { break-before: auto }"
    html = HEAD.format(css=css, body=BODY)
    assert split_chapters(html, html, Roots.build(".")).cuts == (0, 3)
    found = by_structure(html, html, Roots.build("."))
    assert found is not None and found[0].cuts == (0, 1, 3)
    assert [still_fits(check, Roots.build(".")) for check in found[1]] == [False, True, True, True]

