"""The one wrapper around WeasyPrint.

* :class:`SafeFetcher` reads only local files below allowed folders (the
  content folder, the document's folder, asset folders, cardgen's own
  templates and assets) and ``data:`` URLs; every other reference (``http:``,
  ``file:///etc/passwd``, ``../`` escapes) is refused and reported.
* WeasyPrint's log is captured while rendering and returned as warnings,
  so a test can fail on any unexpected one -- except what it says about the
  machine rather than the document (:data:`SYSTEM_NOTES`: a missing system
  library), which is returned apart, as one note naming the package to
  install, never counted as a warning.
* :func:`load_document` returns a :class:`LaidOut`: what the rest of
  cardgen may know of a laid-out document (page sizes, every box as a plain
  :class:`BoxInfo` record) and its PDF.  No other module imports WeasyPrint
  or touches its objects (``tests/architecture/test_pdf_seal.py``).
* German is hyphenated with single-level patterns (:mod:`cardgen.pdf.hyphenation`): pyphen's own
  German files are two-level and break ``Fa-r-be``.
* :func:`write_atomic` writes through a temporary file and a rename, so a
  failed build never leaves a half-written PDF and never deletes the last
  good one.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import weasyprint
from weasyprint.text.fonts import FontConfiguration

from cardgen.pdf import timelimit
from cardgen.atomic import write_atomic  # noqa: F401  (re-exported for callers of cardgen.pdf.wrapper)
from cardgen.errors import RenderError
from cardgen.geometry import px_to_pt
from cardgen.pdf.hyphenation import use_german_patterns
from cardgen.pdf.fetcher import RefusedResource, SafeFetcher
from cardgen.pdf.records import Rendered
from cardgen.safefs import Roots
from cardgen.pdf.timelimit import time_limit


HARFBUZZ_SUBSET_NOTE = ("note: WeasyPrint subsets the embedded fonts with fontTools because the system library "
                        "HarfBuzz-Subset (4.1 or newer) is missing: the PDFs are right, but slower to make; install "
                        "it (Debian, Ubuntu: apt-get install libharfbuzz-subset0; Fedora: harfbuzz; macOS: brew "
                        "install harfbuzz)")
SYSTEM_NOTES = {"Using fontTools instead of HarfBuzz-Subset": HARFBUZZ_SUBSET_NOTE}
"""What WeasyPrint logs about the machine, not the document (by the start of its message), and the
one note that says it instead: WeasyPrint 70 logs the missing HarfBuzz-Subset once per font of
each document (56 times for the designer's rulebook), which is no warning about the content."""


def system_note(message: str) -> str | None:
    """The note a WeasyPrint log message about the machine becomes (:data:`SYSTEM_NOTES`), else ``None``."""
    return next((note for start, note in SYSTEM_NOTES.items() if message.startswith(start)), None)


class _Collect(logging.Handler):
    def __init__(self, notes: list[str]) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []
        self.notes = notes

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        note = system_note(message)
        if note is None:
            self.messages.append(message)
        elif note not in self.notes:
            self.notes.append(note)


@contextlib.contextmanager
def captured_log(notes: list[str] | None = None) -> Iterator[list[str]]:
    """Collect WeasyPrint's warnings instead of printing them; its :data:`SYSTEM_NOTES` go to
    ``notes`` (each once) and are no warnings."""
    handler = _Collect([] if notes is None else notes)
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


@dataclass(frozen=True)
class BoxInfo:
    """One laid-out box as plain data; lengths in CSS px from the page's top left corner.

    A page's boxes come in document order, each before its children:
    ``boxes[b.index + 1:b.end]`` are the descendants of ``b`` and
    ``boxes[b.index + 1]`` is its first child.  Anonymous boxes (lines,
    text) carry the tag, classes and data of the element they belong to."""

    index: int
    end: int                                   # index just past the last descendant
    tag: str | None                            # element tag; None for page and margin boxes
    classes: tuple[str, ...]
    data: tuple[tuple[str, str], ...]          # data-* attributes, names without "data-"
    x: float                                   # border box
    y: float
    width: float
    height: float
    content_right: float                       # right and bottom edge of the content area
    content_bottom: float
    margin_right: float                        # right and bottom edge of the margin box
    margin_bottom: float
    font_size_pt: float
    text: str | None                           # the text of a text box

    def get(self, name: str) -> str | None:
        """The value of the element's ``data-NAME`` attribute, if it has one."""
        return dict(self.data).get(name)

    @property
    def has_children(self) -> bool:
        return self.end > self.index + 1


def _page_box(page: weasyprint.Page):
    """The root of a page's box tree.

    WeasyPrint 70 offers no public accessor for the laid-out boxes (only
    ``Page.width``, ``height``, ``links``, ``anchors``, ``bookmarks``), so
    this is the one place in cardgen that reads the private ``_page_box``;
    everything else gets :class:`BoxInfo` records."""
    return page._page_box


def _box_info(box, index: int, end: int) -> BoxInfo:
    """The plain record of one WeasyPrint box (an absolute placeholder answers for its box)."""
    element = getattr(box, "element", None)
    attributes = {} if element is None else element.attrib
    return BoxInfo(
        index=index, end=end, tag=box.element_tag if element is not None else None,
        classes=tuple((attributes.get("class") or "").split()),
        data=tuple((k[5:], v) for k, v in attributes.items() if k.startswith("data-")),
        x=box.border_box_x(), y=box.border_box_y(), width=box.border_width(), height=box.border_height(),
        content_right=box.content_box_x() + box.width, content_bottom=box.content_box_y() + box.height,
        margin_right=box.position_x + box.margin_width(), margin_bottom=box.position_y + box.margin_height(),
        font_size_pt=px_to_pt(box.style["font_size"]), text=getattr(box, "text", None))


def _flatten(page_box) -> tuple[BoxInfo, ...]:
    """Every box of the tree below ``page_box`` (itself first), in document order."""
    order: list = []
    ends: list[int] = []
    stack: list = [(page_box, -1)]
    while stack:                    # iterative: deep nesting cannot exhaust Python's stack
        box, leaving = stack.pop()
        if box is None:             # all descendants of order[leaving] are listed
            ends[leaving] = len(order)
            continue
        order.append(box)
        ends.append(0)
        stack.append((None, len(order) - 1))
        stack.extend((child, -1) for child in reversed(getattr(box, "children", None) or ()))
    return tuple(_box_info(box, index, ends[index]) for index, box in enumerate(order))


class LaidOut:
    """A laid-out document: its pages as plain data, its PDF on request."""

    def __init__(self, document: weasyprint.Document, fetcher: SafeFetcher, messages: list[str],
                 notes: list[str] | None = None, context: Any = None) -> None:
        self._document = document
        self._fetcher = fetcher
        self._messages = messages
        self._notes = list(notes or [])
        self.context = context          # what a render other than WeasyPrint's own kept (load_document)

    @property
    def page_count(self) -> int:
        return len(self._document.pages)

    def page_size(self, number: int = 0) -> tuple[float, float]:
        """Width and height of page ``number`` (from 0) in CSS px."""
        page = self._document.pages[number]
        return page.width, page.height

    def boxes(self, number: int = 0) -> tuple[BoxInfo, ...]:
        """Every box of page ``number`` (from 0), in document order."""
        return _flatten(_page_box(self._document.pages[number]))

    def keep_pages(self, count: int) -> None:
        """Drop every page after the first ``count`` (before :meth:`write`)."""
        del self._document.pages[count:]

    def write(self) -> Rendered:
        """Serialise to PDF bytes (deterministic: no dates, fixed ID).  Each write starts without the fonts
        of the one before (WeasyPrint keeps them in the document: their glyphs in the order first drawn,
        which orders each ToUnicode map), so a chapter numbered again for its place in the book
        (:meth:`cardgen.pdf.parts.PartLaidOut.renumber`) is written as if for the first time."""
        notes = list(self._notes)
        self._document.fonts = {}
        with captured_log(notes) as more, time_limit(timelimit.MAX_RENDER_SECONDS), _unimplemented():
            pdf = self._document.write_pdf(uncompressed_pdf=False, pdf_identifier=b"cardgen")
        fetcher = self._fetcher
        log = [m for m in self._messages + more if RefusedResource.__name__ not in m]
        log += [f"refused to read {name}: {fetcher.reasons[name]}" for name in fetcher.refused]
        return Rendered(pdf, tuple(log), tuple(fetcher.refused), tuple(sorted(fetcher.read.items())), tuple(notes))


@contextlib.contextmanager
def _unimplemented() -> Iterator[None]:
    """WeasyPrint (and tinycss2 under it) raise ``NotImplementedError`` for CSS they parse but cannot
    draw -- ``device-cmyk()`` in a gradient is one -- which a stylesheet from a pull request may ask for:
    one line naming it instead of a traceback."""
    try:
        yield
    except NotImplementedError as exc:
        detail = f" ({exc})" if str(exc) else ""
        raise RenderError("WeasyPrint cannot draw something the stylesheets ask for" + detail + "; a colour "
                          "other than sRGB in a gradient (device-cmyk(), lab(), oklch() ...) is one such "
                          "case: give the gradient sRGB colours") from None


def load_document(html: str, base: Path | str | Roots, roots: Iterable[Path] = (), *, spent: int = 0,
                  render: Callable[[weasyprint.HTML], tuple[weasyprint.Document, Any]] | None = None,
                  kind: type[LaidOut] | None = None) -> LaidOut:
    """Lay out ``html`` (its PDF is written later, by :meth:`LaidOut.write`).

    ``base`` is the document's folder (relative references start there) or
    the complete :class:`Roots`; ``roots`` are further folders it may read.
    ``spent``: references the document makes outside the fetcher (the card faces drawn into a
    rulebook), counted against :data:`cardgen.pdf.fetcher.MAX_FETCHES` with those it fetches.  ``render`` lays the document
    out instead of :meth:`weasyprint.HTML.render` and returns what else it keeps (``LaidOut.context``),
    ``kind`` the class of the result (both: :mod:`cardgen.pdf.parts`, a book laid out in parts)."""
    allowed = base if isinstance(base, Roots) else Roots.build(base, roots)
    fetcher = SafeFetcher(roots=allowed, fetches=spent)
    use_german_patterns()               # pyphen's own German files break "Fa-r-be" (cardgen.pdf.hyphenation)
    notes: list[str] = []
    with captured_log(notes) as messages, time_limit(timelimit.MAX_RENDER_SECONDS):
        source = weasyprint.HTML(string=html, base_url=allowed.base_url, url_fetcher=fetcher)
        document, context = (render or _render)(source)
    return (kind or LaidOut)(document, fetcher, messages, notes, context)


def _render(source: weasyprint.HTML) -> tuple[weasyprint.Document, Any]:
    return source.render(font_config=font_config()), None


def render_pdf(html: str, base: Path | str | Roots, roots: Iterable[Path] = ()) -> Rendered:
    """Render ``html`` to PDF bytes, reading files only below the allowed roots."""
    return load_document(html, base, roots).write()
