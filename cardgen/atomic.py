"""Atomic file writes: a temporary file beside the target, then a rename.

A failed write never leaves a half-written file and never deletes the last
good one.  Kept apart from :mod:`cardgen.pdf` so that commands which only
read the cache (a no-change rebuild) do not have to import WeasyPrint.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def umask_mode() -> int:
    """The mode a new file gets from the user's umask (mkstemp would give 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` via a temporary file and an atomic rename."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, umask_mode())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
