"""The files a web page names -- icons, pictures, the author's stylesheets -- copied into the edition.

The documents the site reuses (a rulebook's HTML, a card's icons) name their files by ``file:`` URLs,
a real path or a virtual one (:class:`cardgen.safefs.Roots`).  :meth:`SiteFiles.rewrite` maps each
to ``_files/<n>/<path below its folder>`` relative to the page, and remembers the file to copy; a URL
outside the document's allowed folders becomes ``about:invalid``, as in ``cardgen serve``
(:mod:`cardgen.serve.files`).  Folders are numbered in the order pages first name them; the pages
are made in a fixed order, so the same input gives the same names.  A stylesheet's own relative
``url()`` references (its fonts) are copied with it, below the same folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote, unquote
from urllib.request import url2pathname

from cardgen.safefs import FileRefused, Roots, check_file, read_file, resolve_roots

FILE_URL = re.compile(r"file://(?:localhost)?(/[^\"'()\s<>]*)")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')\s]+)["']?\s*\)""")
REFUSED_URL = "about:invalid"
FOLDER = "_files"
MAX_FILE_BYTES = 50 * 1024 * 1024        # one picture or font; a larger one is not copied


class SiteFiles:
    """The folders pages named so far (each ``_files/<n>``) and the files to copy into them."""

    def __init__(self) -> None:
        self.folders: dict[Path, str] = {}
        self.copies: dict[str, Path] = {}          # site path → real file
        self.made: dict[str, bytes] = {}           # site path → bytes made for the site (a card figure's PNG)

    def _name(self, folder: Path) -> str:
        return self.folders.setdefault(folder, str(len(self.folders)))

    def site_path(self, real: Path, folders: list[Path]) -> str | None:
        """The site path of file ``real`` below one of ``folders`` (copied later); None if it is in none."""
        for folder in folders:
            try:
                relative = real.relative_to(folder)
            except ValueError:
                continue
            if ".." in relative.parts or not relative.parts:
                return None
            try:
                real_file = check_file(real, (folder,))
            except FileRefused:
                return None
            path = f"{FOLDER}/{self._name(folder)}/{relative.as_posix()}"
            if path not in self.copies:
                self.copies[path] = real_file
                if real.suffix.lower() == ".css":
                    self._stylesheet_files(real_file, folder)
            return path
        return None

    def _stylesheet_files(self, sheet: Path, folder: Path) -> None:
        """The files a stylesheet names by relative ``url()`` (its fonts, its pictures), copied beside it."""
        try:
            text = read_file(sheet, (folder,)).decode("utf-8", errors="replace")
        except FileRefused:
            return
        for match in CSS_URL.finditer(text):
            target = match[1]
            if ":" in target or target.startswith(("/", "#")):
                continue
            self.site_path((sheet.parent / unquote(target.split("#")[0].split("?")[0])).resolve(), [folder])

    def rewrite(self, html: str, roots: Roots, root: str) -> str:
        """``html`` with every ``file:`` URL inside ``roots`` made a link to its copy (``root``: the way from the
        page to the site's top, ``../``), every other one ``about:invalid``."""
        folders = list(resolve_roots(p for _, p in roots.named))

        def copied(match: re.Match[str]) -> str:
            url_path = unquote(match[1].split("#")[0].split("?")[0])
            virtual = roots.path(url_path)
            real = Path(virtual if virtual is not None else url2pathname(url_path)).resolve()
            path = self.site_path(real, folders)
            return REFUSED_URL if path is None else root + quote(path)
        return FILE_URL.sub(copied, html)

    def add(self, path: str, data: bytes) -> str:
        """Keep ``data`` as the file ``_files/<path>``; its site path."""
        self.made[f"{FOLDER}/{path}"] = data
        return f"{FOLDER}/{path}"

    def write(self, site: Path) -> None:
        """Copy every file named so far into ``site`` (a file over :data:`MAX_FILE_BYTES` is left out), and
        write the files made for it."""
        files = {path: real.read_bytes() for path, real in sorted(self.copies.items())
                 if real.stat().st_size <= MAX_FILE_BYTES}
        for path, data in sorted({**files, **self.made}.items()):
            target = site / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
