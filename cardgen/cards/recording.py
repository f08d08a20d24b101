"""What the imposer's writer wrote for one chunk of sheets, kept to be written again.

:meth:`cardgen.cards.pdfwriter.PdfWriter.add_pages` records its steps (a
:class:`Recording`: every object numbered, stored or written, in order, in the
numbers of that file) and the stretch of the file they made (an
:class:`Image`); :meth:`~cardgen.cards.pdfwriter.PdfWriter.replay` writes the
same again into a later file.  Here: the two records and their bytes in the
build cache (:class:`ChunkCache`), read back strictly:
anything cut short, of another format or not holding together is a
``ValueError``, and its chunk is imposed anew.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any

from cardgen.build.cache import Cache, digest
from cardgen.cards import imposer_code

RECORDING = b"cardgen-chunk 2\n"
_U32 = struct.Struct(">I")
_ROW = struct.Struct(">BII")


@dataclass
class Image:
    """The stretch of the file a chunk wrote (``data``), its first object number (``first``) and the
    cross-reference rows of its numbers from ``first`` on: ``(1, offset in data, 0)`` or
    ``(2, object stream's number, index)``."""

    first: int
    data: bytes
    rows: list[tuple[int, int, int]]

    def holds_together(self) -> bool:
        """Each row points into ``data`` or into one of the image's own object streams."""
        end = self.first + len(self.rows)
        return all((kind == 1 and 0 <= a < len(self.data) and b == 0)
                   or (kind == 2 and self.first <= a < end and self.rows[a - self.first][0] == 1)
                   for kind, a, b in self.rows)


@dataclass
class Recording:
    """What one :meth:`PdfWriter.add_pages` call wrote, in order, in the numbers of that file:
    ``("n", number)`` an object numbered, ``("k", number)`` a page added to the page tree,
    ``("s", number, body)`` an object stored, ``("w", number, dictionary, data)`` a stream written."""

    events: list[tuple] = field(default_factory=list)
    image: Image | None = None

    def to_bytes(self) -> bytes:
        parts = [RECORDING]
        if self.image is not None:
            rows = b"".join(_ROW.pack(*row) for row in self.image.rows)
            parts += [b"i", _U32.pack(self.image.first), _U32.pack(len(self.image.data)), self.image.data,
                      _U32.pack(len(rows)), rows]
        for event in self.events:
            parts.append(event[0].encode("ascii") + _U32.pack(event[1]))
            for blob in event[2:]:
                parts += [_U32.pack(len(blob)), blob]
        return b"".join(parts)

    @classmethod
    def from_bytes(cls, data: bytes) -> Recording:
        """The recording :meth:`to_bytes` wrote; ValueError for anything else."""
        if not data.startswith(RECORDING):
            raise ValueError("not a chunk recording")
        events: list[tuple] = []
        image = None
        at = len(RECORDING)
        try:
            if data[at:at + 1] == b"i":
                (first,) = _U32.unpack_from(data, at + 1)
                (stretch, rows), at = _blobs(data, at + 5, 2)
                if len(rows) % _ROW.size:
                    raise ValueError("a cross-reference row cut short")
                image = Image(first, stretch, [_ROW.unpack_from(rows, i) for i in range(0, len(rows), _ROW.size)])
                if not image.holds_together():
                    raise ValueError("an image that does not hold together")
            while at < len(data):
                kind = data[at:at + 1]
                (number,) = _U32.unpack_from(data, at + 1)
                at += 5
                if kind in (b"n", b"k"):
                    events.append((kind.decode(), number))
                    continue
                if kind not in (b"s", b"w"):
                    raise ValueError("unknown event")
                blobs, at = _blobs(data, at, 1 if kind == b"s" else 2)
                events.append((kind.decode(), number, *blobs))
        except struct.error:
            raise ValueError("truncated") from None
        return cls(events, image)


def _blobs(data: bytes, at: int, count: int) -> tuple[list[bytes], int]:
    """``count`` length-prefixed pieces of ``data`` from offset ``at``, and the offset after them."""
    blobs = []
    for _ in range(count):
        (length,) = _U32.unpack_from(data, at)
        at += 4 + length
        if at > len(data):
            raise ValueError("truncated")
        blobs.append(data[at - length:at])
    return blobs, at


class ChunkCache:
    """The chunks of one output as :class:`~cardgen.cards.pdfwriter.Recording` s, in the build
    cache (``OUT/.cache/chunks``), each under a key of the sheets and faces on its pages.

    The manifest names each under ``chunk:<output>:<number>`` (so pruning keeps them; a reused
    output keeps its chunks, :meth:`Cache.carry`).  A damaged or foreign recording is written anew."""

    KIND = "chunks"

    def __init__(self, cache: Cache, output: str) -> None:
        self.cache, self.output, self._count = cache, output, 0

    def key(self, identities: list[Any]) -> str:
        """The key of a chunk showing ``identities``, under this imposer and this qpdf."""
        import pikepdf      # lazy: its version only; the chunks' bytes are this module's own

        return digest("chunk", imposer_code(), pikepdf.__version__, identities)

    def get(self, key: str) -> Recording | None:
        self._record(key)
        data = self.cache.get(self.KIND, key, ".chunk")
        try:
            return None if data is None else Recording.from_bytes(data)
        except ValueError:
            return None

    def put(self, key: str, recording: Recording) -> None:
        self.cache.put(self.KIND, key, recording.to_bytes(), ".chunk")

    def _record(self, key: str) -> None:
        self.cache.record(f"chunk:{self.output}:{self._count}", key)
        self._count += 1
