"""TrueType subsets that keep their glyph ids, read and merged table by table (:mod:`cardgen.pdf.fontmerge`).

A subset WeasyPrint embeds holds every glyph id of its font up to the last one it uses, the unused
ones empty.  :class:`Subset` reads the few tables that say which glyphs a subset holds (``loca`` and
``glyf``: each glyph's bytes, by id; ``hmtx``: each advance); :meth:`Subset.agrees` tells whether
two subsets differ only in which glyphs are empty; :func:`write_union` writes the subset that holds
the glyphs of several (every other table as the first one has it, the bounds in ``head``, ``hhea``
and ``maxp`` those of all).  Plain byte work: fontTools would parse every glyph of each subset.
"""

from __future__ import annotations

import hashlib
import operator
import struct
import sys
from array import array
from itertools import accumulate, chain, compress
from dataclasses import dataclass

SAME = (b"cvt ", b"fpgm", b"prep", b"gasp")          # hinting: identical in subsets of one font
PER_GLYPH = {b"hdmx", b"LTSH", b"VDMX", b"vhea", b"vmtx"}          # metrics by glyph: not merged
MAXP_FIELDS = 13                                     # maxp 1.0: the uint16 fields after numGlyphs


class NotMergeable(ValueError):
    """A program that is no TrueType subset this module can merge."""


@dataclass
class Subset:
    """One TrueType program: its tables' bytes, its glyph count, the bytes of each glyph it holds and each
    (advance, left side bearing) other than (0, 0), by glyph id -- a subset's unused ids hold neither."""

    tables: dict[bytes, bytes]
    count: int
    glyphs: dict[int, bytes]
    metrics: dict[int, tuple[int, int]]

    @classmethod
    def read(cls, data: bytes) -> Subset:
        try:
            if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
                raise NotMergeable("not a TrueType program")
            tables = {}
            for index in range(struct.unpack_from(">H", data, 4)[0]):
                tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
                tables[tag] = data[offset:offset + length]
            if PER_GLYPH & set(tables):
                raise NotMergeable("tables of per-glyph data this module does not merge")
            count = struct.unpack_from(">H", tables[b"maxp"], 4)[0]
            long_loca = struct.unpack_from(">h", tables[b"head"], 50)[0] == 1
            loca = array("I" if long_loca else "H", tables[b"loca"][:(count + 1) * (4 if long_loca else 2)])
            if sys.byteorder == "little":
                loca.byteswap()
            if len(loca) != count + 1:
                raise NotMergeable("a short loca table")
            scale, glyf = 1 if long_loca else 2, tables[b"glyf"]
            held = compress(range(count), map(operator.sub, loca[1:], loca))       # the ids of non-empty glyphs
            glyphs = {gid: _padded(glyf[loca[gid] * scale:loca[gid + 1] * scale]) for gid in held}
            long_metrics = struct.unpack_from(">H", tables[b"hhea"], 34)[0]
            if not 0 < long_metrics <= count:
                raise NotMergeable("hhea counts no metrics, or more than glyphs")
            hmtx = tables[b"hmtx"]
            entries = array("I", hmtx[:4 * long_metrics])                       # (advance, bearing) as one
            if sys.byteorder == "little":
                entries.byteswap()
            metrics = {gid: struct.unpack_from(">Hh", hmtx, 4 * gid) for gid in compress(range(long_metrics), entries)}
            advance = struct.unpack_from(">H", hmtx, 4 * long_metrics - 4)[0]
            bearings = struct.unpack_from(f">{count - long_metrics}h", hmtx, 4 * long_metrics)
            metrics.update((gid, (advance, bearing)) for gid, bearing in enumerate(bearings, long_metrics)
                           if advance or bearing)
        except (KeyError, IndexError, ValueError, struct.error) as exc:
            raise NotMergeable(str(exc)) from None
        return cls(tables, count, glyphs, metrics)

    def agrees(self, other: Subset) -> bool:
        """Whether ``other`` (no more glyphs than this) differs from this only in which glyphs are empty."""
        if other.count > self.count or set(other.tables) != set(self.tables):
            return False
        if any(self.tables.get(tag) != other.tables.get(tag) for tag in SAME):
            return False
        if self.tables[b"head"][18:20] != other.tables[b"head"][18:20] or \
                self.tables[b"hhea"][4:8] != other.tables[b"hhea"][4:8]:      # units per em, ascent, descent
            return False
        glyphs, metrics = self.glyphs, self.metrics
        return (all(glyphs.get(gid, glyph) == glyph for gid, glyph in other.glyphs.items())
                and all(metrics.get(gid, metric) == metric for gid, metric in other.metrics.items()))

    def add(self, other: Subset) -> None:
        """Take ``other``'s glyphs and metrics where this has none (the two agree)."""
        self.glyphs = {**other.glyphs, **self.glyphs}
        self.metrics = {**other.metrics, **self.metrics}
        self.tables[b"head"] = _bounds(self.tables[b"head"], other.tables[b"head"], ((36, ">hh", min), (40, ">hh", max)))
        self.tables[b"hhea"] = _bounds(self.tables[b"hhea"], other.tables[b"hhea"],
                                       ((10, ">H", max), (12, ">hh", min), (16, ">h", max)))
        if len(self.tables[b"maxp"]) >= 6 + 2 * MAXP_FIELDS:
            self.tables[b"maxp"] = _bounds(self.tables[b"maxp"], other.tables[b"maxp"],
                                           ((6, f">{MAXP_FIELDS}H", max),))


