"""All-or-nothing output: stage every file of a build, then put them in place.

A build writes each output to a temporary file beside its target while it
runs; only when every stage has succeeded are the temporary files renamed
over the targets (and stale outputs removed).  A build that fails half-way
discards its temporary files, so the previous PDFs stay exactly as they
were and nothing half-written is ever left behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from cardgen.atomic import umask_mode


class Outputs:
    """Staged outputs of one build."""

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []
        self._removed: list[Path] = []

    def stage(self, target: Path, data: bytes) -> None:
        target = Path(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, umask_mode())
        self._staged.append((Path(tmp), target))

    def remove(self, target: Path) -> None:
        """Remove ``target`` when the build commits (an output that no longer applies)."""
        self._removed.append(Path(target))

    @property
    def targets(self) -> list[Path]:
        return [target for _, target in self._staged]

    def commit(self) -> None:
        for tmp, target in self._staged:
            os.replace(tmp, target)
        for target in self._removed:
            target.unlink(missing_ok=True)
        self._staged, self._removed = [], []

    def discard(self) -> None:
        for tmp, _ in self._staged:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
        self._staged, self._removed = [], []

    def __enter__(self) -> "Outputs":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()
