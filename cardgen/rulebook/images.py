"""Where a rulebook picture is found on disk -- and, when it is not, what the author meant.

A picture reference is looked up, in this order:

1. relative to the document's folder; the file is used when its real path
   (every symlink resolved) lies inside an *allowed root*: the document's
   folder, the project root (only with a ``cardgen.toml``) and the asset
   folders;
2. in each asset folder given (``--assets``, the project's ``assets``),
   leading ``../`` dropped: ``../Grafiken/logo.svg`` is looked up as
   ``<assets>/Grafiken/logo.svg``;
3. in cardgen's own icon set (:data:`cardgen.paths.ASSETS_DIR`, leading
   ``../`` dropped, a ``.png`` drawn by the ``.svg`` of the same name) --
   only when no file of that name, nor its ``.png``/``.svg`` twin, lies
   anywhere below the allowed roots (names compared case-insensitively and
   NFC-normalised): a project that has the picture somewhere never gets
   cardgen's instead.  Each use is recorded (:attr:`Picture.icon_set`) and
   listed once in the build summary.

Nothing is substituted silently:

* a file that exists but is refused -- its real path outside the allowed
  roots, a FIFO, a folder, a dangling link -- is a warning naming it and
  why, and the lookup stops there;
* a missing picture gets ``(did you mean '…'?)`` when a file below the
  allowed roots matches it but for case, Unicode normalisation (NFC/NFD),
  ``.png``↔``.svg`` or its folder, written as the author would write it
  (relative to the document's folder);
* a file at the very path written but for case (``w12_weiß.svg`` written,
  ``W12_weiß.svg`` on disk; folders too) is the one Windows and macOS open:
  it is used -- after the same checks of its real path -- and the warning
  with its hint stays (:attr:`Picture.case_only`), so ``--strict`` still asks
  for the fix.  Two or more such files (possible only where case counts)
  are ambiguous: none is used and the warning names them.

Every candidate file tried and every name asked of the index is remembered
(:attr:`ImageFolders.probed`, :attr:`ImageFolders.looked_up`): a build keys the
rulebook on them (:mod:`cardgen.rulebook.reads`), so a picture that appears where
one was missing renders the book again.

No ``http:``, ``file:`` or absolute reference is ever looked up.  A found
picture is referred to by its virtual URL (:class:`cardgen.safefs.Roots`)
so the PDF does not depend on where the checkout lies; the PDF fetcher
reads the same folders (:func:`document_roots`).
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Iterable
from urllib.parse import unquote, urlsplit

from cardgen.content.pictures import fold
from cardgen.errors import display_path, shortened
from cardgen.paths import ASSETS_DIR
from cardgen.rulebook.fileindex import FileIndex
from cardgen.safefs import FileRefused, Roots, check_file, inside, resolve_roots

OWN_ASSETS = ASSETS_DIR.resolve()
TWINS = {".png": ".svg", ".svg": ".png"}
OUTSIDE = "its real path lies outside the allowed folders"


def asset_roots(asset_dirs: Iterable[Path]) -> list[Path]:
    """The asset folders the PDF may read: the given ones, then cardgen's own."""
    return list(resolve_roots([*asset_dirs, ASSETS_DIR]))


def document_roots(document_dir: Path, asset_dirs: Iterable[Path], root: Path | None = None) -> Roots:
    """The folders a rulebook's PDF may read: its own folder, the asset folders, the project root."""
    return Roots.build(document_dir, [*asset_roots(asset_dirs), *([root] if root is not None else [])])


def _key(parts: Iterable[str]) -> tuple[str, ...]:
    return tuple(fold(part) for part in parts)


