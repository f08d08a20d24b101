"""Group sheets in one orientation (issue 42, point 4): a group's cover and reference pages are portrait,
so are its card sheets -- a landscape sheet's content drawn turned by 90° on a portrait page, never a
/Rotate, so a printer has nothing to auto-rotate; everything drawn stays on its page."""

from __future__ import annotations

import pikepdf
import pypdfium2
import pytest

pytestmark = pytest.mark.pdf          # reads the example build's PDFs

SLACK_PT = 0.5                        # rounding of the placement matrices


def _pages(path):
    """(width, height, /Rotate or None) of every page of ``path``."""
    with pikepdf.open(path) as pdf:
        return [(float(p.mediabox[2]) - float(p.mediabox[0]), float(p.mediabox[3]) - float(p.mediabox[1]),
                 p.obj.get("/Rotate")) for p in pdf.pages]


def test_every_page_of_a_group_sheet_is_portrait_and_never_rotated(example_build):
    sheets = sorted((example_build.out / "groups").glob("*.pdf"))
    assert sheets
    for path in sheets:
        pages = _pages(path)
        assert len(pages) > 3, path                     # cover, card sheets, reference
        assert [w < h for w, h, _ in pages] == [True] * len(pages), (path.name, pages)
        assert [rotate for *_, rotate in pages] == [None] * len(pages), path.name


def test_what_a_group_sheet_draws_stays_on_its_page(example_build):
    """Every object drawn on a page -- the sheet's and the faces' forms with the matrices that place
    (and turn) them, the text and pictures of cover and reference -- lies within the page."""
    for path in sorted((example_build.out / "groups").glob("*.pdf")):
        document = pypdfium2.PdfDocument(path)
        try:
            for number in range(len(document)):
                page = document[number]
                width, height = page.get_size()
                bounds = [obj.get_bounds() for obj in page.get_objects(max_depth=0)]
                assert bounds, (path.name, number)
                left, bottom = min(b[0] for b in bounds), min(b[1] for b in bounds)
                right, top = max(b[2] for b in bounds), max(b[3] for b in bounds)
                assert left >= -SLACK_PT and bottom >= -SLACK_PT, (path.name, number, left, bottom)
                assert right <= width + SLACK_PT and top <= height + SLACK_PT, (path.name, number, right, top)
        finally:
            document.close()
