"""Acceptance (issue 29): the sample repository's books print as the designer's toolchain printed them.

``tests/fixtures/rulebook-repo/`` (copied by :func:`tests.e2e.rulebook_repo.make_rulebook_repo`, with a
regular-only "Nova Round" in ``Fonts/``) is built with ``cardgen rulebook Regeln/Regelbuch.md`` from its
root, in-process, and the PDF itself is checked:

* his footer template: "- N -" in Nova Round (``pdffonts``) at 10 CSS px = 7.5 pt at the page's
  bottom (pypdfium2's character boxes and sizes), a rule above it (dark pixels across the page just
  above the text on the rendered page);
* ``{width="300pt"}``: the logo is 300 CSS px = 225 pt wide (its green bar measured on the page);
* WeasyPrint's missing-HarfBuzz-Subset message (WeasyPrint's own fallback, its library taken away for
  the run) is one note, no warning, and ``--strict`` still passes;
* ``font-weight: bold`` in the regular-only "Nova Round": the embedded heading font is the bold cardgen
  synthesised (its glyphs em/24 wider than the repository's regular, its advances too), the title's
  strokes print darker than with ``font_synthesis = false``, the run says so in one note, and a
  build with a cold font cache gives the same bytes.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from cardgen.commands.main import main
from cardgen.fonts.synth import note_line
from cardgen.pdf.wrapper import HARFBUZZ_SUBSET_NOTE
from tests.e2e.rulebook_repo import make_rulebook_repo

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

GREEN = (0x19, 0xC3, 0x7D)            # the fixture logo's bar
DPI = 144


def need_poppler() -> None:
    if not (shutil.which("pdffonts") and shutil.which("pdftoppm")):
        pytest.skip("poppler-utils (pdffonts, pdftoppm) is not installed: apt-get install poppler-utils")


def run(repo: Path, monkeypatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(repo)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The sample repository with Regeln/Regelbuch.md built (once for this module's tests): the PDF
    and what the run printed to stderr."""
    need_poppler()
    repo = make_rulebook_repo(tmp_path_factory.mktemp("print") / "repo")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr("cardgen.pdf.wrapper._FONT_CONFIG", None)     # no "Nova Round" of another test's project
        code, _, err = run(repo, monkeypatch, "rulebook", "Regeln/Regelbuch.md")     # (fonts stay in a process)
    assert code == 0, err
    return repo / "build" / "rulebooks" / "Regeln" / "Regelbuch.pdf", err


@pytest.fixture(scope="module")
def book(built) -> Path:
    return built[0]


def page_image(pdf: Path, page: int, tmp_path: Path) -> Image.Image:
    """Page ``page`` (from 1) rendered by poppler at :data:`DPI`."""
    stem = tmp_path / f"page{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("RGB")


def footer_chars(pdf: Path, page: int) -> list[tuple[str, float, float, float, str]]:
    """The characters of the page's bottom 2 cm: (char, size pt, top pt from the page's top, bottom, font name)."""
    document = pdfium.PdfDocument(str(pdf))
    sheet = document[page - 1]
    height = sheet.get_height()
    text = sheet.get_textpage()
    found = []
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        char = chr(pdfium.raw.FPDFText_GetUnicode(text, index))
        if bottom < 2 * 72 / 2.54 and char.strip():
            buffer = (pdfium.raw.ctypes.c_char * 128)()
            flags = pdfium.raw.ctypes.c_int()
            pdfium.raw.FPDFText_GetFontInfo(text, index, buffer, 128, flags)
            matrix = pdfium.raw.FS_MATRIX()           # the size set in the text (WeasyPrint's: CSS px) times
            pdfium.raw.FPDFText_GetMatrix(text, index, matrix)    # the page's scale: the size printed, in pt
            size = pdfium.raw.FPDFText_GetFontSize(text, index) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            found.append((char, size, height - top, height - bottom, buffer.value.decode("latin-1")))
    return found


def test_his_footer_prints_in_nova_round_at_7_5_pt_at_the_bottom(book):
    fonts = subprocess.run(["pdffonts", str(book)], capture_output=True, text=True, check=True).stdout
    assert "Nova-Round" in fonts
    chars = footer_chars(book, 3)
    assert "".join(c for c, *_ in chars) == "-3-"
    for char, size, top, bottom, font in chars:
        assert size == pytest.approx(7.5, abs=0.01), char
        assert "Nova-Round" in font and "Bold" not in font, font
        assert 842 - 2 * 72 / 2.54 < top and bottom < 842 - 0.5 * 72 / 2.54    # inside the 2 cm bottom margin


def test_a_rule_lies_above_the_footer(book, tmp_path):
    image = page_image(book, 3, tmp_path)
    scale = DPI / 72
    text_top = min(top for _char, _size, top, _bottom, _font in footer_chars(book, 3))
    rows = range(int((842 - 2 * 72 / 2.54) * scale), int(text_top * scale))
    width = image.width

    def dark_share(y: int) -> float:
        return sum(1 for x in range(width) if sum(image.getpixel((x, y))) < 200) / width

    assert max(dark_share(y) for y in rows) > 0.8            # a black line across the page above the text
    below = range(int(text_top * scale), int((text_top + 7.5) * scale))
    assert max(dark_share(y) for y in below) < 0.2           # and none through the text


