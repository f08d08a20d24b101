"""Acceptance: a repository shaped like the designer's publishes as its author sees it.

The fixture repository (built in ``tmp_path``, drawn by us):

```
cardgen.toml                 rulebooks, the stylesheet, TOC levels 2-3
markdown.css                 his stylesheet: headings in "Nova Round", each ## on a new page
                             under a striped dark title bar
Fonts/NovaRound-Regular.ttf  a font whose family name is "Nova Round"
Grafiken/logo.svg            the logo at the repository root (a green bar, a magenta dot)
Regeln/Regelbuch.md          the rulebook, naming the logo as ../Grafiken/logo.svg
Regeln/Grafiken/W12_weiß.svg a picture the rulebook names in the wrong case (w12_weiß.svg)
```

``cardgen rulebook Regeln/Regelbuch.md`` is run from the repository root
(the project file is found there), then the PDF itself is checked: the
logo's drawing (its colours on the rendered page, not just the absence of a
warning), the hint for the wrong-case picture, the embedded font
(``pdffonts``), the heading bar's colour on the rendered page and a contents
list holding only levels 2 and 3.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.commands.main import main
from tests.e2e.rulebook_repo import nova_round

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

GREEN = (0x19, 0xC3, 0x7D)          # the fixture logo's bar
MAGENTA = (0xFF, 0x00, 0xAA)        # the fixture logo's dot
BAR = (0x20, 0x2A, 0x44)            # the heading bar's dark stripe
BAR_LIGHT = (0x3A, 0x4A, 0x70)      # and its lighter stripe

PROJECT_FILE = """\
rulebooks = ["Regeln/*.md"]

[toc]
levels = [2, 3]

[css]
rulebook = ["markdown.css"]
"""

STYLESHEET = """\
h1, h2, h3, h4 { font-family: "Nova Round"; }
h2 {
    break-before: page;
    color: white;
    padding: 6pt 10pt;
    background: repeating-linear-gradient(45deg, #202a44 0, #202a44 12px, #3a4a70 12px, #3a4a70 24px);
}
"""

LOGO = """\
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <rect width="300" height="100" fill="#19c37d"/>
  <circle cx="150" cy="50" r="35" fill="#ff00aa"/>
</svg>
"""

W12 = """\
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">
  <polygon points="10,1 19,7 16,19 4,19 1,7" fill="none" stroke="black"/>
</svg>
"""

RULEBOOK = """\
---
puppeteer:
    pdf:
        format: A4
        margin:
            top: 1cm
            right: 0cm
            bottom: 2cm
            left: 0cm
---

# Universalis - Probeheft

![logo](../Grafiken/logo.svg){width="300pt"} {align="center"}

[[toc]]

## Grundlagen

Gespielt wird mit dem W12 ![W12](Grafiken/w12_weiß.svg){width="14pt"}.

### Würfelwürfe

Ein Wurf gelingt bei 1 bis zum Attribut.

#### Sonderfall Doppelwurf

Nur im Inhaltsverzeichnis nicht.

## Einheiten

### Bewegung

Eine Einheit bewegt sich bis zu ihrer GK.

#### Gelände im Detail

Auch dies steht nicht im Inhaltsverzeichnis.
"""


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> dict:
    """The fixture repository, its rulebook built once: the PDF, what was printed, the folder."""
    if not all(shutil.which(tool) for tool in ("pdftoppm", "pdffonts", "pdftotext")):
        pytest.skip("poppler-utils (pdftoppm, pdffonts, pdftotext) not installed; `make test` installs them")
    repo = tmp_path_factory.mktemp("designer-repo")
    (repo / "cardgen.toml").write_text(PROJECT_FILE, encoding="utf-8")
    (repo / "markdown.css").write_text(STYLESHEET, encoding="utf-8")
    nova_round(repo / "Fonts" / "NovaRound-Regular.ttf")
    (repo / "Grafiken").mkdir()
    (repo / "Grafiken" / "logo.svg").write_text(LOGO, encoding="utf-8")
    (repo / "Regeln" / "Grafiken").mkdir(parents=True)
    (repo / "Regeln" / "Grafiken" / "W12_weiß.svg").write_text(W12, encoding="utf-8")
    (repo / "Regeln" / "Regelbuch.md").write_text(RULEBOOK, encoding="utf-8")
    out = repo / "build" / "Regelbuch.pdf"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(repo / "Regeln")                      # the project file is found above
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(["rulebook", "Regelbuch.md", "--out", str(out)])
    return {"repo": repo, "pdf": out, "code": code, "stdout": stdout.getvalue(), "stderr": stderr.getvalue()}


def page_png(pdf: Path, number: int, folder: Path) -> Image.Image:
    """Page ``number`` (from 1) rendered at 60 dpi, as the guide's visual check does."""
    stem = folder / f"page-{number}"
    subprocess.run(["pdftoppm", "-r", "60", "-f", str(number), "-l", str(number), "-png", "-singlefile",
                    str(pdf), str(stem)], check=True, capture_output=True)
    return Image.open(f"{stem}.png").convert("RGB")


def count_near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 24) -> int:
    """How many pixels lie within ``tolerance`` of ``colour`` in every channel."""
    data = image.tobytes()
    pixels = (data[i:i + 3] for i in range(0, len(data), 3))
    return sum(1 for pixel in pixels if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour)))


