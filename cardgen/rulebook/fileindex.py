"""Every file below some folders, by folded name: where a rulebook picture's name is looked for
when it is not where the reference says (:mod:`cardgen.rulebook.images`: hints, case-only
matches, and whether cardgen's icon set may stand in)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.content.pictures import SKIPPED_FOLDERS, fold    # SKIPPED_FOLDERS: never indexed either
MAX_INDEXED_FILES = 50_000


@dataclass(frozen=True)
class FileIndex:
    """Every file below some folders, by folded name (see :func:`fold`).

    Built by walking each folder once without following links to folders and
    without entering :data:`SKIPPED_FOLDERS`.  It stops after ``limit`` files
    (:data:`MAX_INDEXED_FILES`, so that a huge folder stays fast) and then says
    so (``truncated``): files beyond the cap give no hint and do not keep
    cardgen's icon set from standing in for them."""

    by_name: dict[str, tuple[Path, ...]]
    truncated: bool = False

    @classmethod
    def build(cls, folders: Iterable[Path], limit: int = MAX_INDEXED_FILES) -> FileIndex:
        by_name: dict[str, list[Path]] = {}
        count = 0
        for folder in folders:
            for current, dirs, files in os.walk(folder, followlinks=False):
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS)
                for name in sorted(files):
                    if count >= limit:
                        return cls(_frozen(by_name), truncated=True)
                    by_name.setdefault(fold(name), []).append(Path(current, name))
                    count += 1
        return cls(_frozen(by_name))

    def named(self, *names: str) -> list[Path]:
        """The files called any of ``names`` (folded), in walk order."""
        return [path for name in names for path in self.by_name.get(fold(name), ())]


def _frozen(by_name: dict[str, list[Path]]) -> dict[str, tuple[Path, ...]]:
    return {name: tuple(paths) for name, paths in by_name.items()}
