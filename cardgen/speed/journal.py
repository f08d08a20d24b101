"""A no-change ``cardgen build``, replayed instead of run.

A build in which nothing changed still reads and checks every file, validates the content, derives
every unit and hashes every face's inputs: about half a second for 100 units, mostly Python's
start-up, imports and the YAML.  The journal makes the next identical run a replay:

* **What is recorded.**  Every successful run leaves the journal of the state it leaves: its inputs
  as it found them, its output folder as it left it, and what the next run, finding nothing
  changed, would print -- each step "reused" (``changed-cards.pdf``: "0 changed"), the warnings
  and notes every run says again, not the notes said once when something was rendered, not the
  outputs it removed, and "built 0, reused N" (:meth:`Recorder.finish`).  So the first run with
  nothing changed after a build is a replay already (issue 43.5).  A run that fails deletes the
  journal of its command.
* **When it is replayed.**  The same command line in the same working folder, on the same kind of
  output (a terminal or not), finding every file and folder of its snapshots as that run found its
  inputs and left its outputs -- same names, and for each the same type, size, modification and
  status-change times (nanoseconds) and inode, or the same bytes where it knows a file's digest
  (below) -- and nothing added.  The replay prints what that run recorded (with its own time) and
  exits 0 without loading any content and without starting the render workers' forkserver: 0.04 s
  instead of 0.5 s for 100 units.  Anything else, and the build runs as always (and records its
  journal).
* **The snapshot** (:mod:`cardgen.speed.snapshot`) is a superset of what a build reads: everything below the project root
  (``cardgen.toml``'s folder, else the working folder) but the output folder and ``.git`` (of which
  ``HEAD``, ``packed-refs`` and ``refs/``, which the version stamp reads), everything below the
  content folder, the folder of each ``--css`` file, every ``cardgen.toml`` from the working folder
  up (a new one changes the project), cardgen's own package (but its ``__pycache__`` folders), and
  each folder of Python's import path (installing or removing a package changes it); then, when the
  run has ended, the whole output folder, so a deleted or replaced PDF is made again.  Nothing of
  the project is left out by name: a ``rulebooks`` glob may match a file in any folder (even one
  named ``__pycache__``), and the rulebook walk leaves out only ``.git`` and links to folders
  (:meth:`cardgen.project.file.Project.rulebook_sources`).
* **Links.**  Where the project root, ``--content``, ``--out`` and each ``--css`` file lead (every
  link resolved) is part of the snapshot: a link re-pointed to another folder builds (into that
  folder), however the links' own times look.
* **The system's fonts.**  Fontconfig's view (:mod:`cardgen.fonts.system`): its configuration files and
  folders, the user's configuration files it would read, every font folder and font file, and its
  cache folders are part of the snapshot, and the variables that choose them (``FONTCONFIG_FILE``,
  ``HOME`` …) part of the journal's name; a font installed, removed or replaced builds, and the new
  key of every face (:func:`cardgen.build.cache.toolchain_digest`) renders it anew.  Without fontconfig
  nothing is recorded.
* **Trusting file times** as git and make do, with git's guard: the status-change time is set by
  the system on every write and cannot be set back by a program; but a file or folder written in
  the 2 s before its snapshot (:data:`RACY_NS`: the same clock tick as a later write that would
  leave its times unchanged, on the coarsest file systems) is pinned by its content's SHA-256
  (:meth:`cardgen.speed.snapshot.Snapshot.pin_racy`; a folder: its names), which a replay compares
  instead of its times -- the inputs when the run starts (the file the designer saved just before
  the build), the output folder when it ends (every output the build wrote).  A racy entry that
  cannot be pinned (not a file or folder, or too large) keeps the run from being recorded.
* **A limit.**  With more than :data:`MAX_ENTRIES` files and folders to look at, or a Python or
  Node environment (``.venv``, ``venv``, ``node_modules``) inside the project, nothing is recorded
  and every build runs.
* **Where.**  One small JSON file per working folder and command line in cardgen's own folder of the
  user's cache (:mod:`cardgen.speed.usercache`: made by cardgen, mode 0700, used only while it is this
  user's alone).  A CI machine starts without any, so CI always builds.

Only ``cardgen build`` (the command, or ``python -m cardgen build``) replays; ``cardgen watch`` and
``serve``, and calls of :func:`cardgen.commands.main.main`, always build.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from cardgen.fonts.system import ENVIRONMENT
from cardgen.speed.snapshot import PACKAGE, Snapshot, TooMany, input_snapshot, output_snapshot
from cardgen.speed.usercache import own_folder, user_cache_folder

FORMAT = 2
MAX_JOURNAL_BYTES = 64 * 1024 * 1024    # a journal larger than this is not read
RACY_NS = 2_000_000_000                 # a file written this shortly before its snapshot: pinned by its digest


def journal_file(cwd: str, argv: list[str], terminal: bool) -> Path | None:
    """Where the journal of this command line in this folder lives (None without a cache folder)."""
    folder = user_cache_folder("journal")
    if folder is None:
        return None
    fonts = [os.environ.get(name) for name in ENVIRONMENT]
    key = json.dumps([FORMAT, cwd, argv, terminal, sys.executable, sys.version, sys.path, str(PACKAGE), fonts])
    return folder / f"{hashlib.sha256(key.encode()).hexdigest()}.json"


def forget(path: Path | None) -> None:
    """Delete a journal (any run that is not recorded)."""
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink()


def record(path: Path | None, inputs: Snapshot, started_ns: int, out: Path, lines: list[tuple[str, str]],
           summary: str, outputs: Snapshot | None = None) -> bool:
    """Keep the journal of a run: ``inputs`` as it found them (racy files pinned when taken), what it
    left, and what the next run finding them so prints (``lines``; ``summary``: the last line, printed
    with the replay's time, none where empty); False (and no journal) where that is not safe.
    ``outputs``: what the run left (default: the output folder ``out``, walked now, its racy files
    pinned: the run has just written them)."""
    if path is None:
        return False
    try:
        if outputs is None:
            outputs = output_snapshot(out)
            outputs.pin_racy(started_ns - RACY_NS)
    except TooMany:
        forget(path)
        return False
    if max(inputs.newest_ns(), outputs.newest_ns()) >= started_ns - RACY_NS:    # racy, and not pinned
        forget(path)
        return False
    data = {"format": FORMAT, "inputs": _recorded(inputs), "outputs": _recorded(outputs),
            "lines": [[stream, text] for stream, text in lines], "summary": summary}
    if not own_folder(path.parent, create=True):
        return False
    # lazy: not on the replay's path (the build that records has imported it already)
    from cardgen.atomic import write_atomic

    try:
        write_atomic(path, json.dumps(data).encode("utf-8"))
    except OSError:
        return False
    return True


def _recorded(snap: Snapshot) -> dict[str, Any]:
    return {"plan": snap.plan, "entries": snap.entries, "links": snap.links, "hashes": snap.hashes}


def _unchanged(recorded: Any) -> bool:
    """Whether a recorded snapshot (``{"plan": …, "entries": …, "links": …, "hashes": …}``) is what its plan
    finds now."""
    try:
        now = Snapshot.again(recorded["plan"])
        return now.matches(recorded["entries"], recorded["links"], recorded.get("hashes") or {})
    except TooMany:
        return False


def replay(argv: list[str]) -> int | None:
    """Print what a run of this command finding nothing changed prints (the last run recorded it) and
    return 0, or None (build)."""
    started = time.perf_counter()
    try:
        path = journal_file(os.getcwd(), argv, sys.stdout.isatty())
    except OSError:                             # the working folder is gone: the build says so
        return None
    if path is None or not own_folder(path.parent, create=False):
        return None
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_JOURNAL_BYTES:
            return None
        recorded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or recorded.get("format") != FORMAT:
        return None
    try:
        if not (_unchanged(recorded["inputs"]) and _unchanged(recorded["outputs"])):
            return None
        lines = [(str(stream), str(text)) for stream, text in recorded["lines"]]
        summary = str(recorded["summary"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    for stream, text in lines:
        print(text, file=sys.stderr if stream == "stderr" else sys.stdout)
    if summary:
        print(f"{summary} in {time.perf_counter() - started:.2f} s", flush=True)
    return 0


class Recorder:
    """The journal of one ``cardgen build`` run from the command line: the input snapshot taken (its
    racy files pinned) before the build reads anything, and at the end the journal of what it left."""

    def __init__(self, argv: list[str], root: Path, content: Path, out: Path, css: Iterable[Path]) -> None:
        def take() -> Snapshot:
            snap = input_snapshot(os.getcwd(), root, content, out, css)
            snap.pin_racy(self.started_ns - RACY_NS)
            return snap
        self.start(argv, out, take)

    def start(self, argv: list[str], out: Path, take: Callable[[], Snapshot]) -> None:
        """The journal's file, and the snapshot ``take`` makes (None: :class:`TooMany`, or no cache folder)."""
        self.path = journal_file(os.getcwd(), argv, sys.stdout.isatty())
        self.out = out
        self.started_ns = time.time_ns()
        self.inputs: Snapshot | None = None
        if self.path is not None:
            with contextlib.suppress(TooMany):
                self.inputs = take()

    def forget(self) -> None:
        forget(self.path)

    def finish(self, lines: list[tuple[str, str]], summary: str) -> bool:
        """After a successful run: its journal, with what the next run finding nothing changed prints
        (``lines``, then the ``summary`` line and its time)."""
        if self.inputs is None:
            self.forget()
            return False
        self.inputs.refresh_folders_above(str(self.out), self.started_ns - RACY_NS)   # it may have made the folder
        return record(self.path, self.inputs, self.started_ns, self.out, lines, summary)
