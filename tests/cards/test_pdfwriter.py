"""The imposer's page-by-page PDF writer: pages of several documents, every object they reach
renumbered into one file that reads back as the same objects."""

from __future__ import annotations

import io

import pikepdf

from cardgen.cards.pdfwriter import PdfWriter


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
