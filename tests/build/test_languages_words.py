"""The words cardgen prints itself, in every language (issue 45): a power card's cells' titles, the
rulebook's list and table directives, the cut sheet's fold line and the BattleScribe data print the
glossary's translation (``glossary/…`` in ``content.po``) and the German word where it has none, which
is counted as missing.  Reuses the translated project of :mod:`tests.build.test_languages` (built once;
its PO file translates :data:`~tests.build.test_languages.MORE_WORDS` and leaves "bei Misslingen",
"Schaden", "Fernkampf" and "Drohnenkontroller" untranslated)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import polib
import pytest

from cardgen.build.languages import translation
from cardgen.cards.power_view import power_card
from cardgen.project.file import load_project
from cardgen.stages import load_and_derive
from tests.build.test_languages import cardgen_in, copy_of, text_of, translated_build

__all__ = ["translated_build"]          # the shared session fixture, used below


def english_content(project):
    content, derived = load_and_derive(project / "content")
    language, english, _ = translation(content, derived, "en", load_project(project / "cardgen.toml"))
    assert not language.problems()
    return content, english


def test_a_power_card_s_cells_are_titled_in_the_glossary_s_words(translated_build):
    german, english = english_content(translated_build[0])
    labels = [cell.label for cell in power_card(english.powers["gedankenblitz"], english).footer]
    assert labels == ["3 AP", "Test EH −1", "2 HP loss bei Misslingen", "Ziel: Modell", "Range: Distanz 40 cm",
                      "Duration: Instant"]                         # untranslated: Ziel, Modell, bei Misslingen ...
    assert [cell.label for cell in power_card(german.powers["gedankenblitz"], german).footer] == [
        "3 AP", "Probe auf EH −1", "2 TP-Verlust bei Misslingen", "Ziel: Modell", "Reichweite: Distanz 40 cm",
        "Dauer: Instantan"]


def test_every_word_cardgen_prints_itself_is_an_entry_of_the_english_content_po(translated_build):
    po = polib.pofile(str(translated_build[0] / "translations/en/content.po"))
    glossary = {entry.msgid: entry for entry in po if entry.msgctxt.startswith("glossary/")}
    for word in ("Probe auf", "bei Misslingen", "Schaden", "Fernkampf", "falten", "Gruppe", "Drohnenkontroller",
                 "Keine Stichwörter.", "Indirekt: max. Höhe in cm"):
        assert glossary[word].msgctxt == f"glossary/{word}", word
    assert glossary["Schaden"].msgstr == "" and glossary["Stärke"].msgstr == "Strength"
    assert "a column of the rulebook's table of weapon classes" in glossary["Fernkampf"].comment


@pytest.mark.pdf
def test_the_english_rulebook_s_lists_and_tables_print_the_glossary_s_words(translated_build):
    project, _ = translated_build
    english = " ".join(text_of(project / "build/en/rulebooks/Regeln/Regeln.pdf").split())
    german = " ".join(text_of(project / "build/rulebooks/Regeln/Regeln.pdf").split())
    assert "Test EH −1 · 2 HP loss bei Misslingen" in english and "Duration: Instant" in english   # list of powers
    assert "Probe auf EH −1 · 2 TP-Verlust bei Misslingen" in german and "Dauer: Instantan" in german
    assert "Range 20/3 · Strength 3 · Schaden 1" in english                                       # list of weapons
    assert "Reichweite 20/3 · Stärke 3 · Schaden 1" in german
    assert "Class Melee Fernkampf" in english and "Klasse Nahkampf Fernkampf" in german        # weapon classes
    assert "Probe auf" not in english and "Stärke" not in english and "Klasse" not in english


@pytest.mark.pdf
def test_the_english_cut_sheet_s_fold_line_says_fold(translated_build):
    project, _ = translated_build
    english, german = text_of(project / "build/en/cards.pdf"), text_of(project / "build/cards.pdf")
    assert "fold" in english.split() and "falten" not in english
    assert "falten" in german.split() and "fold" not in german.split()


def test_the_english_battlescribe_data_names_its_force_categories_and_readme_in_the_glossary_s_words(
        translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    code, _, err = cardgen_in(project, "export", "battlescribe", "--revision", "3")
    assert code == 0, err
    system = {name: ET.parse(project / f"build/{name}battlescribe/Universalis.gst").getroot() for name in ("", "en/")}
    names = {lang: {e.get("id"): e.get("name") for e in root.iter() if e.get("id") and e.get("name")}
             for lang, root in system.items()}
    assert set(names["en/"]) == set(names[""])                  # the same ids: a roster stays valid in both
    english, german = set(names["en/"].values()), set(names[""].values())
    assert {"Group", "Group leader", "Drohnenkontroller", "Strength", "Schaden"} <= english
    assert {"Gruppe", "Gruppenführer", "Drohnenkontroller", "Stärke", "Schaden"} <= german and "Group" not in german
    assert not {"Gruppe", "Gruppenführer", "Stärke"} & english
    readme = next(e.text for e in system["en/"].iter() if e.tag.endswith("readme"))
    assert readme.startswith("Universalis: Groups for BattleScribe and New Recruit, Revision 3.")
    rules = [e.text for e in system["en/"].iter() if e.tag.endswith("description")]
    assert any(text and text.endswith("(Use equipment: 2 AP)") for text in rules)
    profiles = {lang: {e.get("id") for e in root.iter() if e.tag.endswith("}profile")} for lang, root in system.items()}
    assert profiles["en/"] == profiles[""] and profiles[""]       # the profiles' ids too (made from the German)
