"""``cardgen balance`` in every language (issue 45, point 3): each translation's report into
``OUT/<lang>/balance.pdf`` -- the translated unit and faction names, the report's own words from the
glossary (``glossary/…`` entries, sentences with ``{1}`` placeholders), the language's decimal mark --
and the same numbers as the source's.  Reuses the translated project of :mod:`tests.build.test_languages`
(each test works in a copy)."""

from __future__ import annotations

import re
from dataclasses import replace

import polib
import pytest

from cardgen.balance.view import balance_of
from cardgen.build.languages import translation
from cardgen.content.report_words import REPORT_WORDS
from cardgen.content.words import LABELS, WORDS, Words
from cardgen.project.file import load_project
from cardgen.stages import load_and_derive
from tests.build.test_languages import cardgen_in, copy_of, text_of, translated_build

__all__ = ["translated_build"]          # the shared session fixture, used below

REPORT = {"Balance: Punkte gegen Wirkung": "Balance: points against effectiveness", "Alle Einheiten": "All units",
          "{1} greift {2} an": "{2} attacked by {1}", "Wirkung": "Effectiveness", "Punkte": "Points",
          "Punkte = {1} + {2} · Wirkung ({3} Einheiten)": "points = {1} + {2} · effectiveness ({3} units)",
          "Seite": "page", "von": "of"}
"""Some of the report's words translated (the rest print in German)."""


def translate_report(project, words: dict[str, str]) -> None:
    po = polib.pofile(str(project / "translations/en/content.po"))
    for entry in po:
        if entry.msgctxt.startswith("glossary/") and entry.msgid in words:
            entry.msgstr = words[entry.msgid]
        elif entry.msgctxt == "factions/test/name":
            entry.msgstr = "Testers"
    po.save()


def numbers(text: str) -> list[float]:
    """Every number printed, in any decimal mark, sorted (a table's rows sort by the translated names)."""
    return sorted(float(n.replace(",", ".")) for n in re.findall(r"\d+(?:[.,]\d+)?", text))


def test_the_report_s_words_are_listed_once_beside_the_cards():
    """The report's words join the glossary, each once: a word another output prints too (the lists' "Nahkampf")
    is one entry whose comment names both places; none of the cards' words is redefined."""
    assert all(meaning in WORDS[word].split("; ") for word, meaning in REPORT_WORDS.items())
    assert WORDS["Nahkampf"].count("; ") == 1 and "balance report" in WORDS["Nahkampf"]
    assert {"Einheit", "Fraktion", "Punkte"} & set(REPORT_WORDS) == set() and not set(LABELS) & set(REPORT_WORDS)


def test_a_translated_report_has_the_source_s_numbers_in_its_words(translated_build):
    project = translated_build[0]
    content, derived = load_and_derive(project / "content")
    _, english, english_derived = translation(content, derived, "en", load_project(project / "cardgen.toml"))
    english = replace(english, words=Words(tuple((k, v) for k, v in REPORT.items())))
    german, view = balance_of(content, derived.units), balance_of(english, english_derived.units)
    assert sorted((d.effectiveness, d.points) for d in view.dots) == sorted((d.effectiveness, d.points) for d in german.dots)
    assert [p.values for p in view.heatmaps] == [p.values for p in german.heatmaps] and view.line == german.line
    assert "Test Warrior" in {d.name for d in view.dots} and "Probekrieger" in {d.name for d in german.dots}
    assert view.text.heading == "Balance: points against effectiveness" and view.text.mark == "."
    assert german.text.mark == "," and german.text.heading == "Balance: Punkte gegen Wirkung"
    assert view.line_text.startswith("points = ") and view.line_text.replace(".", ",").removeprefix("points") == \
        german.line_text.replace("Wirkung", "effectiveness").replace("Einheiten", "units").removeprefix("Punkte")
    assert view.heatmaps[0].heading.endswith(" attacked by " + view.heatmaps[0].attacker_faction)
    assert view.text.method == "So gerechnet"                    # not translated: the German word


@pytest.mark.pdf
def test_balance_writes_each_language_s_report_with_the_same_numbers(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path, build=False)
    translate_report(project, REPORT)
    code, out, err = cardgen_in(project, "balance")
    assert code == 0, err
    assert "wrote build/balance.pdf (" in err and "wrote build/en/balance.pdf (" in err
    assert "translations/en/content.po: warning: 0 fuzzy and " in err          # the report's untranslated words
    german, english = text_of(project / "build/balance.pdf"), text_of(project / "build/en/balance.pdf")
    assert "Balance: points against effectiveness" in english and "All units" in english and "Test Warrior" in english
    assert "Testers attacked by Testers" in english and "So gerechnet" in english     # untranslated: German
    assert "Balance · page 1 of 4" in english and "Balance · Seite 1 von 4" in german      # the pages' footer
    assert "Probekrieger" not in english and "Balance: Punkte gegen Wirkung" in german and "Test Warrior" not in german
    assert numbers(english) == numbers(german) and len(numbers(german)) > 20


def test_a_glossary_sentence_that_drops_a_placeholder_is_an_error_at_its_po_line(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path, build=False)
    translate_report(project, {"{1} greift {2} an": "{1} attacks"})
    code, out, err = cardgen_in(project, "balance")
    lines = (project / "translations/en/content.po").read_text(encoding="utf-8").split("\n")
    line = lines.index('msgstr "{1} attacks"') + 1
    assert code == 1 and f"translations/en/content.po:{line}:" in err and "missing {2}" in err, err
    assert not (project / "build").exists()                            # nothing drawn, not even the source's
