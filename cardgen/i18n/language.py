"""One language of a project as its build and ``cardgen translate`` read it: where its PO files are,
the catalogs read (each problem at its PO line), and what a build used of them.

The PO files of a language are ``translations/<lang>/content.po`` and ``translations/<lang>/<book>.po``,
``<book>`` the rulebook's output name (``rulebooks/Regeln/Regelbuch.pdf`` → ``Regeln/Regelbuch.po``).  A
build counts, per document, the messages it printed translated, and those it printed in the source's
words because their entry is fuzzy or missing (each message once, however often it prints).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from cardgen.build.cache import digest
from cardgen.errors import Problem
from cardgen.i18n.book import BookMessage, translating_markdown
from cardgen.i18n.catalog import Catalog, read_catalog
from cardgen.project.file import Project
from cardgen.safefs import resolve_roots

TRANSLATIONS = "translations"
CONTENT = "content"
STATES = ("translated", "fuzzy", "missing")


def po_path(project: Project, language: str, document: str) -> Path:
    """The PO file of ``document`` (``content`` or a book's name) in ``language``."""
    return project.root / TRANSLATIONS / language / f"{document}.po"


def book_document(label: str) -> str:
    """A rulebook's document name from its output label (``rulebooks/rulebook/Regeln.pdf`` → ``rulebook/Regeln``)."""
    return label.removeprefix("rulebooks/").removesuffix(".pdf")


@dataclass
class Language:
    """One translated language of a build: its catalogs, read once each, and what the build used."""

    code: str
    project: Project
    catalogs: dict[str, Catalog] = field(default_factory=dict)
    used: dict[str, dict[tuple[str, str], str]] = field(default_factory=dict)   # document → message → state

    def catalog(self, document: str) -> Catalog:
        if document not in self.catalogs:
            markup = "markdown" if document == CONTENT else "placeholders"
            self.catalogs[document] = read_catalog(po_path(self.project, self.code, document),
                                                   resolve_roots([self.project.root]), markup)
        return self.catalogs[document]

    def problems(self) -> list[Problem]:
        return [p for document in sorted(self.catalogs) for p in self.catalogs[document].problems]

    def lookup(self, document: str, count: bool = True) -> Callable[..., str | None]:
        """(context, text, …) → the translation, or None (the source's text prints); ``count``: counted
        among what the build printed of ``document``."""
        catalog = self.catalog(document)
        used = self.used.setdefault(document, {}) if count else {}

        def find(context: str, text: str, *_where: object) -> str | None:
            state, translation = catalog.translation(context, text)
            used[(context, text)] = state
            return translation if state == "translated" else None
        return find

    def markdown(self, document: str) -> Callable[[bool], object]:
        """The rulebook parser of ``document`` in this language (:func:`cardgen.i18n.book.translating_markdown`);
        not counted: a book is counted from its messages (the build's ``count_book``), which a PDF reused from
        the cache prints as well, and the content's texts its directives parse are the content's."""
        lookup = self.lookup(document, count=False)
        found: list[BookMessage] = []

        def untranslated(context: str, text: str) -> bool:     # the book's own messages, fuzzy or missing
            return self.used.get(document, {}).get((context, text), "translated") != "translated"
        return lambda draft: translating_markdown(draft, lookup, found, untranslated)

    def key(self, document: str) -> str:
        """What a book's cache key adds: the language and the entries the book reads -- each of its
        messages (counted before it is built, :func:`cardgen.build.languages.count_book`) with its state
        and translation.  An entry no message of the book reads (obsolete, another book's, a comment)
        changes nothing; within the book, the chapter store re-lays only the chapters whose text changed."""
        catalog = self.catalog(document)
        return digest("language", self.code, [(context, text, *catalog.translation(context, text))
                                               for context, text in sorted(self.used.get(document, {}))])

    def counts(self, document: str) -> dict[str, int]:
        states = list(self.used.get(document, {}).values())
        return {state: states.count(state) for state in STATES}

    def report_lines(self) -> list[str]:
        """``en: content: 3 translated, 1 fuzzy, 190 missing`` per document the build printed."""
        lines = []
        for document in sorted(self.used):
            found = self.counts(document)
            lines.append(f"{self.code}: {document}: " + ", ".join(f"{found[s]} {s}" for s in STATES))
        return lines

    def untranslated(self) -> list[str]:
        """One warning per document with fuzzy or missing messages (``--strict`` fails on them)."""
        warnings = []
        for document in sorted(self.used):
            found = self.counts(document)
            if found["fuzzy"] or found["missing"]:
                path = po_path(self.project, self.code, document)
                warnings.append(Problem(str(path), 0, 0, "", f"{found['fuzzy']} fuzzy and {found['missing']} missing "
                                        f"entries printed in the source's words; run `cardgen translate` and "
                                        f"translate them", "warning").format())
        return warnings
