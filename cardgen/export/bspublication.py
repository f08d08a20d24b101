"""The rulebook as the export's publication: where the built book defines each unit, trait, power …

Real catalogues cite a publication and a page on every entry (``publicationId``, ``page``).  The
pages are read from the built rulebook PDF, never guessed: its named destinations are the anchors
the book's content lists give each entry (``unit-<id>``, ``trait-<id>``, ``power-<id>``,
``weapon-<id>`` …, :mod:`cardgen.rulebook.lists`; ``effect-<id>``, the damage-effects table), each
on the page the book printed it (the page's label where the PDF has page labels, else its number
from 1, as the book's footer counts).  An entry its book does not define -- or every entry, when no
book was built -- gets no page (the command warns for units).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from cardgen.export.bsformat import Document, stable_id

ANCHOR_KINDS = {"unit": "unit", "weapon": "weapon", "armor": "armor", "equipment": "equipment",
                "trait": "trait", "power": "power", "effect": "effect"}
"""The export's kind of an entry → the prefix of its anchor in the rulebook (``<prefix>-<id>``)."""
MAX_ANCHORS = 100_000       # named destinations read from one book (the example's: some hundred)


class UnreadableBook(Exception):
    """A built rulebook PDF that cannot be read (damaged, not a PDF): the command warns and cites none."""


@dataclass(frozen=True)
class Publication:
    """One built rulebook: its output path (the key of its id), its name and the page of each anchor."""

    key: str                            # "rulebooks/Regeln/Regelbuch.pdf"
    name: str                           # its title, with the content's version
    pages: Mapping[str, str]            # anchor → page ("unit-sturmtruppe" → "14")

    @property
    def id(self) -> str:
        return stable_id("publication", self.key)


def read_publication(path: Path, key: str, version: str | None) -> Publication:
    """The book at ``path``: its title (the PDF's, else the file's name) and every named
    destination's page; :class:`UnreadableBook` if it is no PDF pikepdf can read."""
    try:
        with pikepdf.open(path) as pdf:
            title = str(pdf.docinfo.get("/Title", "")).strip() or path.stem
            pages = _anchor_pages(pdf)
    except (pikepdf.PdfError, OSError, ValueError) as exc:
        raise UnreadableBook(f"{exc}") from None
    return Publication(key, f"{title} ({version})" if version else title, pages)


def _anchor_pages(pdf: pikepdf.Pdf) -> dict[str, str]:
    names = pdf.Root.get("/Names")
    dests = names.get("/Dests") if isinstance(names, pikepdf.Dictionary) else None
    if not isinstance(dests, pikepdf.Dictionary):
        return {}
    numbers: dict[tuple[int, int], int] = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
    labels: dict[int, str] = {}
    found: dict[str, str] = {}
    for name, value in pikepdf.NameTree(dests).items():
        if len(found) >= MAX_ANCHORS:
            break
        target = value.get("/D") if isinstance(value, pikepdf.Dictionary) else value
        if not isinstance(target, pikepdf.Array) or len(target) == 0:
            continue
        index = numbers.get(target[0].objgen) if isinstance(target[0], pikepdf.Dictionary) else None
        if index is not None:
            if index not in labels:
                labels[index] = str(pdf.pages[index].label)
            found[name] = labels[index]
    return found


class Citations:
    """The books an export cites and, for an entry, the first of them that defines it."""

    def __init__(self, books: Sequence[Publication] = ()) -> None:
        self.books = tuple(books)

    def page_of(self, kind: str, key: str) -> tuple[Publication, str] | None:
        anchor = f"{ANCHOR_KINDS[kind]}-{key}"
        for book in self.books:
            if anchor in book.pages:
                return book, book.pages[anchor]
        return None

    def cite(self, element: ET.Element, kind: str, key: str) -> None:
        """``publicationId`` and ``page`` on ``element``, the entry of ``kind``/``key``, where a book defines it."""
        found = self.page_of(kind, key)
        if found is not None:
            element.set("publicationId", found[0].id)
            element.set("page", found[1])

    def add_publications(self, doc: Document, root: ET.Element) -> None:
        """``publications``: one per book (the game system's first list after the readme)."""
        if self.books:
            listed = doc.add(root, "publications")
            for book in self.books:
                doc.add(listed, "publication", {"id": book.id, "name": book.name, "shortName": Path(book.key).stem})
