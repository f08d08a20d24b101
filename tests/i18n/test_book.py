"""A rulebook's messages block by block, and a language laid over its tokens before the dialect's rules."""

from __future__ import annotations

from pathlib import Path

from cardgen.i18n.book import book_messages, book_name, translating_markdown
from cardgen.rulebook.markdown import make_markdown

BOOK = """\
# Regeln

Vorwort mit **Nachdruck**.

## Bewegung

Ein Modell darf [laufen](#bewegung).

- Erster Punkt
- Zweiter Punkt

!!! note "Hinweis"
    Text im Kasten.

| Zustand | Wirkung |
|---|---|
| Brennen | 1 TP |
| 3 | 4 |

![Brennen](Grafiken/x.svg)

### Laufen

Ein Modell läuft.
"""


def test_every_block_is_a_message_with_its_section_kind_and_line():
    """(a cell of digits only holds nothing to translate)"""
    assert [(m.context, m.text, m.line) for m in book_messages(BOOK)] == [
        ("top/h", "Regeln", 1),
        ("top/p", "Vorwort mit <1>Nachdruck</1>.", 3),
        ("top/h", "Bewegung", 5),
        ("bewegung/p", "Ein Modell darf <1>laufen</1>.", 7),
        ("bewegung/li", "Erster Punkt", 9),
        ("bewegung/li", "Zweiter Punkt", 10),
        ("bewegung/note-title", "Hinweis", 12),
        ("bewegung/note", "Text im Kasten.", 13),
        ("bewegung/cell", "Zustand", 15),
        ("bewegung/cell", "Wirkung", 15),
        ("bewegung/cell", "Brennen", 17),
        ("bewegung/cell", "1 TP", 17),
        ("bewegung/alt", "Brennen", 20),
        ("bewegung/h", "Laufen", 22),
        ("bewegung/laufen/p", "Ein Modell läuft.", 24),
    ]


def test_a_translation_is_laid_over_the_tokens_before_the_heading_ids_and_the_contents():
    translations = {("top/h", "Bewegung"): "Movement", ("bewegung/p", "Ein Modell darf <1>laufen</1>."):
                    "A model may <1>walk</1>.", ("bewegung/h", "Laufen"): "Walking"}
    asked = []

    def lookup(context, text, line):
        asked.append((context, text, line))
        return translations.get((context, text))

    md = translating_markdown(False, lookup, [])
    html = md.render(BOOK)
    assert '<h2 id="movement">Movement</h2>' in html
    assert '<p>A model may <a href="#movement">walk</a>.</p>' in html   # the link follows its heading
    assert '<h3 id="walking">Walking</h3>' in html
    assert "<li>Erster Punkt</li>" in html                     # untranslated: the source's words
    assert ("bewegung/laufen/p", "Ein Modell läuft.", 24) in asked   # contexts from the source's headings


def test_a_book_s_name_is_its_path_without_md():
    assert book_name(Path("/p/Regeln/Regelbuch.md"), Path("/p")) == "Regeln/Regelbuch"


def test_a_translation_that_keeps_every_text_prints_the_book_as_before(regelbuch):
    """The designer's Regelbuch.md and the example rulebook, each block translated by its own message: the
    same HTML (up to white space: a soft line break is a space in a message), every link, picture, directive
    and attribute back in place."""
    example = (Path(__file__).resolve().parents[2] / "content" / "rulebook" / "Regeln.md").read_text(encoding="utf-8")
    for text in (regelbuch, example):
        found: list = []
        translated = translating_markdown(False, lambda context, message, line: message, found).render(text, {})
        assert " ".join(translated.split()) == " ".join(make_markdown().render(text, {}).split())
        assert len(found) > 80


def test_the_author_s_links_follow_a_translated_heading_to_its_new_id():
    text = "## Bewegung\n\nSiehe [Laufen](#laufen) und [oben](#bewegung).\n\n## Laufen\n\nText.\n\n## Laufen\n\nMehr.\n"
    translations = {("top/h", "Bewegung"): "Movement", ("top/h", "Laufen"): "Walking"}
    html = translating_markdown(False, lambda context, message, line: translations.get((context, message)),
                                []).render(text, {})
    assert '<h2 id="movement">Movement</h2>' in html and '<h2 id="walking">Walking</h2>' in html
    assert '<h2 id="walking-1">Walking</h2>' in html
    assert '<a href="#walking">Laufen</a>' in html and '<a href="#movement">oben</a>' in html


def test_a_draft_marks_each_block_printed_in_the_source_s_words_and_a_print_marks_none():
    translations = {("top/h", "Bewegung"): "Movement", ("bewegung/li", "Erster Punkt"): "First point",
                    ("bewegung/cell", "Zustand"): "State"}

    def lookup(context, text, line):
        return translations.get((context, text))

    html = translating_markdown(True, lookup, []).render(BOOK)
    assert '<h2 id="movement">Movement</h2>' in html                       # translated: not marked
    assert '<p class="untranslated">Ein Modell darf' in html
    assert "<li>First point</li>" in html and '<li class="untranslated">Zweiter Punkt</li>' in html
    assert "<th>State</th>" in html and '<th class="untranslated">Wirkung</th>' in html
    assert '<h3 class="untranslated" id="laufen">Laufen</h3>' in html
    assert '<p class="admonition-title untranslated">Hinweis</p>' in html
    assert "<td>3</td>" in html                                            # nothing to translate: not marked
    assert "untranslated" not in translating_markdown(False, lookup, []).render(BOOK)
