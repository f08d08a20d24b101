"""One program per face (issue 42, point 3's last part): the subsets of a face that documents laid out
apart embed are merged into one program in the file that puts them together, where WeasyPrint's glyph
ids let them (cardgen/pdf/fontmerge.py, cardgen/pdf/sfnt.py) -- and the pages show and say the same."""

from __future__ import annotations

import io
import subprocess
from collections import Counter

import pikepdf
import pytest

from cardgen.pdf.fontmerge import face_of
from cardgen.pdf.fonts import PROGRAMS, shared_fonts
from cardgen.pdf.sfnt import NotMergeable, Subset, write_union
from cardgen.pdf.wrapper import render_pdf
from tests.pdf.test_fonts import example_pdfs

pytestmark = pytest.mark.pdf          # renders PDFs

FONTS = "cardgen/assets/fonts/fonts.css"
PAGE = ('<html><head><link rel="stylesheet" href="{css}"><style>body {{ font-family: "Cardgen Sans" }}</style>'
        '</head><body><p>{text}</p><p><b>{text}</b></p></body></html>')
WORDS = ("Sturmtruppe greift an", "Weltraum-Zwerge: 12 Wunden", "Fähigkeiten ÄÖÜ ß")


@pytest.fixture(scope="module")
def apart(tmp_path_factory) -> bytes:
    """Three one-page documents laid out apart, their pages put into one file as they are (no sharing)."""
    from pathlib import Path

    css = Path(FONTS).resolve()
    book = pikepdf.Pdf.new()
    parts = [pikepdf.open(io.BytesIO(render_pdf(PAGE.format(css=css.as_uri(), text=text), css.parent).pdf))
             for text in WORDS]
    for part in parts:
        book.pages.extend(part.pages)
    out = io.BytesIO()
    book.save(out, deterministic_id=True)
    return out.getvalue()


def faces(data: bytes) -> Counter:
    """Face name (after the tag) → how many programs it has in ``data``."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return Counter(str(obj.FontName)[8:] for obj in pdf.objects
                       if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"
                       and any(isinstance(obj.get(key), pikepdf.Stream) for key in PROGRAMS))


def pages(data: bytes, tmp_path, name: str) -> list[tuple[str, bytes]]:
    """Each page's text (pdftotext) and picture (pdftoppm, PNG)."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)
    shown = []
    for number in range(1, len(WORDS) + 1):
        text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"],
                              capture_output=True, check=True).stdout.decode()
        png = subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", str(number), "-l", str(number), str(path)],
                             capture_output=True, check=True).stdout
        shown.append((text, png))
    return shown


def test_a_faces_subsets_become_one_program_and_the_pages_show_and_say_the_same(apart, tmp_path):
    merged = shared_fonts(apart)
    assert set(faces(apart).values()) == {len(WORDS)}               # each face: one subset per document
    assert set(faces(merged).values()) == {1} and faces(merged).keys() == faces(apart).keys()
    assert pages(merged, tmp_path, "merged") == pages(apart, tmp_path, "apart")
    assert len(merged) < len(apart)


def test_merging_is_reproducible_and_leaves_nothing_to_merge(apart):
    merged = shared_fonts(apart)
    assert shared_fonts(apart) == merged
    assert shared_fonts(merged) == merged


def test_subsets_whose_widths_disagree_share_the_program_and_keep_their_widths(apart, tmp_path):
    """WeasyPrint rounds a glyph's width per document (937 in one chapter, 938 in another) and places a
    text string by its font's widths: such subsets share the union's program and name, each in a font
    dictionary with its own widths -- the pages show and say what they did."""
    with pikepdf.open(io.BytesIO(apart)) as pdf:
        fonts = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and face_of(obj) is not None]
        font = next(f for f in fonts if "Bold" not in str(f.BaseFont))
        widths = font.DescendantFonts[0].W
        widths[1][0] = float(widths[1][0]) + 1
        out = io.BytesIO()
        pdf.save(out)
    changed = out.getvalue()
    merged = shared_fonts(changed)
    assert set(faces(merged).values()) == {1}
    with pikepdf.open(io.BytesIO(merged)) as pdf:
        plain = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and face_of(obj) is not None
                 and "Bold" not in str(obj.BaseFont)]
        assert len(plain) == 2 and len({str(f.BaseFont) for f in plain}) == 1
        assert len({repr(f.DescendantFonts[0].W) for f in plain}) == 2
    assert pages(merged, tmp_path, "merged") == pages(changed, tmp_path, "changed")


def test_a_union_of_one_subset_reads_back_glyph_for_glyph(apart):
    with pikepdf.open(io.BytesIO(apart)) as pdf:
        program = next(obj.FontFile2.read_bytes() for obj in pdf.objects
                       if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor")
    subset = Subset.read(program)
    again = Subset.read(write_union(subset))
    assert (again.count, again.glyphs, again.metrics) == (subset.count, subset.glyphs, subset.metrics)


def test_each_face_is_one_program_in_every_pdf_of_the_build_where_it_can_be(example_build):
    """In the example build's PDFs (cards, powers, group sheets, rulebook) nothing is left to merge or share,
    and where a face's name still has several programs, they are different fonts (a glyph id drawn
    differently: a face and its synthesized weight), which no union could hold."""
    for path in example_pdfs(example_build.out):
        data = path.read_bytes()
        assert shared_fonts(data) == data, path.name
        with pikepdf.open(path) as pdf:
            programs: dict[str, list[Subset]] = {}
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor" and "/FontFile2" in obj:
                    programs.setdefault(str(obj.FontName)[8:], []).append(Subset.read(obj.FontFile2.read_bytes()))
        for name, subsets in programs.items():
            for one in subsets:
                assert not any(one is not other and one.agrees(other) for other in subsets), (path.name, name)
    assert len(faces((example_build.out / "cards.pdf").read_bytes())) >= 4


@pytest.mark.parametrize("damage", [b"", b"OTTO" + bytes(100), b"\x00\x01\x00\x00" + bytes(8), b"\x00\x01\x00\x00\x00\x05"])
def test_a_program_that_is_no_truetype_subset_is_left_alone(damage):
    with pytest.raises(NotMergeable):
        Subset.read(damage)
