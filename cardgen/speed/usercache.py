"""cardgen's own folders in the user's cache (XDG, macOS, Windows): parsed hyphenation dictionaries
(:mod:`cardgen.speed.hyphenation`) and the journal of no-change builds (:mod:`cardgen.speed.journal`).

Only a folder cardgen made, mode 0700, that belongs to this user and that nobody else may write to
is used (:func:`own_folder`); content (YAML, Markdown, themes) never names a path there.  Without a
home folder there is no cache, and cardgen works as if each run were the first."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path


def user_cache_folder(name: str) -> Path | None:
    """``cardgen/NAME`` in the user's cache folder, None without a home."""
    try:
        if sys.platform == "darwin":
            base = Path.home() / "Library" / "Caches"
        elif os.name == "nt":
            base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        else:
            xdg = os.environ.get("XDG_CACHE_HOME", "")
            base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"   # XDG: ignore a relative one
    except (RuntimeError, KeyError):                                           # no home folder
        return None
    return base / "cardgen" / name


def own_folder(folder: Path, create: bool) -> bool:
    """Whether ``folder`` is a real folder of this user that nobody else may write to (made if asked)."""
    if create:
        with contextlib.suppress(OSError):
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return stat.S_ISDIR(info.st_mode) and owner_ok and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
