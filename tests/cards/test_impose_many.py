"""Many sheets: the imposed PDF holds every face, once, in order, each sheet with its background;
sheets written a chunk at a time look exactly as sheets saved in one qpdf document."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.cards.impose import Imposer, impose
from cardgen.geometry import FacePage

from .synthetic import face_pdf, placements, words

CARD = FacePage(63, 88)             # 9 to an A4 grid sheet


def _cards(count: int) -> list[tuple[bytes, bytes | None]]:
    return [(face_pdf(f"K{i:02d}", CARD), face_pdf(f"R{i:02d}", CARD)) for i in range(count)]


def _labels_by_page(pdf: bytes) -> list[list[str]]:
    pages: list[list[str]] = [[] for _ in range(len(pikepdf.Pdf.open(io.BytesIO(pdf)).pages))]
    for word in words(pdf):
        pages[word.page - 1].append(word.text)
    return pages


@pytest.mark.parametrize("layout,faces_per_page", [
    ("grid", [9, 9, 9, 9, 5]),                                     # 5 sheets, the last one part full
    ("duplex", [9, 9, 9, 9, 9, 9, 9, 9, 5, 5]),                    # a front and a back sheet each
])
def test_every_face_once_in_order_on_its_sheet(layout, faces_per_page):
    cards = _cards(41)
    pdf = impose(cards, CARD, layout)
    pages = _labels_by_page(pdf)
    assert [len(page) for page in pages] == faces_per_page
    fronts = [label for page in pages for label in page if label.startswith("K")]
    assert fronts == [f"K{i:02d}" for i in range(len(cards))]      # every face once, in order
    if layout == "duplex":                                          # each back page: the backs of the page before
        assert [sorted(label[1:] for label in page) for page in pages[1::2]] == \
            [sorted(label[1:] for label in page) for page in pages[0::2]]
    assert [len(faces) for faces in placements(pdf)] == faces_per_page
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:             # each page keeps its sheet background
        assert all("/Bg" in page.Resources.XObject for page in document.pages)


def _rendered(pdf: bytes) -> list[tuple[tuple[float, float], bytes]]:
    """Each page's size and its pixels at 36 dpi (pypdfium2)."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [(page.get_size(), page.render(scale=0.5).to_pil().tobytes()) for page in document]
    finally:
        document.close()


@pytest.mark.parametrize("layout", ["fold", "duplex"])
def test_sheets_written_in_chunks_look_as_one_qpdf_document(monkeypatch, layout):
    """The imposer hands its sheets to the writer a chunk at a time and closes each face's document
    once its form is copied: every page is drawn pixel for pixel as when all sheets are in one qpdf
    document saved by qpdf (``chunk_pages=None``), and the file is sound (qpdf's own syntax check)."""
    init = Imposer.__init__
    monkeypatch.setattr(Imposer, "__init__", lambda self: init(self, chunk_pages=2))
    cards = _cards(13)
    held: list[tuple[int, int]] = []
    add_page = Imposer.add_page

    def watching(self, sheet, faces):
        add_page(self, sheet, faces)
        held.append((len(self._sources), len(self.pdf.pages)))
    monkeypatch.setattr(Imposer, "add_page", watching)
    chunked = impose(cards, CARD, layout)
    assert {sources for sources, _ in held} == {0}                      # no face document left open
    assert max(pages for _, pages in held) < 2 < len(held)              # never more than a chunk held
    monkeypatch.setattr(Imposer, "__init__", lambda self: init(self, chunk_pages=None))
    one_document = impose(cards, CARD, layout)
    assert chunked != one_document
    assert _rendered(chunked) == _rendered(one_document)
    with pikepdf.Pdf.open(io.BytesIO(chunked)) as document:
        assert document.check_pdf_syntax() == []
        assert document.docinfo["/Producer"] == "cardgen"
