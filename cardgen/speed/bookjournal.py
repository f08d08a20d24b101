"""A no-change ``cardgen rulebook`` replayed instead of run, as :mod:`cardgen.speed.journal` replays a build.

``cardgen rulebook BOOK.md`` with nothing changed still starts Python, imports the Markdown dialect,
the content and the theme, parses the book and puts its cached chapters together: about 1.3 s for the
user's ``Regelbuch.md``, a sixth of laying it out.  The journal of the command line makes it a replay
(what it printed, printed again; the PDF left as it is) that reads no content and imports no renderer.

* **What is recorded.**  Every successful run (exit 0), with what it printed and the PDF it wrote.  A
  failed run, or one whose inputs changed while it ran, deletes the journal.
* **What it looks at** (:func:`book_snapshot`): the book; every folder whose file names the book's
  picture look-up reads (its folder, the ``--assets`` folders, the project root with a project file:
  walked as :class:`~cardgen.rulebook.fileindex.FileIndex` walks them, but the output and the cache);
  the content folder; the theme's folder, font folders and stylesheets and each ``--css`` file; the
  ``.git`` files the version stamp reads; what every run reads (:func:`~cardgen.speed.snapshot.add_toolchain`:
  every ``cardgen.toml`` from the working folder up, cardgen's package, Python's import path, the
  system's fonts); and, once the run ended, each file the book read when rendered
  (:mod:`cardgen.rulebook.reads`: pictures, stylesheets and fonts anywhere in its allowed roots).  The
  output: the PDF, pinned by its digest.
* **Times trusted, racy files hashed.**  As the build's journal, an entry whose type, size, times and
  inode are as recorded is unchanged.  A file written in the 2 s before the run started (or the PDF
  it wrote) is not trusted by its times: it is pinned by the digest of its bytes, taken before the
  run read it (:meth:`~cardgen.speed.snapshot.Snapshot.pin_racy`; a file served to the PDF, by the
  digest of what was served), and compared by content -- git's answer to racy entries.  So an edit
  saved a moment before the run is recorded too, and the next run with no change replays.
* **Where, and when not.**  The journal file of the command line, working folder and kind of output
  (:func:`cardgen.speed.journal.journal_file`, shared with ``cardgen build``'s, whose command lines
  differ); more than :data:`~cardgen.speed.snapshot.MAX_ENTRIES` paths to look at, or a Python or
  Node environment in a walked folder: nothing is recorded and every run lays the book out.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

from cardgen.content.pictures import SKIPPED_FOLDERS
from cardgen.speed.journal import RACY_NS, Recorder, record
from cardgen.speed.snapshot import Snapshot, TooMany, add_git, add_toolchain, content_digest

SHA256 = re.compile(r"[0-9a-f]{64}")


def book_snapshot(cwd: str, source: Path, out: Path, cache: Path, index: Iterable[Path],
                  content: Path | None, theme: Iterable[Path], files: Iterable[Path]) -> Snapshot:
    """What ``cardgen rulebook`` may read before rendering (the module docstring); ``index``: the folders
    of the picture look-up; ``theme``: the theme's folders; ``files``: single files (stylesheets,
    ``--css``).  Raises :class:`~cardgen.speed.snapshot.TooMany`."""
    snap = Snapshot()
    skip = (os.path.realpath(out), os.path.realpath(cache))
    for path in (source, out, *(p for p in (content,) if p is not None)):
        snap.resolve(os.path.abspath(path))
    snap.add(os.path.realpath(source))
    for folder in dict.fromkeys(os.path.realpath(p) for p in index):
        snap.walk(folder, skip=skip, skip_names=SKIPPED_FOLDERS)
    for folder in dict.fromkeys(os.path.realpath(p) for p in (*((content,) if content else ()), *theme)):
        snap.walk(folder, skip=skip)
    for path in files:
        snap.resolve(os.path.abspath(path))
        snap.add(os.path.realpath(path))
    add_toolchain(snap, cwd)
    return snap


class BookRecorder(Recorder):
    """The journal of one ``cardgen rulebook`` run from the command line: the snapshot taken (its racy
    files pinned) before the run reads anything; at the end, a journal or none."""

    def __init__(self, argv: list[str], source: Path, out: Path, cache: Path, index: Iterable[Path],
                 content: Path | None, theme: Iterable[Path], files: Iterable[Path], git_root: Path | None) -> None:
        def take() -> Snapshot:
            snap = book_snapshot(os.getcwd(), source, out, cache, list(index), content, list(theme), list(files))
            if git_root is not None:
                add_git(snap, os.path.realpath(git_root))
            snap.pin_racy(self.started_ns - RACY_NS)
            return snap
        self.start(argv, out, take)

    def finish_book(self, lines: list[tuple[str, str]], source: Path, read: Iterable[tuple[str, str]], pdf: bytes) -> bool:
        """After a successful run that wrote ``pdf``, having read ``read`` (:attr:`cardgen.rulebook.reads.Reads.files`:
        path below the book's folder, SHA-256 as served or why refused): record it, unless an input changed
        while it ran."""
        inputs = self.inputs
        if inputs is None:
            self.forget()
            return False
        if not _still(inputs):
            self.forget()
            return False
        for below, sha in read:
            path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(source)), below))
            if not (sha.startswith("refused") or SHA256.fullmatch(sha)):       # changed while the book was built
                self.forget()
                return False
            if path not in inputs.entries:
                inputs.add(path)
                entry = inputs.entries[path]
                if entry and SHA256.fullmatch(sha) and max(entry[2:4] + entry[7:9]) >= self.started_ns - RACY_NS:
                    inputs.hashes[path] = sha
        outputs = Snapshot()
        outputs.resolve(os.path.abspath(self.out))
        outputs.add(os.path.realpath(self.out))
        outputs.hashes[os.path.realpath(self.out)] = hashlib.sha256(pdf).hexdigest()
        return record(self.path, inputs, self.started_ns, self.out, lines, "", outputs)


def _still(inputs: Snapshot) -> bool:
    """Whether ``inputs`` is what its plan finds now, but the times of walked folders (the run wrote its
    PDF or cache into one): their names are in the snapshot, so a folder's entry is taken as it is now,
    pinned by its names (:func:`~cardgen.speed.snapshot.content_digest`)."""
    try:
        again = Snapshot.again(inputs.plan)
    except TooMany:
        return False
    if again.links != inputs.links or again.entries.keys() != inputs.entries.keys():
        return False
    added = {step[1] for step in inputs.plan if step[0] == "add"}
    for path, entry in inputs.entries.items():
        now = again.entries[path]
        if now == entry:
            continue
        if path in added or not entry or not now or entry[0] != stat.S_IFDIR or now[0] != stat.S_IFDIR:
            return False
        inputs.entries[path] = now
        names = content_digest(path)
        if names is None:
            return False
        inputs.hashes[path] = names
    return True
