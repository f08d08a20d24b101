"""The rulebook's base, the look under the author's CSS (issue 41.4): ``rulebook_base`` in ``cardgen.toml``.

``"markdown-extended"`` prints what VS Code's preview and Markdown Extended gave where his stylesheet is
silent: headings of normal weight, h2 at 1.5 em of a 10.5 pt text, no automatic hyphenation.  cardgen's
own look (the default) hyphenates, but never code and never leaving fewer than 3 letters on a line.
Everything is read from the PDF (pypdfium2: each character's font, size and line).
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.commands.main import main
from cardgen.project.file import load_project
from cardgen.look.theme import theme_for

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

HYPHENS = "-\u2010"                   # what a break prints (WeasyPrint: U+2010)
WORDS = ("Bewegungsreichweite Nahkampfangriffe Schadenswiderstand Fernkampfwaffen Trefferwahrscheinlichkeit "
         "Aktionspunkte Sichtlinienbestimmung Geländeeigenschaften werden beendet Stufe ")
LAST = "Wahrnehmungsbereich"
LAST_WORDS = "\n\n".join(" ".join(["Geprüft wird"] + ["die lange"] * n + [f"{LAST}."]) for n in range(8))
"""Paragraphs that end in a long word at every place of a 45 mm line: one of them breaks it."""
BOOK = f"""# Probe

## Zweite Ebene

Fließtext {WORDS}

### Dritte Ebene

<div style="width: 32mm">

{WORDS * 2}

`[Stufe] Lebenspunkteverlust Schadenswiderstand Bewegungsreichweite`

</div>

<p style="width: 1mm">Stufe Runde Farbe Wurfergebnis</p>

<div style="width: 45mm">

{LAST_WORDS}

