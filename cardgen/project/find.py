"""Finding ``cardgen.toml``: the current folder, then each folder above it -- but only a file the
user may trust.

Like git, cardgen walks up from the current folder to find its project file.  In a shared ``/tmp``
or a parent folder another user can write to, that walk could adopt someone else's
``cardgen.toml``: the build would read their content and write into their folder.  So, as git's
``safe.directory`` does, a project file is passed over, with a warning naming it and why, when

* it belongs to another user than the one running cardgen, or
* its folder may be written by everyone and is not a sticky folder of this user's (anyone could
  put a ``cardgen.toml`` there, or replace one).

The search then goes on upward.  A file one trusts anyway (a CI job running as root in a checkout
that belongs to another user) is named in ``CARDGEN_SAFE_PROJECT_FILES`` (absolute paths,
separated by ``os.pathsep``; ``*`` trusts every one).  On systems without user ids (Windows) every
project file is trusted.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from cardgen.errors import Problem

PROJECT_FILE = "cardgen.toml"
SAFE_ENV = "CARDGEN_SAFE_PROJECT_FILES"
_warned: set[str] = set()


def effective_uid() -> int | None:
    """The user running cardgen (None where the system has no user ids)."""
    return os.geteuid() if hasattr(os, "geteuid") else None


def owner_of(path: Path) -> tuple[int, int]:
    """(owner's user id, mode) of ``path`` (links not followed); OSError when it is gone."""
    info = os.lstat(path)
    return info.st_uid, info.st_mode


def distrust(path: Path) -> str | None:
    """Why the project file ``path`` must not be used, or None when it may."""
    uid = effective_uid()
    if uid is None:
        return None
    safe = os.environ.get(SAFE_ENV, "").split(os.pathsep)
    if "*" in safe or str(path) in safe:
        return None
    try:
        file_owner, _ = owner_of(path)
        folder_owner, folder_mode = owner_of(path.parent)
    except OSError as exc:
        return f"cannot be checked: {exc.strerror or exc}"
    if file_owner != uid:
        return f"it belongs to another user (uid {file_owner}, not {uid})"
    if folder_mode & stat.S_IWOTH and not (folder_mode & stat.S_ISVTX and folder_owner == uid):
        return "its folder may be written by every user"
    return None


def warn_ignored(path: Path, reason: str) -> None:
    """The warning about a passed-over project file, once per file and process (stderr)."""
    if str(path) in _warned:
        return
    _warned.add(str(path))
    hint = (f"run cardgen as the file's owner, or name the file in {SAFE_ENV} if you trust it")
    print(Problem(str(path), 0, 0, "", f"ignored: {reason}; {hint}", "warning").format(), file=sys.stderr)


def find_project_file(start: Path) -> Path | None:
    """``cardgen.toml`` in ``start`` or the nearest folder above it that may be trusted, if any."""
    folder = Path(start).absolute()
    for candidate in (folder, *folder.parents):
        path = candidate / PROJECT_FILE
        if path.is_file():
            reason = distrust(path)
            if reason is None:
                return path
            warn_ignored(path, reason)
    return None
