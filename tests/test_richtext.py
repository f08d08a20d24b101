"""Rules text's inline Markdown (cardgen.richtext): what a card prints of it, and which pictures it refuses."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from cardgen.errors import RenderError
from cardgen.look.icons import icon_uri
from cardgen.richtext import card_html, card_paragraphs, icon_of, picture_problems
from cardgen.rulebook.markdown import make_markdown


@pytest.mark.parametrize("text, html", [
    ("**fett** und _kursiv_", "<strong>fett</strong> und <em>kursiv</em>"),
    ("*auch kursiv* und __auch fett__", "<em>auch kursiv</em> und <strong>auch fett</strong>"),
    ("~~alt~~ neu", "<s>alt</s> neu"),
    ("siehe [Brennen](#brennen).", "siehe Brennen."),                     # a link prints its text
    ("[**fetter** Link](https://example.org)", "<strong>fetter</strong> Link"),
    ("<b>nicht</b> & so", "&lt;b&gt;nicht&lt;/b&gt; &amp; so"),          # HTML prints as text
    ("[x](javascript:alert(1))", "[x](javascript:alert(1))"),            # no link at all: as written
    ("NK +2; Stärke x2*", "NK +2; Stärke x2*"),                          # a lone mark stays a character
    ("3\u00a0cm", "3\u00a0cm"),
])
def test_card_html(text, html):
    assert card_html(text) == html
    assert isinstance(card_html(text), Markup)                 # the template prints it as it is


def test_a_picture_of_the_icon_set_prints_as_that_icon():
    html = card_html("Ziel ![Brennen](Grafiken/Marker/brennen.svg) setzen")
    assert html == f'Ziel <img class="inline-icon" src="{icon_uri("Marker/brennen.svg")}" alt="Brennen"> setzen'
    assert picture_problems("![Brennen](../Grafiken/Marker/brennen.svg)") == []


@pytest.mark.parametrize("src", ["Grafiken/eigenes.svg", "../../etc/passwd", "/etc/passwd", "https://x.org/a.svg",
                                 "file:///etc/passwd"])
def test_any_other_picture_is_a_problem_and_never_rendered(src):
    [problem] = picture_problems(f"Vorher ![Bild]({src}) nachher")
    assert f"picture '{src}' in a rules text" in problem and "icon set" in problem
    with pytest.raises(RenderError, match="in a rules text"):
        card_html(f"![Bild]({src})")


def test_icon_of():
    assert icon_of("Grafiken/Marker/brennen.svg") == "Marker/brennen.svg"
    assert icon_of("../../Grafiken/Effekt/brand.svg") == "Effekt/brand.svg"
    assert icon_of("Marker/gift.svg") == "Marker/gift.svg"


def test_the_rulebook_reads_the_same_marks():
    """The rulebook's parser and the card's agree on every mark; they differ only where paper does
    (the rulebook keeps the link)."""
    text = "**fett**, _kursiv_, ~~alt~~ und [Brennen](#brennen)"
    rulebook = make_markdown().renderInline(text)
    assert rulebook == '<strong>fett</strong>, <em>kursiv</em>, <s>alt</s> und <a href="#brennen">Brennen</a>'
    assert card_html(text) == "<strong>fett</strong>, <em>kursiv</em>, <s>alt</s> und Brennen"


def test_card_paragraphs():
    assert card_paragraphs(("**a**", "b")) == ("<strong>a</strong>", "b")
