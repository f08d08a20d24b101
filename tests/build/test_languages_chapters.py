"""Issue 45, point 5, at the chapters: an edited translation re-lays that book's chapter in that language
only; an edited German paragraph re-lays the German chapter and each translation's same chapter (its
fallback text changed).  One two-language project whose book has four chapters (each ``##`` starts a
page), built once cold, then once after each edit; ``cardgen build -v`` says which chapters it laid out."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pypdf
import pytest

from tests.build.test_languages import cardgen_in, make_project

pytestmark = pytest.mark.pdf          # three builds of a small project

BOOK = """\
# Regeln

## Bewegung

Ein Modell bewegt sich so weit, wie seine Bewegung reicht.

## Kampf

Ein Modell im Kampfrausch schlägt härter zu.

## Moral

Ein Modell, das seine Gruppe verliert, flieht.
"""
ENGLISH = {("top/h", "Regeln"): "Rules", ("top/h", "Bewegung"): "Movement", ("top/h", "Kampf"): "Combat",
           ("top/h", "Moral"): "Morale",
           ("bewegung/p", "Ein Modell bewegt sich so weit, wie seine Bewegung reicht."):
               "A model moves as far as its movement reaches.",
           ("kampf/p", "Ein Modell im Kampfrausch schlägt härter zu."): "A model in battle frenzy hits harder.",
           ("moral/p", "Ein Modell, das seine Gruppe verliert, flieht."): "A model that loses its group flees."}
"""The book's English (context, German): every entry translated, so each language's chapters differ."""
LINE = re.compile(r"^\s*chapters  (\S+): laid out (.+) of (\d+)$", re.MULTILINE)


def laid_out(out: str) -> dict[str, tuple[str, int]]:
    """Each book built → (the chapters it laid out, from 1, as said; how many it has)."""
    return {name: (which, int(count)) for name, which, count in LINE.findall(out)}


def translate(project: Path, entries: dict[tuple[str, str], str]) -> None:
    po = polib.pofile(str(project / "translations/en/Regeln/Regeln.po"))
    for entry in po:
        if (entry.msgctxt, entry.msgid) in entries:
            entry.msgstr, entry.flags = entries[(entry.msgctxt, entry.msgid)], []
    po.save()


def test_an_edit_re_lays_its_chapter_in_its_language_and_a_german_edit_in_every_language(tmp_path):
    project = make_project(tmp_path / "project")
    (project / "Regeln" / "Regeln.md").write_text(BOOK, encoding="utf-8")
    assert cardgen_in(project, "translate")[0] == 0
    translate(project, ENGLISH)
    po = polib.pofile(str(project / "translations/en/Regeln/Regeln.po"))
    assert {(e.msgctxt, e.msgid) for e in po if e.msgstr} == set(ENGLISH)             # every entry of the book translated
    code, out, err = cardgen_in(project, "build", "-v")
    assert code == 0, err
    german, english = "rulebooks/Regeln/Regeln.pdf", "en/rulebooks/Regeln/Regeln.pdf"
    assert laid_out(out) == {german: ("1, 2, 3, 4", 4), english: ("1, 2, 3, 4", 4)}    # cold: every chapter

    translate(project, {next(key for key in ENGLISH if key[0] == "kampf/p"): "A model in a battle frenzy strikes harder."})
    code, out, err = cardgen_in(project, "build", "-v")
    assert code == 0, err
    assert laid_out(out) == {english: ("3", 4)}              # Kampf, in English only; the German book reused
    assert "Kampf" in _page_text(project / "build" / german, 3) and "Combat" in _page_text(project / "build" / english, 3)
    assert "strikes harder" in _page_text(project / "build" / english, 3)

    book = project / "Regeln" / "Regeln.md"
    book.write_text(BOOK.replace("flieht.", "flieht sofort."), encoding="utf-8")
    assert cardgen_in(project, "translate")[0] == 0          # the English entry of Moral is fuzzy now
    code, out, err = cardgen_in(project, "build", "-v")
    assert code == 0, err
    assert laid_out(out) == {german: ("4", 4), english: ("4", 4)}     # Moral, in German and in English
    assert "flieht sofort" in _page_text(project / "build" / english, 4)   # the fuzzy entry prints the German
    assert "fuzzy" in polib.pofile(str(project / "translations/en/Regeln/Regeln.po")).find(
        "Ein Modell, das seine Gruppe verliert, flieht sofort.", msgctxt="moral/p").flags


def _page_text(pdf: Path, page: int) -> str:
    return pypdf.PdfReader(pdf).pages[page - 1].extract_text()
