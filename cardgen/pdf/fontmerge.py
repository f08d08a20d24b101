"""One program per face: the subsets of a font that the parts of an assembled PDF embed apart, merged
(issue 42, point 3's last part; issue 48, point 2: the book's fonts embedded once).

WeasyPrint subsets each document's fonts keeping every glyph at its place in the font (HarfBuzz's
``RETAIN_GIDS``: the glyphs a document does not use are left empty) and shows text as those glyph ids
(a ``CIDFontType2`` with ``CIDToGIDMap /Identity``, ``Identity-H`` encoding).  So the subsets that card
faces, sheets or chapters laid out apart embed of one face are one font with different glyphs left
empty, and their union is a subset in which every text string of every part still shows the glyphs it
showed: :func:`merge_faces` makes that union once per face and points every part's font resource to it.

A face is a font's name after its tag and its descriptor (family, style flags, angle, metrics).  Its
subsets are merged only where nothing can change: TrueType programs (``FontFile2``) with the same glyph
order up to their lengths and the same tables, every glyph that two of them hold identical (outline and
metrics), and their widths and ``ToUnicode`` maps agreeing on every glyph id they share; otherwise the
face's subsets are left as they are (:func:`cardgen.pdf.fonts.share_fonts` still names each apart).
The union takes the glyphs of the subset that reaches furthest and adds the others' glyphs where it has
an empty one; it is written without a time stamp, so the same subsets give the same bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from dataclasses import dataclass, field

import pikepdf

from cardgen.pdf.sfnt import NotMergeable, Subset, program_tag, write_union

Face = tuple[str, ...]
_SUBSET = re.compile(r"^/?[A-Z]{6}\+")
_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_PAIR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")
CMAP_HEAD = (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo\n<< /Registry (Adobe)\n"
             b"/Ordering (UCS)\n/Supplement 0\n>> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
             b"1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n")
CMAP_TAIL = b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"


def merge_faces(pdf: pikepdf.Pdf, entries: list[tuple[pikepdf.Object, str, pikepdf.Dictionary]]) -> int:
    """Merge the subsets of each face that ``entries`` (font resources, name, font) use into one font
    (in place); how many resource entries now point to a merged font."""
    faces: dict[Face, dict[tuple[int, int], pikepdf.Dictionary]] = defaultdict(dict)
    for font in {font.objgen: font for _, _, font in entries}.values():
        face = face_of(font)
        if face is not None:
            faces[face][font.objgen] = font
    merged: dict[tuple[int, int], pikepdf.Dictionary] = {}
    for face in sorted(faces):
        for union in _unions(list(faces[face].values())):
            if len(union.digests) > 1:
                merged.update(_merged_fonts(pdf, union))
    changed = 0
    for resources, name, font in entries:
        if font.objgen in merged:
            resources[name] = merged[font.objgen]
            changed += 1
    return changed


def face_of(font: pikepdf.Dictionary) -> Face | None:
    """The face of a Type0 font WeasyPrint embeds (see the module docstring), else None (left alone)."""
    if font.get("/Subtype") != "/Type0" or font.get("/Encoding") != "/Identity-H":
        return None
    descendants = font.get("/DescendantFonts")
    if not isinstance(descendants, pikepdf.Array) or len(descendants) != 1:
        return None
    cid = descendants[0]
    descriptor = cid.get("/FontDescriptor")
    if (cid.get("/Subtype") != "/CIDFontType2" or cid.get("/CIDToGIDMap") != "/Identity"
            or not isinstance(descriptor, pikepdf.Dictionary) or "/CIDSet" in descriptor
            or not isinstance(descriptor.get("/FontFile2"), pikepdf.Stream)
            or not isinstance(font.get("/ToUnicode"), pikepdf.Stream) or not _SUBSET.match(str(font.BaseFont))):
        return None
    return (str(font.BaseFont)[8:], str(descriptor.get("/FontFamily", "")), str(int(descriptor.Flags) & ~1),
            *(str(descriptor.get(key)) for key in ("/ItalicAngle", "/Ascent", "/Descent", "/StemV", "/StemH")))


def _program(font: pikepdf.Dictionary) -> pikepdf.Object:
    return font.DescendantFonts[0].FontDescriptor.FontFile2


@dataclass
class _Union:
    """Fonts of one face that can share one program: the union of their subsets."""

    subset: Subset
    digests: set[bytes] = field(default_factory=set)           # of the programs merged
    members: list[tuple[pikepdf.Dictionary, dict[int, float], dict[int, bytes]]] = field(default_factory=list)


def _unions(fonts: list[pikepdf.Dictionary]) -> list[_Union]:
    """``fonts`` (of one face) in groups that can share a program: each joins the first group whose
    subset agrees with its own (:meth:`~cardgen.pdf.sfnt.Subset.agrees`), else starts one."""
    read = []
    for font in fonts:
        widths, texts = _widths(font.DescendantFonts[0].get("/W")), _to_unicode(font.ToUnicode.read_bytes())
        program = _program(font).read_bytes()
        try:
            subset = Subset.read(program)
        except NotMergeable:
            continue
        if widths is not None and texts is not None:
            read.append((hashlib.sha256(program).digest(), font, subset, widths, texts))
    read.sort(key=lambda item: (-item[2].count, item[0], item[1].objgen))    # the same order in every run
    unions: list[_Union] = []
    for digest, font, subset, widths, texts in read:
        union = next((u for u in unions if digest in u.digests or u.subset.agrees(subset)), None)
        if union is None:
            union = _Union(subset)
            unions.append(union)
        elif digest not in union.digests:
            union.subset.add(subset)
        union.digests.add(digest)
        union.members.append((font, widths, texts))
    return unions


def _merged_fonts(pdf: pikepdf.Pdf, union: _Union) -> dict[tuple[int, int], pikepdf.Dictionary]:
    """The font that stands for each member of ``union`` (by its number): one program, the union of their
    subsets, under one name, and one font dictionary for each group of members whose widths and
    ``ToUnicode`` maps agree on every glyph they share -- WeasyPrint rounds a width per document (937 in
    one chapter, 938 in another), and a text string is placed by its font's widths: they are kept."""
    groups: list[tuple[dict[int, float], dict[int, bytes], list[pikepdf.Dictionary]]] = []
    for font, widths, texts in union.members:
        group = next((g for g in groups if not _clash(g[0], widths) and not _clash(g[1], texts)), None)
        if group is None:
            group = ({}, {}, [])
            groups.append(group)
        group[0].update(widths)
        group[1].update(texts)
        group[2].append(font)
    program = write_union(union.subset)
    first = union.members[0][0].DescendantFonts[0]
    name = pikepdf.Name(f"/{program_tag(program)}+{str(first.BaseFont)[8:]}")
    every = {glyph: width for widths, _, _ in groups for glyph, width in widths.items()}
    descriptor = pikepdf.Dictionary({key: value for key, value in first.FontDescriptor.items()})
    descriptor.FontName = name
    descriptor.FontFile2 = pdf.make_stream(program, Length1=len(program))
    boxes = [font.DescendantFonts[0].FontDescriptor.FontBBox for font, _, _ in union.members]
    descriptor.FontBBox = pikepdf.Array([min(float(b[0]) for b in boxes), min(float(b[1]) for b in boxes),
                                         max(float(b[2]) for b in boxes), max(float(b[3]) for b in boxes)])
    descriptor.Flags = int(first.FontDescriptor.Flags) & ~1 | (len(every) > 1 and len(set(every.values())) == 1)
    shared = pdf.make_indirect(descriptor)
    fonts: dict[tuple[int, int], pikepdf.Dictionary] = {}
    for widths, texts, members in groups:
        cid = pikepdf.Dictionary({key: value for key, value in first.items()})
        cid.BaseFont, cid.W, cid.FontDescriptor = name, _width_array(widths), shared
        font = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=name, Encoding=pikepdf.Name("/Identity-H"),
            ToUnicode=pdf.make_stream(_cmap(texts)), DescendantFonts=pikepdf.Array([pdf.make_indirect(cid)])))
        fonts.update((member.objgen, font) for member in members)
    return fonts


