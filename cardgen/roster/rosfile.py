"""A roster file's XML bytes: a ``.ros`` as it is, a ``.rosz`` (a zip of one ``.ros``) unzipped under caps
-- or as it is where it holds plain XML (:func:`is_plain_xml`: some tools save that).

A roster comes from anyone (a player mails it, a club shares it), so it is read as hostile: the path
through :func:`cardgen.safefs.read_file` (its real path, a regular file, at most
:data:`MAX_FILE_BYTES`); a zip's directory checked before anything is inflated -- at most
:data:`MAX_MEMBERS` members, exactly one ``.ros``, no encrypted member, at most
:data:`MAX_XML_BYTES` uncompressed in all and a ratio of at most :data:`MAX_RATIO`, the ``.ros``
stored or deflated (:data:`METHODS`) -- and the ``.ros`` inflated only up to the cap, whatever its
header claims (a zip bomb stops at the cap).
Each refusal is one :class:`RosterError` line naming the file.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from pathlib import Path

from cardgen.errors import CardgenError, display_path, one_line
from cardgen.safefs import FileRefused, read_file, resolve_roots

MAX_FILE_BYTES = 5 * 1024 * 1024        # a roster of a few hundred models is some 100 kB of XML
MAX_XML_BYTES = 20 * 1024 * 1024        # the .ros inside a .rosz, and every member together
MAX_MEMBERS = 8                         # BattleScribe and New Recruit write one
MAX_RATIO = 200                         # XML deflates some 10-30:1; a zip bomb 1,000:1 and more
SUFFIXES = (".ros", ".rosz")
METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
"""The compression methods a ``.ros`` member may use: the ones BattleScribe and New Recruit write, and the
only ones CPython inflates in bounded steps.  For bzip2 (12) and LZMA (14) ``ZipExtFile.read(n)``
inflates everything it has read before it cuts to ``n``: a 901-byte ``.rosz`` took 2.1 GB."""
METHOD_NAMES = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "lzma", 9: "deflate64", 93: "zstandard", 98: "ppmd"}


class RosterError(CardgenError):
    """A roster file cardgen will not read: one line, ``file: why`` (and what was found under it)."""

    def __init__(self, file: Path | str, reason: str, line: int = 0, column: int = 0,
                 details: tuple[str, ...] = ()) -> None:
        """``details``: lines under the first (what was found), each one line, indented."""
        where = display_path(file) + (f":{line}" if line else "") + (f":{column}" if line and column else "")
        super().__init__(one_line(f"{where}: {reason}") + "".join(f"\n  {one_line(d)}" for d in details))


def read_roster_bytes(path: Path) -> bytes:
    """The roster's XML: the file's bytes (``.ros``) or its one ``.ros`` member (``.rosz``)."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise RosterError(path, f"not a roster file: the name ends in '{path.suffix}', not .ros or .rosz "
                                "(save the roster from BattleScribe or New Recruit)")
    try:
        data = read_file(path, resolve_roots([path.parent]), MAX_FILE_BYTES)
    except FileRefused as exc:
        raise RosterError(path, exc.reason) from None
    return unzip_roster(path, data) if suffix == ".rosz" and not is_plain_xml(data) else data


def is_plain_xml(data: bytes) -> bool:
    """Whether ``data`` is XML rather than a zip: some tools save a ``.rosz`` uncompressed, and a zip
    starts with ``PK`` (its local header), XML with ``<`` (after a byte order mark and blanks), in UTF-8
    or UTF-16."""
    for bom in (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"):
        if data.startswith(bom):
            return True
    head = data[:64].lstrip(b" \t\r\n")
    return head.startswith((b"<", b"<\x00", b"\x00<"))


def _roster_member(path: Path, infos: list[zipfile.ZipInfo]) -> zipfile.ZipInfo:
    """The one ``.ros`` of a ``.rosz`` after the directory's caps (nothing inflated yet)."""
    if len(infos) > MAX_MEMBERS:
        raise RosterError(path, f"refused: a zip of {len(infos)} members (a .rosz holds one .ros; "
                                f"at most {MAX_MEMBERS} are read)")
    total = sum(info.file_size for info in infos)
    if total > MAX_XML_BYTES:
        raise RosterError(path, f"refused: a zip bomb? its members unpack to {total:,} bytes "
                                f"(at most {MAX_XML_BYTES:,} are read)")
    rosters = [info for info in infos if info.filename.lower().endswith(".ros")]     # (is_dir() fails on '')
    if len(rosters) != 1:
        raise RosterError(path, f"not a roster: a .rosz holds exactly one .ros file, this one {len(rosters)}")
    info = rosters[0]
    if info.flag_bits & 0x1:
        raise RosterError(path, f"refused: '{info.filename}' is encrypted")
    if info.compress_type not in METHODS:
        method = METHOD_NAMES.get(info.compress_type, "an unknown method")
        raise RosterError(path, f"refused: '{info.filename}' is compressed with {method} (method "
                                f"{info.compress_type}); only stored or deflated members are read, as "
                                "BattleScribe and New Recruit write them")
    if info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise RosterError(path, f"refused: a zip bomb? '{info.filename}' unpacks {info.file_size:,} bytes "
                                f"from {info.compress_size:,} (more than {MAX_RATIO}:1)")
    return info


def unzip_roster(path: Path, data: bytes) -> bytes:
    """The ``.ros`` member of the ``.rosz`` ``data``, inflated at most to :data:`MAX_XML_BYTES`."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            info = _roster_member(path, archive.infolist())
            with archive.open(info) as member:
                xml = member.read(min(MAX_XML_BYTES, MAX_RATIO * max(info.compress_size, 1)) + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, ValueError) as exc:
        # ValueError: a directory whose offsets point before the file, a UTF-8 name that is not UTF-8
        raise RosterError(path, f"not a roster: a broken or unsupported zip ({exc})") from None
    if len(xml) > info.file_size:
        raise RosterError(path, f"refused: a zip bomb? '{info.filename}' unpacks to more than its "
                                f"stated {info.file_size:,} bytes")
    return xml
