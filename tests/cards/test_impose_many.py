"""Many sheets: the imposed PDF holds every face, once, in order, each sheet with its background;
sheets written a chunk at a time look exactly as sheets saved in one qpdf document."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.build.cache import Cache
from cardgen.cards.impose import ChunkCache, Imposer, impose
from cardgen.geometry import FacePage

from .synthetic import face_pdf, placements, words

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

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
    monkeypatch.setattr(Imposer, "__init__", lambda self, chunks=None, portrait=False: init(self, chunk_pages=2, portrait=portrait))
    cards = _cards(13)
    held: list[tuple[int, int]] = []
    write_chunk = Imposer._write_chunk

    def watching(self):
        waiting = sum(page.pages for page in self._pending)
        write_chunk(self)
        held.append((len(self._sources), waiting))
    monkeypatch.setattr(Imposer, "_write_chunk", watching)
    chunked = impose(cards, CARD, layout)
    assert {sources for sources, _ in held} == {0}                      # no face document left open
    assert max(pages for _, pages in held) <= 2 <= len(held)            # never more than a chunk held
    monkeypatch.setattr(Imposer, "__init__", lambda self, chunks=None, portrait=False: init(self, chunk_pages=None, portrait=portrait))
    one_document = impose(cards, CARD, layout)
    assert chunked != one_document
    assert _rendered(chunked) == _rendered(one_document)
    with pikepdf.Pdf.open(io.BytesIO(chunked)) as document:
        assert document.check_pdf_syntax() == []
        assert document.docinfo["/Producer"] == "cardgen"


class _Counted(list):
    """Cards that count how many of them the imposer read."""

    reads = 0

    def __getitem__(self, index):
        taken = super().__getitem__(index)
        self.reads += len(taken) if isinstance(index, slice) else 1
        return taken


@pytest.mark.parametrize("layout", ["fold", "duplex", "grid"])
def test_kept_chunks_give_the_bytes_of_imposing_anew_and_read_only_the_changed_faces(monkeypatch, tmp_path, layout):
    """Imposed a second time after one card changed, with the chunks kept from the first time: the
    very bytes of imposing everything anew, and only the changed card's chunk reads its faces."""
    init = Imposer.__init__
    monkeypatch.setattr(Imposer, "__init__", lambda self, chunks=None, portrait=False: init(self, chunk_pages=3, chunks=chunks,
                                                                                portrait=portrait))
    cards = _cards(41)
    names = [(f"k{i}", f"r{i}") for i in range(len(cards))]
    cache = Cache(tmp_path / "out")
    impose(cards, CARD, layout, names=names, chunks=ChunkCache(cache, "cards.pdf"))
    assert len(list((tmp_path / "out" / ".cache" / "chunks").iterdir())) >= 2

    cards[20] = (face_pdf("NEU", CARD), cards[20][1])
    names[20] = ("neu", names[20][1])
    counted = _Counted(cards)
    kept = impose(counted, CARD, layout, names=names, chunks=ChunkCache(cache, "cards.pdf"))
    assert kept == impose(cards, CARD, layout)
    assert "NEU" in [word.text for word in words(kept)]
    assert 0 < counted.reads <= 3 * 9                  # one chunk: 3 sheets of at most 9 cards, of 41 cards


def test_a_damaged_chunk_is_written_anew(tmp_path):
    cards, names = _cards(12), [(f"k{i}", f"r{i}") for i in range(12)]
    cache = Cache(tmp_path / "out")
    first = impose(cards, CARD, "fold", names=names, chunks=ChunkCache(cache, "cards.pdf"))
    for path in (tmp_path / "out" / ".cache" / "chunks").iterdir():
        data = path.read_bytes()
        path.write_bytes(data.replace(b"0 R", b"7 R", 1))            # the stored hash no longer matches
    assert impose(cards, CARD, "fold", names=names, chunks=ChunkCache(cache, "cards.pdf")) == first
