"""What one rulebook read, recorded with its output so the next build can check it without rendering.

A rulebook's cache key has two parts.  The first is known before rendering
(:func:`cardgen.build.run.rulebook_key`: its text, the content kinds its
directives read, the theme's stylesheets and fonts, the project's settings).
The second is this record, made when the book is rendered:

* every file the PDF fetcher was asked for (:class:`cardgen.pdf.fetcher.SafeFetcher`:
  pictures, stylesheets, fonts, found or refused);
* every candidate file the picture lookup tried
  (:attr:`cardgen.rulebook.images.ImageFolders.probed`: a picture that
  appears where one was missing changes the book) and every stylesheet of the
  front matter that was refused;
* every picture name asked of the project's file index, with the files found
  (:attr:`~cardgen.rulebook.images.ImageFolders.looked_up`: the "did you
  mean" hints and cardgen's icon set depend on them).

cardgen's own templates, fonts and icons are left out: the toolchain digest in
the first part covers them.

Each file is recorded by its path relative to the book's folder (the cache
stays valid when the checkout moves, as on CI) and its
:func:`~cardgen.safefs.file_digest`: the path resolved and checked against
the book's allowed roots (:func:`book_roots`, the very folders its PDF may
read), so a record cannot make cardgen read anything else -- a path outside
them digests as refused.  The record is stored under the first part of the
key; the next build digests each recorded file again
(:func:`reads_now`), and only if something differs is the book rendered.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.rulebook.images import ImageFolders, document_roots
from cardgen.safefs import MAX_REFERENCES, Roots, file_digest, inside, resolve_roots

MAX_RECORDED = 4 * MAX_REFERENCES          # files and names one record may hold (more: not trusted)
MAX_FILE_BYTES = 64 * 1024 * 1024          # a recorded file larger than this digests as refused
CHANGED = "changed while the book was built"
OWN = resolve_roots([TEMPLATES_DIR, ASSETS_DIR])
"""cardgen's own templates and icon set: in every key already (:func:`cardgen.build.cache.toolchain_digest`), not recorded."""

Lookup = tuple[tuple[str, ...], tuple[str, ...], bool]


@dataclass(frozen=True)
class Reads:
    """What a rulebook read: (path below its folder, digest) per file; (names, files found, index cut)
    per picture name asked of the project's file index."""

    files: tuple[tuple[str, str], ...] = ()
    lookups: tuple[Lookup, ...] = ()

    def digest(self) -> str:
        """SHA-256 of the record (what the second part of the book's key is)."""
        return hashlib.sha256(self.to_bytes()).hexdigest()

    def to_bytes(self) -> bytes:
        return json.dumps({"files": self.files, "lookups": self.lookups}, ensure_ascii=False,
                          separators=(",", ":")).encode()

    @classmethod
    def from_bytes(cls, data: bytes | None) -> Reads | None:
        """The record stored as ``data``; None when missing or not of this shape (the book is rendered)."""
        try:
            stored = json.loads(data or b"null")
            files = tuple((str(p), str(d)) for p, d in stored["files"])
            lookups = tuple((tuple(map(str, names)), tuple(map(str, found)), bool(cut))
                            for names, found, cut in stored["lookups"])
        except (ValueError, TypeError, KeyError, RecursionError):
            return None
        if len(files) + len(lookups) > MAX_RECORDED:
            return None
        return cls(files, lookups)


def book_roots(source: Path, assets: Iterable[Path], root: Path | None, extra: Iterable[Path] = ()) -> Roots:
    """The folders a rulebook's PDF may read, by virtual name: those its picture URLs name (its folder,
    the asset folders, cardgen's icon set, the project root), then ``extra`` (the theme's: the project
    root, the folders of ``--css`` files) under further names."""
    return extend_roots(document_roots(source.parent, assets, root), extra)


def extend_roots(base: Roots, extra: Iterable[Path]) -> Roots:
    """``base`` with the folders of ``extra`` it does not hold yet, named ``theme1``, ``theme2`` ..."""
    known = set(base.real)
    more = [path for path in resolve_roots(extra) if path not in known]
    return Roots(base.named + tuple((f"theme{i}", path) for i, path in enumerate(more, start=1)))


def record_reads(source: Path, served: Iterable[tuple[str, str]], probed: Iterable[Path | str],
                 looked_up: Mapping[tuple[str, ...], tuple[tuple[str, ...], bool]], roots: Roots) -> Reads:
    """The record of one rendering of ``source``: the files the fetcher ``served`` (path, SHA-256 or
    ``refused``) and those ``probed``, each digested now; a file whose bytes are not those served
    any more (written during the build) is recorded as :data:`CHANGED`, so the next build renders."""
    served_sha = dict(served)
    files = {}
    for path in sorted({*served_sha, *map(str, probed)}):
        if inside(Path(path).resolve(), OWN):
            continue
        now = file_digest(path, roots.real, MAX_FILE_BYTES)
        sha = served_sha.get(path, "refused")
        if sha != "refused" and sha != now:
            now = CHANGED
        files[_below(path, source)] = now
    lookups = tuple(sorted((names, tuple(_below(f, source) for f in found), cut)
                           for names, (found, cut) in looked_up.items()))
    return Reads(tuple(sorted(files.items())), lookups)


def reads_now(reads: Reads, source: Path, roots: Roots, folders: ImageFolders) -> Reads:
    """``reads`` as the files are now: each recorded path digested again (resolved and checked against
    ``roots``), each name asked of ``folders``' file index again (built only if there is one)."""
    files = tuple((path, file_digest(source.parent / path, roots.real, MAX_FILE_BYTES)) for path, _ in reads.files)
    lookups = []
    for names, _, _ in reads.lookups:
        index = folders.index()
        lookups.append((names, tuple(_below(str(path), source) for path in index.named(*names)), index.truncated))
    return Reads(files, tuple(lookups))


def _below(path: str, source: Path) -> str:
    """``path`` relative to the book's folder (``../`` where it lies elsewhere)."""
    return Path(os.path.relpath(path, source.parent)).as_posix()