def _clash(known: dict, more: dict) -> bool:
    return any(known.get(key, value) != value for key, value in more.items())


def _widths(array: object) -> dict[int, float] | None:
    """A CIDFont's ``W`` array as glyph id → width (only the ``first [w1 w2 ...]`` form WeasyPrint writes)."""
    if not isinstance(array, pikepdf.Array):
        return None
    items, widths = list(array), dict[int, float]()
    if len(items) % 2:
        return None
    for first, run in zip(items[::2], items[1::2]):
        if not isinstance(run, pikepdf.Array):
            return None
        widths.update((int(first) + offset, float(width)) for offset, width in enumerate(run))
    return widths


def _width_array(widths: dict[int, float]) -> pikepdf.Array:
    array: list = []
    for glyph in sorted(widths):
        if glyph - 1 not in widths:
            array += [glyph, pikepdf.Array()]
        array[-1].append(_number(widths[glyph]))
    return pikepdf.Array(array)


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def _to_unicode(data: bytes) -> dict[int, bytes] | None:
    """A ``ToUnicode`` map of ``bfchar`` entries as glyph id → UTF-16 text (None if it has ranges)."""
    if b"beginbfrange" in data:
        return None
    return {int(glyph, 16): bytes.fromhex(text.decode()) for block in _BFCHAR.findall(data)
            for glyph, text in _PAIR.findall(block)}


def _cmap(texts: dict[int, bytes]) -> bytes:
    """A ``ToUnicode`` map as WeasyPrint writes one (``bfchar`` blocks of 100), the glyphs in order."""
    items = sorted(texts.items())
    blocks = []
    for start in range(0, len(items), 100):
        batch = items[start:start + 100]
        lines = b"".join(b"<%04x> <%s>\n" % (glyph, text.hex().encode()) for glyph, text in batch)
        blocks.append(b"%d beginbfchar\n%sendbfchar\n" % (len(batch), lines))
    return CMAP_HEAD + b"".join(blocks) + CMAP_TAIL
