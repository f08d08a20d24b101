"""Which revision of the content is printed: the version stamp.

A project's outputs say which revision they were made from, so a player holding a card and a
rulebook can tell whether they belong together.  The stamp is

* ``Version 1.2`` when the project file sets ``version = "1.2"``; else ``Version v1.2`` when a
  git tag points at the checked-out commit (what ``git describe`` prints on a tagged release);
* followed by ``Commit 0123abc``, the checked-out commit, when the project is a git repository;

joined by " · ".  It is empty without a project file (the folder cardgen happens to run in says
nothing about the content, and a build's bytes must not depend on it) and never holds a date or
a time, so two builds of one revision give the same bytes and a new commit changes only the stamp.

git itself is never run: ``.git/HEAD``, the ref files, ``packed-refs`` and (to peel an annotated
tag) one loose tag object are read through :mod:`cardgen.safefs` below the project root, each
capped in size.  A tag that needs git's pack files to be peeled is not seen; the stamp then shows
the commit alone, which is still exact.  Unlike ``git describe`` the stamp does not count commits
since the last tag: that needs the history, and the commit hash already names the revision.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from cardgen.safefs import FileRefused, read_file

MAX_GIT_FILE_BYTES = 1024 * 1024                     # .git/HEAD, a ref file, packed-refs, a tag object
MAX_TAGS = 10_000                                    # loose tag files looked at
_REF = re.compile(r"ref: (refs/[A-Za-z0-9._/\-]+)")
_HASH = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_TAG_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z._+\-]{0,39}")
_TAG_OBJECT = re.compile(rb"tag \d+\x00object ([0-9a-f]{40}|[0-9a-f]{64})\n")


class _Git:
    """The files of one ``root/.git`` folder, read safely (None where anything is refused)."""

    def __init__(self, root: Path) -> None:
        self.folder = Path(root) / ".git"
        self.roots = (Path(root).resolve(),)

    def read(self, name: str) -> str | None:
        raw = self.raw(name)
        return None if raw is None else raw.decode("ascii", errors="replace")

    def raw(self, name: str) -> bytes | None:
        try:
            return read_file(self.folder / name, self.roots, MAX_GIT_FILE_BYTES)
        except FileRefused:
            return None

    def packed(self) -> list[list[str]]:
        return [line.split(" ") for line in (self.read("packed-refs") or "").splitlines()]

    def head(self) -> str | None:
        """The full hash of the checked-out commit."""
        head = (self.read("HEAD") or "").strip()
        ref = _REF.fullmatch(head)
        if ref is not None and ".." not in ref[1]:
            head = (self.read(ref[1]) or "").strip()
            if not _HASH.fullmatch(head):
                head = next((parts[0] for parts in self.packed() if len(parts) == 2 and parts[1] == ref[1]), "")
        return head if _HASH.fullmatch(head) else None

    def tags_at(self, commit: str) -> list[str]:
        """The names of the tags pointing at ``commit`` (lightweight or annotated), sorted."""
        found = set()
        lines = self.packed()
        for number, parts in enumerate(lines):
            if len(parts) != 2 or not parts[1].startswith("refs/tags/"):
                continue
            peeled = lines[number + 1][0] if number + 1 < len(lines) and lines[number + 1][0].startswith("^") else ""
            if commit in (parts[0], peeled[1:]):
                found.add(parts[1].removeprefix("refs/tags/"))
        tags = self.folder / "refs" / "tags"
        if tags.is_dir() and not tags.is_symlink():
            for path in sorted(tags.iterdir())[:MAX_TAGS]:
                target = (self.read(f"refs/tags/{path.name}") or "").strip()
                if _HASH.fullmatch(target) and commit in (target, self.peel(target)):
                    found.add(path.name)
        return sorted(name for name in found if _TAG_NAME.fullmatch(name))

    def peel(self, tag: str) -> str | None:
        """The object an annotated tag points at, from its loose object (None if it is packed)."""
        raw = self.raw(f"objects/{tag[:2]}/{tag[2:]}")
        if raw is None:
            return None
        try:
            head = zlib.decompressobj().decompress(raw, 200)
        except zlib.error:
            return None
        match = _TAG_OBJECT.match(head)
        return match[1].decode("ascii") if match else None


def git_commit(root: Path) -> str | None:
    """The short hash of the commit checked out in ``root/.git``, or None (no repository, a
    worktree's ``.git`` file, anything unreadable or outside ``root``)."""
    head = _Git(root).head()
    return head[:7] if head else None


def git_tag(root: Path) -> str | None:
    """The tag pointing at the checked-out commit (the last in sort order if there are several), or None."""
    git = _Git(root)
    head = git.head()
    tags = git.tags_at(head) if head else []
    return tags[-1] if tags else None


def version_stamp(version: str | None, commit: str | None) -> str:
    """The stamp of a version and a commit, whichever are known: ``Version 1.2 · Commit 0123abc``."""
    parts = ([f"Version {version}"] if version else []) + ([f"Commit {commit}"] if commit else [])
    return " · ".join(parts)


def short_stamp(root: Path, version: str | None) -> str:
    """The revision in one word, for a card's corner: the version, else the tag at HEAD, else the
    commit ("" if none is known)."""
    return version or git_tag(root) or git_commit(root) or ""


def project_stamp(root: Path, version: str | None, has_project_file: bool) -> str:
    """The stamp of a project: its file's ``version`` (else the git tag at HEAD) and its commit;
    empty without a project file."""
    if not has_project_file:
        return ""
    return version_stamp(version or git_tag(root), git_commit(root))
