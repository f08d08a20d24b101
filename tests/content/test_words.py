"""The words cardgen prints on a card itself (cardgen.content.words): listed once, printed through the
content's ``Words`` by the views and the card templates, in the content's language."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from cardgen.cards.power_view import power_card
from cardgen.cards.view import unit_card
from cardgen.content.words import WORDS, Words
from cardgen.paths import CARDS_TEMPLATES
from cardgen.stages import load_and_derive
from conftest import FIXTURES

ENGLISH = Words((("pkt", "pts"), ("Waffenlos", "Unarmed"), ("AGI", "AGL"), ("Normaler Schuss", "Normal Shot"),
                 ("Eigenschaft", "Trait"), ("WB", "PR"), ("Sichtlinie", "Line of sight")))


def test_a_word_prints_as_its_translation_or_as_the_source_s_word():
    assert ENGLISH["pkt"] == "pts" and ENGLISH["Eigenschaften"] == "Eigenschaften" and Words()["pkt"] == "pkt"


def test_a_word_not_listed_is_an_error_not_an_untranslated_word_on_a_card():
    with pytest.raises(KeyError, match="'Lebenspunkte' is not one of the words cardgen prints on a card"):
        Words()["Lebenspunkte"]


def test_every_word_a_card_template_prints_itself_is_listed():
    printed = {word for path in CARDS_TEMPLATES.glob("*.j2")
               for word in re.findall(r'\w+\.words\["([^"]+)"\]', path.read_text(encoding="utf-8"))}
    assert {"pkt", "Eigenschaften", "Waffen", "Rüstung", "Ausrüstung", "Kräfte", "Aktionen", "Gesamt", "Genutzt von"} <= printed
    assert printed <= set(WORDS)


def test_no_card_template_prints_a_word_of_its_own():
    """Text between tags and in title/alt attributes comes from a variable, never written in a template
    (a German word there would print in every language: "falten", "Stufe")."""
    for path in CARDS_TEMPLATES.glob("*.j2"):
        text = re.sub(r"<style>.*?</style>|\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", "", path.read_text(encoding="utf-8"), flags=re.S)
        words = re.findall(r">([^<>\"=]*[A-Za-zÄÖÜäöüß]{2,}[^<>\"=]*)<", text.replace("&nbsp;", ""))
        words += re.findall(r'(?:title|alt|aria-label)="([^"]*[A-Za-zÄÖÜäöüß][^"]*)"', text)
        assert not [w.strip() for w in words if w.strip()], path.name


def test_the_views_print_the_content_s_words():
    content, derived = load_and_derive(FIXTURES / "cards" / "small")
    english = replace(content, words=ENGLISH)
    card = unit_card(derived.units["probe"], english)
    assert card.words == ENGLISH
    assert [s.label for s in card.attributes][0] == "AGL" and card.radii.perception.label == "PR"
    assert "Unarmed" in [w.name for w in card.weapons]
    assert ("Normal Shot", 2) in next(w for w in card.actions if w.name == "Pistole").actions
    assert "Trait" in {entry.kind for entry in card.rules}
    german = unit_card(derived.units["probe"], content)
    assert "Waffenlos" in [w.name for w in german.weapons] and german.attributes[0].label == "AGI"
    power = next(iter(content.powers.values()))
    assert power_card(power, english).words == ENGLISH
