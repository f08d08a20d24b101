"""The hyphenation dictionaries, parsed once per machine instead of once per process.

WeasyPrint hyphenates with pyphen, which parses a language's ``hyph_*.dic``
the first time a process hyphenates (German: 66 000 patterns, about 0.4 s,
a third of a one-unit rebuild).  :func:`install` puts a dict in front of
pyphen's per-process dictionary cache (``pyphen.hdcache``, keyed by the
dictionary file's path): a dictionary pyphen asks for is read from
:func:`cache_folder` when it was parsed before (about 0.03 s), and written
there after pyphen parsed it.  The patterns are exactly pyphen's own, so
hyphenation -- and every PDF -- stays byte for byte the same.

Trust: an entry is plain :mod:`marshal` data (strings and integers), never a
pickle, since unpickling runs code; marshal builds values only.  Still, only
cardgen's own folder in the user's cache is read: it is made by cardgen with
mode 0700 and used only while it belongs to this user and nobody else may
write to it; content (YAML, Markdown, themes) never names a path there.  An
entry names its key (pyphen's version, the dictionary file's SHA-256, this
format) and the SHA-256 of its data, and its values are checked before use:
a damaged, foreign or stale entry is parsed again and replaced, never an
error.  Nothing here is fatal: without a usable cache folder pyphen parses
as it always did.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
from itertools import chain
from pathlib import Path
from types import ModuleType
from typing import Any

import pyphen

from cardgen.atomic import write_atomic
from cardgen.speed.usercache import own_folder, user_cache_folder

FORMAT = b"cardgen-hyphenation 1"
MAX_ENTRY_BYTES = 64 * 1024 * 1024
HYPH_DICT_FIELDS = {"patterns", "cache", "maxlen"}      # what pyphen's HyphDict holds (pyphen 0.18)


def cache_folder() -> Path | None:
    """``cardgen/hyphenation`` in the user's cache folder (XDG, macOS, Windows), None without a home."""
    return user_cache_folder("hyphenation")


def entry_key(dictionary: Path) -> str:
    """The key of ``dictionary``'s entry: pyphen's version, the file's bytes, this format."""
    sha = hashlib.sha256(FORMAT + b"\0" + pyphen.__version__.encode() + b"\0")
    sha.update(dictionary.read_bytes())
    return sha.hexdigest()


def _entry(folder: Path, key: str) -> Path:
    return folder / f"{key}.marshal"


def _read(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of this user (never follows a link, never blocks)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if (not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES
                or (hasattr(os, "getuid") and info.st_uid != os.getuid())):
            return None
        return handle.read(MAX_ENTRY_BYTES + 1)


def _checked(data: Any) -> tuple[dict[str, tuple[int, tuple[int, ...]]], int] | None:
    """(patterns, maxlen) if ``data`` has exactly the shape pyphen's HyphDict holds, else None."""
    if type(data) is not tuple or len(data) != 2 or type(data[0]) is not dict or type(data[1]) is not int:
        return None
    patterns = data[0]
    for name, value in patterns.items():
        if type(name) is not str or type(value) is not tuple or len(value) != 2:
            return None
        if type(value[0]) is not int or type(value[1]) is not tuple:
            return None
    if not set(map(type, chain.from_iterable(value[1] for value in patterns.values()))) <= {int}:
        return None
    return patterns, data[1]


def load(dictionary: Path, folder: Path | None = None) -> pyphen.HyphDict | None:
    """``dictionary``'s parsed patterns from the cache, or None (no entry, or one not to be trusted)."""
    folder = folder or cache_folder()
    if folder is None or not own_folder(folder, create=False):
        return None
    try:
        key = entry_key(dictionary)
    except OSError:
        return None
    raw = _read(_entry(folder, key))
    header, _, payload = (raw or b"").partition(b"\n\n")
    if header.split(b"\n") != [FORMAT, key.encode(), hashlib.sha256(payload).hexdigest().encode()]:
        return None
    try:
        found = _checked(marshal.loads(payload))
    except (ValueError, EOFError, TypeError):
        return None
    if found is None:
        return None
    parsed = pyphen.HyphDict.__new__(pyphen.HyphDict)
    parsed.patterns, parsed.maxlen, parsed.cache = found[0], found[1], {}
    return parsed


def store(dictionary: Path, parsed: pyphen.HyphDict, folder: Path | None = None) -> None:
    """Keep ``parsed`` (pyphen's parse of ``dictionary``) for the next process; quietly skipped when
    the cache folder is unusable or the patterns are of a kind this format does not hold."""
    folder = folder or cache_folder()
    fields = vars(parsed)
    if folder is None or set(fields) != HYPH_DICT_FIELDS:
        return
    data = (fields["patterns"], fields["maxlen"])
    if _checked(data) is None:          # nonstandard patterns (pyphen's DataInt) are not plain ints
        return
    with contextlib.suppress(OSError, ValueError):
        if not own_folder(folder, create=True):
            return
        key = entry_key(dictionary)
        payload = marshal.dumps(data)
        header = b"\n".join([FORMAT, key.encode(), hashlib.sha256(payload).hexdigest().encode()])
        write_atomic(_entry(folder, key), header + b"\n\n" + payload)


class _Dictionaries(dict):
    """pyphen's dictionary cache (path → HyphDict) that also reads and fills the cache folder.

    pyphen 0.18 asks ``path not in hdcache`` and then sets ``hdcache[path] = HyphDict(path)``."""

    def __contains__(self, path: object) -> bool:
        if not super().__contains__(path) and isinstance(path, (str, os.PathLike)):
            loaded = load(Path(path))
            if loaded is not None:
                super().__setitem__(path, loaded)
        return super().__contains__(path)

    def __setitem__(self, path: Any, parsed: Any) -> None:
        super().__setitem__(path, parsed)
        if isinstance(path, (str, os.PathLike)) and isinstance(parsed, pyphen.HyphDict):
            store(Path(path), parsed)


def install(module: ModuleType | None = None) -> None:
    """Let pyphen find its parsed dictionaries in the cache folder (once per process; called by
    :func:`cardgen.speed.install` when pyphen is imported, switch ``hyphenation``)."""
    target: Any = module or pyphen
    if not isinstance(target.hdcache, _Dictionaries):      # pyphen's own dictionary cache
        target.hdcache = _Dictionaries(target.hdcache)
