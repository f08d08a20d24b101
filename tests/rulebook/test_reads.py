"""The record of what a rulebook read (cardgen/rulebook/reads.py): made when it is rendered, checked by
the next build without rendering.  (Whole builds: tests/e2e/test_rulebook_repo_build.py.)"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from cardgen.paths import FONTS_DIR
from cardgen.rulebook.build import pdf_roots
from cardgen.rulebook.document import read_document
from cardgen.rulebook.images import ImageFolders, find_image
from cardgen.rulebook.reads import CHANGED, MAX_RECORDED, Reads, book_roots, reads_now, record_reads


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def book(tmp_path) -> Path:
    """``tmp_path/Regeln/Regelbuch.md`` with ``Grafiken/stern.svg`` beside it; the project root is ``tmp_path``."""
    (tmp_path / "Regeln" / "Grafiken").mkdir(parents=True)
    (tmp_path / "Regeln" / "Grafiken" / "stern.svg").write_bytes(b"<svg/>")
    source = tmp_path / "Regeln" / "Regelbuch.md"
    source.write_text("# R\n\n![Stern](Grafiken/stern.svg)\n", encoding="utf-8")
    return source


def roots_of(source: Path):
    return book_roots(source, (), source.parent.parent, (source.parent.parent,))


def test_a_record_keeps_paths_below_the_book_and_their_digests(book):
    star = book.parent / "Grafiken" / "stern.svg"
    missing = book.parent / "Grafiken" / "fehlt.svg"
    own = FONTS_DIR / "DejaVuSans.ttf"                         # cardgen's own: the toolchain digest has it
    reads = record_reads(book, [(str(star), sha(b"<svg/>")), (str(own), sha(own.read_bytes()))], [missing],
                         {("x.svg", "x.png"): ((str(star),), False)}, roots_of(book))
    assert reads.files == (("Grafiken/fehlt.svg", "refused: no such file"), ("Grafiken/stern.svg", sha(b"<svg/>")))
    assert reads.lookups == ((("x.svg", "x.png"), ("Grafiken/stern.svg",), False),)
    assert Reads.from_bytes(reads.to_bytes()) == reads
    assert Reads.from_bytes(reads.to_bytes()).digest() == reads.digest()


def test_a_file_written_while_the_book_was_built_is_recorded_as_changed(book):
    star = book.parent / "Grafiken" / "stern.svg"
    reads = record_reads(book, [(str(star), sha(b"<svg>old</svg>"))], [], {}, roots_of(book))
    assert reads.files == (("Grafiken/stern.svg", CHANGED),)          # never equal to a digest: renders next time


@pytest.mark.parametrize("data", [b"", b"null", b"[1]", b'{"files": [["a"]], "lookups": []}', b"{", None])
def test_a_damaged_record_is_none(data):
    assert Reads.from_bytes(data) is None


def test_a_record_too_long_is_not_trusted():
    many = Reads(tuple((f"f{i}", "x") for i in range(MAX_RECORDED + 1)))
    assert Reads.from_bytes(many.to_bytes()) is None


def test_the_record_checked_again_differs_exactly_when_a_read_file_did(book):
    star = book.parent / "Grafiken" / "stern.svg"
    missing = book.parent / "Grafiken" / "fehlt.svg"
    roots = roots_of(book)
    folders = ImageFolders(book.parent, (), book.parent.parent)
    reads = record_reads(book, [(str(star), sha(b"<svg/>"))], [missing], {}, roots)
    assert reads_now(reads, book, roots, folders) == reads
    (book.parent / "Grafiken" / "anders.svg").write_bytes(b"<svg/>")      # not read: no change
    assert reads_now(reads, book, roots, folders) == reads
    star.write_bytes(b"<svg id='x'/>")
    assert reads_now(reads, book, roots, folders) != reads
    star.write_bytes(b"<svg/>")
    missing.write_bytes(b"<svg/>")                                         # looked for, now there
    assert reads_now(reads, book, roots, folders) != reads


def test_a_recorded_path_outside_the_allowed_folders_is_never_read(book, tmp_path):
    """A record is read from the output folder's cache: a path in it leading out digests as refused."""
    secret = tmp_path.parent / f"{tmp_path.name}-geheim.txt"
    secret.write_bytes(b"geheim")
    try:
        forged = Reads(((f"../../../{tmp_path.name}-geheim.txt", sha(b"geheim")),))
        now = reads_now(forged, book, roots_of(book), ImageFolders(book.parent, (), book.parent.parent))
        assert now.files[0][1].startswith("refused: ")
    finally:
        secret.unlink()


def test_names_asked_of_the_index_are_asked_again(book):
    folders = ImageFolders(book.parent, (), book.parent.parent)
    picture = find_image("Bilder/logo.svg", folders)                      # nowhere: asked of the index
    assert picture.path is None and folders.looked_up == {("logo.svg", "logo.png"): ((), False)}
    assert folders.probed == [book.parent / "Bilder" / "logo.svg"]
    roots = roots_of(book)
    reads = record_reads(book, [], folders.probed, folders.looked_up, roots)
    assert reads_now(reads, book, roots, ImageFolders(book.parent, (), book.parent.parent)) == reads
    (book.parent.parent / "Grafiken").mkdir()
    (book.parent.parent / "Grafiken" / "logo.png").write_bytes(b"png")    # a hint now: the book changes
    again = reads_now(reads, book, roots, ImageFolders(book.parent, (), book.parent.parent))
    assert again.lookups == ((("logo.svg", "logo.png"), ("../Grafiken/logo.png",), False),)


def test_book_roots_are_the_roots_its_pdf_reads(book, tmp_path):
    """The check digests with the very folders the render read with: else a reused book never matches."""
    assets = [tmp_path / "Bilder"]
    assets[0].mkdir()
    document = read_document(book, book.read_text(encoding="utf-8"), assets, root=tmp_path)
    extra = (tmp_path, tmp_path / "Regeln")
    assert book_roots(book, assets, tmp_path, extra) == pdf_roots(document, assets, extra)
