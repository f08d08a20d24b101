"""Reading files from untrusted folders: real paths, allowed roots, regular files only.

Content folders and rulebooks come from pull requests, so every file cardgen
reads goes through one of these functions:

* :func:`check_file` resolves a path (every symlink, ``..`` and all) and
  accepts it only when its *real* path lies inside one of the allowed roots
  and it is a regular file -- not a directory, FIFO, socket or device, which
  would hang a read or mean nothing;
* :func:`read_file` then opens exactly that real path without following a
  link and without blocking (a file swapped for a FIFO after the check cannot
  hang the build), checks again on the open descriptor, and reads at most
  ``max_bytes``;
* :func:`walk_files` lists the files of a folder by suffix without following
  links out of it, and reports every entry it passes over (a link to a file
  outside, a dangling link, a FIFO or a folder named like a content file).

A refusal is a :class:`FileRefused` whose message says why in a few words;
callers turn it into a warning or an error naming the file.  A name longer
than the system allows (``ENAMETOOLONG``: a part over 255 bytes, the whole
over 4,095) names no file: it is refused as "no such file", never raised as
an ``OSError`` from somewhere inside ``pathlib``.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.errors import display_path, one_line, shortened

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
MAX_REFERENCES = 2000
"""References one document may follow: the files its PDF reads and the card faces drawn into it
(:data:`cardgen.pdf.fetcher.MAX_FETCHES`, :data:`cardgen.rulebook.card_figure.MAX_FIGURES`), together."""
MAX_NAME_BYTES = 255            # one part of a path (NAME_MAX of Linux, macOS and Windows file systems)
MAX_PATH_BYTES = 4095           # a whole path (PATH_MAX less its NUL)
NAME_TOO_LONG = "no such file (its name is longer than the system allows)"


class FileRefused(OSError):
    """A path cardgen will not read; ``reason`` says why (``outside the allowed folders`` ...)."""

    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{shortened(path)}: {reason}")


def resolve_roots(roots: Iterable[Path | str]) -> tuple[Path, ...]:
    """The real paths of ``roots``, without duplicates, in order."""
    seen: list[Path] = []
    for root in roots:
        real = Path(root).resolve()
        if real not in seen:
            seen.append(real)
    return tuple(seen)


def inside(path: Path, roots: Iterable[Path]) -> bool:
    """Whether the (already real) ``path`` is one of ``roots`` or lies below one."""
    return any(path == root or root in path.parents for root in roots)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def name_too_long(path: Path | str) -> bool:
    """Whether ``path`` (made absolute) is longer than any system allows, as a whole or in one part."""
    encoded = os.fsencode(os.path.abspath(path))
    return len(encoded) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES for part in encoded.split(b"/"))


def is_folder(path: Path | str) -> bool:
    """Whether ``path`` is a folder (through links); ``False`` for a name no system allows
    (``Path.is_dir`` raises ``ENAMETOOLONG`` instead)."""
    try:
        return Path(path).is_dir()
    except OSError:
        return False


def _dangling(path: Path) -> bool:
    """Whether ``path`` is a symlink (one that :func:`check_file` found leads nowhere)."""
    try:
        return path.is_symlink()
    except OSError:
        return False


def _os_reason(exc: OSError | RuntimeError) -> str:
    if getattr(exc, "errno", None) == errno.ENAMETOOLONG:
        return NAME_TOO_LONG
    return getattr(exc, "strerror", None) or "cannot be resolved"


def check_file(path: Path | str, roots: Iterable[Path]) -> Path:
    """The real path of ``path`` if it is a regular file inside ``roots``; else :class:`FileRefused`.

    ``roots`` must already be real paths (:func:`resolve_roots`)."""
    path = Path(path)
    if "\0" in str(path):                        # the OS cannot name it; os.stat would raise ValueError
        raise FileRefused(path, "a name with a NUL character")
    if name_too_long(path):
        raise FileRefused(path, NAME_TOO_LONG)
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        raise FileRefused(path, "a link to nothing (dangling symlink)" if _dangling(path) else "no such file") from None
    except (OSError, RuntimeError) as exc:        # a symlink loop, a name too long ...
        raise FileRefused(path, _os_reason(exc)) from None
    roots = tuple(roots)
    if not inside(real, roots):
        raise FileRefused(path, "its real path lies outside the allowed folders")
    try:
        mode = real.stat().st_mode
    except OSError as exc:
        raise FileRefused(path, _os_reason(exc)) from None
    if not stat.S_ISREG(mode):
        raise FileRefused(path, f"{_kind(mode)}, not a regular file")
    return real


def read_file(path: Path | str, roots: Iterable[Path], max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of ``path`` after :func:`check_file`; never blocks, never follows a late link."""
    return read_checked(check_file(path, roots), max_bytes, shown=path)


