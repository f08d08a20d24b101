"""The web edition's pages as plain records: what each page shows, formatted, for its template.

Every ``href`` of a view is relative to the site's top (``einheit/sturmtruppe.html``); a template
prints it after the page's ``root`` (``../``), so a page works opened from disk as well as served.
The texts are the content's own (names, rules text) and the fixed German labels of the pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

KIND_FOLDERS = {"units": "einheit", "factions": "fraktion", "groups": "gruppe", "traits": "eigenschaft",
                "weapons": "waffe", "powers": "kraft"}
"""The folder of each kind of object page."""
KIND_LABELS = {"units": "Einheit", "factions": "Fraktion", "groups": "Gruppe", "traits": "Eigenschaft",
               "weapons": "Waffe", "powers": "Kraft"}


def object_path(kind: str, object_id: str) -> str:
    """The file of an object's page below the site's top (ids are lower case, ``_``, ``-`` and umlauts)."""
    return f"{KIND_FOLDERS[kind]}/{object_id}.html"


def href(path: str) -> str:
    """A site path as a link (umlauts percent-encoded)."""
    return quote(path, safe="/#")


@dataclass(frozen=True)
class Link:
    text: str
    href: str


@dataclass(frozen=True)
class Fact:
    label: str
    value: str


@dataclass(frozen=True)
class LinkList:
    title: str
    links: tuple[Link, ...]


@dataclass(frozen=True)
class Table:
    """A table of text: its caption, column heads and rows (each cell plain text)."""

    caption: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    links: tuple[Link | None, ...] = ()     # a link for each row's first cell (None: plain text)


@dataclass(frozen=True)
class EntryView:
    """An object page's body: its facts, its rules text (paragraphs) and the lists that link onwards."""

    facts: tuple[Fact, ...] = ()
    rules: tuple[Markup, ...] = ()
    lists: tuple[LinkList, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Page:
    """One page of the edition: its file below the site's top, its template and what it shows."""

    path: str
    template: str
    title: str
    kind: str                               # the line above its h1 ("Einheit", "Regelbuch"); "" for none
    view: Any
    changed: tuple[str, ...] = ()           # what changed since the compared revision (site.changes)
    prev: Link | None = None
    next: Link | None = None

    @property
    def root(self) -> str:
        """The way from this page to the site's top."""
        return "../" * self.path.count("/")
