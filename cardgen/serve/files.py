"""What the preview server hands out as files, and how a page's ``file:`` URLs become its URLs.

The card faces, group pages and rulebooks are the very HTML WeasyPrint lays
out: they name stylesheets, fonts, icons and pictures by ``file:`` URLs,
either a real path or a virtual one (``file:///.cardgen/<root>/<path>``, see
:class:`cardgen.safefs.Roots`).  :meth:`ServedFolders.rewrite` maps each to
``/files/<n>/<path below the folder>``, where ``<n>`` names one of the
document's allowed folders (the same the PDF's fetcher may read: cardgen's
templates and icons, the theme's folders, the prepared portraits, a
rulebook's folder and asset folders); a URL outside them becomes
``about:invalid``.  Relative URLs inside stylesheets (``url("DejaVuSans.ttf")``)
then resolve below the same ``/files/<n>/``.

:meth:`ServedFolders.find` is the only way from a request to a file: only a
folder some page named, no ``..``, no empty or hidden (``.``) part, the real
path (every symlink resolved) inside that folder, a regular file, never a
folder listing.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from urllib.parse import quote, unquote
from urllib.request import url2pathname

from cardgen.safefs import FileRefused, Roots, check_file, resolve_roots

FILE_URL = re.compile(r"file://(?:localhost)?(/[^\"'()\s<>]*)")
REFUSED_URL = "about:invalid"
PREFIX = "/files/"


class ServedFolders:
    """The folders pages have named so far, each under a short stable name (``0``, ``1`` ...)."""

    def __init__(self) -> None:
        self._names: dict[Path, str] = {}
        self._folders: dict[str, Path] = {}
        self._lock = threading.Lock()

    def name(self, folder: Path) -> str:
        """The name of ``folder`` (a real path), given now if it had none."""
        with self._lock:
            if folder not in self._names:
                self._names[folder] = str(len(self._names))
                self._folders[self._names[folder]] = folder
            return self._names[folder]

    def rewrite(self, html: str, roots: Roots) -> str:
        """``html`` with every ``file:`` URL inside ``roots`` made a ``/files/`` URL (others refused)."""
        folders = [(name, real) for (name, _), real in zip(roots.named, resolve_roots(p for _, p in roots.named))]

        def served(match: re.Match[str]) -> str:
            url_path = unquote(match[1].split("#")[0].split("?")[0])
            path = roots.path(url_path)
            real = Path(path if path is not None else url2pathname(url_path))
            for _, folder in folders:
                try:
                    relative = real.relative_to(folder)
                except ValueError:
                    continue
                if ".." in relative.parts:
                    break
                return f"{PREFIX}{self.name(folder)}/" + quote(relative.as_posix())
            return REFUSED_URL
        return FILE_URL.sub(served, html)

    def find(self, url_path: str) -> Path:
        """The real file a ``/files/<n>/<path>`` URL path names; :class:`FileRefused` if none may be served."""
        name, _, rest = url_path.removeprefix(PREFIX).partition("/")
        with self._lock:
            folder = self._folders.get(name)
        parts = unquote(rest).split("/")
        if folder is None or not url_path.startswith(PREFIX):
            raise FileRefused(url_path, "no such folder")
        if any(part in ("", ".", "..") or part.startswith(".") or "\\" in part or "\0" in part for part in parts):
            raise FileRefused(url_path, "not a plain path below the folder")
        return check_file(folder.joinpath(*parts), (folder,))
