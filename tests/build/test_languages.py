"""``cardgen build`` in every language (issue 45's acceptance): a project with ``languages = ["de", "en"]``,
its PO files written by ``cardgen translate`` and translated with polib, built once per test run and
shared (READ ONLY; a test that changes anything copies it)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import polib
import pypdf
import pytest

from cardgen.commands.main import main
from cardgen.content.report_words import REPORT_WORDS
from conftest import FIXTURES, _fd_capture, files_of, shared_once

BOOK = """\
# Regeln

[[toc]]

## Einheiten

Der Probekrieger kämpft mit Kampfrausch und **großer** Wut.

{{ list: units }}

### Kampfrausch

Ein Modell im Kampfrausch schlägt härter zu.

{{ list: powers }}

{{ list: weapons }}

{{ table: weapon-classes }}
"""
WORDS = {"pkt": "pts", "Eigenschaften": "Traits", "AGI": "AGL", "Waffenlos": "Unarmed", "Normaler Schuss": "Normal Shot",
         "Aktionen": "Actions"}
"""The glossary's words translated: the words cardgen prints on the cards itself."""
MORE_WORDS = {"Probe auf": "Test", "Dauer": "Duration", "Instantan": "Instant", "TP-Verlust": "HP loss",
              "Stärke": "Strength", "Reichweite": "Range", "Klasse": "Class", "Nahkampf": "Melee", "falten": "fold",
              "Gruppe": "Group", "Gruppenführer": "Group leader", "Ausrüstung verwenden": "Use equipment",
              "Gruppen für BattleScribe und New Recruit": "Groups for BattleScribe and New Recruit"}
"""More of the glossary's words translated: a power's cells, the rulebook's directives, the cut sheet, the
BattleScribe data (:mod:`tests.build.test_languages_words`); "bei Misslingen", "Schaden", "Fernkampf" and
"Drohnenkontroller" are left untranslated."""
PARAGRAPH = "Der Probekrieger kämpft mit Kampfrausch und <1>großer</1> Wut."
TRANSLATIONS = {
    "content.po": {("units/probe/name", "Probekrieger"): "Test Warrior",
                   ("traits/rausch/name", "Kampfrausch"): "Battle Frenzy",
                   **{(f"glossary/{word}", word): english for word, english in (WORDS | MORE_WORDS).items()}},
    "Regeln/Regeln.po": {("top/h", "Einheiten"): "Units", ("einheiten/h", "Kampfrausch"): "Battle Frenzy",
                         ("einheiten/p", PARAGRAPH): "The Test Warrior fights with Battle Frenzy and <1>great</1> fury."},
}


def cardgen_in(root: Path, *args: str) -> tuple[int, str, str]:
    """``cardgen ARGS`` in this process from ``root``: (exit code, stdout, stderr)."""
    cwd = os.getcwd()
    os.chdir(root)
    try:
        with _fd_capture() as printed:
            code = main(list(args))
    finally:
        os.chdir(cwd)
    return code, printed["stdout"], printed["stderr"]


def translate_with_polib(root: Path, translations: dict[str, dict[tuple[str, str], str]]) -> None:
    for name, entries in translations.items():
        po = polib.pofile(str(root / "translations" / "en" / name))
        for entry in po:
            if (entry.msgctxt, entry.msgid) in entries:
                entry.msgstr = entries[(entry.msgctxt, entry.msgid)]
        po.save()


def make_project(root: Path) -> Path:
    shutil.copytree(FIXTURES / "cards" / "small", root / "content")
    (root / "Regeln").mkdir()
    (root / "Regeln" / "Regeln.md").write_text(BOOK, encoding="utf-8")
    (root / "cardgen.toml").write_text('languages = ["de", "en"]\nrulebooks = ["Regeln/*.md"]\n', encoding="utf-8")
    return root


def _translated(root: Path) -> dict:
    project = make_project(root / "project")
    translated = cardgen_in(project, "translate")
    written = {name: (project / "translations" / "en" / name).read_text(encoding="utf-8") for name in TRANSLATIONS}
    translate_with_polib(project, TRANSLATIONS)
    built = cardgen_in(project, "build", "--print-shop")        # each language's print-shop files too
    return {"translate": translated, "written": written, "build": built}


@pytest.fixture(scope="session")
def translated_build(tmp_path_factory) -> Iterator[tuple[Path, dict]]:
    root, data = shared_once(tmp_path_factory, "translated-build", _translated)
    project = root / "project"
    before = files_of(project)
    yield project, data
    assert files_of(project) == before, "a test changed the shared translated build: copy it first"


