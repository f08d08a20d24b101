"""The print-shop files as PDF/X-4 (ISO 15930-7): what print shops ask for.

The faces come from WeasyPrint as plain PDF and are placed by pikepdf
(:mod:`cardgen.cards.impose`); WeasyPrint's own ``pdf/x-4`` variant would mark
each *face* document, which is not what a shop receives.  So the assembled file
is made PDF/X-4 here, with pikepdf:

* an output intent (``/OutputIntents``, ``/S /GTS_PDFX``) whose
  ``/DestOutputProfile`` is the CMYK printing condition's ICC profile: by default
  :data:`DEFAULT_PROFILE`, made from Fogra's FOGRA39L characterization data
  (``docs/decisions/0070-cmyk-profile.md``), or the shop's own (``--icc FILE``);
* ``GTS_PDFXVersion`` ``PDF/X-4`` in the XMP metadata and the document info,
  ``/Trapped /False`` (the name ``/False``; XMP ``pdf:Trapped`` ``False``), a title
  and fixed dates (no wall-clock time in outputs);
* the XMP media-management ids (``xmpMM:DocumentID``, ``InstanceID``,
  ``VersionID``, ``RenditionClass``), the UUIDs derived from a digest of the input
  (the same content gives the same ids, :func:`content_ids`), and the trailer's
  ``/ID`` beginning with the DocumentID's 16 bytes;
* no RGB without a profile: WeasyPrint paints in ``DeviceRGB``, so every
  resource dictionary gets a ``/DefaultRGB`` colour space (ICC-based sRGB,
  :data:`SRGB_PROFILE`) and every transparency group blends in it;
* TrimBox and BleedBox are set by :meth:`Imposer.add_face`; fonts are embedded
  by WeasyPrint.
"""

from __future__ import annotations

import hashlib
import io
import uuid

import pikepdf

from cardgen.paths import ASSETS_DIR

DEFAULT_PROFILE = ASSETS_DIR / "icc" / "FOGRA39L-cardgen.icc"
DEFAULT_CONDITION = "FOGRA39"       # the ICC registry's name for coated offset paper, ISO 12647-2:2004/Amd 1
SRGB_PROFILE = ASSETS_DIR / "icc" / "sRGB.icc"
PDFX_VERSION = "PDF/X-4"
FIXED_DATE = "D:20000101000000Z"    # PDF/X wants dates; the same content gives the same file
FIXED_XMP_DATE = "2000-01-01T00:00:00Z"
PDFXID = "http://www.npes.org/pdfx/ns/id/"
TRAPPED = pikepdf.Name("/False")    # not pikepdf.Name.False_, which is the name /False_
ID_NAMESPACE = uuid.UUID("7c1f0d3e-5b8a-4d2e-9f61-2a4c8e0b3d57")   # cardgen's: uuid5 of a content digest


def make_pdfx(pdf: bytes, profile: bytes, condition: str = DEFAULT_CONDITION, title: str = "cardgen") -> bytes:
    """``pdf`` (pages placed by the imposer) as PDF/X-4 with ``profile`` (a CMYK output ICC profile)
    as its output intent for ``condition``."""
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        srgb = pikepdf.Array([pikepdf.Name.ICCBased,
                              document.make_stream(SRGB_PROFILE.read_bytes(), N=3)])
        document.Root.OutputIntents = pikepdf.Array([document.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition), OutputCondition=pikepdf.String(condition),
            RegistryName=pikepdf.String("http://www.color.org"), Info=pikepdf.String(condition),
            DestOutputProfile=document.make_stream(profile, N=4)))])
        seen: set[tuple[int, int]] = set()
        for page in document.pages:
            tag_rgb(page.obj, srgb, seen)
        document_id, instance_id = content_ids(pdf, profile, condition, title)
        write_metadata(document, title, document_id, instance_id)
        # qpdf keeps an existing /ID's first string and makes the second from the written bytes
        document.trailer.ID = pikepdf.Array([pikepdf.String(document_id.bytes)] * 2)
        buffer = io.BytesIO()
        document.save(buffer, deterministic_id=True, force_version="1.6",   # PDF/X-4: PDF 1.6 at most
                      object_stream_mode=pikepdf.ObjectStreamMode.generate,
                      stream_decode_level=pikepdf.StreamDecodeLevel.none)
        return buffer.getvalue()


def tag_rgb(obj: pikepdf.Object, srgb: pikepdf.Array, seen: set[tuple[int, int]]) -> None:
    """``/DefaultRGB`` (``srgb``) in the resources of ``obj`` (a page or a form) and of every form it
    draws, and every ``DeviceRGB`` transparency group of them blended in ``srgb``; each object once."""
    if obj.is_indirect:
        if obj.objgen in seen:
            return
        seen.add(obj.objgen)
    group = obj.get("/Group")
    if group is not None and group.get("/CS") == pikepdf.Name.DeviceRGB:
        group.CS = srgb
    resources = obj.get("/Resources")
    if resources is None:
        return
    if "/ColorSpace" not in resources:
        resources.ColorSpace = pikepdf.Dictionary()
    resources.ColorSpace.DefaultRGB = srgb
    for xobject in resources.get("/XObject", {}).values():
        if xobject.get("/Subtype") == pikepdf.Name.Form:
            tag_rgb(xobject, srgb, seen)
    for pattern in resources.get("/Pattern", {}).values():
        if isinstance(pattern, pikepdf.Stream):
            tag_rgb(pattern, srgb, seen)


def content_ids(pdf: bytes, profile: bytes, condition: str, title: str) -> tuple[uuid.UUID, uuid.UUID]:
    """The document's ``xmpMM:DocumentID`` and ``InstanceID``: UUIDs (version 5) of a SHA-256 of
    everything :func:`make_pdfx` is given, so a rebuild of the same content gets the same ids (never
    time or chance: the same content gives the same file) and other content other ids."""
    digest = hashlib.sha256()
    for part in (pdf, profile, condition.encode(), title.encode()):
        digest.update(len(part).to_bytes(8, "big") + part)
    document_id = uuid.uuid5(ID_NAMESPACE, digest.hexdigest())
    return document_id, uuid.uuid5(document_id, "instance 1")


def write_metadata(document: pikepdf.Pdf, title: str, document_id: uuid.UUID, instance_id: uuid.UUID) -> None:
    """The document info and XMP metadata PDF/X-4 asks for (version, trapping, title, dates, the
    media-management ids); the keys both hold say the same."""
    for key in ("/Producer", "/Creator"):
        document.docinfo[key] = "cardgen"
    document.docinfo["/Title"] = title
    document.docinfo["/GTS_PDFXVersion"] = PDFX_VERSION
    document.docinfo["/Trapped"] = TRAPPED
    document.docinfo["/CreationDate"] = FIXED_DATE
    document.docinfo["/ModDate"] = FIXED_DATE
    with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta.register_xml_namespace(PDFXID, "pdfxid")
        meta[f"{{{PDFXID}}}GTS_PDFXVersion"] = PDFX_VERSION
        meta["dc:title"] = title
        meta["pdf:Producer"] = "cardgen"
        meta["pdf:Trapped"] = "False"
        meta["xmp:CreatorTool"] = "cardgen"
        meta["xmp:CreateDate"] = FIXED_XMP_DATE
        meta["xmp:ModifyDate"] = FIXED_XMP_DATE
        meta["xmp:MetadataDate"] = FIXED_XMP_DATE
        meta["xmpMM:DocumentID"] = document_id.urn
        meta["xmpMM:InstanceID"] = instance_id.urn
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
