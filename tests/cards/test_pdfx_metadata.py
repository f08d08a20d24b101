"""Issue 42.1: the PDF/X-4 metadata a preflight reads (``cards/pdfx.py``) -- the document info and
the XMP agree on every PDF/X key (``/Trapped`` is the name ``/False``, not ``/False_``), the XMP
media-management ids are there, the same for the same input and other for other input, and the
trailer's ``/ID`` begins with the DocumentID.  On a one-page PDF made here: no render."""

from __future__ import annotations

import io
import uuid
from datetime import datetime

import pikepdf
import pytest

from cardgen.cards.pdfx import DEFAULT_PROFILE, PDFX_VERSION, PDFXID, make_pdfx

XMP_ID_KEYS = ("xmpMM:DocumentID", "xmpMM:InstanceID", "xmpMM:VersionID", "xmpMM:RenditionClass")


def _plain_pdf(text: bytes = b"") -> bytes:
    """A one-page PDF whose page draws ``text`` (as a comment: other bytes, the same look)."""
    document = pikepdf.new()
    document.add_blank_page(page_size=(180, 252))
    document.pages[0].Contents = document.make_stream(b"% " + text + b"\n0 0 m\n")
    buffer = io.BytesIO()
    document.save(buffer, deterministic_id=True)
    return buffer.getvalue()


def _pdfx(text: bytes = b"", title: str = "print-shop/powers.pdf") -> bytes:
    return make_pdfx(_plain_pdf(text), DEFAULT_PROFILE.read_bytes(), "FOGRA39", title)


def _pdf_date(value: str) -> datetime:
    """A PDF date string (``D:YYYYMMDDHHmmSSZ``) as an aware datetime."""
    return datetime.strptime(str(value).replace("Z", "+0000"), "D:%Y%m%d%H%M%S%z")


def _read(data: bytes) -> tuple[dict, dict, list[bytes]]:
    """The document info, the XMP keys a preflight compares, and the trailer's two ids."""
    with pikepdf.open(io.BytesIO(data)) as document:
        info = {key: document.docinfo[key] for key in document.docinfo.keys()}
        meta = document.open_metadata()
        xmp = {key: meta.get(key) for key in (f"{{{PDFXID}}}GTS_PDFXVersion", "pdf:Trapped", "dc:title",
                                               "pdf:Producer", "xmp:CreatorTool", "xmp:CreateDate",
                                               "xmp:ModifyDate", "xmp:MetadataDate", *XMP_ID_KEYS)}
        ids = [bytes(part) for part in document.trailer.ID]
    return info, xmp, ids


def test_info_and_xmp_agree_on_every_pdfx_key():
    info, xmp, _ = _read(_pdfx())
    assert info["/Trapped"] == pikepdf.Name("/False") and str(info["/Trapped"]) == "/False"
    assert xmp["pdf:Trapped"] == "False"
    assert str(info["/GTS_PDFXVersion"]) == xmp[f"{{{PDFXID}}}GTS_PDFXVersion"] == PDFX_VERSION
    assert str(info["/Title"]) == xmp["dc:title"] == "print-shop/powers.pdf"
    assert str(info["/Producer"]) == xmp["pdf:Producer"] and str(info["/Creator"]) == xmp["xmp:CreatorTool"]
    created, modified = _pdf_date(info["/CreationDate"]), _pdf_date(info["/ModDate"])
    assert datetime.fromisoformat(xmp["xmp:CreateDate"]) == created
    assert datetime.fromisoformat(xmp["xmp:ModifyDate"]) == modified
    assert datetime.fromisoformat(xmp["xmp:MetadataDate"]) == modified


def test_xmp_ids_are_there_and_match_the_trailer():
    _, xmp, ids = _read(_pdfx())
    document_id, instance_id = (uuid.UUID(xmp[key].removeprefix("urn:uuid:")) for key in XMP_ID_KEYS[:2])
    assert xmp["xmpMM:DocumentID"] == document_id.urn and document_id != instance_id
    assert xmp["xmpMM:VersionID"] and xmp["xmpMM:RenditionClass"] == "default"
    assert ids[0] == document_id.bytes and len(ids[1]) == 16


@pytest.mark.parametrize("other", [{"text": b"another card"}, {"title": "print-shop/unit-fronts.pdf"}])
def test_xmp_ids_are_stable_for_the_same_input_only(other):
    first, again, changed = _pdfx(), _pdfx(), _pdfx(**other)
    assert first == again                                   # the same input: the same file, ids and all
    ids, changed_ids = (_read(data)[1] for data in (first, changed))
    for key in XMP_ID_KEYS[:2]:
        assert ids[key] != changed_ids[key]
