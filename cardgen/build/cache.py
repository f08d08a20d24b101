"""The build cache: content-addressed render results and the last build's manifest.

A cache key is a SHA-256 over everything an output depends on: the data it
shows (the card view, the Markdown text), the rules configuration, the
templates and CSS, the icons and fonts, cardgen's version and code, and the
versions of WeasyPrint and its libraries.  Results are stored under
``OUT/.cache/<kind>/<key><suffix>``, each behind a one-line header with its
key, length and SHA-256, so a truncated, edited or swapped entry is noticed
on reading, thrown away and rendered again.

The manifest (``OUT/.cache/manifest.json``, a JSON object of strings)
remembers which key each output had in the last successful build and, under
``output:<path>``, the length and SHA-256 of every output file cardgen
wrote: an output counts as unchanged only while the file on disk is still
that file, and an output the next build no longer makes can be removed
safely.  A damaged cache -- a manifest of the wrong shape, a file where a
folder belongs -- is repaired or ignored, never a crash.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterable

from cardgen import __version__
from cardgen.fonts.system import font_view_digest
from cardgen.atomic import TMP_PREFIX, output_error, write_atomic
from cardgen.paths import ASSETS_DIR, PACKAGE_DIR, TEMPLATES_DIR
from cardgen.safefs import file_digest, inside, read_file, resolve_roots, walk_files

ENTRY_MAX_BYTES = 256 * 1024 * 1024
MANIFEST_MAX_BYTES = 64 * 1024 * 1024
HEADER = b"cardgen-cache 1"
OUTPUT = "output:"


def digest(*parts: Any) -> str:
    """SHA-256 of the canonical JSON of ``parts``."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tree_digest(folder: Path, skip_dirs: Iterable[str] = (), skip: Path | None = None) -> str:
    """Digest of every file below ``folder`` (names and bytes), sorted.

    Links out of the folder, FIFOs and devices are never opened (only their
    names count).  Folders named in ``skip_dirs`` (``.git``) and everything
    below ``skip`` (the output folder, when it lies inside) are left out.  Not
    cached across calls: ``cardgen watch`` runs many builds in one process and
    must see an edited template, icon or picture."""
    folder = Path(folder)
    roots = resolve_roots([folder])
    files, skipped = walk_files(folder, ("",), roots=roots, skip_dirs=skip_dirs)
    left_out = resolve_roots([skip]) if skip is not None else ()
    sha = hashlib.sha256()
    for path in files:
        if left_out and inside(path.resolve(), left_out):
            continue
        sha.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        sha.update(file_digest(path, roots, ENTRY_MAX_BYTES).encode("utf-8") + b"\0")
    for entry in skipped:
        if left_out and inside(entry.path.parent.resolve() / entry.path.name, left_out):
            continue
        if not entry.path.is_dir() or entry.path.is_symlink():      # folders are walked, not skipped
            sha.update(entry.path.relative_to(folder).as_posix().encode("utf-8") + b"\0skipped\0")
    return sha.hexdigest()


def source_digest() -> str:
    """Digest of cardgen's own Python code (every ``.py`` file of the package, by name and bytes).

    The version alone does not tell two cardgens apart: a CI that installs cardgen from a git
    branch and restores ``build/.cache`` gets new code under the same version, and must not be
    handed the PDFs the old code made."""
    sha = hashlib.sha256()
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        if "__pycache__" not in path.parts:
            sha.update(path.relative_to(PACKAGE_DIR).as_posix().encode("utf-8") + b"\0")
            sha.update(hashlib.sha256(path.read_bytes()).digest())
    return sha.hexdigest()


def toolchain_digest() -> str:
    """What every rendering depends on besides its data: version and code, the libraries' versions
    (:func:`library_versions`), templates, icons, and the system's fonts as fontconfig sees them
    (:mod:`cardgen.fonts.system`: a font installed or removed, or another ``FONTCONFIG_FILE``, may change
    the fallback font of any face)."""
    return digest(__version__, source_digest(), library_versions(), tree_digest(TEMPLATES_DIR),
                  tree_digest(ASSETS_DIR), font_view_digest())


