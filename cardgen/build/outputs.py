"""All-or-nothing output: stage every file of a build, then put them in place.

A build writes each output to a temporary file beside its target while it
runs (``.cardgen-<pid>-….tmp``); only when every stage has succeeded does
:meth:`Outputs.commit` rename them over the targets, remove the outputs of
an earlier build that this one no longer makes, and write the cache's
manifest last.  When any step of the commit fails, every step done so far
is undone (old files come back from hard-linked backups), so the output
folder is either the previous build's or this one's, never a mix; no
temporary file is left behind.  A build killed half-way may leave
temporaries; the next build deletes them first.

Before anything is rendered, :func:`check_collisions` refuses two outputs
that would land on the same file (also on a case-insensitive file system).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import unicodedata
from pathlib import Path
from typing import Callable, Iterable

from cardgen.atomic import OutputError, output_error, remove_stale_temporaries, temp_beside, write_temp
from cardgen.build.cache import OUTPUT, Cache
from cardgen.errors import display_path


def _everything(name: str) -> bool:
    return True


class Outputs:
    """Staged outputs of one build into ``out_dir``, committed with ``cache``'s manifest.

    ``owns(entry)`` says which entries of the previous manifest this run
    answers for: an owned output it does not make again is stale and is
    removed; an entry it does not own is carried over untouched (``cardgen
    cards --group`` owns nothing, a full build everything)."""

    def __init__(self, out_dir: Path, cache: Cache | None = None,
                 owns: Callable[[str], bool] = _everything) -> None:
        self.out_dir = Path(out_dir)
        self.cache = cache
        self.owns = owns
        self._staged: dict[Path, Path] = {}          # target -> temporary file
        self._removed: list[Path] = []
        self._unless_idle: list[Path] = []           # removals only a commit with something else to do makes
        self.removed: list[str] = []                 # after commit: stale outputs removed (relative names)
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self._real_out = self.out_dir.resolve()
            remove_stale_temporaries(self.out_dir)
        except OSError as exc:
            raise output_error(exc, self.out_dir) from None

    def stage(self, target: Path, data: bytes) -> None:
        """Write ``data`` for ``target`` to a temporary file now; put it in place on commit."""
        target = Path(target)
        try:
            real = target.parent.resolve()
        except (OSError, RuntimeError):            # a link loop
            real = None
        if real is None or (real != self._real_out and self._real_out not in real.parents):
            raise OutputError(f"{display_path(target.parent)}: leads out of the output folder "
                              f"{display_path(self.out_dir)} (a link?); remove it")
        try:
            tmp = write_temp(target, data)
        except OSError as exc:
            raise output_error(exc, target) from None
        old = self._staged.pop(target, None)
        if old is not None:
            with contextlib.suppress(OSError):
                old.unlink()
        self._staged[target] = tmp
        if self.cache is not None:
            self.cache.record_output(target, data)

    def remove(self, target: Path, unless_idle: bool = False) -> None:
        """Remove ``target`` when the build commits (an output that no longer applies); ``unless_idle``:
        only if the commit puts anything else in place or removes anything else -- a run that changes
        nothing leaves the folder as it was (``changed-cards.pdf`` after a build that changed cards)."""
        if unless_idle:
            self._unless_idle.append(Path(target))
            return
        self._removed.append(Path(target))
        if self.cache is not None:
            self.cache.forget_output(target)

    def _settle_idle_removals(self) -> None:
        """The removals asked ``unless_idle``: made, or (a commit with nothing else to do) their outputs
        kept in the manifest as they were."""
        waiting, self._unless_idle = self._unless_idle, []
        if not waiting:
            return
        names = {_relative(p, self.out_dir) for p in waiting}
        stale = self.cache.stale_outputs(self.owns) if self.cache is not None else []
        idle = not self._staged and not self._removed and not set(stale) - names
        for target in waiting:
            if not idle:
                self.remove(target)
            elif self.cache is not None:
                self.cache.carry(OUTPUT + self.cache.output_name(target), exact=True)

    @property
    def targets(self) -> list[Path]:
        return list(self._staged)

    def commit(self) -> None:
        """Put every staged file in place, remove stale outputs, write the manifest: all or nothing."""
        self._settle_idle_removals()
        stale = self._stage_manifest()
        removals = [p for p in dict.fromkeys([*self._removed, *stale])
                    if p not in self._staged and os.path.lexists(p)]
        undo: list[tuple[Path, Path | None]] = []                      # (target, backup or None)
        target = self.out_dir
        try:
            for target in removals:
                backup = temp_beside(target)
                os.rename(target, backup)
                undo.append((target, backup))
            for target, tmp in self._staged.items():                    # the manifest last
                undo.append((target, _backup(target)))
                os.replace(tmp, target)
        except BaseException as exc:
            _roll_back(undo)
            self.discard()
            if isinstance(exc, OSError):
                raise output_error(exc, target) from None
            raise
        for _, saved in undo:
            if saved is not None:
                with contextlib.suppress(OSError):
                    saved.unlink()
        self.removed = sorted(_relative(p, self.out_dir) for p in stale if p in removals)
        for path in removals:
            _remove_empty_parents(path, self.out_dir)
        self._staged, self._removed = {}, []

    def _stage_manifest(self) -> list[Path]:
        """Stage the cache's manifest as the last file of the commit; return the stale outputs."""
        if self.cache is None:
            return []
        stale = [self.out_dir / name for name in self.cache.stale_outputs(self.owns)]
        stale = [p for p in stale if p not in self._removed]
        manifest = self.cache.manifest_path
        try:
            tmp = write_temp(manifest, self.cache.manifest_bytes(self.owns))
        except OSError as exc:
            self.discard()
            raise output_error(exc, manifest) from None
        self._staged.pop(manifest, None)
        self._staged[manifest] = tmp
        return stale

    def discard(self) -> None:
        for tmp in self._staged.values():
            with contextlib.suppress(OSError):
                tmp.unlink()
        self._staged, self._removed, self._unless_idle = {}, [], []

    def __enter__(self) -> "Outputs":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _backup(target: Path) -> Path | None:
    """A hard link to the file now at ``target`` (so the old file can come back), or None if none."""
    if not os.path.lexists(target):
        return None
    if os.path.isdir(target) and not os.path.islink(target):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    backup = temp_beside(target)
    try:
        os.link(target, backup, follow_symlinks=False)
    except OSError:                                  # no hard links here: keep a copy instead
        try:
            shutil.copy2(target, backup, follow_symlinks=False)
        except BaseException:
            with contextlib.suppress(OSError):
                backup.unlink()
            raise
    return backup


