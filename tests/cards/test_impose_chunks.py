"""The imposer saves every ``CHUNK_PAGES`` sheets as one chunk and merges the chunks at the end:
the merged PDF must hold every face, once, in order, on the sheet it would have had in one piece."""

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


@pytest.mark.parametrize("layout,faces_per_page,chunks", [
    ("grid", [9, 9, 9, 9, 5], 3),                                  # chunks of 2, 2 and 1 sheets
    ("duplex", [9, 9, 9, 9, 9, 9, 9, 9, 5, 5], 5),                 # a front and a back sheet per chunk
])
def test_chunks_merge_into_every_face_in_order(monkeypatch, layout, faces_per_page, chunks):
    cards = _cards(41)                                              # 5 sheets of fronts, the last one part full
    whole = impose(cards, CARD, layout)
    monkeypatch.setattr(Imposer, "CHUNK_PAGES", 2)
    saved: list[int] = []
    original_flush = Imposer._flush

    def counting_flush(self):
        before = len(self._chunks)
        original_flush(self)
        saved.extend(range(before, len(self._chunks)))
    monkeypatch.setattr(Imposer, "_flush", counting_flush)
    chunked = impose(cards, CARD, layout)
    assert len(saved) == chunks                                     # the merge really had chunks to merge
    pages = _labels_by_page(chunked)
    assert [len(page) for page in pages] == faces_per_page
    fronts = [label for page in pages for label in page if label.startswith("K")]
    assert fronts == [f"K{i:02d}" for i in range(len(cards))]      # every face once, in order
    if layout == "duplex":                                          # each back page: the backs of the page before
        assert [sorted(label[1:] for label in page) for page in pages[1::2]] == \
            [sorted(label[1:] for label in page) for page in pages[0::2]]
    assert pages == _labels_by_page(whole)                          # the same sheets as in one piece
    assert placements(chunked) == placements(whole)                 # at the same places
    with pikepdf.Pdf.open(io.BytesIO(chunked)) as document:         # each page keeps its sheet background
        assert all("/Bg" in page.Resources.XObject for page in document.pages)


@pytest.mark.parametrize("layout", ["fold", "duplex"])
def test_streaming_gives_the_same_bytes_and_keeps_no_face_open(monkeypatch, layout):
    """The streaming imposer (the default) closes each face's document once its form is copied; the
    PDF is byte for byte the one of the imposer that keeps them open until the chunk is saved."""
    cards = _cards(7)
    monkeypatch.setattr(Imposer, "CHUNK_PAGES", 2)                  # chunks and their merge included
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
