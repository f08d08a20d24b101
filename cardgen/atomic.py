"""Atomic file writes: a temporary file beside the target, then a rename.

A failed write never leaves a half-written file and never deletes the last
good one.  Every temporary file cardgen makes is named
``.cardgen-<pid>-<name>.<random>.tmp``: a build killed half-way (SIGKILL, a
power cut) may leave some behind, and the next build removes those whose
process is gone (:func:`remove_stale_temporaries`).  Kept apart from
:mod:`cardgen.pdf.wrapper` so that commands which only read the cache (a no-change
rebuild) do not have to import WeasyPrint.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from cardgen.errors import CardgenError, display_path, one_line

TMP_PREFIX = ".cardgen-"
TMP_SUFFIX = ".tmp"
_TMP_NAME = re.compile(r"^\.cardgen-(\d+)-.*\.tmp$")


class OutputError(CardgenError):
    """An output (or the cache) could not be written: ``path: reason`` (full disk, no permission ...)."""


def output_error(exc: OSError, target: Path | str) -> OutputError:
    """``exc`` as one line naming the file (the OS's file name unless it is one of our temporaries)."""
    name = exc.filename if exc.filename and TMP_PREFIX not in os.fspath(exc.filename) else target
    reason = exc.strerror or str(exc) or type(exc).__name__
    return OutputError(one_line(f"{display_path(name)}: {reason}"))


def umask_mode() -> int:
    """The mode a new file gets from the user's umask (mkstemp would give 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (a short write is retried; a full disk raises)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_temp(target: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``target`` (synced to disk); removed again on failure."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{os.getpid()}-{target.name}.", suffix=TMP_SUFFIX,
                               dir=target.parent)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, umask_mode())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def temp_beside(target: Path) -> Path:
    """A fresh name for a temporary file beside ``target`` (not created)."""
    target = Path(target)
    return target.parent / f"{TMP_PREFIX}{os.getpid()}-{target.name}.{os.urandom(6).hex()}{TMP_SUFFIX}"


def write_atomic(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` via a temporary file and an atomic rename."""
    tmp = write_temp(target, data)
    try:
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":          # os.kill(pid, 0) would end the process on Windows
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                 # exists, but belongs to someone else
        return True
    return True


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Delete our temporary files below ``folder`` whose process is gone (a killed build's); return them.

    Never follows a link to a folder; files that are not ours are never touched."""
    removed = []
    for current, _dirs, files in os.walk(folder, followlinks=False):
        for name in files:
            match = _TMP_NAME.match(name)
            if match and not _alive(int(match.group(1))):
                path = Path(current) / name
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
    return removed