def copy_of(project: Path, tmp_path: Path, build: bool = True) -> Path:
    ignore = None if build else shutil.ignore_patterns("build")
    return Path(shutil.copytree(project, tmp_path / "project", ignore=ignore))


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_translate_writes_a_po_file_per_language_and_document(translated_build):
    _, data = translated_build
    code, out, _ = data["translate"]
    assert code == 0
    assert "translations/en/content.po (written)" in out and "translations/en/Regeln/Regeln.po (written)" in out
    content, book = data["written"]["content.po"], data["written"]["Regeln/Regeln.po"]
    assert ('#. name of unit card probe\n#: content/units/probe.yaml:2\nmsgctxt "units/probe/name"\n'
            'msgid "Probekrieger"\nmsgstr ""\n') in content
    assert '#. name of trait rausch, on the card of probe\n' in content
    assert ('#. section einheiten\n#: Regeln/Regeln.md:7\nmsgctxt "einheiten/p"\n'
            f'msgid "{PARAGRAPH}"\nmsgstr ""\n') in book
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in book and "Date" not in book


@pytest.mark.pdf
def test_the_english_cards_print_the_translations_and_the_source_where_there_is_none(translated_build):
    project, data = translated_build
    assert data["build"][0] == 0, data["build"]
    english, german = text_of(project / "build" / "en" / "cards.pdf"), text_of(project / "build" / "cards.pdf")
    assert "Test Warrior" in english and "Battle Frenzy" in english and "Probekrieger" not in english
    assert "Seher" in english and "Werfer" in english               # untranslated: the German name
    for word, translated in WORDS.items():                          # the words cardgen prints itself
        assert translated in english and word in german, word
    assert not {"pkt", "Eigenschaften", "Waffenlos", "Normaler Schuss", "AGI"} & set(english.split())
    assert "Gezielter Schuss" in english and "Waffen" in english.split()    # untranslated: the German word
    assert "Probekrieger" in german and "Kampfrausch" in german and "Test Warrior" not in german


@pytest.mark.pdf
def test_each_language_has_its_print_shop_files(translated_build):
    project, _ = translated_build
    for name in ("unit-fronts.pdf", "unit-backs.pdf", "powers.pdf"):
        assert (project / "build" / "en" / "print-shop" / name).is_file(), name
    fronts = text_of(project / "build" / "en" / "print-shop" / "unit-fronts.pdf")
    assert "Test Warrior" in fronts and "pts" in fronts and "Probekrieger" not in fronts
    assert "Probekrieger" in text_of(project / "build" / "print-shop" / "unit-fronts.pdf")


@pytest.mark.pdf
def test_the_english_rulebook_prints_its_headings_in_the_contents_and_links_its_keywords(translated_build):
    project, _ = translated_build
    path = project / "build" / "en" / "rulebooks" / "Regeln" / "Regeln.pdf"
    text = " ".join(text_of(path).split())
    assert "The Test Warrior fights with Battle Frenzy and great fury." in text
    assert "Ein Modell im Kampfrausch schlägt härter zu." in text       # untranslated: the German paragraph
    assert "Test Warrior | 1459 pts" in text and "pkt" not in text      # the list directive: the glossary's word
    reader = pypdf.PdfReader(path)

    def titles(outline) -> list:
        return [titles(item) if isinstance(item, list) else item.title for item in outline]
    assert titles(reader.outline) == ["Regeln", ["Units", ["Battle Frenzy"]]]
    assert "battle-frenzy" in reader.named_destinations and "kampfrausch" not in reader.named_destinations
    contents = " ".join(reader.pages[0].extract_text().split())
    assert "Units" in contents and "Battle Frenzy" in contents
    links = [str(annot.get_object().get("/Dest")) for page in reader.pages[1:] for annot in page.get("/Annots") or []]
    assert "battle-frenzy" in links                                  # the keyword in the translated paragraph
    assert reader.trailer["/Root"]["/Lang"] == "en"                 # hyphenated as English (lang="en")


def test_the_build_says_per_language_and_document_how_much_is_translated(translated_build):
    _, data = translated_build
    code, out, err = data["build"]
    assert "en: Regeln/Regeln: 3 translated, 0 fuzzy, 2 missing" in out
    missing = 141 + len(set(REPORT_WORDS) - {"indirekt", "Nahkampf"})  # the glossary's words among them, the
    assert f"en: content: 21 translated, 0 fuzzy, {missing} missing" in out  # report's too (two the lists print too)
    assert "translations/en/Regeln/Regeln.po: warning: 0 fuzzy and 2 missing entries printed in the source's words" in err


