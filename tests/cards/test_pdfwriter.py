"""The imposer's page-by-page PDF writer: pages of several documents, every object they reach
renumbered into one file that reads back as the same objects."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardgen.cards import pdfwriter
from cardgen.cards.pdfwriter import PdfWriter, Recording


def _document(note: str) -> pikepdf.Pdf:
    """Two pages under a page tree that passes its MediaBox down; a shared font with strings and
    names that read like references; a plain stream, an XMP metadata stream, nested arrays."""
    pdf = pikepdf.Pdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name("/F1#200#20R"),
        Note=pikepdf.String(note), Widths=pikepdf.Array([1, 0, pikepdf.Name("/R")])))
    metadata = pdf.make_stream(b"<x:xmpmeta>1 0 R</x:xmpmeta>", Type=pikepdf.Name.Metadata,
                               Subtype=pikepdf.Name.XML)
    for text in (b"BT /F1 8 Tf (eins) Tj ET", b"BT /F1 8 Tf (zwei) Tj ET"):
        page = pikepdf.Dictionary(Type=pikepdf.Name.Page, Contents=pdf.make_stream(text),
                                  Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)),
                                  Metadata=metadata, Nested=pikepdf.Array([[font, 7], {"/In": font}]))
        pdf.pages.append(pikepdf.Page(pdf.make_indirect(page)))
    pdf.Root.Pages.MediaBox = pikepdf.Array([0, 0, 100, 200])
    assert "/MediaBox" not in pdf.pages[0].obj
    return pdf


def test_pages_of_two_documents_read_back_as_they_were():
    writer = PdfWriter()
    notes = ["(3 0 R) und 4 0 R", "\\) 5 0 R ("]
    for note in notes:
        with _document(note) as pdf:
            writer.add_pages(pdf)
    data = writer.finish({"/Producer": "cardgen"})

    with pikepdf.Pdf.open(io.BytesIO(data)) as out:
        assert out.check_pdf_syntax() == []
        assert out.docinfo["/Producer"] == "cardgen"
        assert len(out.pages) == 4
        for number, page in enumerate(out.pages):
            obj = page.obj
            assert list(obj.MediaBox) == [0, 0, 100, 200]                   # moved onto the page
            font = obj.Resources.Font.F1
            assert str(font.Note) == notes[number // 2]                      # strings copied as they were
            assert font.BaseFont == pikepdf.Name("/F1#200#20R")
            assert list(font.Widths) == [1, 0, pikepdf.Name("/R")]
            assert obj.Nested[0][0].objgen == font.objgen == obj.Nested[1].In.objgen
            assert obj.Contents.read_bytes() == [b"BT /F1 8 Tf (eins) Tj ET", b"BT /F1 8 Tf (zwei) Tj ET"][number % 2]
            assert obj.Contents.Filter == pikepdf.Name.FlateDecode         # a plain stream is compressed
            assert obj.Metadata.read_raw_bytes() == b"<x:xmpmeta>1 0 R</x:xmpmeta>"   # XMP stays readable
        fonts = {page.obj.Resources.Font.F1.objgen for page in out.pages}
        assert len(fonts) == 2                                              # shared within a document, once each


def test_the_same_pages_give_the_same_bytes():
    def written() -> bytes:
        writer = PdfWriter()
        with _document("x") as pdf:
            writer.add_pages(pdf)
        return writer.finish({"/Producer": "cardgen"})
    first = written()
    assert first == written()
    with pikepdf.Pdf.open(io.BytesIO(first)) as out:
        assert out.trailer.ID[0] == out.trailer.ID[1] and len(bytes(out.trailer.ID[0])) == 16


def _many(count: int) -> pikepdf.Pdf:
    """``count`` pages, each with a font of its own: enough objects to fill several object streams."""
    pdf = pikepdf.Pdf.new()
    for number in range(count):
        font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Note=pikepdf.String(f"{number} 0 R")))
        page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=pikepdf.Array([0, 0, 10, 10]),
                                  Contents=pdf.make_stream(f"BT /F1 8 Tf ({number}) Tj ET".encode()),
                                  Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
        pdf.pages.append(pikepdf.Page(pdf.make_indirect(page)))
    return pdf


def _three_chunks(replayed: Recording | None = None) -> tuple[bytes, Recording]:
    """A file of three chunks (70, 1 and 2 pages); the middle one recorded, or replayed from ``replayed``."""
    writer, recording = PdfWriter(), Recording()
    with _many(70) as first:
        writer.add_pages(first)
    if replayed is None:
        with _document("mitte") as middle:
            writer.add_pages(middle, record=recording)
    else:
        assert writer.replay(replayed)
    with _document("ende") as last:
        writer.add_pages(last)
    return writer.finish({"/Producer": "cardgen"}), recording


def test_a_recorded_chunk_replayed_at_another_place_writes_the_same_bytes():
    """A chunk recorded once and replayed into a file where the numbering stands elsewhere (another
    first chunk, object streams half full) gives the bytes writing its pages there gives."""
    _, recording = _three_chunks()
    shifted = PdfWriter()
    with _many(3) as other:
        shifted.add_pages(other)                    # the recording's numbers no longer fit: renumbered
    assert shifted.replay(Recording.from_bytes(recording.to_bytes()))
    with _document("mitte") as middle:
        direct = PdfWriter()
        with _many(3) as other:
            direct.add_pages(other)
        direct.add_pages(middle)
    assert shifted.finish({}) == direct.finish({})
    written, _ = _three_chunks()
    assert _three_chunks(replayed=Recording.from_bytes(recording.to_bytes()))[0] == written


def test_a_recording_that_does_not_hold_together_writes_nothing():
    """A recording naming an object it never numbered is refused part way: the writer is as before
    (the file comes out byte for byte as without the attempt), and the chunk can be written anew."""
    _, recording = _three_chunks()
    stores = [i for i, event in enumerate(recording.events) if event[0] == "s"]
    broken = Recording(list(recording.events))
    kind, number, body = broken.events[stores[-1]]
    broken.events[stores[-1]] = (kind, number, body.replace(b"<<", b"<< /Bad 99999 0 R", 1))
    writer = PdfWriter()
    with _many(70) as first:
        writer.add_pages(first)
    assert writer.replay(broken) is False
    with _document("mitte") as middle:
        writer.add_pages(middle)
    with _document("ende") as last:
        writer.add_pages(last)
    assert writer.finish({"/Producer": "cardgen"}) == _three_chunks()[0]


@pytest.mark.parametrize("damage", [
    lambda data: data[:-3],                                  # cut short
    lambda data: b"cardgen-chunk 9\n" + data[16:],           # another format
    lambda data: data[:16] + b"x" + data[17:],               # an unknown event
    lambda data: data[:16] + b"s\0\0\0\x01\xff\xff\xff\xff",  # a body longer than the file
    lambda data: _bad_row(data),                             # a row pointing out of the image
])
def test_a_damaged_recording_is_refused(damage):
    _, recording = _three_chunks()
    with pytest.raises(ValueError):
        Recording.from_bytes(damage(recording.to_bytes()))


def _bad_row(data: bytes) -> bytes:
    """``data`` (a recording) with its image's first cross-reference row pointing past the image."""
    recording = Recording.from_bytes(data)
    assert recording.image is not None
    recording.image.rows[0] = (1, len(recording.image.data) + 5, 0)
    return recording.to_bytes()


