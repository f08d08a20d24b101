"""Issue 30.2: ``cardgen cards --layout duplex`` on the example content prints double-sided, flipped on
the long edge, without misregistering -- ``cards.pdf`` and every group PDF (cover, cards, powers,
reference pages).

Every imposed sheet of fronts is at an odd page and its backs at the next page; a page printed on its
own (the cover, a page of power cards) has a blank page behind it; and, flipped on the long edge
(x mirrored, y kept), each back's placed box lies exactly behind its front's, and shows the same unit.
Boxes are read from the PDF: each face is drawn as a form XObject ``/F<slot>`` through a ``cm`` matrix
(``cards/impose.py``); the sheet itself is ``/Bg``."""

from __future__ import annotations

import pikepdf
import pypdfium2
import pytest

from tests.cards.conftest import EXAMPLE, load_yaml
from tests.cards.synthetic import placements

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

UNIT_NAMES = sorted((u["name"] for u in load_yaml(EXAMPLE, "units").values()), key=len, reverse=True)
TOL = 0.01                          # points


def _kinds(path) -> list[str]:
    """Per page: ``sheet`` (imposed: draws ``/Bg``), ``blank`` (draws nothing) or ``page`` (cover, reference)."""
    kinds = []
    with pikepdf.open(path) as document:
        for page in document.pages:
            xobjects = page.obj.get("/Resources", {}).get("/XObject", {})
            contents = page.obj.get("/Contents")
            if "/Bg" in xobjects:
                kinds.append("sheet")
            elif contents is None or not page.Contents.read_bytes().strip():
                kinds.append("blank")
            else:
                kinds.append("page")
    return kinds


def _unit_in(document: pypdfium2.PdfDocument, page: int, box) -> str:
    """The unit name printed inside ``box`` on ``page`` (from 0): the longest one found."""
    text = document[page].get_textpage().get_text_bounded(box.left, box.bottom, box.right, box.top)
    flat = " ".join(text.split())
    return next((name for name in UNIT_NAMES if name in flat), "")


def _check_duplex(path) -> None:
    kinds = _kinds(path)
    pages = placements(path.read_bytes())
    assert len(kinds) % 2 == 0, f"{path.name}: {len(kinds)} pages"
    with pikepdf.open(path) as opened:
        width = float(opened.pages[0].mediabox[2])
    document = pypdfium2.PdfDocument(str(path))
    try:
        for front in range(0, len(kinds), 2):          # each physical sheet: pages front+1, front+2
            back = front + 1
            if kinds[front] != "sheet":
                assert kinds[back] in ("blank", "page"), (path.name, front + 1, kinds)
                if kinds[front] == "page" and kinds[back] == "page":
                    assert "sheet" not in kinds[back:], (path.name, "a cover shares a sheet with text")
                continue
            if not pages[back]:                        # power cards: nothing behind them
                assert kinds[back] == "blank", (path.name, back + 1)
                continue
            assert kinds[back] == "sheet", (path.name, back + 1)
            fronts = {p.name: p for p in pages[front]}
            for placed in pages[back]:
                mate = fronts[placed.name]             # the same slot on the front
                assert (placed.left, placed.right) == pytest.approx(
                    (width - mate.right, width - mate.left), abs=TOL), (path.name, back + 1, placed.name)
                assert (placed.bottom, placed.top) == pytest.approx((mate.bottom, mate.top), abs=TOL)
                unit = _unit_in(document, front, mate)
                assert unit and _unit_in(document, back, placed) == unit, (path.name, back + 1, placed.name)
    finally:
        document.close()


def test_cards_pdf_backs_lie_behind_their_fronts(example_duplex):
    code, _, err, folder = example_duplex
    assert code == 0, err
    assert set(_kinds(folder / "cards.pdf")) == {"sheet"}
    _check_duplex(folder / "cards.pdf")


def test_group_pdfs_keep_the_parity_cover_cards_powers_reference(example_duplex):
    code, _, err, folder = example_duplex
    assert code == 0, err
    groups = sorted((folder / "groups").glob("*.pdf"))
    assert groups
    for path in groups:
        kinds = _kinds(path)
        assert kinds[:2] == ["page", "blank"], (path.name, kinds)       # the cover on a sheet of its own
        last_sheet = len(kinds) - 1 - kinds[::-1].index("sheet")         # the last imposed page
        first_reference = kinds.index("page", last_sheet)                # blank backs may come between
        assert set(kinds[last_sheet + 1:first_reference]) <= {"blank"}, (path.name, kinds)
        assert first_reference % 2 == 0, (path.name, kinds)              # reference pages start a sheet
        _check_duplex(path)


def test_powers_pdf_pages_have_blank_backs(example_duplex):
    code, _, err, folder = example_duplex
    assert code == 0, err
    kinds = _kinds(folder / "powers.pdf")
    assert kinds == ["sheet", "blank"] * (len(kinds) // 2)