def _padded(glyph: bytes) -> bytes:
    """A glyph's bytes padded to 4 (as written: the same glyph compares equal however it was padded)."""
    return glyph + b"\0" * (-len(glyph) % 4)


def _bounds(mine: bytes, theirs: bytes, fields: tuple[tuple[int, str, object], ...]) -> bytes:
    """``mine`` with each field (offset, struct format, min or max) the bound of it and ``theirs``."""
    out = bytearray(mine)
    for offset, layout, pick in fields:
        values = [pick(a, b) for a, b in zip(struct.unpack_from(layout, mine, offset),     # type: ignore[operator]
                                             struct.unpack_from(layout, theirs, offset))]
        struct.pack_into(layout, out, offset, *values)
    return bytes(out)


def write_union(union: Subset) -> bytes:
    """The program of ``union``: long ``loca``, every advance in ``hmtx``, checksums made again."""
    chunks = [union.glyphs.get(gid, b"") for gid in range(union.count)]
    offsets = [0, *accumulate(map(len, chunks))]
    metrics = [union.metrics.get(gid, (0, 0)) for gid in range(union.count)]
    tables = dict(union.tables)
    tables[b"glyf"] = b"".join(chunks)
    tables[b"loca"] = struct.pack(f">{len(offsets)}I", *offsets)
    tables[b"hmtx"] = struct.pack(">" + "Hh" * len(metrics), *chain.from_iterable(metrics))
    head = bytearray(tables[b"head"])
    struct.pack_into(">I", head, 8, 0)                          # checkSumAdjustment, set below
    struct.pack_into(">h", head, 50, 1)                         # indexToLocFormat: long offsets
    tables[b"head"] = bytes(head)
    hhea = bytearray(tables[b"hhea"])
    struct.pack_into(">H", hhea, 34, len(metrics))
    struct.pack_into(">H", hhea, 10, max((advance for advance, _ in metrics), default=0))
    tables[b"hhea"] = bytes(hhea)
    return _sfnt(tables)


def _sfnt(tables: dict[bytes, bytes]) -> bytes:
    """An sfnt of ``tables`` (sorted by tag), with the table checksums and ``head``'s adjustment."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">IHHHH", 0x00010000, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    offset = 12 + 16 * count
    records, body = b"", b""
    for tag in tags:
        data = tables[tag]
        records += struct.pack(">4sIII", tag, _checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    font = bytearray(header + records + body)
    if b"head" in tables:
        at = _table_offset(font, b"head", count)
        struct.pack_into(">I", font, at + 8, (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF)
    return bytes(font)


def _table_offset(font: bytearray, tag: bytes, count: int) -> int:
    for index in range(count):
        name, _, offset, _ = struct.unpack_from(">4sIII", font, 12 + 16 * index)
        if name == tag:
            return offset
    raise KeyError(tag)


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def program_tag(program: bytes) -> str:
    """The subset tag of a font program: six capital letters of its SHA-256."""
    return "".join(chr(65 + byte % 26) for byte in hashlib.sha256(program).digest()[:6])
