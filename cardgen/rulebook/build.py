"""``build_rulebook``: one Markdown rulebook to one PDF, as a straight line.

read the source → parse and check (:mod:`~cardgen.rulebook.document`) →
lay out HTML (:mod:`~cardgen.rulebook.layout`, with the theme's fonts and
stylesheets, then the front matter's ``css:``) → WeasyPrint
(:mod:`cardgen.pdf.wrapper`, reading only the document's folder, the asset
folders and, with a project file, the project root) → write atomically.

Every warning -- broken link, missing image, bad attribute, unknown table or list,
and anything WeasyPrint logs -- is collected as a :class:`Problem` with
severity ``warning``; the caller counts them (strict mode: see
:mod:`cardgen.build.context`).

Table and list directives read content that is loaded once: ``cardgen build`` passes
its own (``content``); standalone, the folder ``content_dir`` is loaded
here, and only when the document names a table, list or card.  Card figures
show the card stage's faces (``cards``, :mod:`cardgen.cards.figures`): the
build's, else faces planned and cached here as a build would; after layout
each face's PDF is drawn into its placeholder (:mod:`cardgen.rulebook.overlay`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from cardgen.build.cache import Cache, toolchain_digest
from cardgen.atomic import write_atomic
from cardgen.errors import CardgenError, Problem, RenderError, UsageError, display_path
from cardgen.pdf.records import Rendered
from cardgen.project.file import Project
from cardgen.rulebook.bychapter import ChapterBook, build_by_chapters
from cardgen.rulebook.chapterpool import ChapterPool
from cardgen.rulebook.chapterstore import ChapterStore, split_book
from cardgen.rulebook.chapters import Chapters, SplitChanged
from cardgen.rulebook.depth import MAX_DEPTH
from cardgen.rulebook.directive import card_ids, content_directives
from cardgen.rulebook.fromcontent import DirectiveError
from cardgen.rulebook.document import RulebookDocument, read_document
from cardgen.rulebook.frontmatter import stylesheet_refs
from cardgen.rulebook.images import document_roots
from cardgen.rulebook.layout import book_html
from cardgen.rulebook.overlay import draw_faces, find_placeholders
from cardgen.rulebook.reads import Reads, extend_roots, record_reads
from cardgen.rulebook.todo import todo_lines
from cardgen.safefs import FileRefused, Roots, check_file
from cardgen.stages import load_content
from cardgen.look.theme import Theme
from cardgen.speed.workers import usable_cores

if TYPE_CHECKING:
    from cardgen.pdf.wrapper import LaidOut

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
    notes: tuple[str, ...] = ()         # about the machine, not the document (cardgen.pdf.wrapper.SYSTEM_NOTES)
    pdf: bytes = field(default=b"", repr=False)
    icon_set: list[str] = field(default_factory=list)   # picture references drawn from cardgen's icon set
    reads: Reads = field(default_factory=Reads)         # what it read (rulebook.reads: the build's key)
    chapters: int = 1                                   # laid out in so many parts (rulebook.bychapter)
    todo_lines: list[str] = field(default_factory=list)  # what to say of its TODO notes (rulebook.todo.todo_lines)
    laid_out: tuple[int, ...] = ()                      # the chapters laid out in this run (the others: cached)
    one_chapter: str = ""                               # why the book was laid out whole, where it could not be cut


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
    """The content for the directives and keyword links of ``text``, loaded once: the content, a
    :class:`DirectiveError` saying why it cannot be had, or None (no folder).  A document without
    a table or list directive needs it only for its keyword links: an existing folder is loaded,
    a missing one is None (the document is no rulebook of this content)."""
    if content_dir is None:
        return None
    if not content_directives(text) and not Path(content_dir).is_dir():
        return None
    if not Path(content_dir).is_dir():
        return DirectiveError(f"content folder {display_path(content_dir)} does not exist")
    try:
        return load_content(Path(content_dir))
    except CardgenError as exc:
        lines = exc.lines()
        more = len(lines) - MAX_CONTENT_LINES
        shown = "; ".join(lines[:MAX_CONTENT_LINES]) + (f" (and {more} more)" if more > 0 else "")
        return DirectiveError(f"content has errors: {shown}")


def pdf_roots(document: RulebookDocument, assets: list[Path], extra: tuple[Path, ...]) -> Roots:
    """The folders the PDF may read: those the document's picture URLs name, then ``extra``
    (the theme's: the project root, the folders of ``--css`` files) under further names
    (:func:`~cardgen.rulebook.reads.book_roots`, which a build computes without the document)."""
    base = getattr(document, "roots", None) or document_roots(document.source.parent, assets)
    return extend_roots(base, extra)


def front_stylesheets(document: RulebookDocument, text: str, roots: Roots) -> tuple[list[str], list[Problem]]:
    """The URLs of the front matter's ``css:`` (relative to the document, inside ``roots``) and a
    warning, at its line, for each one that cannot be used."""
    urls: list[str] = []
    problems: list[Problem] = []
    lines = text.split("\n")
    for ref in stylesheet_refs(document.front_matter):
        path = document.source.parent / ref
        try:
            urls.append(roots.url(check_file(path, roots.real)))
        except FileRefused as exc:
            line = next((n for n, t in enumerate(lines, start=1) if ref in t), 1)
            problems.append(Problem(str(document.source), line, 0, "css",
                                    f"stylesheet not used: {ref}: {exc.reason}", "warning"))
    return urls, problems


def lay_out(source: Path, html: str, roots: Roots, figures: list[bytes] | None = None) -> tuple[LaidOut, Rendered]:
    """WeasyPrint's layout and PDF of ``html``, with the card faces ``figures`` drawn into their
    placeholders.

    The rulebook may hold raw HTML and CSS, and WeasyPrint fails on some extreme
    values (``font-size: 1e10pt`` divides by zero, ``word-spacing: 1e30px``
    overflows): any such failure is a :class:`RenderError` naming the document."""
    with _failures_named(source):
        # lazy: WeasyPrint, only where this process lays the book out
        from cardgen.pdf.wrapper import load_document

        laid_out = load_document(html, roots, spent=len(figures or ()))
        rendered = laid_out.write()
        if figures:
            rendered = replace(rendered, pdf=_with_figures(source, laid_out, rendered.pdf, figures))
        return laid_out, rendered


@contextlib.contextmanager
def _failures_named(source: Path) -> Iterator[None]:
    """WeasyPrint's own errors on hostile input (extreme sizes in raw HTML or CSS) as one
    :class:`RenderError` naming the document; cardgen's own errors and a recursion error as they are."""
    try:
        yield
    except (RecursionError, CardgenError):
        raise
    except Exception as exc:  # noqa: BLE001 -- WeasyPrint's own errors on hostile input
        raise RenderError(f"{display_path(source)}: the PDF could not be laid out ({type(exc).__name__}: "
                          f"{exc}); look for extreme sizes in its raw HTML or style attributes") from None


def _by_chapters(source: Path, page: RulebookPage, store: ChapterStore) -> tuple[ChapterBook | None, Chapters]:
    """The book laid out chapter by chapter (the cache's stale chapters dropped after), and how it was cut:
    as the last build cut it, unless that no longer fits (then anew); None where it is one chapter (lay
    it out whole).  WeasyPrint's failures on hostile input name the document."""
    with _failures_named(source), ChapterPool(page.roots, usable_cores()) as pool:
        store.cascader = pool.cascade
        split, check, checks = split_book(page.parts_html, page.html, page.roots, store)
        try:
            book = build_by_chapters(split, page.roots, store, check=check, checks=checks,
                                     pool=pool) if split.count > 1 else None
        except SplitChanged:
            split, _, _ = split_book(page.parts_html, page.html, page.roots, store, again=True)
            book = build_by_chapters(split, page.roots, store, pool=pool) if split.count > 1 else None
        if book is not None:
            store.prune(str(source.resolve()))
        return book, split


def _with_figures(source: Path, laid_out: LaidOut, pdf: bytes, figures: list[bytes]) -> bytes:
    """``pdf`` with the card faces drawn in (:func:`draw_faces`); its errors name the document."""
    try:
        return draw_faces(pdf, find_placeholders(laid_out), figures)
    except RenderError as exc:
        raise RenderError(f"{display_path(source)}: {exc}") from None


def document_reads(page: RulebookPage, served: tuple[tuple[str, str], ...]) -> Reads:
    """What rendering ``page`` read: the files the fetcher ``served``, the picture files tried and
    the front matter's stylesheets, the names asked of the file index (:mod:`cardgen.rulebook.reads`)."""
    document = page.document
    pictures = document.pictures
    probed = [*(pictures.probed if pictures else ()),
              *(document.source.parent / ref for ref in stylesheet_refs(document.front_matter))]
    return record_reads(document.source, served, probed, pictures.looked_up if pictures else {}, page.roots)


@dataclass(frozen=True)
class RulebookPage:
    """A rulebook as one HTML document: what WeasyPrint lays out, and what ``cardgen serve`` shows."""

    html: str
    parts_html: str                         # the same without the @page :first rules (rulebook.chapters)
    roots: Roots                            # the folders its URLs name (virtually) and the PDF may read
    document: RulebookDocument
    problems: tuple[Problem, ...]           # the document's warnings and its unusable stylesheets, in line order


def rulebook_page(source: Path, text: str, assets: list[Path], draft: bool = False, content: Any = None,
                  project: Project | None = None, theme: Theme | None = None, cards: Any = None,
                  markdown: Any = None) -> RulebookPage:
    """Parse and check ``text`` (the rulebook ``source``), then lay out its HTML page (see :func:`build_rulebook`;
    ``markdown``: the parser of a translated build, :func:`~cardgen.rulebook.document.read_document`)."""
    theme = theme or Theme()
    root = project.root if project and project.file else None
    document = read_document(source, text, assets, draft=draft, content=content, root=root,
                             toc_levels=project.toc_levels if project else None,
                             keyword_links=project.keyword_links if project else None, cards=cards,
                             markdown=markdown)
    roots = pdf_roots(document, assets, theme.roots + ((root,) if root else ()))
    stylesheets, css_problems = front_stylesheets(document, text, roots)
    stamp = project.stamp() if project else ""
    html = book_html(document, draft=draft, lang=theme.lang, theme=theme, stylesheets=stylesheets, stamp=stamp)
    parts = book_html(document, draft=draft, lang=theme.lang, theme=theme, stylesheets=stylesheets, stamp=stamp,
                      first_page=False)
    problems = sorted([*document.problems, *css_problems], key=lambda p: (p.file, p.line))
    return RulebookPage(html, parts, roots, document, tuple(problems))


def build_rulebook(source: Path, out: Path, assets: list[Path] | None = None, draft: bool = False,
                   content_dir: Path | None = None, write: bool = True, content: Any = None, *,
                   project: Project | None = None, theme: Theme | None = None, cards: Any = None,
                   chapters: bool = False, cache: Cache | None = None, tool: str = "",
                   markdown: Any = None) -> RulebookResult:
    """Render ``source`` to the A4 PDF ``out``; see the module docstring.

    ``project``: with a project file, its root is an allowed root for pictures,
    stylesheets and fonts, and its ``[toc] levels`` the default of ``[[toc]]``
    (the front matter's ``toc:`` wins), and its version stamp goes on the title page and in the
    footer (:mod:`cardgen.project.revision`).  ``theme``: the project's look
    (default: cardgen's own).

    ``content``: the already-loaded content for table, list and card directives; without it,
    ``content_dir`` is loaded when the document names one.  ``cards``: the build's card faces
    (:class:`~cardgen.cards.figures.CardFaces`); without them, a document with card figures
    plans its own (:func:`~cardgen.cards.figures.rulebook_faces`).  With
    ``write=False`` nothing is written: the PDF is in ``result.pdf`` (the
    caller stages it with every other output, or writes it unless strict
    mode fails).

    ``chapters``: laid out chapter by chapter where its forced page breaks allow
    (:mod:`cardgen.rulebook.bychapter`), each chapter kept in ``cache`` (with ``tool``, the
    toolchain's digest, in its key); ``False`` (this function's default): as one document, the reference.
    ``markdown``: the parser of a translated build (a language laid over the book's tokens before layout,
    :func:`cardgen.i18n.book.translating_markdown`); ``theme.lang`` is the ``lang`` it is hyphenated in.
    The commands lay books out by chapters unless told ``--no-chapters`` (a run's
    :attr:`cardgen.project.settings.Settings.chapters`): his Regelbuch.md on 2 cores, cold 2.8 s against 3.7 s
    whole, an edit 1.1 s, no change 0.06 s (docs/benchmarks.md, 2026-11-28)."""
    source, out, assets = Path(source), Path(out), [Path(a) for a in assets or []]
    text = read_source(source)
    for folder in assets:
        if not folder.is_dir():
            raise UsageError(f"assets folder {display_path(folder)} does not exist")
    if content is None:
        content = load_table_content(text, content_dir)
    theme = theme or Theme()
    card_warnings: list[str] = []
    if card_ids(text):
        # lazy: the card pipeline, only for a book that shows cards
        from cardgen.cards.figures import rulebook_faces

        cards, card_warnings = rulebook_faces(cards, content, project, theme)
    try:  # nesting is capped (rulebook.depth); should the recursion still run out, say so
        page = rulebook_page(source, text, assets, draft, content, project, theme, cards, markdown)
        store = ChapterStore(cache, tool or (toolchain_digest() if chapters and cache is not None else ""), page.roots)
        book, split = _by_chapters(source, page, store) if chapters and not page.document.figures else (None, None)
        if book is not None:
            rendered = Rendered(book.pdf, book.warnings, (), book.read, book.notes)
            page_count, parts = book.pages, (book.chapters, tuple(book.laid_out), "")
        else:
            laid_out, rendered = lay_out(source, page.html, page.roots, [art.pdf for art in page.document.figures])
            page_count, parts = laid_out.page_count, (1, (), split.reason if split else "")
    except RecursionError:
        raise RenderError(f"{display_path(source)}: nested too deeply to lay out "
                          f"(keep Markdown and HTML within {MAX_DEPTH} levels)") from None
    warnings = list(page.problems)
    warnings += [Problem(str(source), 0, 0, "", f"PDF: {m}", "warning") for m in rendered.warnings]
    warnings += [Problem(str(source), 0, 0, "", f"cards: {m}", "warning") for m in card_warnings]
    result = RulebookResult(out, page_count, len(page.document.todos), warnings,
                            pdf_warnings=rendered.warnings, notes=rendered.notes, pdf=rendered.pdf,
                            icon_set=list(getattr(page.document, "icon_set", [])),
                            reads=document_reads(page, rendered.read), chapters=parts[0], laid_out=parts[1],
                            one_chapter=parts[2],
                            todo_lines=todo_lines(display_path(source), len(page.document.todos),
                                                  page.document.todo_sections, draft))
    if write:
        write_atomic(out, rendered.pdf)
        result.written = True
    return result
