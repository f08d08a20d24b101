"""``build_site``: the web edition of one run, as a straight line.

the rulebooks' HTML (:func:`cardgen.rulebook.build.rulebook_page`) cut into chapter pages
(:mod:`~cardgen.site.books`) → the object pages (:mod:`~cardgen.site.units`,
:mod:`~cardgen.site.catalogue`) → the front page, the search page → the "changed since" notes
(:mod:`~cardgen.site.changes`) → written, indexed, swapped in (:mod:`~cardgen.site.write`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.build.context import BuildContext
from cardgen.rulebook.build import read_source, rulebook_page
from cardgen.rulebook.directive import card_ids
from cardgen.safefs import Roots
from cardgen.site.books import Book, Chapter, book_pages, rule_index
from cardgen.site.catalogue import faction_pages, glossary_page, group_pages, power_pages, trait_pages, weapon_pages
from cardgen.site.changes import Since, changes_since, current_revision
from cardgen.site.files import SiteFiles
from cardgen.site.model import EntryView, Link, LinkList, Page, href
from cardgen.site.reuse import SiteReuse
from cardgen.site.units import unit_pages
from cardgen.site.write import SiteInfo, write_site

SITE_FOLDER = "site"
LIST_TITLES = (("factions", "Fraktionen"), ("units", "Einheiten"), ("groups", "Gruppen"), ("traits", "Eigenschaften"),
               ("weapons", "Waffen"), ("powers", "Kräfte"))
NOTED = {"einheit": "units", "waffe": "weapons", "eigenschaft": "traits", "kraft": "powers"}


@dataclass(frozen=True)
class FrontView:
    books: tuple[Link, ...]
    lists: tuple[LinkList, ...]


@dataclass
class SiteResult:
    out: Path
    pages: int
    rendered: int = 0          # pages rendered this run (the others kept: cardgen.site.reuse)
    indexed: bool = False      # whether Pagefind ran (else its index was kept for the same pages)


def book_folder(label: str) -> str:
    """``rulebooks/Regeln/Regelbuch.pdf`` → ``Regeln-Regelbuch``."""
    return label.removeprefix("rulebooks/").removesuffix(".pdf").replace("/", "-")


def chapter_pages(book: Book) -> list[Page]:
    folder = f"regeln/{book.folder}"
    pages = [Page(f"{folder}/index.html", "book.html.j2", book.title, "Regelbuch", book)]
    for number, chapter in enumerate(book.chapters):
        prev = book.chapters[number - 1] if number else None
        after = book.chapters[number + 1] if number + 1 < len(book.chapters) else None
        pages.append(Page(f"{folder}/{chapter.file}", "chapter.html.j2", chapter.title, book.title,
                          ChapterView(book, chapter),
                          prev=Link(prev.title, href(f"{folder}/{prev.file}")) if prev else None,
                          next=Link(after.title, href(f"{folder}/{after.file}")) if after else None))
    return pages


@dataclass(frozen=True)
class ChapterView:
    book: Book
    chapter: Chapter


def front_page(title: str, books: list[Book], pages: list[Page]) -> Page:
    links = tuple(Link(b.title, href(f"regeln/{b.folder}/index.html")) for b in books)
    by_kind: dict[str, list[Link]] = {}
    for page in pages:
        kind = {"Fraktion": "factions", "Einheit": "units", "Gruppe": "groups", "Eigenschaft": "traits",
                "Waffe": "weapons", "Kraft": "powers"}.get(page.kind)
        if kind:
            by_kind.setdefault(kind, []).append(Link(page.title, href(page.path)))
    lists = tuple(LinkList(name, tuple(sorted(by_kind.get(kind, []), key=lambda link: link.text.casefold())))
                  for kind, name in LIST_TITLES)
    return Page("index.html", "front.html.j2", title, "", FrontView(links, lists))


DEFINED = {"eigenschaft": ("traits", "trait"), "kraft": ("powers", "power")}
"""The object pages that link to their definition in a rulebook, and the anchor prefix the rulebook's
content lists give it (:mod:`cardgen.rulebook.keywords`: ``trait-<id>``, else a heading of its name)."""


def with_rules(pages: list[Page], books: list[Book], content) -> list[Page]:
    """The trait and power pages with a link to where a rulebook defines them (none where no book does)."""
    index = rule_index(books)
    out = []
    for page in pages:
        folder, _, name = page.path.partition("/")
        if folder not in DEFINED or not isinstance(page.view, EntryView):
            out.append(page)
            continue
        kind, prefix = DEFINED[folder]
        object_id = name.removesuffix(".html")
        found = index.get(f"{prefix}-{object_id}") or index.get(f"\0{getattr(content, kind)[object_id].name}")
        if found is not None:
            link = LinkList("Im Regelbuch", (Link(found[0], href(found[1])),))
            page = replace(page, view=replace(page.view, lists=(link, *page.view.lists)))
        out.append(page)
    return out


def noted(pages: list[Page], since: Since, books: dict[str, Path]) -> list[Page]:
    """``pages`` with the "changed since" lines of their objects and chapters (``books``: each book's
    folder → its source)."""
    out = []
    for page in pages:
        folder, _, name = page.path.partition("/")
        kind = NOTED.get(folder)
        lines = since.objects.get((kind, name.removesuffix(".html")), ()) if kind else ()
        if isinstance(page.view, ChapterView):
            chapter = page.view.chapter
            lines = since.section_lines(books[page.view.book.folder], {chapter.title, *(h.text for h in chapter.sections)})
        elif page.path == "index.html":
            lines = since.summary()
        out.append(replace(page, changed=lines) if lines else page)
    return out


def game_title(books: list[Book], fallback: str) -> str:
    """The game's name on every page: what the rulebooks' titles begin with ("Universalis - Regelbuch",
    "Universalis - Eigenschaften" → "Universalis"), a single book's whole title, else ``fallback``."""
    titles = [b.title for b in books]
    if len(titles) < 2:
        return titles[0] if titles else fallback
    common = os.path.commonprefix(titles)
    common = common[:len(common) if all(t == common or not t[len(common)].isalnum() for t in titles)
                    else common.rfind(" ") + 1].rstrip(" -–—:·|")
    return common if len(common) >= 3 else titles[0]


