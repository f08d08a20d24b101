"""The balance report's words in a language (cardgen.balance.words): the glossary's sentences with their
numbers filled in where the translation puts them, and the language's decimal mark."""

from __future__ import annotations

import pytest

from cardgen.balance.words import decimal, decimal_mark, report_text, say
from cardgen.content.words import Words

ENGLISH = Words((("{1} greift {2} an", "{2} attacked by {1}"), ("So gerechnet", "How it is computed")))


def test_a_sentence_is_filled_where_its_translation_puts_each_placeholder():
    assert say(Words(), "{1} greift {2} an", "Imperium", "Orden") == "Imperium greift Orden an"
    assert say(ENGLISH, "{1} greift {2} an", "Empire", "Order") == "Order attacked by Empire"
    assert say(ENGLISH, "Teil {1} von {2}", 2, 4) == "Teil 2 von 4"            # untranslated: the German


def test_a_sentence_cardgen_does_not_list_is_an_error_not_a_word_on_the_report():
    with pytest.raises(KeyError, match="is not one of the words cardgen prints"):
        say(Words(), "{1} kostet zu viel", "x")


@pytest.mark.parametrize(("lang", "mark", "printed"), [("", ",", "0,42"), ("de", ",", "0,42"), ("en", ".", "0.42"),
                                                         ("fr", ",", "0,42")])
def test_the_decimal_mark_is_the_language_s(lang, mark, printed):
    assert decimal_mark(lang) == mark and decimal(0.4162, 2, decimal_mark(lang)) == printed


def test_the_report_s_own_words_in_a_language():
    source, english = report_text(), report_text(ENGLISH, "en")
    assert (source.lang, source.translated, source.method) == ("de", False, "So gerechnet")
    assert (english.lang, english.translated, english.method, english.mark) == ("en", True, "How it is computed", ".")
    assert english.heading == "Balance: Punkte gegen Wirkung"                   # untranslated: the German
