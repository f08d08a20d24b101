"""Damaged fonts from a real one: cardgen's own DejaVu Sans Mono broken in one way each -- cut short,
a bad magic number, a table directory pointing nowhere, a table zeroed, bytes flipped inside a
table -- as a file from a pull request may arrive (for tests/security/test_damaged_fonts.py)."""

from __future__ import annotations

import functools
import struct
from typing import Callable

from cardgen.paths import FONTS_DIR

SOURCE = FONTS_DIR / "DejaVuSansMono.ttf"
DIRECTORY, RECORD = 12, 16              # the sfnt header's size, one table record's size


@functools.lru_cache(maxsize=1)
def source() -> bytes:
    return SOURCE.read_bytes()


def table_records(data: bytes) -> dict[str, tuple[int, int, int]]:
    """Each table's (record offset, table offset, table length), read from the table directory."""
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for index in range(count):
        at = DIRECTORY + RECORD * index
        tag, _, offset, length = struct.unpack(">4sLLL", data[at:at + RECORD])
        found[tag.decode("latin-1")] = (at, offset, length)
    return found


def flipped(tag: str, where: float, count: int) -> Callable[[bytes], bytes]:
    """``count`` bytes inverted ``where`` (0 to 1) into table ``tag``."""
    def damage(data: bytes) -> bytes:
        _, offset, length = table_records(data)[tag]
        out = bytearray(data)
        start = offset + int(length * where)
        for index in range(start, min(start + count, offset + length)):
            out[index] ^= 0xFF
        return bytes(out)
    return damage


def zeroed(tag: str) -> Callable[[bytes], bytes]:
    """Table ``tag`` all zero bytes."""
    def damage(data: bytes) -> bytes:
        _, offset, length = table_records(data)[tag]
        return data[:offset] + bytes(length) + data[offset + length:]
    return damage


def record_field(tag: str, field: int, value: int) -> Callable[[bytes], bytes]:
    """Field ``field`` (1 checksum, 2 offset, 3 length) of table ``tag``'s directory record set to ``value``."""
    def damage(data: bytes) -> bytes:
        at = table_records(data)[tag][0] + 4 * field
        return data[:at] + struct.pack(">L", value & 0xFFFFFFFF) + data[at + 4:]
    return damage


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "cut in half": lambda data: data[:len(data) // 2],
    "bad magic": lambda data: b"\xde\xad\xbe\xef" + data[4:],
    "table count too large": lambda data: data[:4] + b"\x7f\xff" + data[6:],
    "glyf offset past the end": lambda data: record_field("glyf", 2, len(data) + 100)(data),
    "loca length cut": lambda data: record_field("loca", 3, 10)(data),
    "hmtx length 0": lambda data: record_field("hmtx", 3, 0)(data),
    "head zeroed": zeroed("head"),
    "maxp zeroed": zeroed("maxp"),
    "hhea zeroed": zeroed("hhea"),
    "post zeroed": zeroed("post"),
    "glyf bytes flipped": flipped("glyf", 0.0, 64),
    "loca bytes flipped": flipped("loca", 0.5, 64),
    "head bytes flipped": flipped("head", 0.3, 16),
    "name bytes flipped": flipped("name", 0.0, 8),
    "cmap bytes flipped": flipped("cmap", 0.0, 16),
}
"""Each way of damaging :func:`source`, by name."""


def damaged(name: str) -> bytes:
    """:func:`source` damaged the way :data:`DAMAGES` names."""
    return DAMAGES[name](source())
