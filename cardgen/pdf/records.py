"""The plain records the two WeasyPrint wrappers return (:mod:`cardgen.pdf.wrapper`, :mod:`cardgen.pdf.parts`):
a rendered PDF, and what cardgen knows of a book's parts.  Importable without WeasyPrint, so that the
modules that cut, cache and put a book together need none where every part comes from the cache, or
is laid out in a worker process.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageFacts:
    """What a page holds that a book assembled from parts must point to again; CSS px from its top left."""

    height: float
    anchors: tuple[tuple[str, float, float], ...]                          # id, x, y
    links: tuple[tuple[str, tuple[float, ...]], ...]                       # target id, (x1, y1, x2, y2)
    bookmarks: tuple[tuple[int, str, float, float], ...]                   # level, label, x, y


@dataclass(frozen=True)
class ElementStyle:
    """The computed style of one element that decides where a book may be cut into parts."""

    tag: str
    classes: tuple[str, ...]
    break_before: str
    break_after: str
    in_flow: bool                              # a block in normal flow (a break before or after it applies)


@dataclass(frozen=True)
class Cascade:
    """WeasyPrint's cascade of a document, before layout: the style of each child of ``body`` (a
    ``main``'s children in its place, marked by ``in_main``) and what would make its parts differ
    from the whole: page selectors by position (``:first``, ``:left``, ``:nth()``, named pages),
    page-based counters set in ``@page`` rules, counters and named strings set by elements, and
    the ``target-*()`` contents outside a contents list."""

    blocks: tuple[ElementStyle, ...]
    in_main: tuple[bool, ...]
    obstacles: tuple[str, ...]


@dataclass(frozen=True)
class Rendered:
    """A rendered PDF and what was said while making it.

    ``warnings`` are WeasyPrint's log (less its echo of our refusals and its
    :data:`SYSTEM_NOTES`) and one ``refused to read NAME: reason`` line per
    refused reference; ``refused`` names those references (a URL, or the path
    of a local file); ``read`` is every local file asked for, with the SHA-256
    of what was served or ``refused``; ``notes`` are the system notes, each once."""

    pdf: bytes
    warnings: tuple[str, ...]
    refused: tuple[str, ...]
    read: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
