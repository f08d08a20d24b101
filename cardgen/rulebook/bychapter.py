"""A rulebook laid out chapter by chapter: in parallel, each chapter laid out once and cached, put together at the end.

The chapters (:mod:`cardgen.rulebook.chapters`) are documents numbered from 1.  A chapter's page
count does not depend on the numbers its margin boxes show, so each is laid out once, as it is,
and numbered for its place in the book afterwards (:mod:`cardgen.rulebook.chapterpool`): first
every chapter whose page count is not known is laid out (``Lay``, in parallel); then, the counts
known, each is numbered from its first page, of the book's total, and written (``Write``).  A
contents list shows page numbers as text, which can change its lines: a chapter with one is laid
out with the numbers it shows (``LayWrite``) once the other chapters' anchors are known -- with
nothing cached, it is laid out once before with the numbers estimated, for its page count.  The
rounds end when no chapter's document, first page or the total changed.

Each chapter is cached (:mod:`cardgen.rulebook.chapterstore`): an edit inside one chapter lays out
that chapter; the others come from the cache, also the contents unless a number it shows moved.
The whole book, :func:`cardgen.rulebook.assemble.assemble`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardgen.pdf.records import PageFacts
from cardgen.rulebook.assemble import anchor_pages, assemble
from cardgen.rulebook.chapterpool import Check, ChapterLayout, ChapterPool, Job, Lay, LayWrite, Write, run_job, written
from cardgen.rulebook.chapters import CONTENTS_NAV, Chapters, SplitCheck, checked_by_layout
from cardgen.rulebook.chapterstore import ChapterStore
from cardgen.safefs import Roots
from cardgen.speed.workers import usable_cores

MAX_ROUNDS = 5
HTML_CHARS_PER_PAGE = 6000          # a first guess of a chapter's pages, before it was ever laid out
ID = re.compile(r'\bid="([^"]+)"')
ANCHOR_WARNINGS = (re.compile(r"No anchor #(.*) for internal URI reference"),
                   re.compile(r"Content discarded: target points to undefined anchor \('string', '#(.*)'\)"))


@dataclass
class ChapterBook:
    """The book put together, and how: chapters, those laid out in this run (once per layout)."""

    pdf: bytes
    pages: int
    warnings: tuple[str, ...]
    read: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    chapters: int
    laid_out: list[int] = field(default_factory=list)


def lay_out_chapter(html: str, roots: Roots) -> ChapterLayout:
    """Lay out one chapter's document, numbered from 1 (here)."""
    kept: dict = {}
    run_job(Lay(0, html), roots, kept)
    return written(kept[0], 1, kept[0].page_count)


@dataclass
class _Round:
    """What is known of the book between rounds: per chapter, its document and its pages' facts
    (of that document, else of an earlier one), the document the pool keeps laid out, the layout
    written and for which (document, first page, total)."""

    htmls: list[str]
    facts: dict[int, tuple[str, tuple[PageFacts, ...]]] = field(default_factory=dict)
    kept: dict[int, str] = field(default_factory=dict)
    done: dict[int, tuple[tuple[str, int, int], ChapterLayout]] = field(default_factory=dict)


def build_by_chapters(chapters: Chapters, roots: Roots, store: ChapterStore, workers: int = 0,
                      check: SplitCheck | None = None, checks: tuple[SplitCheck, ...] = (),
                      pool: ChapterPool | None = None) -> ChapterBook:
    """Lay out ``chapters`` (see the module docstring), each cached in ``store``, and put the book together.
    ``check``: what must hold for the cuts kept from the last split; ``checks``: one per chapter, for cuts
    found from the book's structure (:mod:`cardgen.rulebook.structure`: each cut must be a forced break);
    checked beside the first round's layouts; :class:`~cardgen.rulebook.chapters.SplitChanged` if one fails.
    ``pool``: the processes to lay out in (the one that cascaded the book's probe), else a pool of ``workers``."""
    if pool is None:
        with ChapterPool(roots, workers or usable_cores()) as own:
            return build_by_chapters(chapters, roots, store, check=check, checks=checks, pool=own)
    count = chapters.count
    plain = [chapters.chapter_html(i) for i in range(count)]
    contents = [i for i in range(count) if CONTENTS_NAV.search(plain[i])]
    state = _Round(list(plain))
    laid: list[int] = []
    for _ in range(MAX_ROUNDS):
        pages = [_pages(state, store, plain, i) for i in range(count)]
        starts = [1 + sum(pages[:i]) for i in range(count)]
        for i in contents:
            state.htmls[i] = chapters.chapter_html(i, _numbers(state, plain, starts, i))
        jobs = _checked(_jobs(state, store, plain, contents, starts, sum(pages)), (check,) if check else checks)
        check, checks = None, ()
        if not jobs:
            break
        laid += sorted(job.index for job in jobs if isinstance(job, (Lay, LayWrite)))
        results = pool.run(jobs)
        for job in jobs:
            if isinstance(job, (Lay, Write, LayWrite)):
                _record(state, store, plain, job, results[job.index])
    layouts = [state.done[i][1] for i in range(count)]
    facts = [layout.facts for layout in layouts]
    pdf = layouts[0].pdf if count == 1 else assemble([layout.pdf for layout in layouts], facts)
    return ChapterBook(pdf, sum(len(f) for f in facts), _warnings(layouts, set(anchor_pages(facts))),
                       tuple(sorted({r for layout in layouts for r in layout.read})),
                       tuple(dict.fromkeys(n for layout in layouts for n in layout.notes)), count, laid)


