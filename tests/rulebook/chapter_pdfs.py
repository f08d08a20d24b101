"""What a rulebook PDF shows and where it points, to compare the chapter-wise with the whole-book layout."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium


def page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def _destinations(book: pikepdf.Pdf) -> dict[str, int]:
    pages = {page.objgen: number for number, page in enumerate(book.pages)}
    if "/Names" not in book.Root:
        return {}
    tree = pikepdf.NameTree(book.Root.Names.Dests)
    return {str(name): pages[dest[0].objgen] for name, dest in tree.items()}


def outline(pdf: bytes) -> list[tuple[int, str, int]]:
    """(depth, title, page from 0) of every outline entry, in order."""
    book = pikepdf.open(io.BytesIO(pdf))
    pages = {page.objgen: number for number, page in enumerate(book.pages)}
    found: list[tuple[int, str, int]] = []

    def walk(items, depth: int) -> None:
        for item in items:
            found.append((depth, item.title, pages[item.destination[0].objgen]))
            walk(item.children, depth + 1)

    with book.open_outline() as tree:
        walk(tree.root, 0)
    return found


def links(pdf: bytes) -> list[tuple[int, int]]:
    """(page, page it leads to) of every internal link, sorted; a link to no destination leads to -1."""
    book = pikepdf.open(io.BytesIO(pdf))
    dests = _destinations(book)
    found = []
    for number, page in enumerate(book.pages):
        for annotation in page.obj.get("/Annots", []):
            if "/Dest" in annotation:
                found.append((number, dests.get(str(annotation.Dest), -1)))
    return sorted(set(found))