def test_the_rulebook_is_written(published):
    assert published["code"] == 0, published["stderr"]
    assert published["pdf"].is_file()


def test_the_logo_is_the_projects_own_drawing(published, tmp_path):
    page = page_png(published["pdf"], 1, tmp_path)
    green, magenta = count_near(page, GREEN), count_near(page, MAGENTA)
    # {width="300pt"} is 300 CSS px (a browser ignores the unit), 225 x 75 pt: at 60 dpi 188 x 63 px,
    # most of it green, a dot of magenta (about 1500 px)
    assert green > 6000, f"the fixture's green logo bar is not on page 1 ({green} px)"
    assert magenta > 1000, f"the fixture's magenta dot is not on page 1 ({magenta} px)"
    assert "logo" not in published["stderr"], published["stderr"]
    assert "icon set" not in published["stdout"] + published["stderr"]


def test_a_picture_in_the_wrong_case_gets_the_real_name(published):
    lines = [line for line in published["stderr"].splitlines() if "w12_weiß.svg" in line]
    assert lines, published["stderr"]
    assert re.search(r"Regelbuch\.md:\d+: warning: .*did you mean .*Grafiken/W12_weiß\.svg", lines[0]), lines[0]


def test_the_stylesheets_font_is_embedded_by_family_name(published):
    fonts = subprocess.run(["pdffonts", str(published["pdf"])], capture_output=True, text=True,
                           check=True).stdout
    assert re.search(r"\+Nova-?Round", fonts), fonts


def test_each_chapter_starts_on_a_new_page_under_the_striped_bar(published, tmp_path):
    reader = PdfReader(published["pdf"])
    starts = [n for n, page in enumerate(reader.pages, start=1)
              if (page.extract_text() or "").lstrip().startswith(("Grundlagen", "Einheiten"))]
    assert len(starts) == 2, [p.extract_text()[:40] for p in reader.pages]
    for number in starts:
        page = page_png(published["pdf"], number, tmp_path)
        top = page.crop((0, 0, page.width, page.height // 6))
        dark, light = count_near(top, BAR, 10), count_near(top, BAR_LIGHT, 10)
        assert dark > 300 and light > 300, f"page {number}: no striped bar ({dark} dark, {light} light px)"


def test_the_contents_list_only_levels_two_and_three(published):
    reader = PdfReader(published["pdf"])
    contents = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "1", str(published["pdf"]), "-"],
                              capture_output=True, text=True, check=True).stdout
    for title, page in (("Grundlagen", 2), ("Würfelwürfe", 2), ("Einheiten", 3), ("Bewegung", 3)):
        assert re.search(rf"{title}\s*{page}\b", contents), contents     # with its real page number
    whole = "".join(page.extract_text() or "" for page in reader.pages[1:])
    for title in ("Sonderfall Doppelwurf", "Gelände im Detail"):
        assert title not in contents, contents
        assert title in whole                      # the heading itself is printed, only not listed