def _roll_back(undo: list[tuple[Path, Path | None]]) -> None:
    """Undo the renames done so far, newest first (best effort: the manifest is still the old one)."""
    for target, backup in reversed(undo):
        with contextlib.suppress(OSError):
            if backup is None:
                target.unlink(missing_ok=True)
            else:
                os.replace(backup, target)
                backup.unlink(missing_ok=True)       # rename(2) keeps both names of one hard-linked file


def _relative(path: Path, root: Path) -> str:
    return Path(os.path.relpath(path, root)).as_posix()


def _remove_empty_parents(path: Path, root: Path) -> None:
    """Remove the folders of a removed output that are now empty, up to (not including) ``root``."""
    root = Path(os.path.abspath(root))
    folder = Path(os.path.abspath(path)).parent
    while folder != root and root in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def fold_name(name: str) -> str:
    """How a case-insensitive, normalising file system (macOS, Windows) compares ``name``."""
    return unicodedata.normalize("NFC", name).lower()


def check_collisions(planned: Iterable[tuple[str, str]]) -> None:
    """Refuse two outputs on one file: ``planned`` is (output path below OUT, what makes it).

    Names are compared as a case-insensitive file system does, and a file
    may not stand where another output needs a folder."""
    seen: dict[str, tuple[str, str]] = {}
    problems = []
    for name, source in planned:
        folded = fold_name(name)
        if folded in seen:
            other_name, other = seen[folded]
            problems.append(f"{other} and {source} both write {name}"
                            + (f" (the same file as {other_name} on macOS and Windows)" if other_name != name else "")
                            + "; rename one of them")
        else:
            seen[folded] = (name, source)
    for folded, (name, source) in seen.items():
        parts = folded.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if folder in seen:
                problems.append(f"{seen[folder][1]} writes the file {seen[folder][0]}, where {source} needs a "
                                f"folder for {name}; rename one of them")
    if problems:
        raise OutputError("\n".join(f"output clash: {p}" for p in problems))