@dataclass
class ImageFolders:
    """The folders one document's pictures may come from; their files are indexed once, when needed.

    ``assets`` are the asset folders as given; one that is (or lies inside)
    cardgen's own ``assets/`` counts as cardgen's icon set, not the project's.
    ``root`` is the project root, or ``None`` without a project file."""

    document_dir: Path
    assets: tuple[Path, ...] = ()
    root: Path | None = None
    _index: FileIndex | None = field(default=None, init=False, repr=False)
    probed: list[Path] = field(default_factory=list, init=False, repr=False)       # every candidate file tried
    looked_up: dict[tuple[str, ...], tuple[tuple[str, ...], bool]] = field(
        default_factory=dict, init=False, repr=False)   # names asked of the index -> (files found, index cut)

    def __post_init__(self) -> None:
        self.document_dir = Path(self.document_dir).resolve()
        self.root = Path(self.root).resolve() if self.root is not None else None

    @property
    def project_assets(self) -> tuple[Path, ...]:
        """The given asset folders that are the project's (real paths), cardgen's own left out."""
        return tuple(a for a in resolve_roots(self.assets) if not inside(a, (OWN_ASSETS,)))

    @property
    def project_roots(self) -> tuple[Path, ...]:
        """The folders whose files are the project's: document folder, project root, asset folders."""
        return resolve_roots([self.document_dir, *([self.root] if self.root else []), *self.project_assets])

    @property
    def allowed(self) -> tuple[Path, ...]:
        """Where a picture's real path may lie: the project's folders and cardgen's icon set."""
        return (*self.project_roots, OWN_ASSETS)

    @property
    def roots(self) -> Roots:
        """The virtual roots of the document's URLs (the same the PDF fetcher reads)."""
        return document_roots(self.document_dir, self.assets, self.root)

    def index(self) -> FileIndex:
        """The files below the project's folders (a folder inside another is walked once)."""
        if self._index is None:
            roots = self.project_roots
            outer = [r for r in roots if not any(o != r and inside(r, (o,)) for o in roots)]
            self._index = FileIndex.build(outer)
        return self._index


@dataclass(frozen=True)
class Picture:
    """What a reference found: the real file, or ``None`` and why (``note``, for the warning)."""

    path: Path | None
    icon_set: bool = False         # drawn from cardgen's own icon set
    note: str = ""                 # " (why refused)" or " (did you mean '…'?)"
    partial: bool = False          # the file index it consulted was cut at MAX_INDEXED_FILES
    case_only: bool = False        # found at the path written but for case (``note`` names the file)


def _relative(src: str) -> PurePosixPath | None:
    """The path a reference names, or ``None`` for a URL, an absolute path, a NUL byte or nothing."""
    parts = urlsplit(src)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = unquote(parts.path)
    relative = PurePosixPath(path)
    return None if relative.is_absolute() or "\0" in path else relative


def _strip_up(relative: PurePosixPath) -> PurePosixPath:
    """``relative`` without its leading ``../`` (asset folders hold the same names below them)."""
    parts = list(relative.parts)
    while parts and parts[0] == "..":
        parts.pop(0)
    return PurePosixPath(*parts)


def _candidates(relative: PurePosixPath, folders: ImageFolders) -> list[Path]:
    """Steps 1 and 2: the document's folder, then each of the project's asset folders (``../``
    dropped); cardgen's own, even when given as an asset folder, is step 3."""
    stripped = _strip_up(relative)
    found = [folders.document_dir / relative]
    if stripped.parts:
        found += [folder / stripped for folder in folders.project_assets]
    return found


def _own_icon(relative: PurePosixPath) -> Path | None:
    """Step 3: cardgen's icon set, ``../`` dropped, a ``.png`` drawn by its ``.svg``."""
    stripped = _strip_up(relative)
    if not stripped.parts:
        return None
    names = [stripped]
    if stripped.suffix.lower() == ".png":
        names.append(stripped.with_suffix(".svg"))
    for name in names:
        try:
            return check_file(OWN_ASSETS / name, (OWN_ASSETS,))
        except FileRefused:
            continue
    return None


def _refusal(candidate: Path, reason: str, folders: ImageFolders) -> str:
    """`` (FILE: why)`` for a file that exists but is not used."""
    shown = shortened(display_path(os.path.normpath(candidate)))
    if reason == OUTSIDE and folders.root is None:
        reason += ("; the document's folder and the asset folders are allowed, or, with a "
                   "cardgen.toml in the project's root folder, every folder below it")
    return f" ({shown}: {reason})"


def _names(relative: PurePosixPath) -> tuple[str, ...]:
    """The file name asked for and its ``.png``/``.svg`` twin."""
    twin = TWINS.get(relative.suffix.lower())
    return (relative.name, relative.stem + twin) if twin else (relative.name,)


