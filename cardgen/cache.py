"""The build cache: content-addressed render results and the last build's manifest.

A cache key is a SHA-256 over everything an output depends on: the data it
shows (the card view, the Markdown text), the rules configuration, the
templates and CSS, the icons and fonts, and cardgen's version.  Results are
stored under ``OUT/.cache/`` by key; the manifest remembers which key each
output had in the last successful build (for ``changed-cards.pdf`` and for
skipping outputs that did not change).  Every write is atomic.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.atomic import write_atomic


def digest(*parts: Any) -> str:
    """SHA-256 of the canonical JSON of ``parts``."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tree_digest(folder: Path) -> str:
    """Digest of every file below ``folder`` (names and bytes), sorted.

    Not cached across calls: ``cardgen watch`` runs many builds in one process
    and must see an edited template, icon or rulebook picture."""
    sha = hashlib.sha256()
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        sha.update(str(path.relative_to(folder)).encode("utf-8") + b"\0")
        sha.update(hashlib.sha256(path.read_bytes()).digest())
    return sha.hexdigest()


def toolchain_digest() -> str:
    """What every rendering depends on besides its data: version, templates, icons, fonts."""
    from importlib.metadata import version

    return digest(__version__, version("weasyprint"), tree_digest(TEMPLATES_DIR), tree_digest(ASSETS_DIR))


class Cache:
    """Render results by key, and the manifest of the last successful build."""

    def __init__(self, out_dir: Path):
        self.root = Path(out_dir) / ".cache"
        self.manifest_path = self.root / "manifest.json"
        try:
            self.previous: dict[str, str] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.previous = {}
        self.current: dict[str, str] = {}

    def path(self, kind: str, key: str, suffix: str = ".pdf") -> Path:
        return self.root / kind / f"{key}{suffix}"

    def get(self, kind: str, key: str, suffix: str = ".pdf") -> bytes | None:
        try:
            return self.path(kind, key, suffix).read_bytes()
        except OSError:
            return None

    def put(self, kind: str, key: str, data: bytes, suffix: str = ".pdf") -> None:
        write_atomic(self.path(kind, key, suffix), data)

    def record(self, name: str, key: str) -> None:
        self.current[name] = key

    def unchanged(self, name: str, key: str, output: Path) -> bool:
        """Whether ``output`` exists and was built from the same key last time."""
        return self.previous.get(name) == key and Path(output).is_file()

    def save(self, merge: bool = False) -> None:
        """Write the manifest (last, after every output is in place).

        ``merge`` keeps the entries of outputs this run did not make (``cardgen
        cards`` makes only the card outputs of a full ``cardgen build``)."""
        manifest = {**self.previous, **self.current} if merge else self.current
        write_atomic(self.manifest_path, json.dumps(manifest, indent=1, sort_keys=True).encode())

    def prune(self, kind: str) -> None:
        """Drop cached results of ``kind`` that no current output refers to."""
        folder = self.root / kind
        if not folder.is_dir():
            return
        live = set(self.current.values())
        for path in folder.iterdir():
            if path.stem not in live:
                path.unlink(missing_ok=True)
