"""The rulebook's layout forkserver warmed up once, so that every chapter worker it forks starts warm (switch ``warm``).

The first document a process lays out costs about 80 ms of CPU more than the next one of the same kind
(measured 2026-11-28: a one-paragraph chapter 100 ms first, 20 ms after): parsing cardgen's book
stylesheets (kept per process by the speedup ``stylesheets``), registering their fonts, and WeasyPrint's
first use of Pango, HarfBuzz, fontconfig and the hyphenation dictionary.  ``cardgen rulebook`` starts
its layout workers' forkserver first (:mod:`cardgen.rulebook.preload`); it waits about half a second
for the command to read and cut the book, and spends 0.1 s of it here, so an edited chapter's worker --
the one job of an edit -- and each worker of a cold build start warm.

:func:`warm_up` lays out and writes a small page in memory -- cardgen's own stylesheets (``fonts.css``,
``book.css`` and the Markdown Extended base, the URLs a book's head links them by), a heading, a
hyphenated paragraph, a list and a table in German -- and throws it away: nothing is written, and
the chapters laid out afterwards are byte for byte those of a cold process (``tests/rulebook/test_warm.py``).
A warm-up that fails only leaves the process cold.
"""

from __future__ import annotations

from cardgen.paths import BASES, BOOK_CSS, FONTS_DIR

PAGE = """<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Aufwärmen</title>
{links}</head>
<body><main>
<h1>Aufwärmen</h1>
<h2 id="bewegung">Bewegung</h2>
<p>Ein Modell bewegt sich in seiner Aktivierung über unwegsames Gelände, durch Ruinen und Hindernisse
hinweg, und die Silbentrennung der Absätze greift bei langen Wörtern wie Geländeteile und Wahrnehmungsbereich.</p>
<ul><li>Aktionspunkte</li><li><strong>Sichtlinie</strong> und <em>Deckung</em></li></ul>
<table><thead><tr><th>Wert</th><th>Wurf</th></tr></thead><tbody><tr><td>AGI</td><td>W12</td></tr></tbody></table>
</main></body></html>
"""


def warm_page() -> str:
    """The page :func:`warm_up` lays out: cardgen's book stylesheets, linked as a book's head links them."""
    sheets = [FONTS_DIR / "fonts.css", BOOK_CSS, *BASES["markdown-extended"]]
    return PAGE.format(links="".join(f'<link rel="stylesheet" href="{sheet.as_uri()}">\n' for sheet in sheets))


def warm_up() -> bool:
    """Lay out and write :func:`warm_page` in this process, in memory; False if that failed."""
    # lazy: WeasyPrint's wrappers, imported by the forkserver's preload before this runs
    from cardgen.pdf.parts import load_part
    from cardgen.safefs import Roots

    try:
        laid_out = load_part(warm_page(), Roots.build(FONTS_DIR, ()))
        laid_out.renumber(1, 1)
        laid_out.write()
    except Exception:       # noqa: BLE001 -- a warm-up that fails leaves the process as it was: cold
        return False
    return True
