"""A book's chapters in the build's cache (``OUT/.cache/chapters``), and where a book was cut last.

Per chapter document: its pages' facts and what it said and read (``.json``, a :class:`Record`);
per document, first page and total: its PDF (``.pdf``); per chapter as it is without page numbers:
the page count it had (``.pages``); per probe of a book's structure its cascade (``.probe``,
:mod:`cardgen.rulebook.structure`); per head of a book: its last split (``.split``,
:class:`~cardgen.rulebook.chapters.SplitRecord`).  A record names the files the chapter read with
their SHA-256 and is used only while each still has those bytes (each hashed once a build).  After a
build, :meth:`ChapterStore.prune` keeps only what some book used last (``.used``, one list per book).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

from cardgen.atomic import TMP_PREFIX
from cardgen.build.cache import Cache, digest, discard
from cardgen.pdf.records import PageFacts
from cardgen.rulebook.chapterpool import ChapterLayout
from cardgen.pdf.records import Cascade
from cardgen.rulebook.chapters import Chapters, SplitCheck, SplitRecord, record_of, split_again
from cardgen.rulebook.structure import cascade_bytes, cascade_probe, split_by_structure, stored_cascade
from cardgen.safefs import Roots, file_digest

KIND = "chapters"


def split_book(html: str, first_head_html: str, roots: Roots, store: ChapterStore,
               again: bool = False) -> tuple[Chapters, SplitCheck | None, tuple[SplitCheck, ...]]:
    """The book cut into chapters (:func:`~cardgen.rulebook.chapters.split_again`), the last split of a
    book with the same head kept in the cache (``.split``): an edit cascades its chapter, not the book,
    where that chapter is laid out (the check, to be handed to :func:`~cardgen.rulebook.bychapter.build_by_chapters`).
    Without a last split, the book is cut from its structure (:mod:`cardgen.rulebook.structure`: the
    checks of every chapter go with it).  The new split is kept once the book is built
    (:meth:`ChapterStore.prune`).  ``again``: the last split, or the cut from the structure, did not fit
    (:class:`~cardgen.rulebook.chapters.SplitChanged`): cut the whole book anew from its cascade."""
    key = digest("split", store.tool, roots.named, html.split("<body", 1)[0], first_head_html.split("<body", 1)[0])
    previous = None
    data = None if again else store.read(key, ".split")
    if data is not None:
        try:
            stored = json.loads(data)
            previous = SplitRecord(tuple(map(int, stored["sizes"])), tuple(map(str, stored["chapters"])),
                                   tuple(map(str, stored["ends"])))
        except (ValueError, TypeError, KeyError):
            previous = None
    found = split_by_structure(html, first_head_html, roots, store.probe) if previous is None and not again else None
    if found is not None:
        split, checks = found
        record = record_of(split) if split.count > 1 else None
        store.split = (key, record, True) if record is not None else None
        return split, None, checks
    split, record, check = split_again(html, first_head_html, roots, previous)
    store.split = (key, record, record != previous) if record is not None else None
    return split, check, ()


@dataclass(frozen=True)
class Record:
    """A chapter document's layout as cached, but its PDF (which depends on its first page and the total)."""

    facts: tuple[PageFacts, ...]
    warnings: tuple[str, ...]
    read: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]


