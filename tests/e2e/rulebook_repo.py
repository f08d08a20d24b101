"""The sample rulebook repository of ``tests/fixtures/rulebook-repo/``, copied where a test builds it.

It is laid out like the designer's (drawn by us, none of his prose):

```
cardgen.toml                 the three-line project file of docs/getting-started.md (a test of cardgen init
                             removes it: tests/e2e/test_adopt_repo.py)
.vscode/settings.json        his editor's settings in JSONC: markdown.styles, markdownExtended.tocLevels [2]
markdown.css                 headings in "Nova Round", h1, h2, h4 with font-weight: bold (his ### left to
                             his base); each ## on a new page;
                             table { page-break-inside: avoid }
Fonts/NovaRound-Regular.ttf  written by make_rulebook_repo: a family with a regular face only
Grafiken/logo.svg            the logo at the root, named as ../Grafiken/logo.svg {width="300pt"}
Regeln/Regelbuch.md          his puppeteer front matter and footer, [[toc]], a lead-in ending in ":"
                             before a table, narrow table columns, TODOs in a table cell, in a
                             paragraph and in a heading ("Kräfte TODO"), links that differ from
                             their targets only in case (#Vergiftung)
                             Appended for issue 41, point 2: the picture Grafiken/w12_weiß.svg,
                             whose file is Grafiken/W12_weiß.svg (case-only mismatch)
                             Appended for issue 29, points 6-9 (tests/e2e/test_rulebook_repo_flow.py):
                             "## 03 . TODO" (an empty TODO section), a chapter "## Marker" whose
                             prose ends its first page with a table of narrow one-word columns
                             (Symbol/Kürzel/Ergebnis, Wurfergebnis/Infanterie/passiv/schweben)
                             and the lead-in "Die Wirkung der Marker im Einzelnen:" before a
                             table kept whole, then "### Reichweiten" over a 24-row table that
                             does not fit the rest of its page (kept whole: moves with its heading),
                             and a 1 mm wide raw-HTML box forcing "Wurfergebnis" to break at its
                             syllables ("Farbe" is too short to break)
Regeln/Eigenschaften.md      every admonition type of Markdown Extended (check/cite/fail first),
                             titled and untitled boxes; appended for issue 41, point 8, two boxes
                             whose whole body is a TODO note (a nested "!!! TODO", a TODO line)
Regeln/Grafiken/stern.svg    a picture only Regelbuch.md uses
Regeln/Grafiken/schild.svg   a picture only Eigenschaften.md uses
Regeln/Grafiken/W12_weiß.svg a die in #1f6fb2, named w12_weiß.svg by Regelbuch.md
```

There is no ``content/`` folder: the repository holds rulebooks only.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fontfixture import renamed_font

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "rulebook-repo"


def nova_round(target: Path) -> None:
    """A TTF whose family name is "Nova Round" (our DejaVu Sans, Latin, renamed), regular face only."""
    renamed_font(target, {1: "Nova Round", 2: "Regular", 4: "Nova Round Regular", 6: "NovaRound-Regular",
                          16: "Nova Round", 17: "Regular"})


def make_rulebook_repo(dest: Path) -> Path:
    """A fresh copy of the sample repository at ``dest`` (which must not exist), with its font."""
    shutil.copytree(SAMPLE, dest)
    nova_round(dest / "Fonts" / "NovaRound-Regular.ttf")
    return dest
