"""Linked stylesheets parsed once per process (cardgen.speed.stylesheets, issue 13).

Reusing a parse must give the very same PDF bytes as parsing again, and must never skip
the document's own fetcher: every check, cap and refusal still applies to every document."""

from __future__ import annotations

import contextlib
import hashlib
import io

import pikepdf
import pytest
import weasyprint

from cardgen.cards.planning import plan_faces
from cardgen.cards.render import render_face
from cardgen.build.context import CardOptions
from cardgen.pdf.wrapper import render_pdf
from cardgen.speed.stylesheets import StylesheetCache, install
from cardgen.stages import load_and_derive
from tests.conftest import EXAMPLE

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

PAGE = "<style>@page { size: 40mm 20mm; margin: 0 }</style>"


@contextlib.contextmanager
def parsed_every_time():
    """WeasyPrint's own stylesheet parsing, as before the cache."""
    installed = weasyprint.css.CSS
    weasyprint.css.CSS = weasyprint.CSS
    try:
        yield
    finally:
        weasyprint.css.CSS = installed


def test_the_cache_is_installed_for_every_document():
    assert weasyprint.css.CSS == install().parse


def test_faces_are_byte_identical_with_the_cache():
    content, derived = load_and_derive(EXAMPLE)
    jobs = plan_faces(content, CardOptions(), "test", derived)
    jobs = [next(j for j in jobs if j.kind == kind) for kind in ("front", "back", "power")]

    def faces() -> list[str]:
        return [hashlib.sha256(render_face(j.kind, j.card, j.page, j.min_font_pt, j.theme).pdf).hexdigest()
                for j in jobs]

    with parsed_every_time():
        before = faces()
    cached, again = faces(), faces()            # the second round reuses every kept parse
    assert cached == before and again == before
    assert len(install()._kept) >= 2          # card.css and the face's own sheet at least


