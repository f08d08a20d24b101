"""A rulebook laid out chapter by chapter: in parallel, each chapter cached, put together at the end.

The chapters (:mod:`cardgen.rulebook.chapters`) are laid out in rounds.  Each round gives every
chapter its first page number -- the page counts of the chapters before it: as laid out, else as
the cache remembers them for the same chapter text, else estimated from its length -- and the
page numbers its contents lists show (the anchors of the other chapters, as laid out).  A chapter
whose document is one already laid out (this run, or any earlier one: the cache, ``chapters``) is
taken as it is; the others are laid out, in the render pool where there are several.  A chapter
with a contents list waits for every other chapter.  The rounds end when no chapter's document
changed: an edit inside one chapter lays out that chapter, and the contents only where a page
number it shows moved.  The whole book, :func:`cardgen.rulebook.assemble.assemble`.

A cached chapter records the files it read (:attr:`cardgen.pdf.Rendered.read`): it is used only
while each still has the bytes it had.
"""

from __future__ import annotations

import json
import os
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from cardgen.cache import Cache, digest
from cardgen.pdf import PageFacts, load_document
from cardgen.rulebook.assemble import anchor_pages, assemble
from cardgen.rulebook.chapters import CONTENTS_NAV, Chapters
from cardgen.safefs import Roots, file_digest

MAX_ROUNDS = 5
HTML_CHARS_PER_PAGE = 6000          # a first guess of a chapter's pages, before it was ever laid out
KIND = "chapters"
ANCHOR_WARNINGS = (re.compile(r"No anchor #(.*) for internal URI reference"),
                   re.compile(r"Content discarded: target points to undefined anchor \('string', '#(.*)'\)"))


@dataclass(frozen=True)
class ChapterLayout:
    """One chapter laid out: its PDF, its pages' facts and what was said and read making it."""

    pdf: bytes
    facts: tuple[PageFacts, ...]
    warnings: tuple[str, ...] = ()
    read: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass
class ChapterBook:
    """The book put together, and how: chapters, those laid out in this run."""

    pdf: bytes
    pages: int
    warnings: tuple[str, ...]
    read: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    chapters: int
    laid_out: list[int] = field(default_factory=list)


def lay_out_chapter(html: str, roots: Roots) -> ChapterLayout:
    """Lay out one chapter's document (in a render worker, or here)."""
    laid_out = load_document(html, roots)
    rendered = laid_out.write()
    facts = tuple(laid_out.page_facts(number) for number in range(laid_out.page_count))
    return ChapterLayout(rendered.pdf, facts, rendered.warnings, rendered.read, rendered.notes)


def build_by_chapters(chapters: Chapters, roots: Roots, cache: Cache | None, tool: str,
                      workers: int = 0) -> ChapterBook:
    """Lay out ``chapters`` (see the module docstring) and put the book together."""
    store = _Store(cache, tool, roots)
    count = chapters.count
    contents = [bool(CONTENTS_NAV.search(chapters.chapter_html(i, 1))) for i in range(count)]
    plain = [chapters.chapter_html(i, 1) for i in range(count)]
    done: dict[int, tuple[str, ChapterLayout]] = {}
    laid: list[int] = []
    for _ in range(MAX_ROUNDS):
        pages = [len(done[i][1].facts) if i in done else store.count(plain[i]) or _guess(plain[i])
                 for i in range(count)]
        starts = [1 + sum(pages[:i]) for i in range(count)]
        todo = []
        for i in range(count):
            others_done = all(j in done for j in range(count) if j != i and not contents[j])
            if contents[i] and not others_done:
                continue
            html = chapters.chapter_html(i, starts[i], _numbers(done, starts, i) if contents[i] else None,
                                         sum(pages))
            key = store.key(html)
            if i in done and done[i][0] == key:
                continue
            stored = store.get(key)
            if stored is not None:
                done[i] = (key, stored)
            else:
                todo.append((i, html, key))
        if not todo and len(done) == count and _settled(done, pages):
            break
        for (i, _html, key), layout in zip(todo, _run([(h, roots) for _, h, _ in todo], workers)):
            store.put(key, plain[i], layout)
            done[i] = (key, layout)
            laid.append(i)
    layouts = [done[i][1] for i in range(count)]
    facts = [layout.facts for layout in layouts]
    pdf = layouts[0].pdf if count == 1 else assemble([layout.pdf for layout in layouts], facts)
    return ChapterBook(pdf, sum(len(f) for f in facts), _warnings(layouts, set(anchor_pages(facts))),
                       tuple(sorted({r for layout in layouts for r in layout.read})),
                       tuple(dict.fromkeys(n for layout in layouts for n in layout.notes)), count, laid)


