"""``build_rulebook``: one Markdown rulebook to one PDF, as a straight line.

read the source → parse and check (:mod:`~cardgen.rulebook.document`) →
lay out HTML (:mod:`~cardgen.rulebook.layout`) → WeasyPrint
(:mod:`cardgen.pdf`, reading only the document's folder and the asset
folders) → write atomically.

Every warning -- broken link, missing image, bad attribute, unknown table,
and anything WeasyPrint logs -- is collected as a :class:`Problem` with
severity ``warning``; the caller counts them (strict mode: see
:mod:`cardgen.context`).

Table directives read content that is loaded once: ``cardgen build`` passes
its own (``content``); standalone, the folder ``content_dir`` is loaded
here, and only when the document names a table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, Problem, RenderError, UsageError, display_path
from cardgen.pdf import LaidOut, Rendered, load_document, write_atomic
from cardgen.rulebook.depth import MAX_DEPTH
from cardgen.rulebook.directive import TableError, table_names
from cardgen.rulebook.document import read_document
from cardgen.rulebook.images import document_roots
from cardgen.rulebook.layout import book_html
from cardgen.stages import load_content

MAX_CONTENT_LINES = 3


@dataclass
class RulebookResult:
    """What a build did: where, how many pages, what it warned about."""

    out: Path
    pages: int = 0
    todos: int = 0
    warnings: list[Problem] = field(default_factory=list)
    written: bool = False
    pdf_warnings: tuple[str, ...] = ()  # WeasyPrint's own log, for tests
    pdf: bytes = field(default=b"", repr=False)


def format_warning(problem: Problem) -> str:
    """``FILE:LINE: warning: message`` (no column: links and images have none)."""
    return problem.format()


def read_source(source: Path) -> str:
    """The text of the Markdown file, or a :class:`UsageError` saying why not."""
    if not source.is_file():
        raise UsageError(f"{display_path(source)}: no such file")
    try:
        return source.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{display_path(source)}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise UsageError(f"{display_path(source)}: {exc.strerror}") from None


def load_table_content(text: str, content_dir: Path | None) -> Any:
    """The content for the table directives of ``text``, loaded once -- only if it names a
    table: the content, a :class:`TableError` saying why it cannot be had, or None (no folder)."""
    if content_dir is None or not table_names(text):
        return None
    if not Path(content_dir).is_dir():
        return TableError(f"content folder {display_path(content_dir)} does not exist")
    try:
        return load_content(Path(content_dir))
    except CardgenError as exc:
        lines = exc.lines()
        more = len(lines) - MAX_CONTENT_LINES
        shown = "; ".join(lines[:MAX_CONTENT_LINES]) + (f" (and {more} more)" if more > 0 else "")
        return TableError(f"content has errors: {shown}")


def lay_out(source: Path, html: str, assets: list[Path]) -> tuple[LaidOut, Rendered]:
    """WeasyPrint's layout and PDF of ``html``.

    The rulebook may hold raw HTML and CSS, and WeasyPrint fails on some extreme
    values (``font-size: 1e10pt`` divides by zero, ``word-spacing: 1e30px``
    overflows): any such failure is a :class:`RenderError` naming the document."""
    try:
        laid_out = load_document(html, document_roots(source.parent, assets))
        return laid_out, laid_out.write()
    except (RecursionError, CardgenError):
        raise
    except Exception as exc:  # noqa: BLE001 -- WeasyPrint's own errors on hostile input
        raise RenderError(f"{display_path(source)}: the PDF could not be laid out ({type(exc).__name__}: "
                          f"{exc}); look for extreme sizes in its raw HTML or style attributes") from None


def build_rulebook(source: Path, out: Path, assets: list[Path] | None = None, draft: bool = False,
                   content_dir: Path | None = None, write: bool = True, content: Any = None) -> RulebookResult:
    """Render ``source`` to the A4 PDF ``out``; see the module docstring.

    ``content``: the already-loaded content for table directives; without it,
    ``content_dir`` is loaded when the document names a table.  With
    ``write=False`` nothing is written: the PDF is in ``result.pdf`` (the
    caller stages it with every other output, or writes it unless strict
    mode fails)."""
    source, out, assets = Path(source), Path(out), [Path(a) for a in assets or []]
    text = read_source(source)
    for folder in assets:
        if not folder.is_dir():
            raise UsageError(f"assets folder {display_path(folder)} does not exist")
    if content is None:
        content = load_table_content(text, content_dir)
    try:  # nesting is capped (rulebook.depth); should the recursion still run out, say so
        document = read_document(source, text, assets, draft=draft, content=content)
        laid_out, rendered = lay_out(source, book_html(document, draft=draft), assets)
    except RecursionError:
        raise RenderError(f"{display_path(source)}: nested too deeply to lay out "
                          f"(keep Markdown and HTML within {MAX_DEPTH} levels)") from None
    warnings = list(document.problems)
    warnings += [Problem(str(source), 0, 0, "", f"PDF: {m}", "warning") for m in rendered.warnings]
    result = RulebookResult(out, laid_out.page_count, len(document.todos), warnings,
                            pdf_warnings=rendered.warnings, pdf=rendered.pdf)
    if write:
        write_atomic(out, rendered.pdf)
        result.written = True
    return result
