"""A block's inline tokens as one message with numbered placeholders; a translation read back; what it broke."""

from __future__ import annotations

import pytest

from cardgen.i18n.placeholders import from_translation, markup_problem, placeholder_problem, to_message
from cardgen.rulebook.markdown import make_markdown


def inline(text: str):
    """The children of the first inline token of ``text`` as the translation rule sees them: parsed by
    the dialect, before its rules after markdown-it's ``text_join`` (the attributes, the last word ...)."""
    md = make_markdown()
    rules = [rule.name for rule in md.core.ruler.__rules__]
    md.core.ruler.disable(rules[rules.index("text_join") + 1:])
    return next(t for t in md.parse(text, {}) if t.type == "inline").children


@pytest.mark.parametrize("source, message", [
    ("Ein **Modell** darf [laufen](#bewegung).", "Ein <1>Modell</1> darf <2>laufen</2>."),
    ("Mit `code` und {{ odds: a }} und [Platzhalter] weiter", "Mit {1} und {2} und {3} weiter"),
    ("Zeile eins\nzeile zwei", "Zeile eins zeile zwei"),
    ("Ein Bild ![Brennen](Grafiken/x.svg) hier", "Ein Bild {1} hier"),
    ("Wörtlich {3} und <1>", "Wörtlich {1} und {2}"),
    ("Bewegung {#bewegung}", "Bewegung {1}"),
])
def test_the_message_of_a_block(source, message):
    assert to_message(inline(source)).text == message


def test_a_translation_comes_back_as_the_source_s_own_tokens():
    children = inline("Ein **Modell** darf [laufen](#bewegung) und {{ odds: a }}.")
    message = to_message(children)
    tokens = from_translation(message, "A {3} <2>may walk</2> as a <1>model</1>.")
    assert [(t.type, t.content) for t in tokens] == [
        ("text", "A {{ odds: a }} "), ("link_open", ""), ("text", "may walk"), ("link_close", ""),
        ("text", " as a "), ("strong_open", ""), ("text", "model"), ("strong_close", ""), ("text", ".")]
    assert tokens[1].attrGet("href") == "#bewegung"


def test_a_translation_adds_no_markup_of_its_own():
    message = to_message(inline("Ein Modell."))
    tokens = from_translation(message, "A **model** <b>x</b>.")
    assert [(t.type, t.content) for t in tokens] == [("text", "A **model** <b>x</b>.")]


@pytest.mark.parametrize("translation, problem", [
    ("A <1>model</1> {2}.", None),
    ("{2} <1>model</1>.", None),
    ("A model {2}.", "placeholders do not match the source: missing <1>, </1>; keep each of <1>, </1>, {2} once "
                     "(they stand for markup, links and directives)"),
    ("A <1>model</1> {2} {3}.", "placeholders do not match the source: not in the source {3}; keep each of <1>, "
                                "</1>, {2} once (they stand for markup, links and directives)"),
    ("A <1>model</1> {2} {2}.", "placeholders do not match the source: not in the source {2}; keep each of <1>, "
                                "</1>, {2} once (they stand for markup, links and directives)"),
    ("A </1>model<1> {2}.", "</1> closes before <1> opens; keep the pair in order"),
])
def test_what_a_translation_broke(translation, problem):
    assert placeholder_problem("Ein <1>Modell</1> {2}.", translation) == problem


@pytest.mark.parametrize("translation, problem", [
    ("See [Fire](#brand), **bold**.", None),
    ("See Fire, **bold**.", "markup does not match the source: missing link (#brand); keep the source's links, "
                            "pictures and emphasis"),
    ("See [Fire](#feuer), bold.", "markup does not match the source: missing link (#brand), strong; not in the "
                                  "source link (#feuer); keep the source's links, pictures and emphasis"),
])
def test_what_a_rules_text_s_translation_broke(translation, problem):
    assert markup_problem("Siehe [Brand](#brand), **fett**.", translation) == problem
