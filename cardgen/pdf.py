"""The one wrapper around WeasyPrint.

* :class:`SafeFetcher` reads only local files below allowed folders (the
  content folder, the document's folder, asset folders, cardgen's own
  templates and assets) and ``data:`` URLs; every other reference (``http:``,
  ``file:///etc/passwd``, ``../`` escapes) is refused and reported.
* WeasyPrint's log is captured while rendering and returned as warnings,
  so a test can fail on any unexpected one.
* :func:`write_atomic` writes through a temporary file and a rename, so a
  failed build never leaves a half-written PDF and never deletes the last
  good one.
"""

from __future__ import annotations

import contextlib
import logging
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from cardgen.atomic import write_atomic  # noqa: F401  (re-exported for callers of cardgen.pdf)
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR

MAX_RESOURCE_BYTES = 20 * 1024 * 1024


class RefusedResource(ValueError):
    """A reference outside the allowed folders or a network URL."""


@dataclass
class SafeFetcher(URLFetcher):
    """A URL fetcher that reads only below ``roots`` and never the network."""

    roots: tuple[Path, ...] = ()
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(allowed_protocols={"file", "data"})
        self.roots = tuple(Path(r).resolve() for r in (*self.roots, TEMPLATES_DIR, ASSETS_DIR))

    def __hash__(self) -> int:  # URLFetcher is used as a dict key inside WeasyPrint
        return id(self)

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != "file":
            self._refuse(url)
        path = Path(url2pathname(unquote(urlsplit(url).path))).resolve()
        if not self.allows(path):
            self._refuse(url)
        if path.stat().st_size > MAX_RESOURCE_BYTES:
            self._refuse(url)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})

    def allows(self, path: Path) -> bool:
        """Whether ``path`` lies inside one of the allowed folders."""
        resolved = Path(path).resolve()
        return any(resolved == root or root in resolved.parents for root in self.roots)

    def _refuse(self, url: str) -> None:
        if url not in self.refused:
            self.refused.append(url)
        raise RefusedResource(f"refused to read {url}")


@dataclass(frozen=True)
class Rendered:
    """A rendered PDF and what WeasyPrint said while making it."""

    pdf: bytes
    warnings: tuple[str, ...]
    refused: tuple[str, ...]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextlib.contextmanager
def captured_log() -> Iterator[list[str]]:
    """Collect WeasyPrint's warnings instead of printing them."""
    handler = _Collect()
    logger = logging.getLogger("weasyprint")
    old_propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)
        logger.propagate = old_propagate


_FONT_CONFIG: FontConfiguration | None = None


def font_config() -> FontConfiguration:
    """One shared font configuration per process (fonts come from @font-face)."""
    global _FONT_CONFIG
    if _FONT_CONFIG is None:
        _FONT_CONFIG = FontConfiguration()
    return _FONT_CONFIG


def load_document(html: str, base_url: Path | str, roots: Iterable[Path] = ()) -> tuple[
        weasyprint.Document, SafeFetcher, list[str]]:
    """Lay out ``html``; return the document, the fetcher and the log so far."""
    fetcher = SafeFetcher(roots=(Path(base_url), *roots))
    with captured_log() as messages:
        document = weasyprint.HTML(
            string=html, base_url=_base(base_url), url_fetcher=fetcher
        ).render(font_config=font_config())
    return document, fetcher, messages


def render_pdf(html: str, base_url: Path | str, roots: Iterable[Path] = ()) -> Rendered:
    """Render ``html`` to PDF bytes, reading files only below the allowed roots."""
    document, fetcher, messages = load_document(html, base_url, roots)
    return write_document(document, fetcher, messages)


def write_document(document: weasyprint.Document, fetcher: SafeFetcher,
                   messages: list[str]) -> Rendered:
    """Serialise a laid-out document to PDF bytes (deterministic: no dates, fixed ID)."""
    with captured_log() as more:
        pdf = document.write_pdf(uncompressed_pdf=False, pdf_identifier=b"cardgen")
    return Rendered(pdf, tuple(messages + more), tuple(fetcher.refused))


def _base(base_url: Path | str) -> str:
    path = Path(base_url).resolve()
    return path.as_uri() + ("/" if path.is_dir() else "")
