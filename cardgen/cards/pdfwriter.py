"""A PDF written page by page: the imposer's output, in memory bounded by one chunk of sheets.

qpdf (through pikepdf) keeps every object of a document in memory until it
is saved: about 0.25 MiB for every face copied onto a sheet, 550 MiB for
the 2000 faces of 1000 units.  :class:`PdfWriter` takes the pages of one
small pikepdf document at a time -- the imposer fills one with a few sheets,
hands it over and closes it -- and writes each page and every object it
reaches straight into the output (an unnamed temporary file, read back
once at the end) with new object numbers, so no chunk outlives its turn.

What qpdf would do on save is done here too: objects that are not streams go
into compressed object streams (without them the 1000-unit ``cards.pdf`` is
45 % larger), the cross-reference table is a compressed stream, stream data
is copied as it is (never decoded; a stream without a filter is compressed),
and the file ID is a hash of the file, so
the same pages give the same bytes.  Each object is copied by qpdf's own
``unparse`` of its top level; the references in that text (``N G R``) are
renumbered with one regular expression that steps over strings, which qpdf
writes with ``(`` and ``)`` escaped (names and hex strings cannot hold one).

What :meth:`PdfWriter.add_pages` writes for a chunk can be kept
(``record=``, a :class:`Recording`) and written again into a later file
(:meth:`PdfWriter.replay`): the same calls in the same order, the references
renumbered, so the file is byte for byte what writing the pages anew gives
-- without opening a face or asking qpdf for one object.  The imposer keeps
each chunk so (:class:`cardgen.cards.recording.ChunkCache`): after a one-unit
edit only the chunk holding that card is copied from qpdf again.

A chunk's objects go into object streams of their own (the writer closes the
current object stream before and after a chunk), so what a chunk writes is
one stretch of the file that depends only on the number its first object
gets.  A recording keeps that stretch as well (:class:`Image`): where the
chunk's first number is the same again -- every chunk before it holds as many
objects as last time, as after most edits of a card -- the stretch is copied
as it is, with no reference renumbered and nothing compressed again.
Elsewhere the events are replayed, renumbered.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
import zlib

import pikepdf

from cardgen.cards.recording import Image, Recording
from cardgen.pdf.fonts import REFERENCE

__all__ = ["Image", "PdfWriter", "Recording"]

PER_OBJECT_STREAM = 100           # objects in one object stream, as qpdf groups them
PAGE_ATTRIBUTES = ("/MediaBox", "/CropBox", "/Resources", "/Rotate")   # inherited from the page tree
HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"

_TOKEN = REFERENCE                  # a literal string (group 1, stepped over) or a reference N G R (2, 3)

ObjGen = tuple[int, int]
ROOT = 1                              # the page tree's number (the first object of every file)


class PdfWriter:
    """Pages of pikepdf documents, in order, written as one PDF: :meth:`add_pages`, then :meth:`finish`."""

    def __init__(self) -> None:
        self._out = tempfile.TemporaryFile()     # the file so far: on disk, not in memory (a file of no name)
        self._hash = hashlib.md5(usedforsecurity=False)
        self._emit(HEADER)
        # xref entries by object number: (1, offset, 0) written, (2, stream number, index) in a stream
        self._xref: list[tuple[int, int, int]] = [(0, 0, 0xFFFF)]
        self._pages_root = self._number()
        assert self._pages_root == ROOT
        self._kids: list[int] = []
        self._batch: list[tuple[int, bytes]] = []     # (number, body) waiting for their object stream

    def _number(self) -> int:
        self._xref.append((0, 0, 0))            # filled in when the object is written
        return len(self._xref) - 1

    def _emit(self, data: bytes) -> None:
        self._out.write(data)
        self._hash.update(data)

    def _write_object(self, number: int, body: bytes, stream: bytes | None = None) -> None:
        self._xref[number] = (1, self._out.tell(), 0)
        tail = b"\nstream\n" + stream + b"\nendstream" if stream is not None else b""
        self._emit(b"%d 0 obj\n%s%s\nendobj\n" % (number, body, tail))

    def _store(self, number: int, body: bytes) -> None:
        """A non-stream object: into the current object stream."""
        self._batch.append((number, body))
        if len(self._batch) >= PER_OBJECT_STREAM:
            self._flush_batch()

    def _flush_batch(self) -> None:
        objects, self._batch = self._batch, []
        if not objects:
            return
        stream_number = self._number()
        offsets, position = [], 0
        for index, (number, body) in enumerate(objects):
            offsets.append(b"%d %d" % (number, position))
            self._xref[number] = (2, stream_number, index)
            position += len(body) + 1
        head = b" ".join(offsets) + b"\n"
        data = zlib.compress(head + b"".join(body + b"\n" for _, body in objects))
        self._write_object(stream_number, b"<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>"
                           % (len(objects), len(head), len(data)), data)

    def add_pages(self, pdf: pikepdf.Pdf, record: Recording | None = None) -> None:
        """Write every page of ``pdf`` and everything it references; ``pdf`` may be closed after.
        ``record`` collects what was written, for :meth:`replay`."""
        numbers: dict[ObjGen, int] = {}
        queue: list[ObjGen] = []
        self._flush_batch()                     # the chunk's objects in object streams of their own
        start, first = self._out.tell(), len(self._xref)
        self._recording = record

        def renumber(match: re.Match) -> bytes:
            if match.group(1) is not None:
                return match.group(0)
            objgen = (int(match.group(2)), int(match.group(3)))
            if objgen not in numbers:
                numbers[objgen] = self._numbered()
                queue.append(objgen)
            return b"%d 0 R" % numbers[objgen]

        for page in pdf.pages:
            obj = page.obj
            for key in PAGE_ATTRIBUTES:          # the page tree goes: what it passes down moves onto the page
                if key not in obj and (value := _inherited(obj, key)) is not None:
                    obj[key] = value
            del obj["/Parent"]
            number = self._numbered()
            numbers[obj.objgen] = number
            self._kid(number)
            body = _TOKEN.sub(renumber, obj.unparse(resolved=True))
            self._stored(number, b"<< /Parent %d 0 R" % self._pages_root + body[2:])
            while queue:
                objgen = queue.pop()
                self._copy(pdf.get_object(objgen), numbers[objgen], renumber)
        self._recording = None
        self._flush_batch()
        if record is not None:
            record.image = self._image(start, first)

    def _image(self, start: int, first: int) -> Image:
        """What was written from file offset ``start`` and object number ``first`` on."""
        end = self._out.tell()
        self._out.seek(start)
        data = self._out.read(end - start)
        self._out.seek(end)
        return Image(first, data, [(kind, a - start if kind == 1 else a, b) for kind, a, b in self._xref[first:]])

    def replay(self, recording: Recording) -> bool:
        """Write again what ``recording`` holds, renumbered into this file: the very bytes
        :meth:`add_pages` of the same pages would write here -- copied as they are where the
        chunk's first number is the one it had (its :class:`Image`).  False, and nothing written,
        when the recording does not hold together (a reference to an object it never numbered)."""
        self._flush_batch()
        image = recording.image
        kids = [event[1] for event in recording.events if event[0] == "k"]
        if image is not None and image.first == len(self._xref) and all(
                image.first <= kid < image.first + len(image.rows) for kid in kids):
            offset = self._out.tell()
            self._emit(image.data)
            self._xref += [(kind, a + offset, b) if kind == 1 else (kind, a, b) for kind, a, b in image.rows]
            self._kids += kids
            return True
        numbers = {ROOT: ROOT}

        def renumber(match: re.Match) -> bytes:
            if match.group(1) is not None:
                return match.group(0)
            return b"%d 0 R" % numbers[int(match.group(2))]

        saved = self._checkpoint()
        try:
            for event in recording.events:
                kind, number = event[0], event[1]
                if kind == "n":
                    numbers[number] = self._number()
                elif kind == "k":
                    self._kids.append(numbers[number])
                elif kind == "s":
                    self._store(numbers[number], _TOKEN.sub(renumber, event[2]))
                else:
                    self._write_object(numbers[number], _TOKEN.sub(renumber, event[2]), event[3])
        except KeyError:
            self._restore(saved)
            return False
        self._flush_batch()
        return True

    def _checkpoint(self) -> tuple:
        return (self._out.tell(), self._hash.copy(), list(self._xref), len(self._kids), list(self._batch))

    def _restore(self, saved: tuple) -> None:
        position, self._hash, self._xref, kids, self._batch = saved
        self._out.seek(position)
        self._out.truncate()
        del self._kids[kids:]

    # add_pages' own steps, each told to the recording (if any) before it is taken
    _recording: Recording | None = None

    def _numbered(self) -> int:
        number = self._number()
        if self._recording is not None:
            self._recording.events.append(("n", number))
        return number

    def _kid(self, number: int) -> None:
        if self._recording is not None:
            self._recording.events.append(("k", number))
        self._kids.append(number)

    def _stored(self, number: int, body: bytes) -> None:
        if self._recording is not None:
            self._recording.events.append(("s", number, body))
        self._store(number, body)

    def _written(self, number: int, body: bytes, stream: bytes) -> None:
        if self._recording is not None:
            self._recording.events.append(("w", number, body, stream))
        self._write_object(number, body, stream)

    def _copy(self, obj: pikepdf.Object, number: int, renumber) -> None:
        if isinstance(obj, pikepdf.Stream):
            data = obj.read_raw_bytes()
            if "/Filter" not in obj.stream_dict and obj.stream_dict.get("/Type") != "/Metadata":
                data = zlib.compress(data)      # as qpdf's save compresses a plain stream (not XMP metadata)
                obj.stream_dict.Filter = pikepdf.Name.FlateDecode
            obj.stream_dict.Length = len(data)
            self._written(number, _TOKEN.sub(renumber, obj.stream_dict.unparse(resolved=True)), data)
        else:
            self._stored(number, _TOKEN.sub(renumber, obj.unparse(resolved=True)))

    def finish(self, info: dict[str, str]) -> bytes:
        """The page tree, the catalog, ``info`` (the document information dictionary) and the
        cross-reference stream: the whole PDF, read once from the writer's temporary file."""
        kids = b" ".join(b"%d 0 R" % kid for kid in self._kids)
        self._store(self._pages_root, b"<< /Type /Pages /Kids [ %s ] /Count %d >>" % (kids, len(self._kids)))
        catalog, information = self._number(), self._number()
        self._store(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % self._pages_root)
        self._store(information, b"<< " + b" ".join(pikepdf.Name(key).unparse() + b" " + pikepdf.String(value).unparse()
                                                     for key, value in sorted(info.items())) + b" >>")
        self._flush_batch()
        xref_number = self._number()
        xref_offset = self._out.tell()
        self._xref[xref_number] = (1, xref_offset, 0)
        rows = b"".join(kind.to_bytes(1, "big") + a.to_bytes(4, "big") + b.to_bytes(2, "big")
                        for kind, a, b in self._xref)
        data = zlib.compress(rows)
        file_id = self._hash.hexdigest().encode("ascii")
        self._emit(b"%d 0 obj\n<< /Type /XRef /Size %d /W [ 1 4 2 ] /Root %d 0 R /Info %d 0 R /ID [ <%s> <%s> ] "
                   b"/Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n"
                   % (xref_number, len(self._xref), catalog, information, file_id, file_id, len(data), data,
                      xref_offset))
        self._out.seek(0)
        pdf = self._out.read()
        self._out.close()
        return pdf


def _inherited(page: pikepdf.Object, key: str) -> pikepdf.Object | None:
    """``key`` of the nearest ancestor of ``page`` in the page tree that has it."""
    node = page.get("/Parent")
    while node is not None:
        if key in node:
            return node[key]
        node = node.get("/Parent")
    return None
