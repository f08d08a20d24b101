"""A git revision's archive unpacked by cardgen itself: each member checked before it is written.

``git archive`` writes a tar of the revision, and the revision comes from a
pull request, so the tar is treated as hostile.  tarfile's ``data`` filter
(``extractall(filter="data")``) would do most of this, but Python 3.11.0 to
3.11.3 have no ``filter`` argument (a ``TypeError``), and cardgen runs on any
3.11.  So the members are checked here, all of them before anything is written:

* only folders and regular files are unpacked; a symbolic or hard link (git
  stores symlinks) is skipped, so nothing is ever read through one; any other
  kind (a device, a FIFO, a sparse file: never in ``git archive``'s output) is refused;
* a name must be relative with no ``..`` part (nothing lands outside the folder);
* at most :data:`MAX_MEMBERS` members and :data:`MAX_UNPACKED_BYTES` in all;
* a file is created new (``x`` mode), below folders made here, never through a link;
  a name given twice is refused.

Files are written without their archive permissions (0644 by the umask), folders 0755.
"""

from __future__ import annotations

import shutil
import tarfile
from pathlib import Path, PurePosixPath

from cardgen.errors import UsageError, one_line

MAX_MEMBERS = 200_000
MAX_UNPACKED_BYTES = 512 * 1024 * 1024
FILE_TYPES = (tarfile.REGTYPE, tarfile.AREGTYPE)
LINK_TYPES = (tarfile.SYMTYPE, tarfile.LNKTYPE)


def member_path(member: tarfile.TarInfo) -> PurePosixPath | None:
    """The relative path a member is unpacked to; ``None`` for the archive's root (``.``)."""
    path = PurePosixPath(member.name)
    if path.is_absolute() or member.name.startswith("/"):
        raise ValueError("an absolute path")
    if ".." in path.parts:
        raise ValueError("a '..' in its path")
    return path if path.parts else None


def check_members(archive: tarfile.TarFile, max_members: int = MAX_MEMBERS,
                  max_bytes: int = MAX_UNPACKED_BYTES) -> list[tuple[PurePosixPath, tarfile.TarInfo]]:
    """The folders and regular files to unpack, in archive order; :class:`ValueError` naming the
    first member that may not be unpacked (or the cap exceeded)."""
    chosen: list[tuple[PurePosixPath, tarfile.TarInfo]] = []
    total = 0
    for count, member in enumerate(archive, start=1):
        if count > max_members:
            raise ValueError(f"more than {max_members} members")
        try:
            path = member_path(member)
            if member.type in LINK_TYPES:
                continue
            if not (member.isdir() or member.type in FILE_TYPES):
                raise ValueError("neither a folder nor a regular file")
        except ValueError as exc:
            raise ValueError(f"member '{member.name}': {exc}") from None
        total += member.size if member.type in FILE_TYPES else 0
        if total > max_bytes:
            raise ValueError(f"more than {max_bytes // (1024 * 1024)} MiB unpacked")
        if path is not None:
            chosen.append((path, member))
    return chosen


def unpack(tar: Path, target: Path, label: str, max_members: int = MAX_MEMBERS,
           max_bytes: int = MAX_UNPACKED_BYTES) -> None:
    """Unpack the archive ``tar`` into the new folder ``target``; :class:`UsageError` (naming the
    revision ``label`` and the member) for an archive that may not be unpacked."""
    try:
        with tarfile.open(tar, "r:") as archive:
            members = check_members(archive, max_members, max_bytes)
            target.mkdir()
            for path, member in members:
                _write(archive, member, target, path)
    except ValueError as exc:
        raise UsageError(one_line(f"revision {label}: archive not unpacked: {exc}")) from None
    except tarfile.TarError as exc:
        raise UsageError(one_line(f"revision {label}: archive unreadable: {exc}")) from None


def _write(archive: tarfile.TarFile, member: tarfile.TarInfo, target: Path, path: PurePosixPath) -> None:
    """One checked member below ``target``: its folders made here (never a link to follow), the file new."""
    folder = target
    for part in path.parts[:-1] if not member.isdir() else path.parts:
        folder = folder / part
        if not folder.is_dir():
            try:
                folder.mkdir()
            except FileExistsError:
                raise ValueError(f"member '{member.name}': '{part}' is already a file") from None
    if member.isdir():
        return
    source = archive.extractfile(member)
    assert source is not None                   # a regular file always has its data
    try:
        with source, open(target.joinpath(*path.parts), "xb") as sink:
            shutil.copyfileobj(source, sink)
    except (FileExistsError, IsADirectoryError):
        raise ValueError(f"member '{member.name}': named twice") from None
