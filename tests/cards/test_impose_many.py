"""Many sheets: the imposed PDF holds every face, once, in order, each sheet with its background;
streaming (each face's document closed once copied) gives the same bytes as keeping them open."""

from __future__ import annotations

import io

import pikepdf
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


@pytest.mark.parametrize("layout", ["fold", "duplex"])
def test_streaming_gives_the_same_bytes_and_keeps_no_face_open(monkeypatch, layout):
    """The streaming imposer (the default) closes each face's document once its form is copied; the
    PDF is byte for byte the one of the imposer that keeps them open until the PDF is saved."""
    cards = _cards(7)
    held: list[int] = []
    add_page = Imposer.add_page

    def watching(self, sheet, faces):
        add_page(self, sheet, faces)
        held.append(len(self._sources))
    monkeypatch.setattr(Imposer, "add_page", watching)
    streamed = impose(cards, CARD, layout)
    assert set(held) == {0}
    held.clear()
    init = Imposer.__init__
    monkeypatch.setattr(Imposer, "__init__", lambda self: init(self, streaming=False))
    kept_open = impose(cards, CARD, layout)
    assert max(held) > 0
    assert streamed == kept_open