class ChapterStore:
    """The chapters' layouts in the build's cache (none without one); see the module docstring."""

    def __init__(self, cache: Cache | None, tool: str, roots: Roots,
                 cascader: Callable[[str], Cascade] | None = None) -> None:
        self.cache, self.tool, self.roots = cache, tool, roots
        self.cascader = cascader or (lambda html: cascade_probe(html, roots))   # where a probe is cascaded
        self.used: set[str] = set()                 # the entries this build read or wrote
        self.records: dict[str, Record | None] = {}
        self.digests: dict[str, str] = {}           # the files records read, each hashed once a run
        self.split: tuple[str, SplitRecord, bool] | None = None     # the book's split to keep (key, record, new)

    def probe(self, html: str) -> Cascade:
        """The cascade of a probe of the book's structure (:func:`~cardgen.rulebook.structure.probe_html`),
        kept in the cache (``.probe``) while a book uses it."""
        key = digest("probe", self.tool, html, self.roots.named)
        styles = stored_cascade(self.read(key, ".probe"))
        if styles is None:
            styles = self.cascader(html)
            self.write(key, ".probe", cascade_bytes(styles))
        return styles

    def key(self, html: str) -> str:
        return digest("chapter", self.tool, html, self.roots.named)

    def count(self, plain: str) -> int | None:
        """The page count the chapter ``plain`` (without page numbers) had when last laid out."""
        data = self.read(self.key(plain), ".pages")
        return int(data) if data and data.isdigit() else None

    def record(self, html: str) -> Record | None:
        key = self.key(html)
        if key not in self.records:
            self.records[key] = self._read(key)
        return self.records[key]

    def _read(self, key: str) -> Record | None:
        data = self.read(key, ".json")
        if data is None:
            return None
        try:
            stored = json.loads(data)
            read = tuple((str(p), str(d)) for p, d in stored["read"])
            facts = tuple(PageFacts(float(f["height"]), tuple((str(n), float(x), float(y)) for n, x, y in f["anchors"]),
                                    tuple((str(t), tuple(map(float, r))) for t, r in f["links"]),
                                    tuple((int(lv), str(lb), float(x), float(y)) for lv, lb, x, y in f["bookmarks"]))
                          for f in stored["facts"])
            record = Record(facts, tuple(map(str, stored["warnings"])), read, tuple(map(str, stored["notes"])))
        except (ValueError, TypeError, KeyError):
            return None
        for path, sha in read:
            if sha != "refused" and self._digest(path) != sha:
                return None
        return record

    def _digest(self, path: str) -> str:
        if path not in self.digests:
            self.digests[path] = file_digest(path, self.roots.real)
        return self.digests[path]

    def get(self, html: str, first_page: int, total: int) -> ChapterLayout | None:
        """The chapter ``html`` numbered from ``first_page`` of ``total``, as cached."""
        record = self.record(html)
        pdf = self.read(digest(self.key(html), first_page, total), ".pdf") if record else None
        if record is None or pdf is None:
            return None
        return ChapterLayout(pdf, record.facts, record.warnings, record.read, record.notes)

    def put(self, wanted: tuple[str, int, int], plain: str, layout: ChapterLayout) -> None:
        if self.cache is None:
            return
        html, first_page, total = wanted
        key = self.key(html)
        facts = [{"height": f.height, "anchors": f.anchors, "links": f.links, "bookmarks": f.bookmarks}
                 for f in layout.facts]
        record = {"facts": facts, "warnings": layout.warnings, "read": layout.read, "notes": layout.notes}
        self.write(digest(key, first_page, total), ".pdf", layout.pdf)
        self.write(key, ".json", json.dumps(record).encode())
        self.write(self.key(plain), ".pages", str(len(layout.facts)).encode())
        self.records[key] = Record(layout.facts, layout.warnings, layout.read, layout.notes)

    def read(self, key: str, suffix: str) -> bytes | None:
        """The entry ``key`` + ``suffix``, if cached (it counts as used)."""
        data = self.cache.get(KIND, key, suffix) if self.cache else None
        if data is not None:
            self.used.add(key + suffix)
        return data

    def write(self, key: str, suffix: str, data: bytes, again: bool = True) -> None:
        """Cache ``data`` as ``key`` + ``suffix`` (unless ``again`` is False: it is there)."""
        if self.cache is not None:
            self.used.add(key + suffix)
            if again:
                self.cache.put(KIND, key, data, suffix)

    def prune(self, book: str) -> None:
        """Keep the book's split (:func:`split_book`), remember the entries the book ``book`` used
        (``.used``) and drop every entry that no book's
        list names: this book's stale chapters, and those of an earlier cardgen (its toolchain digest
        is in every key)."""
        if self.cache is None:
            return
        if self.split is not None:
            key, record, again = self.split
            self.write(key, ".split", json.dumps(record.__dict__).encode(), again=again)
        self.write(digest("book", book), ".used", "\n".join(sorted(self.used)).encode())
        folder = self.cache.folder(KIND)
        lists = [path for path in folder.iterdir() if path.name.endswith(".used")]
        live = {name.decode() for path in lists for name in (self.cache.get(KIND, path.name[:-5], ".used") or b"").split()}
        for path in folder.iterdir():
            if path.name not in live and not path.name.endswith(".used") and not path.name.startswith(TMP_PREFIX):
                discard(path)