def library_versions() -> tuple[tuple[str, str], ...]:
    """The installed version of WeasyPrint and of each library it requires at run time: what turns a
    document's HTML (in every key already) into PDF bytes.  cardgen pins WeasyPrint, not those: another
    fontTools subsets a font otherwise, another pydyf writes other bytes -- a face or chapter cached with
    the old one would not be what a cold build makes."""
    names = {"weasyprint"}
    with contextlib.suppress(metadata.PackageNotFoundError):
        names.update(re.split(r"[\s\[;<>=!~(]", r, maxsplit=1)[0].lower()
                     for r in metadata.requires("weasyprint") or () if "extra ==" not in r)
    return tuple((name, _version(name)) for name in sorted(names))


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


def file_stamp(data: bytes) -> str:
    """How the manifest remembers an output file: ``<length>:<sha256>``."""
    return f"{len(data)}:{hashlib.sha256(data).hexdigest()}"


def discard(path: Path) -> None:
    """Remove whatever is at ``path`` (file, link, FIFO or folder); never follows a link."""
    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def ensure_folder(path: Path) -> None:
    """``path`` as a real folder: a file, link or FIFO standing there is removed first."""
    if os.path.lexists(path) and (path.is_symlink() or not path.is_dir()):
        discard(path)
    path.mkdir(parents=True, exist_ok=True)