def book_cards(ctx: BuildContext, text: str):
    """The card faces a book's card figures show: the build's, else planned and cached as ``cardgen rulebook``
    does (:func:`cardgen.cards.figures.rulebook_faces`); None for a book without card figures."""
    if not card_ids(text):
        return None
    # lazy: the card stage, only for a book that shows cards
    from cardgen.cards.figures import rulebook_faces

    cards, warnings = rulebook_faces(ctx.faces, ctx.content, ctx.project, ctx.theme, ctx.tool)
    for warning in warnings:
        ctx.summary.warn(warning)
    return cards


def build_site(ctx: BuildContext, rulebooks: list[tuple[Path, str]], since: str = "", search: bool = True) -> SiteResult:
    """Write ``OUT/site/`` for the run ``ctx`` and its ``rulebooks`` ((source, output label) each)."""
    content, derived, project = ctx.content, ctx.derived, ctx.project
    files, books, sources, reuse = SiteFiles(), [], {}, SiteReuse(ctx.cache)
    for source, label in sorted(rulebooks, key=lambda pair: pair[1]):
        sources[book_folder(label)] = source
        text = read_source(source)
        page = rulebook_page(source, text, list(project.assets), content=content, project=project, theme=ctx.theme,
                             cards=book_cards(ctx, text))
        for problem in page.problems:
            ctx.summary.warn(problem.format())
        books.append(book_pages(page, book_folder(label), label, files, ctx.cache, reuse, ctx.tool))
    stamp = project.stamp()
    pages = [*unit_pages(content, derived, reuse=reuse), *faction_pages(content), *group_pages(content, derived),
             *trait_pages(content), *weapon_pages(content), *power_pages(content), glossary_page(content)]
    pages = with_rules(pages, books, content)
    for book in books:
        pages += chapter_pages(book)
    title = game_title(books, project.root.name)
    pages.insert(0, front_page(title, books, pages))
    pages.append(Page("suche.html", "search.html.j2", "Suche", "", None))
    if since:
        now = current_revision(project.root, content.root, project.file is not None)
        pages = noted(pages, changes_since(since, project.root, content, derived, now), sources)
    roots = Roots.build(content.root, (*ctx.theme.roots, *project.assets))
    book_css = tuple(p for p in (files.site_path(s.resolve(), list(roots.real)) for s in ctx.theme.stylesheets("rulebook"))
                     if p is not None)
    ctx.summary.check_strict("the web edition not written")
    info = SiteInfo(title, stamp or "ohne Versionsangabe", since, book_css, *project.languages[:1])
    if project.translations:
        ctx.summary.note(f"the web edition is in {project.languages[0]} only, the source's language: "
                         f"no pages in {', '.join(project.translations)} yet (docs/web-edition.md)")
    out = write_site(pages, info, files, roots, ctx.out_dir / SITE_FOLDER, search=search, reuse=reuse)
    reuse.finish()
    return SiteResult(out, len(pages), reuse.rendered, reuse.indexed)