@pytest.mark.pdf
def test_an_edited_german_paragraph_makes_its_translation_fuzzy_and_strict_fails(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    book = project / "Regeln" / "Regeln.md"
    book.write_text(BOOK.replace("großer Wut", "großer Wut und Kraft").replace("**großer** Wut",
                                                                          "**großer** Wut und Kraft"), encoding="utf-8")
    assert cardgen_in(project, "translate")[0] == 0
    po = polib.pofile(str(project / "translations" / "en" / "Regeln" / "Regeln.po"))
    entry = po.find(PARAGRAPH.replace("Wut.", "Wut und Kraft."), msgctxt="einheiten/p")
    assert entry.fuzzy and entry.previous_msgid == PARAGRAPH
    assert entry.msgstr == "The Test Warrior fights with Battle Frenzy and <1>great</1> fury."
    assert f'#, fuzzy\n#| msgid ""\n#| "{PARAGRAPH}"\nmsgctxt "einheiten/p"\n' in (
        project / "translations" / "en" / "Regeln" / "Regeln.po").read_text(encoding="utf-8")
    code, out, err = cardgen_in(project, "build", "--strict")
    assert code == 1
    assert "translations/en/Regeln/Regeln.po: warning: 1 fuzzy and 2 missing entries" in err
    assert "warning(s) count as errors; nothing of en was replaced (the source's outputs were written)" in err
    english = " ".join(text_of(project / "build" / "en" / "rulebooks" / "Regeln" / "Regeln.pdf").split())
    assert "The Test Warrior fights" in english                      # strict wrote nothing: the last good PDF stays


def test_a_broken_placeholder_is_an_error_at_its_po_line_and_nothing_else_is_lost(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    path = project / "translations" / "en" / "Regeln" / "Regeln.po"
    po = polib.pofile(str(path))
    po.find(PARAGRAPH, msgctxt="einheiten/p").msgstr = "The Test Warrior fights with Battle Frenzy and great fury."
    po.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("msgstr") and "and great fury" in lines[n - 1])
    expected = (f"translations/en/Regeln/Regeln.po:{line}: msgstr: placeholders do not match the source: missing "
                "<1>, </1>; keep each of <1>, </1> once (they stand for markup, links and directives) "
                "(msgctxt \"einheiten/p\")")
    code, _, err = cardgen_in(project, "translate", "--status")
    assert code == 1 and expected in err
    code, _, err = cardgen_in(project, "translate")
    assert code == 1 and expected in err
    kept = polib.pofile(str(path))
    assert kept.find(PARAGRAPH, msgctxt="einheiten/p").msgstr.endswith("and great fury.")
    assert kept.find("Kampfrausch", msgctxt="einheiten/h").msgstr == "Battle Frenzy"
    code, _, err = cardgen_in(project, "build")
    assert code == 1 and expected in err


def test_status_as_json(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path, build=False)
    import json

    code, out, _ = cardgen_in(project, "translate", "--status", "--json")
    assert code == 0
    documents = {d["document"]: d for d in json.loads(out)["documents"]}
    assert documents["Regeln/Regeln"] | {"file": ""} == {"language": "en", "document": "Regeln/Regeln", "file": "",
                                                       "translated": 3, "fuzzy": 0, "missing": 2, "written": False}
    assert documents["content"]["translated"] == 21


@pytest.mark.pdf
def test_the_same_input_gives_byte_identical_pdfs_per_language(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path, build=False)
    assert cardgen_in(project, "build", "--print-shop")[0] == 0
    for name in ("cards.pdf", "powers.pdf", "rulebooks/Regeln/Regeln.pdf", "print-shop/unit-fronts.pdf"):
        for language in ("", "en/"):
            first = (translated_build[0] / "build" / f"{language}{name}").read_bytes()
            assert (project / "build" / f"{language}{name}").read_bytes() == first, f"{language}{name}"


def test_a_card_that_does_not_fit_in_a_language_names_the_language_and_the_po_entry(translated_build):
    from cardgen.build.context import make_context
    from cardgen.build.languages import name_translations
    from cardgen.errors import Problem
    from cardgen.i18n.language import Language
    from cardgen.project.file import load_project
    from cardgen.stages import load_and_derive

    project_root = translated_build[0]
    project = load_project(project_root / "cardgen.toml")
    content, derived = load_and_derive(project_root / "content")
    ctx = make_context(project, content, derived, project_root / "unused-out")
    source = content.source("units", "probe")
    line = source.position(("name",))[0]
    ctx.misfits["key"] = Problem(str(source.path), line, 3, "name", "12 characters do not fit the name cell; shorten it")
    name_translations(ctx, Language("en", project), content)
    po = project_root / "translations" / "en" / "content.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    entry_line = lines.index('msgid "Probekrieger"') + 2                # its msgstr, the line to shorten
    assert ctx.misfits["key"] == Problem(str(po), entry_line, 0, "msgctxt units/probe/name",
                                         f"in en: 12 characters do not fit the name cell; shorten it (the "
                                         f"translation of probe.yaml:{line})")
    assert not (project_root / "unused-out").exists()


def test_a_language_s_theme_hyphenates_in_it_and_gives_its_faces_keys_of_their_own():
    from dataclasses import replace

    from cardgen.look.theme import Theme

    english = replace(Theme(), lang="en")
    assert english.digest() != Theme().digest() and Theme(lang="de").digest() == Theme().digest()


def orange_pixels(pdf: Path, page: int, tmp_path: Path) -> int:
    """How many pixels of page ``page`` (1-based) are the draft's mark (book.css ``.untranslated``)."""
    from PIL import Image

    prefix = tmp_path / f"page-{len(list(tmp_path.glob('page-*')))}"
    subprocess.run(["pdftoppm", "-r", "60", "-f", str(page), "-l", str(page), "-png", str(pdf), str(prefix)], check=True)
    image = Image.open(next(tmp_path.glob(f"{prefix.name}*.png"))).convert("RGB")
    return sum(count for count, (r, g, b) in image.getcolors(1 << 24) if r > 200 and 100 < g < 150 and b < 70)


@pytest.mark.pdf
def test_an_edited_translation_rebuilds_that_language_s_book_only_and_a_german_edit_both(translated_build,
                                                                                        tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    path = project / "translations" / "en" / "Regeln" / "Regeln.po"
    po = polib.pofile(str(path))
    po.find(PARAGRAPH, msgctxt="einheiten/p").msgstr = "The Test Warrior fights with Battle Frenzy and <1>great</1> rage."
    po.save()
    code, out, _ = cardgen_in(project, "build", "--print-shop")
    assert code == 0 and out.splitlines()[-1].startswith("built 1, reused ")
    assert "great rage." in " ".join(text_of(project / "build" / "en" / "rulebooks" / "Regeln" / "Regeln.pdf").split())
    book = project / "Regeln" / "Regeln.md"
    book.write_text(BOOK.replace("schlägt härter zu", "schlägt viel härter zu"), encoding="utf-8")
    code, out, _ = cardgen_in(project, "build", "--print-shop")
    assert code == 0 and out.splitlines()[-1].startswith("built 2, reused ")      # the German book, the English
    assert "viel härter" in text_of(project / "build" / "en" / "rulebooks" / "Regeln" / "Regeln.pdf")  # (fallback)


@pytest.mark.pdf
def test_a_draft_marks_what_a_translation_prints_in_the_source_s_words(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    english = project / "build" / "en" / "rulebooks" / "Regeln" / "Regeln.pdf"
    assert orange_pixels(english, 2, tmp_path) == 0                   # a print marks nothing
    code, out, _ = cardgen_in(project, "build", "--draft")
    assert code == 0
    assert "en/rulebooks/Regeln/Regeln.pdf" in out                  # a draft is its own output (its key differs)
    assert orange_pixels(english, 2, tmp_path) > 5                    # "Ein Modell im Kampfrausch ..." (missing)
    assert orange_pixels(project / "build" / "rulebooks" / "Regeln" / "Regeln.pdf", 2, tmp_path) == 0


def test_a_translated_book_s_key_follows_the_glossary_s_words_and_the_language(translated_build):
    from dataclasses import replace

    from cardgen.build.run import rulebook_key
    from cardgen.content.words import Words
    from cardgen.stages import load_and_derive

    project = translated_build[0]
    content, _ = load_and_derive(project / "content")
    book = project / "Regeln" / "Regeln.md"
    english = replace(content, lang="en", words=Words((("pkt", "pts"),)))
    keys = {rulebook_key(book, c, "tool") for c in (content, english, replace(english, words=Words((("pkt", "pt"),))),
                                                   replace(english, lang="sv"))}
    assert len(keys) == 4
