"""Names sorted as the content's language sorts them (cardgen.content.collation, issue 45 point 3)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from cardgen.content.collation import name_key
from cardgen.rulebook.fromcontent import select
from cardgen.rulebook.keywords import german_key

WORDS = ["Zebra", "Äpfel", "Apfel", "Öl", "Ofen", "Łódź", "Lwów", "Ñandu", "Nube", "Åsa", "ära"]


@pytest.mark.parametrize("lang, expected", [
    ("", ["Apfel", "Äpfel", "ära", "Åsa", "Łódź", "Lwów", "Ñandu", "Nube", "Ofen", "Öl", "Zebra"]),   # DIN 5007-1
    ("en", ["Apfel", "Äpfel", "ära", "Åsa", "Łódź", "Lwów", "Ñandu", "Nube", "Ofen", "Öl", "Zebra"]),
    ("sv", ["Apfel", "Łódź", "Lwów", "Ñandu", "Nube", "Ofen", "Zebra", "Åsa", "Äpfel", "ära", "Öl"]),  # å ä ö after z
    ("pl", ["Apfel", "Äpfel", "ära", "Åsa", "Lwów", "Łódź", "Ñandu", "Nube", "Ofen", "Öl", "Zebra"]),  # ł after l
    ("es", ["Apfel", "Äpfel", "ära", "Åsa", "Łódź", "Lwów", "Nube", "Ñandu", "Ofen", "Öl", "Zebra"]),  # ñ after n
    ("pt_BR", ["Apfel", "Äpfel", "ära", "Åsa", "Łódź", "Lwów", "Ñandu", "Nube", "Ofen", "Öl", "Zebra"]),
])
def test_names_sort_as_their_language_sorts_them(lang, expected):
    assert sorted(WORDS, key=lambda word: name_key(word, lang)) == expected


def test_german_is_din_5007_1_as_the_rulebook_s_glossary_sorted_before():
    words = ["Straße", "Strasse", "öl", "Öl", "Abend", "Äbte", "Affe"]
    assert sorted(words, key=german_key) == sorted(words, key=lambda w: name_key(w, "de"))
    assert sorted(words, key=german_key) == ["Abend", "Äbte", "Affe", "Öl", "öl", "Strasse", "Straße"]


def test_a_directive_s_rows_follow_the_language_of_the_content():
    items = [SimpleNamespace(name=name, id=name.lower()) for name in ("Ödland", "Oase", "Zone")]
    assert [i.name for i in select(items, {}, "table 'terrain'")] == ["Oase", "Ödland", "Zone"]
    assert [i.name for i in select(items, {}, "table 'terrain'", "sv")] == ["Oase", "Zone", "Ödland"]


def test_a_translated_content_carries_its_language():
    from cardgen.i18n.content import translated_content
    from cardgen.stages import load_and_derive
    from conftest import FIXTURES

    content, _ = load_and_derive(FIXTURES / "cards" / "small")
    assert content.lang == "" and translated_content(content, lambda *_: None, "sv").lang == "sv"
    assert replace(content, lang="sv") != content