def test_the_logo_written_300pt_is_300_css_px_wide(book, tmp_path):
    image = page_image(book, 1, tmp_path)
    greens = [x for y in range(0, image.height, 4) for x in range(image.width)
              if max(abs(a - b) for a, b in zip(image.getpixel((x, y)), GREEN)) < 24]
    assert greens, "the logo's green bar is not on the title page"
    width_pt = (max(greens) - min(greens) + 1) / DPI * 72
    assert width_pt == pytest.approx(225, abs=1.5)            # 300 px as Chromium read it, not 300 pt


def test_missing_harfbuzz_subset_is_one_note_and_no_warning(tmp_path, monkeypatch):
    """WeasyPrint falls back to fontTools for each font of the book; the run says it once and --strict passes."""
    import weasyprint.pdf.fonts

    need_poppler()
    repo = make_rulebook_repo(tmp_path / "repo")
    monkeypatch.setattr(weasyprint.pdf.fonts, "harfbuzz_subset", None)
    code, out, err = run(repo, monkeypatch, "rulebook", "Regeln/Eigenschaften.md", "--strict")
    assert code == 0, err
    assert err.count(HARFBUZZ_SUBSET_NOTE) == 1
    assert "HarfBuzz-Subset for font" not in err
    assert "warning" not in err
    assert "wrote build/rulebooks/Regeln/Eigenschaften.pdf" in out


def embedded_font(pdf: Path, name: str) -> tuple[TTFont, pikepdf.Array]:
    """The font program and the /W widths of the page-1 font whose base name ends in ``+name``."""
    document = pikepdf.open(pdf)
    for font in document.pages[0].Resources.Font.values():
        if str(font.BaseFont).endswith("+" + name):
            descendant = font.DescendantFonts[0]
            program = descendant.FontDescriptor.FontFile2.read_bytes()
            return TTFont(io.BytesIO(program)), descendant.W
    raise AssertionError(f"no font {name} on page 1")


def test_the_headings_print_in_the_bold_cardgen_synthesised(book):
    """WeasyPrint subsets with the glyph ids kept: glyph by glyph, the embedded bold is the repository's
    regular emboldened by em/24 (2048 / 24 = 85 units), its advances wider by as much."""
    regular = TTFont(book.parents[3] / "Fonts" / "NovaRound-Regular.ttf")
    bold, widths = embedded_font(book, "Nova-Round-Bold")
    assert bold["name"].getDebugName(4) == "Nova Round Bold (synthesised by cardgen)"
    order = regular.getGlyphOrder()
    for char in "Pbl":                                         # straight stems: exactly 85 wider and higher
        gid = order.index(regular.getBestCmap()[ord(char)])
        source, printed = regular["glyf"][order[gid]], bold["glyf"][bold.getGlyphOrder()[gid]]
        source.recalcBounds(regular["glyf"])
        assert (printed.xMax - printed.xMin, printed.yMax) == (source.xMax - source.xMin + 85, source.yMax + 85), char
    space = order.index(regular.getBestCmap()[ord(" ")])
    assert widths[0] == space                                  # /W: [3 [359] ...]: the space, in 1/1000 em
    assert float(widths[1][0]) == pytest.approx(regular["hmtx"][order[space]][0] / 2048 * 1000 + 1000 / 24, abs=1)


def title_darkness(pdf: Path, tmp_path: Path) -> int:
    """The dark pixels of the title "Probeheft - Regelbuch" (the top third of page 1, above the logo)."""
    stem = tmp_path / "title"
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)],
                   check=True)
    image = Image.open(f"{stem}.png").convert("L")
    band = image.crop((0, 0, image.width, image.height * 3 // 10))
    return sum(band.point(lambda v: 255 if v < 128 else 0).histogram()[255:])


def test_the_title_prints_darker_than_the_regular_and_a_cold_cache_gives_the_same_bytes(built, tmp_path,
                                                                                      monkeypatch):
    book, err = built
    assert err.count(note_line("Nova Round", ["bold", "italic", "bold italic"])) == 1
    plain = make_rulebook_repo(tmp_path / "plain")
    toml = plain / "cardgen.toml"
    toml.write_text("font_synthesis = false\n" + toml.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr("cardgen.pdf.wrapper._FONT_CONFIG", None)     # the process's fonts forgotten: the bold
    code, _, plain_err = run(plain, monkeypatch, "rulebook", "Regeln/Regelbuch.md")    # face is not there
    assert code == 0 and "synthesised" not in plain_err
    bold, regular = title_darkness(book, tmp_path), title_darkness(plain / "build/rulebooks/Regeln/Regelbuch.pdf", tmp_path)
    assert regular > 5_000 and bold > 1.3 * regular, (bold, regular)         # 13,449 against 8,694

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold-cache"))        # the faces made again
    monkeypatch.setattr("cardgen.pdf.wrapper._FONT_CONFIG", None)
    again = make_rulebook_repo(tmp_path / "again")
    assert run(again, monkeypatch, "rulebook", "Regeln/Regelbuch.md")[0] == 0
    assert len(list((tmp_path / "cold-cache" / "cardgen" / "fonts").glob("*.ttf"))) == 3
    assert (again / "build/rulebooks/Regeln/Regelbuch.pdf").read_bytes() == book.read_bytes()