def read_regular(path: Path, limit: int | None = None) -> bytes | None:
    """The bytes of the regular file ``path`` (no link followed, never blocks), or None."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            return None
        return handle.read() if limit is None else handle.read(limit)


def file_matches(path: Path, stamp: str) -> bool:
    """Whether ``path`` is a regular file with exactly the length and SHA-256 of ``stamp``."""
    size, _, sha = stamp.partition(":")
    try:
        info = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or str(info.st_size) != size:
        return False
    data = read_regular(path)
    return data is not None and hashlib.sha256(data).hexdigest() == sha


class Cache:
    """Render results by key, and the manifest of the last successful build."""

    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir)
        self.root = self.out_dir / ".cache"
        self.manifest_path = self.root / "manifest.json"
        try:
            ensure_folder(self.root)
        except OSError as exc:
            raise output_error(exc, self.root) from None
        self._roots = resolve_roots([self.root])
        self._folders: set[str] = set()
        self.previous: dict[str, str] = self._load_manifest()
        self.current: dict[str, str] = {}
        self._dropped: set[str] = set()

    def _load_manifest(self) -> dict[str, str]:
        """The last manifest; anything but a JSON object of strings counts as no manifest."""
        with contextlib.suppress(OSError):         # a folder or FIFO in its place: the commit replaces it
            if not stat.S_ISREG(os.lstat(self.manifest_path).st_mode):
                discard(self.manifest_path)
        try:
            manifest = json.loads(read_file(self.manifest_path, self._roots, MANIFEST_MAX_BYTES))
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(manifest, dict) or not all(isinstance(v, str) for v in manifest.values()):
            return {}
        return manifest

    def folder(self, kind: str) -> Path:
        """``OUT/.cache/<kind>``, made a real folder if anything else stands there."""
        folder = self.root / kind
        if kind not in self._folders:
            try:
                ensure_folder(folder)
            except OSError as exc:
                raise output_error(exc, folder) from None
            self._folders.add(kind)
        return folder

    def path(self, kind: str, key: str, suffix: str = ".pdf") -> Path:
        return self.folder(kind) / f"{key}{suffix}"

    def get(self, kind: str, key: str, suffix: str = ".pdf") -> bytes | None:
        """The stored bytes for ``key``; None when missing or damaged (a damaged entry is removed)."""
        path = self.path(kind, key, suffix)
        if not os.path.lexists(path):
            return None
        raw = read_regular(path, ENTRY_MAX_BYTES)
        header, newline, data = (raw or b"").partition(b"\n")
        if newline and header == _header(key, data):
            return data
        discard(path)
        return None

    def has(self, kind: str, key: str, suffix: str = ".pdf") -> bool:
        """Whether an entry for ``key`` is stored whole (key and length checked, not the hash)."""
        path = self.path(kind, key, suffix)
        try:
            info = os.lstat(path)
        except OSError:
            return False
        head = read_regular(path, 256) if stat.S_ISREG(info.st_mode) else None
        fields = (head or b"").partition(b"\n")[0].split(b" ")
        if (len(fields) == 5 and b" ".join(fields[:2]) == HEADER and fields[2] == key.encode()
                and fields[3].isdigit() and int(fields[3]) == info.st_size - len(b" ".join(fields)) - 1):
            return True
        discard(path)
        return False

    def put(self, kind: str, key: str, data: bytes, suffix: str = ".pdf") -> None:
        path = self.path(kind, key, suffix)
        try:
            if os.path.lexists(path) and (path.is_symlink() or not path.is_file()):
                discard(path)
            write_atomic(path, _header(key, data) + b"\n" + data)
        except OSError as exc:
            raise output_error(exc, path) from None

    def record(self, name: str, key: str) -> None:
        self.current[name] = key

    def carry(self, prefix: str, exact: bool = False) -> None:
        """Keep the last build's entries whose names start with ``prefix`` (what an output reused
        as it is still refers to: the imposer's recorded chunks); ``exact``: the entry of that name."""
        for name, key in self.previous.items():
            if (name == prefix if exact else name.startswith(prefix)) and name not in self.current:
                self.current[name] = key

    def output_name(self, output: Path) -> str:
        """The name of an output in the manifest: its path below the output folder."""
        return Path(os.path.relpath(output, self.out_dir)).as_posix()

    def record_output(self, output: Path, data: bytes) -> None:
        """Remember the output file written from ``data`` (its length and SHA-256)."""
        self.current[OUTPUT + self.output_name(output)] = file_stamp(data)

    def forget_output(self, output: Path) -> None:
        """An output this run removes: it leaves the manifest."""
        name = OUTPUT + self.output_name(output)
        self.current.pop(name, None)
        self._dropped.add(name)

    def unchanged(self, name: str, key: str, output: Path) -> bool:
        """Whether ``output`` was built from the same key last time and is still exactly that file."""
        if self.previous.get(name) != key:
            return False
        entry = OUTPUT + self.output_name(output)
        stamp = self.previous.get(entry)
        if stamp is None or not file_matches(Path(output), stamp):
            return False
        self.current[entry] = stamp
        return True

    def stale_outputs(self, owns: Callable[[str], bool]) -> list[str]:
        """Outputs of the last build that this run owns and did not make, and that are still the
        files cardgen wrote (a file changed or put there by someone else is never removed)."""
        stale = []
        real_out = self.out_dir.resolve()
        for entry, stamp in sorted(self.previous.items()):
            if not entry.startswith(OUTPUT) or entry in self.current or not owns(entry):
                continue
            name = entry[len(OUTPUT):]
            path = self.out_dir / name
            if safe_output_name(name) and inside(path.parent.resolve(), (real_out,)) and file_matches(path, stamp):
                stale.append(name)
        return stale

    def manifest_bytes(self, owns: Callable[[str], bool]) -> bytes:
        """The manifest of this run: its own entries, plus the last one's entries it does not own."""
        kept = {k: v for k, v in self.previous.items() if not owns(k) and k not in self._dropped}
        return json.dumps({**kept, **self.current}, indent=1, sort_keys=True).encode()

    def prune(self, kind: str) -> None:
        """Drop cached results of ``kind`` that no current output refers to."""
        folder = self.root / kind
        if not folder.is_dir() or folder.is_symlink():
            return
        live = set(self.current.values())
        with contextlib.suppress(OSError):
            for path in folder.iterdir():
                if path.name.split(".")[0] not in live and not path.name.startswith(TMP_PREFIX):
                    discard(path)


def _header(key: str, data: bytes) -> bytes:
    return b"%s %s %d %s" % (HEADER, key.encode(), len(data), hashlib.sha256(data).hexdigest().encode())


def safe_output_name(name: str) -> bool:
    """Whether a manifest's output name is a plain path below the output folder (not the cache)."""
    parts = name.split("/")
    return (bool(name) and not name.startswith("/") and "\\" not in name and "\0" not in name
            and all(part not in ("", ".", "..") for part in parts) and parts[0] != ".cache")
