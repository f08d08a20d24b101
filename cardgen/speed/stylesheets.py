"""Linked stylesheets parsed once per process, not once per document (switch ``stylesheets``).

:func:`install` (called by :func:`cardgen.speed.install` once WeasyPrint is imported) routes
WeasyPrint's parsing of linked stylesheets through one :class:`StylesheetCache`; it relies on the
keyword arguments WeasyPrint's ``CSS`` takes from its own document code (``tests/speed/test_private_apis.py``).
"""

from __future__ import annotations

import copy
import hashlib
import logging
from types import ModuleType
from typing import Any

import weasyprint
from weasyprint.urls import URLFetcher, URLFetcherResponse


class _Replay(URLFetcher):
    """A stylesheet's own bytes, fetched once already, given back to WeasyPrint's parser; any other
    reference during the parse (an ``@import``, a font file) goes to the document's fetcher and
    is remembered (such a sheet depends on more than its own bytes and is not kept)."""

    def __init__(self, url: str, response: URLFetcherResponse, fetcher: URLFetcher) -> None:
        super().__init__(allowed_protocols={"file", "data"})
        self.url, self.fetcher, self.others = url, fetcher, 0
        self.response: URLFetcherResponse | None = response

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        if url == self.url and self.response is not None:      # once: an @import of itself is a cycle
            response, self.response = self.response, None
            return response
        self.others += 1
        return self.fetcher.fetch(url, headers)


class StylesheetCache:
    """Linked stylesheets parsed once per process, not once per document.

    WeasyPrint parses every ``<link rel=stylesheet>`` of every document (a card face links
    four; parsing them was 13 % of a face).  Its parser is replaced, for linked sheets only, by
    :meth:`parse`: the sheet is still fetched through the document's own :class:`SafeFetcher`
    every time (every check, cap and refusal applies as before), and a parse is reused when
    the same URL gave the same bytes under the same media type and font configuration.  A
    parse is kept only when it changed nothing outside itself: no ``@page``, ``@counter-style``
    or colour-profile rule (those go into the document's own lists) and no further fetch
    (``@import``, fonts), so reusing it gives the document exactly what parsing it again would:
    the same PDF bytes (``tests/speed/test_stylesheets.py``) and the same warnings (what its
    parse logged is logged again for every document that reuses it).  Layers (a rule's layer is
    looked up in the document's list of them): a sheet that declares layers is kept when the
    document had none before it (cardgen's ``book.css`` in ``@layer cardgen``), and reused only
    in a document that has none yet, its layers then added to the document's list as its parse
    would add them; a sheet in whose text the word "layer" does not occur has no layered rule
    and is kept whatever layers the document has."""

    def __init__(self, parse: type) -> None:
        self._parse = parse                     # WeasyPrint's own CSS class
        self._kept: dict[tuple, tuple[Any, tuple[logging.LogRecord, ...], tuple[str, ...]]] = {}

    def parse(self, *args, **kwargs):
        """WeasyPrint's ``CSS(...)`` for a linked sheet of a document fetched by a SafeFetcher."""
        # lazy: cardgen.pdf.wrapper may be the module whose import of WeasyPrint installed this cache
        from cardgen.pdf.fetcher import SafeFetcher, _BytesResponse

        url, fetcher = kwargs.get("url"), kwargs.get("url_fetcher")
        effects = {name: kwargs.get(name) for name in ("page_rules", "layers", "counter_style", "color_profiles")}
        if (args or url is None or not isinstance(fetcher, SafeFetcher) or not kwargs.get("_check_mime_type")
                or any(value is None for value in effects.values())):
            return self._parse(*args, **kwargs)
        with weasyprint.urls.fetch(fetcher, url) as response:     # raises as WeasyPrint's own fetch would
            body = response.read()
        key = (url, hashlib.sha256(body).digest(), response.content_type, kwargs.get("media_type"),
               id(kwargs.get("font_config")))
        logger = logging.getLogger("weasyprint")
        kept = self._kept.get(key)
        if kept is not None and not (kept[2] and effects["layers"]):
            sheet, said, layers = kept
            if layers:                          # its layers into the document's list, as its parse would
                effects["layers"].extend(layers)
                sheet.layers = effects["layers"]
            for record in said:                 # what parsing it said, said again for this document
                logger.handle(record)
            return sheet
        replay = _Replay(url, _BytesResponse(response.url, body, response.headers), fetcher)
        before = {name: copy.copy(value) for name, value in effects.items()}
        recorder = _Record()
        logger.addHandler(recorder)
        try:
            sheet = self._parse(**{**kwargs, "url_fetcher": replay})
        finally:
            logger.removeHandler(recorder)
        layers = tuple(effects["layers"]) if not before["layers"] else ()       # all its own, if any
        unlayered = effects["layers"] == before["layers"] and b"layer" not in body.lower()
        if (not replay.others and (unlayered or not before["layers"])
                and all(effects[name] == before[name] for name in effects if name != "layers")):
            # WeasyPrint gives every sheet the document's own @page and layer lists (each sheet
            # reads all of the document's @page rules); a kept sheet added nothing to the first,
            # so it gets empty lists of its own rather than carry this document's into the next
            # (one with layers keeps this document's list, and gets each reusing document's, above)
            sheet.page_rules = []
            if not layers:
                sheet.layers = []
            self._kept[key] = (sheet, tuple(recorder.records), layers)
        return sheet


class _Record(logging.Handler):
    """The records WeasyPrint logs while one stylesheet is parsed, kept with the parsed sheet."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


STYLESHEETS: list[StylesheetCache] = []
"""The process's one cache, once installed."""


def install(module: ModuleType = weasyprint) -> StylesheetCache:
    """Route WeasyPrint's linked-stylesheet parsing through one cache (once per process)."""
    if not STYLESHEETS:
        STYLESHEETS.append(StylesheetCache(module.CSS))
        module.css.CSS = STYLESHEETS[0].parse          # WeasyPrint's documents parse linked sheets through it
    return STYLESHEETS[0]