def _checked(jobs: list[Job], checks: tuple[SplitCheck, ...]) -> list[Job]:
    """``jobs``, and the checks of the cuts: in the layout of the chapter checked where its document is the
    one laid out (:func:`~cardgen.rulebook.chapters.checked_by_layout`), else beside them (:class:`Check`)."""
    jobs, left = list(jobs), []
    for check in checks:
        laying = [(n, job) for n, job in enumerate(jobs) if isinstance(job, (Lay, LayWrite))
                  and job.index == check.index and checked_by_layout(check, job.html)]
        if laying:
            jobs[laying[0][0]] = replace(laying[0][1], check=check)
        else:
            left.append(check)
    return [*jobs, *(Check(check, -1 - number) for number, check in enumerate(left))]


def _pages(state: _Round, store: ChapterStore, plain: list[str], i: int) -> int:
    """Chapter ``i``'s page count: as laid out (for its document or, a contents list's numbers apart,
    an earlier one), else as the cache remembers it, else estimated from its length."""
    if i in state.facts:
        return len(state.facts[i][1])
    record = store.record(state.htmls[i])
    if record is not None:
        state.facts[i] = (state.htmls[i], record.facts)
        return len(record.facts)
    return store.count(plain[i]) or max(1, round(len(plain[i]) / HTML_CHARS_PER_PAGE))


def _jobs(state: _Round, store: ChapterStore, plain: list[str], contents: list[int], starts: list[int],
          total: int) -> list[Job]:
    """This round's jobs.  While a chapter's page count is not known at all, only such chapters are laid
    out -- the first of them also written, its first page being certain (an edit's chapter: one job,
    unless it shows the total and that moved) -- then every chapter not yet written for its document,
    first page and total, a contents list only once every other chapter's anchors are known."""
    unknown = [i for i in range(len(plain)) if i not in state.facts and not store.count(plain[i])]
    if unknown:
        return _longest_first([LayWrite(i, state.htmls[i], starts[i], total) if i == unknown[0] and i not in contents
                               else Lay(i, state.htmls[i]) for i in unknown])
    jobs: list[Job] = []
    for i, html in enumerate(state.htmls):
        wanted = (html, starts[i], total if _shows_total(html) else 0)
        if i in state.done and state.done[i][0] == wanted:
            continue
        cached = store.get(*wanted)
        if cached is not None:
            state.done[i] = (wanted, cached)
            state.facts[i] = (html, cached.facts)
        elif i in contents and any(j not in state.facts for j in range(len(plain)) if j not in contents):
            continue
        elif state.kept.get(i) == html:
            jobs.append(Write(i, starts[i], total))
        else:
            jobs.append(LayWrite(i, html, starts[i], total))
    return _longest_first(jobs)


def _longest_first(jobs: list[Job]) -> list[Job]:
    """``jobs``, the longest document first: the workers end together."""
    return sorted(jobs, key=lambda job: -len(getattr(job, "html", "")))


def _shows_total(html: str) -> bool:
    """Whether the chapter ``html`` shows the book's page count (our template's margin boxes; any other
    ``counter(pages)`` keeps the book whole: :func:`cardgen.pdf.parts.cascade`)."""
    return "counter(pages)" in html


def _record(state: _Round, store: ChapterStore, plain: list[str], job: Lay | Write | LayWrite, result: object) -> None:
    """What ``job``'s ``result`` tells: the chapter's facts, its layout kept, written and cached."""
    html = state.htmls[job.index]
    state.kept[job.index] = html
    if isinstance(result, ChapterLayout):
        assert not isinstance(job, Lay)
        wanted = (html, job.first_page, job.total if _shows_total(html) else 0)
        state.done[job.index] = (wanted, result)
        state.facts[job.index] = (html, result.facts)
        store.put(wanted, plain[job.index], result)
    elif isinstance(result, tuple):
        state.facts[job.index] = (html, result)


def _numbers(state: _Round, plain: list[str], starts: list[int], own: int) -> dict[str, int]:
    """Anchor → page number of every chapter but ``own`` (its own anchors it numbers itself): as laid out,
    else -- a chapter not laid out yet -- its first page for each ``id`` of its document (an estimate,
    for the width of the numbers)."""
    numbers: dict[str, int] = {}
    for i in range(len(plain)):
        if i == own:
            continue
        if i not in state.facts:
            numbers.update((name, starts[i]) for name in ID.findall(plain[i]) if name not in numbers)
            continue
        for offset, page in enumerate(state.facts[i][1]):
            for name, _, _ in page.anchors:
                numbers.setdefault(name, starts[i] + offset)
    return numbers


def _warnings(layouts: list[ChapterLayout], anchors: set[str]) -> tuple[str, ...]:
    """The chapters' warnings, once each, less those about an anchor that is in another chapter."""
    kept = []
    for layout in layouts:
        for message in layout.warnings:
            match = next((m for m in (p.fullmatch(message) for p in ANCHOR_WARNINGS) if m), None)
            if match is None or match.group(1) not in anchors:
                kept.append(message)
    return tuple(dict.fromkeys(kept))
