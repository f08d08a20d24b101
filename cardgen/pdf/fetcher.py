"""What a document may read: :class:`SafeFetcher`, WeasyPrint's URL fetcher for every document cardgen lays
out -- regular files below the allowed roots only, never the network, each read once, under caps on size,
count and stylesheets (:data:`MAX_RESOURCE_BYTES` …).  :mod:`cardgen.pdf.wrapper` hands it to WeasyPrint."""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher, URLFetcherResponse

from cardgen.errors import display_path, shortened
from cardgen.safefs import MAX_REFERENCES, FileRefused, Roots, check_file, read_checked

MAX_RESOURCE_BYTES = 20 * 1024 * 1024       # one image, stylesheet or font
MAX_DOCUMENT_BYTES = 200 * 1024 * 1024      # everything one document reads
MAX_FETCHES = MAX_REFERENCES               # references one document may follow (its card figures count)
MAX_STYLESHEETS = 64                        # stylesheets (links and @imports) of one document
MAX_DATA_URL_CHARS = 4 * MAX_RESOURCE_BYTES // 3 + 1024
class RefusedResource(ValueError):
    """A reference outside the allowed folders, a network URL, or over a limit."""


class _BytesResponse(URLFetcherResponse):
    """A response that holds bytes and names no file.

    WeasyPrint re-reads a raster image from ``response.path`` when it writes
    the PDF; a response without a path makes it use exactly the bytes that
    were checked here, so nothing is ever read twice."""

    @property
    def path(self) -> None:
        return None


@dataclass
class SafeFetcher(URLFetcher):
    """A URL fetcher that reads only regular files below ``roots`` and never the network.

    ``file:`` URLs are decided on their path alone (query and fragment are
    not part of a file name): the path is mapped from its virtual name
    (:class:`cardgen.safefs.Roots`), resolved with every symlink, checked
    against the allowed roots, opened without blocking and read once; the
    bytes go to WeasyPrint.  A stylesheet read a second time in one document
    (an ``@import`` cycle) and anything over the caps above is refused."""

    roots: Roots = field(default_factory=lambda: Roots.build("."))
    refused: list[str] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)
    fetches: int = 0
    total_bytes: int = 0
    stylesheets: set[Path] = field(default_factory=set)
    read: dict[str, str] = field(default_factory=dict)   # each local file asked for: SHA-256 of what it
                                                          # served, or "refused" (a rulebook's key: rulebook.reads)

    def __post_init__(self) -> None:
        super().__init__(allowed_protocols={"file", "data"})
        self._real_roots = self.roots.real

    def __hash__(self) -> int:  # URLFetcher is used as a dict key inside WeasyPrint
        return id(self)

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        self.fetches += 1
        if self.fetches > MAX_FETCHES:
            self._refuse(url, f"more than {MAX_FETCHES} references in one document")
        # a data: URL known by its first five characters where it can be (urlsplit copies a picture's
        # megabytes four times: 0.09 s of the user's rulebook)
        parts = None if url[:5].lower() == "data:" else urlsplit(url)
        if parts is None or parts.scheme.lower() == "data":
            if len(url) > MAX_DATA_URL_CHARS:
                self._refuse(url[:60] + "...", "data: URL over the size limit")
            return super().fetch(url, headers)
        if parts.scheme.lower() != "file":
            self._refuse(url, "only local files are read, never the network")
        if parts.netloc not in ("", "localhost"):
            self._refuse(url, "only local files are read, never the network")
        virtual = self.roots.path(unquote(parts.path))
        path = virtual or Path(url2pathname(parts.path))
        if virtual is not None:                  # messages name the file, not our virtual URL
            url = display_path(virtual)
        try:
            real = check_file(path, self._real_roots)
        except FileRefused as exc:
            self.read.setdefault(str(path), "refused")
            self._refuse(url, exc.reason)
        mime = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
        if mime == "text/css":
            if real in self.stylesheets:
                self._refuse(url, "stylesheet read twice in one document (an @import cycle?)")
            if len(self.stylesheets) >= MAX_STYLESHEETS:
                self._refuse(url, f"more than {MAX_STYLESHEETS} stylesheets in one document")
            self.stylesheets.add(real)
        try:
            data = read_checked(real, MAX_RESOURCE_BYTES)
        except FileRefused as exc:
            self.read.setdefault(str(path), "refused")
            self._refuse(url, exc.reason)
        self.read.setdefault(str(path), hashlib.sha256(data).hexdigest())
        self.total_bytes += len(data)
        if self.total_bytes > MAX_DOCUMENT_BYTES:
            self._refuse(url, f"the document reads more than {MAX_DOCUMENT_BYTES // 1048576} MiB")
        return _BytesResponse(self.roots.url(real), data, {"Content-Type": mime})

    def _refuse(self, url: str, reason: str) -> NoReturn:
        """Remember ``url`` (a URL, or the path of a local file; shortened) and why; stop this fetch."""
        url = shortened(url)
        if url not in self.refused:
            self.refused.append(url)
            self.reasons[url] = reason
        raise RefusedResource(f"refused to read {url}: {reason}")