def _colour_of(pdf: bytes) -> bytes:
    """The fill colour operators of the page ('1 0 0 rg' for red)."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        operators = pikepdf.parse_content_stream(doc.pages[0])
    return b" ".join(pikepdf.unparse_content_stream([op]) for op in operators if str(op.operator) == "rg")


def test_a_changed_sheet_is_parsed_again(tmp_path):
    sheet = tmp_path / "style.css"
    html = PAGE + '<link rel="stylesheet" href="style.css"><div class="box" style="height: 5mm">x</div>'
    sheet.write_text(".box { background: #ff0000 }")
    red = render_pdf(html, tmp_path)
    sheet.write_text(".box { background: #0000ff }")
    blue = render_pdf(html, tmp_path)
    assert b"1 0 0 rg" in _colour_of(red.pdf)
    assert b"0 0 1 rg" in _colour_of(blue.pdf) and b"1 0 0 rg" not in _colour_of(blue.pdf)


def test_a_kept_sheet_is_still_refused_outside_the_allowed_folders(tmp_path):
    allowed, other = tmp_path / "allowed", tmp_path / "other"
    allowed.mkdir(), other.mkdir()
    (allowed / "style.css").write_text(".box { color: #00ff00 }")
    html = PAGE + f'<link rel="stylesheet" href="{(allowed / "style.css").as_uri()}"><div class="box">x</div>'
    first = render_pdf(html, allowed)
    assert first.refused == ()
    second = render_pdf(html, other)            # the same URL, a document that may not read it
    assert second.refused and "style.css" in second.refused[0]


def test_sheets_that_reach_outside_themselves_are_not_kept(tmp_path):
    (tmp_path / "base.css").write_text(".box { color: #010203 }")
    (tmp_path / "imports.css").write_text('@import "base.css";')
    (tmp_path / "page.css").write_text("@page { size: 30mm 30mm }")
    (tmp_path / "plain.css").write_text(".box { color: #040506 }")
    cache = StylesheetCache(weasyprint.CSS)
    installed = weasyprint.css.CSS
    weasyprint.css.CSS = cache.parse
    try:
        for name in ("imports", "page", "plain"):
            html = f'<link rel="stylesheet" href="{name}.css"><div class="box">x</div>'
            rendered = render_pdf(html, tmp_path)
            assert rendered.refused == ()
    finally:
        weasyprint.css.CSS = installed
    kept = sorted(key[0].rsplit("/", 1)[-1] for key in cache._kept)
    assert kept == ["plain.css"]


@pytest.mark.parametrize("twice", [False, True])
def test_a_linked_page_rule_applies_in_every_document(tmp_path, twice):
    (tmp_path / "page.css").write_text("@page { size: 30mm 50mm; margin: 0 }")
    html = '<link rel="stylesheet" href="page.css"><p>x</p>'
    if twice:
        render_pdf(html, tmp_path)
    with pikepdf.open(io.BytesIO(render_pdf(html, tmp_path).pdf)) as doc:
        box = [float(v) for v in doc.pages[0].MediaBox]
    assert box[2] == pytest.approx(30 / 25.4 * 72, abs=0.1) and box[3] == pytest.approx(50 / 25.4 * 72, abs=0.1)


def _media_box_mm(pdf: bytes) -> list[float]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [round(float(v) / 72 * 25.4, 1) for v in doc.pages[0].MediaBox]


def test_a_kept_sheet_brings_no_page_rule_of_an_earlier_document(tmp_path):
    """WeasyPrint hands every sheet the document's list of @page rules; a kept sheet must not
    carry the list of the document it was first parsed in into the next one."""
    (tmp_path / "plain.css").write_text(".box { color: #070809 }")
    first = '<link rel="stylesheet" href="plain.css"><style>@page { size: 30mm 50mm; margin: 0 }</style><p class="box">x</p>'
    second = '<link rel="stylesheet" href="plain.css"><p class="box">x</p>'
    assert _media_box_mm(render_pdf(first, tmp_path).pdf) == [0, 0, 30, 50]
    assert _media_box_mm(render_pdf(second, tmp_path).pdf) == [0, 0, 210, 297]     # WeasyPrint's A4


def test_a_kept_sheet_says_its_warnings_again_in_every_document(tmp_path):
    """Issue 27.2: a theme's broken rule was reported by the first face a process rendered only."""
    sheet = tmp_path / "style.css"
    html = PAGE + '<link rel="stylesheet" href="style.css"><div class="box">x</div>'
    sheet.write_text(".box { color: bogus-colour }")
    first, second = render_pdf(html, tmp_path), render_pdf(html, tmp_path)
    assert any(key[0].endswith("style.css") for key in install()._kept)     # the second reused the parse
    assert [w for w in first.warnings if "bogus-colour" in w] == [w for w in second.warnings if "bogus-colour" in w]
    assert len([w for w in second.warnings if "bogus-colour" in w]) == 1


def test_a_layered_sheet_is_kept_and_still_loses_to_an_unlayered_one(tmp_path):
    """cardgen's book.css lies in @layer cardgen (issue 41.3): kept like any sheet, and reused only
    where its layer comes first, so an unlayered rule still beats a more specific layered one."""
    (tmp_path / "low.css").write_text("@layer cardgen { div.box.x { color: #ff0000 } }")
    (tmp_path / "high.css").write_text(".box { color: #0000ff }")
    html = (PAGE + '<link rel="stylesheet" href="low.css"><link rel="stylesheet" href="high.css">'
            '<div class="box x" style="background: currentColor; height: 5mm">x</div>')
    cache = StylesheetCache(weasyprint.CSS)
    installed = weasyprint.css.CSS
    weasyprint.css.CSS = cache.parse
    try:
        first, again = render_pdf(html, tmp_path).pdf, render_pdf(html, tmp_path).pdf
    finally:
        weasyprint.css.CSS = installed
    with parsed_every_time():
        fresh = render_pdf(html, tmp_path).pdf
    assert sorted(key[0].rsplit("/", 1)[-1] for key in cache._kept) == ["high.css", "low.css"]
    assert b"0 0 1 rg" in _colour_of(again) and b"1 0 0 rg" not in _colour_of(again)
    assert first == again == fresh
