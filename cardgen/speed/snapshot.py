"""What a run found and left, file by file (:mod:`cardgen.speed.journal` records it and compares it
before a replay): each path's type, size, modification and status-change times and inode (a racy one,
written within the journal's guard, pinned by its content's digest: :meth:`Snapshot.pin_racy`),
a link's target's too, and where each named folder leads; gathered by a plan of steps (a folder walked
whole, or one path) that :meth:`Snapshot.again` repeats.  :func:`input_snapshot` is everything a build
may read (the journal's docstring says what and why), :func:`output_snapshot` the output folder as a
run left it; more than :data:`MAX_ENTRIES` paths, or a Python or Node environment inside the
project, is :class:`TooMany` (nothing is recorded)."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardgen.fonts.system import font_view

MAX_ENTRIES = 10_000                    # files and folders a snapshot looks at, at most
MAX_HASHED_BYTES = 256 * 1024 * 1024    # a larger file is not pinned by its digest (its times must do)
SKIPPED_NAMES = frozenset({"__pycache__"})    # in cardgen's own package only
ENVIRONMENTS = frozenset({".venv", "venv", "node_modules"})  # a walk that meets one records nothing
GIT_FILES = ("HEAD", "packed-refs")
PACKAGE = Path(__file__).resolve().parents[1]          # cardgen itself: its code, templates and assets
Entry = list[int]


class TooMany(Exception):
    """The snapshot would look at more than :data:`MAX_ENTRIES` files and folders."""


def _entry(path: str) -> Entry | None:
    """What the snapshot knows of one path: type, size, times, inode (and a link's target's)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    entry = [stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
    if stat.S_ISLNK(info.st_mode):
        try:
            target = os.stat(path)
        except OSError:
            return entry
        entry += [stat.S_IFMT(target.st_mode), target.st_size, target.st_mtime_ns, target.st_ctime_ns,
                  target.st_ino]
    return entry


class Snapshot:
    """Entries by absolute path, gathered by a plan of steps (a folder walked whole, or one path),
    which :meth:`again` repeats: equal entries mean nothing was added, removed or written."""

    def __init__(self) -> None:
        self.entries: dict[str, Entry | None] = {}
        self.links: dict[str, str] = {}             # a path as given -> where it leads, links resolved
        self.plan: list[list[Any]] = []
        self.hashes: dict[str, str] = {}           # a path whose times are not trusted -> its content's digest

    @classmethod
    def again(cls, plan: list[list[Any]]) -> Snapshot:
        """A new snapshot by a recorded plan."""
        snap = cls()
        for step in plan:
            if step[0] == "add":
                snap.add(str(step[1]))
            elif step[0] == "resolve":
                snap.resolve(str(step[1]))
            else:
                snap.walk(str(step[1]), [str(path) for path in step[2]], bool(step[3]),
                          [str(name) for name in step[4]] if len(step) > 4 else ())
        return snap

    def _put(self, path: str) -> None:
        self.entries[path] = _entry(path)
        if len(self.entries) > MAX_ENTRIES:
            raise TooMany

    def add(self, path: str) -> None:
        """One path (that need not exist)."""
        self.plan.append(["add", path])
        self._put(path)

    def resolve(self, path: str) -> None:
        """Where ``path`` leads once every link is resolved (a link re-pointed changes it)."""
        self.plan.append(["resolve", path])
        self.links[path] = os.path.realpath(path)

    def walk(self, top: str, skip: Iterable[str] = (), skip_caches: bool = False,
             skip_names: Iterable[str] = ()) -> None:
        """``top`` and everything below it, links not followed, but the paths in ``skip`` (and, with
        ``skip_caches``, folders named ``__pycache__``; folders named as one of ``skip_names``: a walk
        as :class:`cardgen.rulebook.fileindex.FileIndex` makes it)."""
        skipped = sorted(set(skip))
        names = sorted(set(skip_names))
        self.plan.append(["walk", top, skipped, skip_caches, *([names] if names else [])])
        self._put(top)
        folders = [top] if os.path.isdir(top) and not os.path.islink(top) else []
        while folders:
            folder = folders.pop()
            try:
                with os.scandir(folder) as listing:
                    items = sorted(listing, key=lambda item: item.name)
            except OSError:
                continue
            for item in items:
                if item.path in skipped or (skip_caches and item.name in SKIPPED_NAMES) or (
                        item.name in names and item.is_dir(follow_symlinks=False)):
                    continue
                if item.name in ENVIRONMENTS and item.is_dir(follow_symlinks=False):
                    raise TooMany               # thousands of files: give up at once
                self._put(item.path)
                if item.is_dir(follow_symlinks=False):
                    folders.append(item.path)

    def newest_ns(self) -> int:
        """The latest modification or status-change time of any entry (or of a link's target) whose
        content is not pinned by its digest (:meth:`pin_racy`)."""
        return max((_changed_ns(e) for p, e in self.entries.items() if e and p not in self.hashes), default=0)

    def pin_racy(self, since_ns: int) -> None:
        """Each entry changed at or after ``since_ns`` pinned by its content's digest (:func:`content_digest`):
        its times, in the same clock tick as a later write, do not prove it unchanged (git's racy entries)."""
        for path in self.entries:
            self._pin(path, since_ns)

    def _pin(self, path: str, since_ns: int) -> None:
        entry = self.entries[path]
        found = content_digest(path) if entry and _changed_ns(entry) >= since_ns else None
        if found is not None:
            self.hashes[path] = found

    def refresh_folders_above(self, path: str, since_ns: int) -> None:
        """Take again the entries of the folders ``path`` lies in (pinned as :meth:`pin_racy` pins):
        a run that made its output folder changed its parent's times, and nothing else about it (a
        name added beside it is an entry the snapshot does not have, which the next look finds)."""
        folder = os.path.dirname(os.path.realpath(path))
        while True:
            if folder in self.entries:
                self.entries[folder] = _entry(folder)
                self.hashes.pop(folder, None)
                self._pin(folder, since_ns)
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent

    def matches(self, entries: dict[str, Any], links: dict[str, str], hashes: dict[str, str]) -> bool:
        """Whether this snapshot finds what a recorded one found: the same paths and links, each entry
        the same -- or, for a path pinned by ``hashes``, of the same type and content."""
        if self.links != links or self.entries.keys() != entries.keys():
            return False
        for path, entry in entries.items():
            now = self.entries[path]
            if path in hashes:
                if not now or not entry or now[0] != entry[0] or content_digest(path) != hashes[path]:
                    return False
            elif now != entry:
                return False
        return True


def _changed_ns(entry: Entry) -> int:
    return max(entry[2:4] + entry[7:9])


def content_digest(path: str) -> str | None:
    """SHA-256 of a file's bytes, or of a folder's sorted names; None for anything else (or unreadable)."""
    digest = hashlib.sha256()
    try:
        if os.path.isdir(path):
            digest.update("\0".join(sorted(os.listdir(path))).encode("utf-8", "surrogateescape"))
        elif os.path.isfile(path) and os.path.getsize(path) <= MAX_HASHED_BYTES:
            with open(path, "rb") as handle:
                digest.update(handle.read())
        else:
            return None
    except OSError:
        return None
    return digest.hexdigest()


def input_snapshot(cwd: str, root: Path, content: Path, out: Path, css: Iterable[Path]) -> Snapshot:
    """Everything the build may read (see the module's docstring); raises :class:`TooMany`."""
    snap = Snapshot()
    for path in (root, content, out, *css):
        snap.resolve(os.path.abspath(path))
    real_out = os.path.realpath(out)
    root_path = os.path.realpath(root)
    git = os.path.join(root_path, ".git")
    snap.walk(root_path, skip=(real_out, git))
    add_git(snap, root_path)
    folders = [os.path.realpath(content)]
    for sheet in css:                   # a --css file's folder is one the build may read from
        folders += [os.path.dirname(os.path.abspath(sheet)), os.path.dirname(os.path.realpath(sheet))]
    for folder in dict.fromkeys(folders):
        if not _walked_by(folder, root_path, (real_out, git)):
            snap.walk(folder, skip=(real_out,))
    add_toolchain(snap, cwd)
    return snap


def add_git(snap: Snapshot, root: str) -> None:
    """What the version stamp reads of the project's ``.git`` (:mod:`cardgen.project.revision`)."""
    git = os.path.join(root, ".git")
    for name in GIT_FILES:
        snap.add(os.path.join(git, name))
    snap.walk(os.path.join(git, "refs"))


def add_toolchain(snap: Snapshot, cwd: str) -> None:
    """What every run reads besides the project: every ``cardgen.toml`` from ``cwd`` up, cardgen's own
    package, the folders of Python's import path and the system's fonts (:func:`add_fonts`)."""
    folder = cwd
    while True:
        snap.add(os.path.join(folder, "cardgen.toml"))
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    snap.walk(str(PACKAGE), skip_caches=True)
    for entry in sys.path:
        if entry and os.path.isdir(entry):
            snap.add(os.path.realpath(entry))
    add_fonts(snap)


def add_fonts(snap: Snapshot) -> None:
    """Fontconfig's view of the system's fonts (:mod:`cardgen.fonts.system`); :class:`TooMany` without it."""
    view = font_view()
    if view is None:
        raise TooMany
    for path in view.paths():
        snap.add(path)
    for folder in view.cache_dirs:
        snap.walk(folder)


def _walked_by(folder: str, top: str, skipped: tuple[str, ...]) -> bool:
    """Whether the walk of ``top`` (leaving out ``skipped``) already looks at everything in ``folder``."""
    def below(path: str, parent: str) -> bool:
        return path == parent or path.startswith(parent.rstrip(os.sep) + os.sep)
    return below(folder, top) and not any(below(folder, path) for path in skipped)


def output_snapshot(out: Path) -> Snapshot:
    """The output folder as a run left it; raises :class:`TooMany`."""
    snap = Snapshot()
    snap.resolve(os.path.abspath(out))
    snap.walk(os.path.realpath(out))
    return snap