def _settled(done: dict[int, tuple[str, ChapterLayout]], pages: list[int]) -> bool:
    return all(len(done[i][1].facts) == pages[i] for i in done)


def _guess(html: str) -> int:
    return max(1, round(len(html) / HTML_CHARS_PER_PAGE))


def _numbers(done: dict[int, tuple[str, ChapterLayout]], starts: list[int], own: int) -> dict[str, int]:
    """Anchor → page number of every chapter laid out but ``own`` (its own anchors it numbers itself)."""
    numbers: dict[str, int] = {}
    for i, (_, layout) in sorted(done.items()):
        if i == own:
            continue
        for offset, page in enumerate(layout.facts):
            for name, _, _ in page.anchors:
                numbers.setdefault(name, starts[i] + offset)
    return numbers


def _run(jobs: list[tuple[str, Roots]], workers: int) -> list[ChapterLayout]:
    """Lay out ``jobs``: in the render pool where there are several and more than one core."""
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    if workers < 2 or len(jobs) < 2:
        return [lay_out_chapter(*job) for job in jobs]
    # lazy: the render processes, only for a book of several chapters
    from cardgen.speed.workers import pool_context, start_worker

    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context(), initializer=start_worker,
                             initargs=(os.getpid(),)) as pool:
        return list(pool.map(lay_out_chapter, *zip(*jobs)))


def _warnings(layouts: list[ChapterLayout], anchors: set[str]) -> tuple[str, ...]:
    """The chapters' warnings, once each, less those about an anchor that is in another chapter."""
    kept = []
    for layout in layouts:
        for message in layout.warnings:
            match = next((m for m in (p.fullmatch(message) for p in ANCHOR_WARNINGS) if m), None)
            if match is None or match.group(1) not in anchors:
                kept.append(message)
    return tuple(dict.fromkeys(kept))


class _Store:
    """The chapters' layouts in the build's cache (none without one): by the digest of their document."""

    def __init__(self, cache: Cache | None, tool: str, roots: Roots) -> None:
        self.cache, self.tool, self.roots = cache, tool, roots

    def key(self, html: str) -> str:
        return digest("chapter", self.tool, html, self.roots.named)

    def count(self, plain: str) -> int | None:
        """The page count the chapter ``plain`` (numbered from 1) had when last laid out."""
        data = self.cache.get(KIND, self.key(plain), ".pages") if self.cache else None
        return int(data) if data and data.isdigit() else None

    def get(self, key: str) -> ChapterLayout | None:
        if self.cache is None:
            return None
        pdf, record = self.cache.get(KIND, key), self.cache.get(KIND, key, ".json")
        if pdf is None or record is None:
            return None
        try:
            stored = json.loads(record)
            read = tuple((str(p), str(d)) for p, d in stored["read"])
            facts = tuple(PageFacts(float(f["height"]), tuple((str(n), float(x), float(y)) for n, x, y in f["anchors"]),
                                    tuple((str(t), tuple(map(float, r))) for t, r in f["links"]),
                                    tuple((int(lv), str(lb), float(x), float(y)) for lv, lb, x, y in f["bookmarks"]))
                          for f in stored["facts"])
        except (ValueError, TypeError, KeyError):
            return None
        if any(sha != "refused" and file_digest(path, self.roots.real) != sha for path, sha in read):
            return None
        return ChapterLayout(pdf, facts, tuple(stored["warnings"]), read, tuple(stored["notes"]))

    def put(self, key: str, plain: str, layout: ChapterLayout) -> None:
        if self.cache is None:
            return
        facts = [{"height": f.height, "anchors": f.anchors, "links": f.links, "bookmarks": f.bookmarks}
                 for f in layout.facts]
        record = {"facts": facts, "warnings": layout.warnings, "read": layout.read, "notes": layout.notes}
        self.cache.put(KIND, key, layout.pdf)
        self.cache.put(KIND, key, json.dumps(record).encode(), ".json")
        self.cache.put(KIND, self.key(plain), str(len(layout.facts)).encode(), ".pages")
