"""One subset name, one font program: the fonts of a PDF put together from many (issue 42, point 3).

WeasyPrint names a font subset after its font's description (``BLOXSV+Cardgen-Condensed,...``), not
after the glyphs it holds: every card face, sheet and chapter it lays out apart subsets the same font
anew under the same name.  A file assembled from them (``cards.pdf``: 36 faces) then holds dozens of
*different* programs under one name -- a RIP that caches fonts by name draws wrong glyphs -- and the
same program many times over.

:func:`share_fonts` gives every font program its own tag, six capital letters of the SHA-256 of its
bytes (the same glyphs give the same tag in every build), and keeps one copy of each identical
program, descriptor, width array, ``ToUnicode`` map and font dictionary: objects are compared by
their content with their references followed (their Merkle digest), every reference to a copy points
to the first one, and qpdf's save leaves the unreachable copies out.  A family's different subsets
are first merged into one program per face where the file allows (:mod:`cardgen.pdf.fontmerge`: WeasyPrint
keeps each glyph's id in its subsets, so their union is a union of glyphs).
"""

from __future__ import annotations

import hashlib
import io
import re

import pikepdf

from cardgen.pdf.fontmerge import merge_faces
from cardgen.pdf.sfnt import program_tag

PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")
_SUBSET = re.compile(r"^/?[A-Z]{6}\+")
_DROPPED = ("/Length", "/Filter", "/DecodeParms")     # a stream is compared by its decoded bytes
# A literal string (group 1, stepped over: its text may read like a reference) or a reference ``N G R``
# (groups 2, 3) that is no part of a name or another number, in qpdf's ``unparse`` of an object (qpdf
# writes a string's ``(`` and ``)`` escaped; names and hex strings cannot hold one).
REFERENCE = re.compile(rb"(\((?:[^\\)]|\\.)*\))|(?<![\w.#+/-])(\d+) (\d+) R")

ObjGen = tuple[int, int]


def share_fonts(pdf: pikepdf.Pdf) -> int:
    """Merge each face's subsets (:func:`~cardgen.pdf.fontmerge.merge_faces`), tag every embedded subset of
    ``pdf`` by its program and point every font reference to one copy of its content (in place); the
    number of names and references changed (0: nothing to do)."""
    changed = merge_faces(pdf, _font_entries(pdf))
    entries = _font_entries(pdf)
    fonts = {font.objgen: font for _, _, font in entries}
    changed += sum(_retag(font) for font in fonts.values())
    keys: dict[ObjGen, bytes] = {}
    for font in fonts.values():
        _key(font, keys, pdf)
    first: dict[bytes, ObjGen] = {}
    canonical = {objgen: first.setdefault(key, objgen) for objgen, key in keys.items()}
    for objgen, target in canonical.items():
        if objgen == target:
            changed += _repoint(pdf.get_object(objgen), canonical, pdf)
    for resources, name, font in entries:
        if canonical.get(font.objgen, font.objgen) != font.objgen:
            resources[name] = pdf.get_object(canonical[font.objgen])
            changed += 1
    return changed