def _hint(relative: PurePosixPath, folders: ImageFolders, pool: list[Path]) -> str:
    """`` (did you mean '…'?)`` naming the file of ``pool`` the reference most likely meant."""
    wanted = fold(relative.name)
    meant = [folders.document_dir / relative] + [a / _strip_up(relative) for a in folders.project_assets]
    places = {_key(Path(os.path.normpath(p)).parent.parts) for p in meant}
    folder = _key(_strip_up(relative).parent.parts)

    def rank(path: Path) -> tuple:
        parent = _key(path.parent.parts)
        common = next((n for n in range(len(folder), 0, -1) if parent[-n:] == folder[-n:]), 0)
        return (parent not in places, fold(path.name) != wanted, -common, len(path.parts), str(path))

    best = min(pool, key=rank)
    return f" (did you mean '{_as_written(best, folders)}'?{_unicode_form(best.name, relative.name)})"


def _as_written(path: Path, folders: ImageFolders) -> str:
    """``path`` as the author writes a reference to it: relative to the document's folder."""
    return Path(os.path.relpath(path, folders.document_dir)).as_posix()


def _same_but_case(relative: PurePosixPath, folders: ImageFolders, pool: list[Path]) -> list[Path]:
    """The files of ``pool`` at the first place (:func:`_candidates`) whose path is the one written
    but for case, every folder and the name compared lower-cased: what Windows and macOS open."""
    for candidate in _candidates(relative, folders):
        written = os.path.normpath(candidate).lower()
        same = [path for path in pool if str(path).lower() == written]
        if same:
            return same
    return []


def _by_case(relative: PurePosixPath, folders: ImageFolders, pool: list[Path], partial: bool) -> Picture | None:
    """The picture of a case-only mismatch (see the module docstring), or ``None`` when there is none."""
    same = _same_but_case(relative, folders, pool)
    if len(same) > 1:
        names = ", ".join(f"'{_as_written(path, folders)}'" for path in same)
        return Picture(None, note=f" ({len(same)} files differ from it only in case: {names}; none is used, "
                                  "rename all but one)", partial=partial)
    if not same:
        return None
    folders.probed.append(same[0])
    try:
        real = check_file(same[0], folders.allowed)
    except FileRefused as exc:
        return Picture(None, note=_refusal(same[0], exc.reason, folders), partial=partial)
    return Picture(real, note=f" (did you mean '{_as_written(same[0], folders)}'?)", partial=partial, case_only=True)


def _unicode_form(real: str, written: str) -> str:
    """What tells two names apart that look the same: their Unicode normalisation, or nothing."""
    if real == written or unicodedata.normalize("NFC", real) != unicodedata.normalize("NFC", written):
        return ""
    form = "NFD" if real == unicodedata.normalize("NFD", real) else "NFC"
    return f" its name is written in Unicode {form}, composed differently from the reference"


def find_image(src: str, folders: ImageFolders) -> Picture:
    """The file ``src`` means, or why there is none (see the module docstring)."""
    relative = _relative(src)
    if relative is None:
        return Picture(None)
    for candidate in _candidates(relative, folders):
        folders.probed.append(candidate)
        try:
            real = check_file(candidate, folders.allowed)
        except FileRefused as exc:
            if os.path.lexists(candidate):
                return Picture(None, note=_refusal(candidate, exc.reason, folders))
            continue
        return Picture(real, icon_set=inside(real, (OWN_ASSETS,)))
    index = folders.index()
    pool = index.named(*_names(relative))
    folders.looked_up[_names(relative)] = (tuple(str(path) for path in pool), index.truncated)
    if not pool:
        own = _own_icon(relative)
        return Picture(own, icon_set=own is not None, partial=index.truncated)
    return (_by_case(relative, folders, pool, index.truncated)
            or Picture(None, note=_hint(relative, folders, pool), partial=index.truncated))


def resolve_image(src: str, document_dir: Path, asset_dirs: list[Path], root: Path | None = None) -> Path | None:
    """The file an image reference means, or ``None`` when it is missing or refused."""
    return find_image(src, ImageFolders(document_dir, tuple(asset_dirs), root)).path