def test_a_chunk_replayed_where_its_numbers_still_fit_is_copied_as_it_was(monkeypatch):
    """Where the recorded chunk starts at the number it had, its stretch of the file is copied: not
    one reference renumbered, nothing compressed again -- and the bytes are those of writing anew."""
    written, recording = _three_chunks()
    kept = Recording.from_bytes(recording.to_bytes())
    assert kept.image is not None and kept.image.data in written

    def refuse(*_args, **_kwargs):
        raise AssertionError("renumbered or compressed")
    writer = PdfWriter()
    with _many(70) as first:
        writer.add_pages(first)
    monkeypatch.setattr(pdfwriter, "_TOKEN", type("Refuse", (), {"sub": staticmethod(refuse)})())
    monkeypatch.setattr(pdfwriter.zlib, "compress", refuse)
    assert writer.replay(kept)
    monkeypatch.undo()
    with _document("ende") as last:
        writer.add_pages(last)
    assert writer.finish({"/Producer": "cardgen"}) == written


def test_a_chunk_keeps_its_objects_in_object_streams_of_its_own():
    """No object stream holds objects of two chunks: a chunk's stretch of the file stands alone."""
    _, recording = _three_chunks()
    image = recording.image
    assert image is not None
    numbers = range(image.first, image.first + len(image.rows))
    assert all(a in numbers for kind, a, _ in image.rows if kind == 2)
    assert sum(kind == 2 for kind, _, _ in image.rows) > 0