def shared_fonts(data: bytes) -> bytes:
    """:func:`share_fonts` on the PDF ``data``: the same bytes when nothing changed."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if not share_fonts(pdf):
            return data
        return save_deterministic(pdf)


def save_deterministic(pdf: pikepdf.Pdf) -> bytes:
    """``pdf`` saved so that the same objects give the same bytes (object streams, stream data copied
    as it is); objects nothing references any more are left out."""
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return buffer.getvalue()


def _font_entries(pdf: pikepdf.Pdf) -> list[tuple[pikepdf.Object, str, pikepdf.Dictionary]]:
    """(font resources, name, font) of every indirect font that a page, form, pattern or glyph
    procedure names in its resources."""
    entries = []
    for obj in pdf.objects:
        holder = obj.stream_dict if isinstance(obj, pikepdf.Stream) else obj
        if not isinstance(holder, pikepdf.Dictionary) or "/Resources" not in holder:
            continue
        resources = holder.Resources
        if not isinstance(resources, pikepdf.Dictionary) or not isinstance(resources.get("/Font"), pikepdf.Dictionary):
            continue
        for name, font in resources.Font.items():
            if font.is_indirect and isinstance(font, pikepdf.Dictionary):
                entries.append((resources.Font, name, font))
    return entries


def _descriptors(font: pikepdf.Object) -> list[pikepdf.Object]:
    """``font`` and its descendant fonts (a Type0 font's CIDFont): what carries a subset name."""
    descendants = font.get("/DescendantFonts")
    return [font, *(d for d in descendants if isinstance(d, pikepdf.Dictionary))] \
        if isinstance(descendants, pikepdf.Array) else [font]


def _retag(font: pikepdf.Object) -> int:
    """Name ``font``'s subset (BaseFont of it and its descendants, FontName of their descriptors)
    after its program's bytes; how many names changed."""
    parts = _descriptors(font)
    descriptors = [d for d in (p.get("/FontDescriptor") for p in parts) if isinstance(d, pikepdf.Dictionary)]
    programs = [d[key] for d in descriptors for key in PROGRAMS if isinstance(d.get(key), pikepdf.Stream)]
    if not programs:
        return 0
    tag = program_tag(_stream_bytes(programs[0]))
    changed = 0
    for holder, key in [*((p, "/BaseFont") for p in parts), *((d, "/FontName") for d in descriptors)]:
        name = holder.get(key)
        if isinstance(name, pikepdf.Name) and _SUBSET.match(str(name)) and not str(name).startswith(f"/{tag}+"):
            holder[key] = pikepdf.Name(f"/{tag}+{str(name)[8:]}")
            changed += 1
    return changed


def _stream_bytes(stream: pikepdf.Object) -> bytes:
    """A stream's decoded bytes (its raw bytes where qpdf cannot decode them)."""
    try:
        return stream.read_bytes()
    except pikepdf.PdfError:
        return stream.read_raw_bytes()


def _key(obj: pikepdf.Object, keys: dict[ObjGen, bytes], pdf: pikepdf.Pdf) -> bytes:
    """The digest of the indirect object ``obj``: its text (qpdf's ``unparse``, a stream's dictionary
    without its encoding, and its decoded bytes) with every reference in it replaced by the digest
    of its target, kept in ``keys``; an object that reaches itself again keeps its number (never merged)."""
    if obj.objgen in keys:
        return keys[obj.objgen]
    keys[obj.objgen] = b"%d %d" % obj.objgen               # while its children are keyed
    if isinstance(obj, pikepdf.Stream):
        head = pikepdf.Dictionary({k: v for k, v in obj.stream_dict.items() if k not in _DROPPED})
        text = b"S" + head.unparse() + hashlib.sha256(_stream_bytes(obj)).digest()
    else:
        text = b"O" + obj.unparse(resolved=True)

    def follow(match: re.Match) -> bytes:
        if match.group(1) is not None:
            return match.group(0)
        return b"<%s>" % _key(pdf.get_object(int(match.group(2)), int(match.group(3))), keys, pdf).hex().encode()

    keys[obj.objgen] = key = hashlib.sha256(REFERENCE.sub(follow, text)).digest()
    return key


def _has_reference(obj: pikepdf.Object) -> bool:
    """Whether the direct array or dictionary ``obj`` holds a reference (a font's widths hold none)."""
    return any(match.group(2) for match in REFERENCE.finditer(obj.unparse()))


def _repoint(obj: pikepdf.Object, canonical: dict[ObjGen, ObjGen], pdf: pikepdf.Pdf) -> int:
    """Point every reference in ``obj`` (its direct parts too) to the first copy of its target;
    how many were changed."""
    holder = obj.stream_dict if isinstance(obj, pikepdf.Stream) else obj
    places: list[str | int]
    if isinstance(holder, pikepdf.Dictionary):
        places = list(holder.keys())
    elif isinstance(holder, pikepdf.Array):
        places = list(range(len(holder)))
    else:
        return 0
    changed = 0
    for place in places:
        value = holder[place]
        if not isinstance(value, pikepdf.Object):
            continue
        if value.is_indirect:
            target = canonical.get(value.objgen, value.objgen)
            if target != value.objgen:
                holder[place] = pdf.get_object(target)
                changed += 1
        elif isinstance(value, (pikepdf.Dictionary, pikepdf.Array)) and _has_reference(value):
            changed += _repoint(value, canonical, pdf)
    return changed