def file_digest(path: Path | str, roots: Iterable[Path], max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The SHA-256 (hex) of the file ``path`` inside ``roots``, or why there is none
    (``refused: no such file`` ...): what cache keys record of a file they depend on."""
    try:
        return hashlib.sha256(read_file(path, roots, max_bytes)).hexdigest()
    except FileRefused as exc:
        return f"refused: {exc.reason}"


def read_checked(real: Path, max_bytes: int = DEFAULT_MAX_BYTES, shown: Path | str | None = None) -> bytes:
    """The bytes of ``real``, a path :func:`check_file` returned (refusals name ``shown``, default ``real``).

    Opened without blocking and without following a link swapped in since
    the check; the open file is checked again to be a regular file."""
    path = real if shown is None else shown
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        raise FileRefused(path, _os_reason(exc)) from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, f"{_kind(info.st_mode)}, not a regular file")
        if info.st_size > max_bytes:
            raise FileRefused(path, f"{info.st_size / 1048576:.1f} MiB is over the limit of "
                                    f"{max_bytes / 1048576:.0f} MiB")
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise FileRefused(path, exc.strerror or "cannot be read") from None
    if len(data) > max_bytes:
        raise FileRefused(path, f"grew over the limit of {max_bytes / 1048576:.0f} MiB while read")
    return data


@dataclass(frozen=True)
class Skipped:
    """An entry :func:`walk_files` passed over, and why."""

    path: Path
    reason: str


def walk_files(folder: Path | str, suffixes: tuple[str, ...], roots: Iterable[Path] | None = None,
               skip_dirs: Iterable[str] = ()) -> tuple[list[Path], list[Skipped]]:
    """Files below ``folder`` whose name ends in one of ``suffixes``, sorted, and what was passed over.

    Folders are never entered through a link; ``skip_dirs`` names folders
    not entered at all (``.cache`` ...).  A matching entry that is a link is
    kept only when its real path is a regular file inside ``roots`` (default:
    ``folder`` itself); every other matching entry -- a link out, a dangling
    link, a FIFO, a device, a folder -- is returned as :class:`Skipped`.
    Returned paths are the paths as listed (below ``folder``), not the targets."""
    folder = Path(folder)
    allowed = resolve_roots(roots if roots is not None else [folder])
    skip = set(skip_dirs)
    found: list[Path] = []
    skipped: list[Skipped] = []
    for current, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in skip)
        here = Path(current)
        names = list(files)
        # os.walk lists a folder named ``x.yaml`` and a link to a folder among dirs
        names += [d for d in dirs if d.endswith(suffixes)]
        for name in sorted(set(names)):
            if not name.endswith(suffixes):
                continue
            path = here / name
            try:
                check_file(path, allowed)
            except FileRefused as exc:
                skipped.append(Skipped(path, exc.reason))
                continue
            found.append(path)
        for name in list(dirs):
            if (here / name).is_symlink():     # never walk out through a linked folder
                dirs.remove(name)
                if not name.endswith(suffixes):
                    skipped.append(Skipped(here / name, "a link to a folder; linked folders are not "
                                                        "followed"))
    return sorted(found), sorted(skipped, key=lambda s: s.path)


VIRTUAL_PREFIX = "/.cardgen/"
"""Documents name their files ``file:///.cardgen/<root>/<path below it>`` (see :class:`Roots`)."""


@dataclass(frozen=True)
class Roots:
    """The folders one document may read, each under a stable name.

    A document's HTML refers to its files by *virtual* URLs such as
    ``file:///.cardgen/doc/Grafiken/x.png`` instead of the file's absolute
    path, so that nothing in the PDF depends on where the checkout lies
    (WeasyPrint names raster images after their URL): the same content gives
    the same bytes on a laptop and on a CI runner.  The PDF fetcher maps a
    virtual URL back to a real path and checks it like any other.
    Names: ``doc`` for the document's own folder, ``r1``, ``r2`` ... for the
    further folders in the order given; ``templates`` and ``assets`` for
    cardgen's own files, always allowed.
    """

    named: tuple[tuple[str, Path], ...]

    @classmethod
    def build(cls, base: Path | str, others: Iterable[Path | str] = ()) -> "Roots":
        from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR

        named = [("doc", Path(base).resolve())]
        named += [(f"r{i}", Path(p).resolve()) for i, p in enumerate(others, start=1)]
        named += [("templates", TEMPLATES_DIR.resolve()), ("assets", ASSETS_DIR.resolve())]
        return cls(tuple(named))

    @property
    def real(self) -> tuple[Path, ...]:
        """The real paths of every root (for :func:`check_file`)."""
        return resolve_roots(path for _, path in self.named)

    @property
    def base_url(self) -> str:
        """The document's base URL: its own folder, virtually."""
        return f"file://{VIRTUAL_PREFIX}doc/"

    def url(self, path: Path | str) -> str:
        """The virtual URL of a real path inside a root (the first root holding it); else its file URI."""
        from urllib.parse import quote

        path = Path(path)
        for name, root in self.named:
            if path == root or root in path.parents:
                relative = path.relative_to(root).as_posix()
                return f"file://{VIRTUAL_PREFIX}{name}/" + quote("" if relative == "." else relative)
        return path.as_uri()

    def path(self, url_path: str) -> Path | None:
        """The path a (decoded) virtual URL path stands for; ``None`` for a path that is not virtual."""
        if not url_path.startswith(VIRTUAL_PREFIX):
            return None
        name, _, rest = url_path[len(VIRTUAL_PREFIX):].partition("/")
        for root_name, root in self.named:
            if root_name == name:
                return root.joinpath(*[p for p in rest.split("/") if p])
        return None


def os_error_line(exc: OSError) -> str:
    """``file: reason`` of an I/O error (or of a :class:`FileRefused`)."""
    if isinstance(exc, FileRefused):
        return one_line(f"{display_path(exc.path)}: {exc.reason}")
    name = display_path(exc.filename) if exc.filename is not None else "?"
    return one_line(f"{name}: {exc.strerror or exc}")