</div>
"""


@dataclass(frozen=True)
class Char:
    text: str
    size: float           # pt, as printed
    font: str
    line_end: bool        # the last character of its line


def chars(pdf: Path) -> list[Char]:
    """Every printed character of every page, with its font, size and whether it ends its line."""
    found: list[Char] = []
    for page in pdfium.PdfDocument(str(pdf)):
        text = page.get_textpage()
        count = text.count_chars()
        codes = [pdfium.raw.FPDFText_GetUnicode(text, index) for index in range(count)]
        for index, code in enumerate(codes):
            if not chr(code).strip():
                continue
            buffer = (pdfium.raw.ctypes.c_char * 128)()
            pdfium.raw.FPDFText_GetFontInfo(text, index, buffer, 128, pdfium.raw.ctypes.c_int())
            matrix = pdfium.raw.FS_MATRIX()
            pdfium.raw.FPDFText_GetMatrix(text, index, matrix)
            size = pdfium.raw.FPDFText_GetFontSize(text, index) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            end = index + 1 >= count or chr(codes[index + 1]) in "\r\n"
            found.append(Char(chr(code), size, buffer.value.decode("latin-1"), end))
    return found


def build(tmp_path: Path, monkeypatch, base: str | None) -> list[Char]:
    root = tmp_path / "repo"
    (root / "Regeln").mkdir(parents=True)
    (root / "Regeln" / "Buch.md").write_text(BOOK, encoding="utf-8")
    (root / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n'
                                       + (f'rulebook_base = "{base}"\n' if base else ""), encoding="utf-8")
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["rulebook", "--no-chapters", "Regeln/Buch.md"])
    assert code == 0, err.getvalue()
    return chars(root / "build" / "rulebooks" / "Regeln" / "Buch.pdf")


def first(found: list[Char], word: str, last: bool = False) -> list[Char]:
    """The characters of the first (or last) printing of ``word`` (its spaces are not printed characters)."""
    word = word.replace(" ", "")
    text = "".join(c.text for c in found)
    start = text.rindex(word) if last else text.index(word)
    return found[start:start + len(word)]


def hyphenated_ends(found: list[Char], mono: bool | None = None) -> list[int]:
    """The indexes of line-ending hyphens (only in a monospaced font, or only in others, if asked)."""
    return [i for i, c in enumerate(found) if c.line_end and c.text in HYPHENS
            and (mono is None or ("Mono" in c.font) == mono)]


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, list[Char]]:
    made = {}
    for base in ("cardgen", "markdown-extended"):
        with pytest.MonkeyPatch.context() as monkeypatch:
            made[base] = build(tmp_path_factory.mktemp(base), monkeypatch, base)
    return made


def test_markdown_extended_prints_headings_in_normal_weight(books):
    for heading in ("Zweite Ebene", "Dritte Ebene"):
        assert all("Bold" not in c.font for c in first(books["markdown-extended"], heading)), heading
        assert all("Bold" in c.font for c in first(books["cardgen"], heading)), heading   # cardgen's look: bold


def test_markdown_extended_sizes_text_and_h2_as_vs_code_did(books):
    def size(base: str, word: str) -> float:
        sizes = {round(c.size, 2) for c in first(books[base], word)}
        assert len(sizes) == 1, (base, word, sizes)
        return sizes.pop()

    assert size("markdown-extended", "Zweite Ebene") == pytest.approx(15.75, abs=0.05)     # 1.5 em
    assert size("markdown-extended", "Dritte Ebene") == pytest.approx(12.29, abs=0.05)     # 1.17 em
    assert size("markdown-extended", "Fließtext") == pytest.approx(10.5, abs=0.05)         # VS Code's 14 px
    assert (size("cardgen", "Zweite Ebene"), size("cardgen", "Fließtext")) == (17, 10)     # cardgen's look


def test_markdown_extended_hyphenates_nothing(books):
    assert hyphenated_ends(books["markdown-extended"]) == []
    assert hyphenated_ends(books["cardgen"], mono=False)            # the narrow column does need breaks


def test_code_is_never_hyphenated_in_either_base(books):
    for base, found in books.items():
        assert hyphenated_ends(found, mono=True) == [], base
        assert any("Mono" in c.font for c in found), base


def letters(found: list[Char], indexes: range) -> str:
    """The letters at ``indexes`` up to the first character that is none, within one line."""
    out = ""
    for index in indexes:
        backwards = indexes.step < 0
        if not found[index].text.isalpha() or (backwards and found[index].line_end):
            break
        out += found[index].text
        if found[index].line_end:
            break
    return out


def test_cardgens_look_leaves_no_piece_of_fewer_than_3_letters(books):
    """A 1 mm box breaks every word wherever it may (WeasyPrint's default printed "Stu-/fe")."""
    found = books["cardgen"]
    for index in hyphenated_ends(found, mono=False):
        before, after = letters(found, range(index - 1, -1, -1)), letters(found, range(index + 1, len(found)))
        assert len(before) >= 3 and len(after) >= 3, (before[::-1], after)
    assert "".join(c.text for c in found).count("Wurf\u2010ergeb\u2010nis") == 1   # still at its syllables


def test_the_base_is_part_of_the_theme_and_its_digest(tmp_path):
    (tmp_path / "cardgen.toml").write_text('rulebook_base = "markdown-extended"\n', encoding="utf-8")
    theme = theme_for(load_project(tmp_path / "cardgen.toml"))
    (tmp_path / "cardgen.toml").write_text("", encoding="utf-8")
    own = theme_for(load_project(tmp_path / "cardgen.toml"))
    assert (theme.base, own.base) == ("markdown-extended", "cardgen") and theme.digest() != own.digest()


def test_no_paragraph_ends_on_a_piece_of_a_word_in_either_base(books):
    """Issue 41.4: a paragraph's last line never holds just the end of a broken word ("wer-/den."); the
    last word moves whole to the last line (cardgen.rulebook.lastword)."""
    for base, found in books.items():
        text = "".join(c.text for c in found)
        assert text.count(LAST) == 8, base                      # every one printed whole, on one line
        starts = [i for i in range(len(text)) if text.startswith(LAST, i)]
        assert all(not any(c.line_end for c in found[i:i + len(LAST) - 1]) for i in starts), base
