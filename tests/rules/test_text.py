"""cardgen.rules.text: a rules text as the paragraphs a card or the rulebook prints."""

from __future__ import annotations

import pytest

from cardgen.rules.text import paragraphs, power_paragraphs

NBSP = "\u00a0"


def test_blank_lines_separate_paragraphs_and_a_single_newline_does_not():
    text = "  Erster Satz.\nNoch im ersten.\n\n\n\nZweiter Absatz.  \n\n   \n"
    assert paragraphs(text) == ("Erster Satz.\nNoch im ersten.", "Zweiter Absatz.")


def test_an_empty_or_blank_text_has_no_paragraphs():
    assert paragraphs("") == ()
    assert paragraphs(" \n\n \n") == ()


@pytest.mark.parametrize("text, printed", [
    ("Reichweite 3 cm.", f"Reichweite 3{NBSP}cm."),
    ("verliert 2 TP und 1 AP", f"verliert 2{NBSP}TP und 1{NBSP}AP"),
    ("würfelt 2 W6 oder 1 W12", f"würfelt 2{NBSP}W6 oder 1{NBSP}W12"),
    ("3 cmx bleibt", "3 cmx bleibt"),               # not a unit: the word goes on
    ("3  cm", "3  cm"),                             # only one space is bound
    ("drei cm", "drei cm"),                         # no number before it
])
def test_a_power_keeps_each_number_with_its_unit(text, printed):
    assert power_paragraphs(text) == (printed,)


def test_power_paragraphs_splits_first():
    assert power_paragraphs("Ziel in 10 cm.\n\nKostet 3 AP.") == (f"Ziel in 10{NBSP}cm.", f"Kostet 3{NBSP}AP.")
