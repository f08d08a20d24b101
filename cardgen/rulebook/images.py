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

Only regular files whose real path (every symlink resolved) lies inside
the document's folder or an asset folder are used -- the same folders the
PDF fetcher may read.  Anything else (a link out, a FIFO, a folder), and
every ``http:`` reference, counts as missing: the caller puts a visible
placeholder in its place and warns.  A found image is referred to by its
virtual URL (:class:`cardgen.safefs.Roots`), so the PDF does not depend on
where the checkout lies.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from cardgen.paths import ASSETS_DIR
from cardgen.safefs import FileRefused, Roots, check_file


def asset_roots(asset_dirs: list[Path]) -> list[Path]:
    """The asset folders to search: the given ones, then cardgen's own."""
    roots: list[Path] = []
    for folder in [*asset_dirs, ASSETS_DIR]:
        resolved = Path(folder).resolve()
        if resolved not in roots:
            roots.append(resolved)
    return roots


def document_roots(document_dir: Path, asset_dirs: list[Path]) -> Roots:
    """The folders a rulebook's PDF may read: its own folder, then the asset folders."""
    return Roots.build(document_dir, asset_roots(asset_dirs))


def image_url(path: Path, document_dir: Path, asset_dirs: list[Path]) -> str:
    """The URL the rulebook's HTML uses for a found image (virtual: see :class:`Roots`)."""
    return document_roots(document_dir, asset_dirs).url(path)


def _candidates(relative: PurePosixPath, document_dir: Path, assets: list[Path]) -> list[Path]:
    stripped = PurePosixPath(*[part for part in relative.parts if part != ".."]) \
        if relative.parts and relative.parts[0] == ".." else relative
    found = [document_dir / relative]
    for root in assets:
        found.append(root / relative)
        if stripped != relative:
            found.append(root / stripped)
    return found


def find_image(src: str, document_dir: Path, asset_dirs: list[Path]) -> tuple[Path | None, str]:
    """The file ``src`` means (or None) and, when none, why a file of that name was refused.

    The reason reads `` (a FIFO, not a regular file)``, or is ``''`` when no
    such file exists: a link out of the allowed folders, a FIFO or a folder
    is named in the warning, never silently missing."""
    parts = urlsplit(src)
    if parts.scheme or parts.netloc or not parts.path:
        return None, ""
    relative = PurePosixPath(unquote(parts.path))
    if relative.is_absolute():
        return None, ""
    document_dir = Path(document_dir).resolve()
    roots = [document_dir, *asset_roots(asset_dirs)]          # real paths
    names = [relative]
    if relative.suffix.lower() == ".png":
        names.append(relative.with_suffix(".svg"))
    why = ""
    for name in names:
        for candidate in _candidates(name, document_dir, roots[1:]):
            try:
                return check_file(candidate, roots), ""
            except FileRefused as exc:
                if not why and name == relative and os.path.lexists(candidate):
                    why = f" ({exc.reason})"
    return None, why


def resolve_image(src: str, document_dir: Path, asset_dirs: list[Path]) -> Path | None:
    """The file an image reference means, or ``None`` when it is missing."""
    return find_image(src, document_dir, asset_dirs)[0]
