"""Where a rulebook image is found on disk.

An image reference is looked up, in this order:

1. relative to the document's folder;
2. in each ``--assets`` folder, then in cardgen's own ``assets/`` (whose
   ``Grafiken/`` icon set has every icon the rulebook names, under the
   same relative names: ``Grafiken/Marker/brennen.svg``).  In asset folders
   leading ``../`` are dropped, so the rulebook's ``../Grafiken/logo.svg``
   (written for a checkout where ``Grafiken/`` sits beside the rulebook's
   folder) is found as ``assets/Grafiken/logo.svg``;
3. where a ``.png`` is asked for and none exists, an ``.svg`` with the same
   name found by steps 1-2 is used (the icon set is drawn as SVG; the
   rulebook still names some icons ``.png``).

Only files inside the document's folder or an asset folder are used --
the same folders the PDF fetcher may read.  Anything else, and every
``http:`` reference, counts as missing: the caller puts a visible
placeholder in its place and warns.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from cardgen.paths import ASSETS_DIR


def asset_roots(asset_dirs: list[Path]) -> list[Path]:
    """The asset folders to search: the given ones, then cardgen's own."""
    roots: list[Path] = []
    for folder in [*asset_dirs, ASSETS_DIR]:
        resolved = Path(folder).resolve()
        if resolved not in roots:
            roots.append(resolved)
    return roots


def _inside(path: Path, roots: list[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def _candidates(relative: PurePosixPath, document_dir: Path, assets: list[Path]) -> list[Path]:
    stripped = PurePosixPath(*[part for part in relative.parts if part != ".."]) \
        if relative.parts and relative.parts[0] == ".." else relative
    found = [document_dir / relative]
    for root in assets:
        found.append(root / relative)
        if stripped != relative:
            found.append(root / stripped)
    return found


def resolve_image(src: str, document_dir: Path, asset_dirs: list[Path]) -> Path | None:
    """The file an image reference means, or ``None`` when it is missing."""
    parts = urlsplit(src)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    relative = PurePosixPath(unquote(parts.path))
    if relative.is_absolute():
        return None
    document_dir = Path(document_dir).resolve()
    roots = [document_dir, *asset_roots(asset_dirs)]
    names = [relative]
    if relative.suffix.lower() == ".png":
        names.append(relative.with_suffix(".svg"))
    for name in names:
        for candidate in _candidates(name, document_dir, roots[1:]):
            path = candidate.resolve()
            if path.is_file() and _inside(path, roots):
                return path
    return None
