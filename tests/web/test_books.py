"""cardgen.site.books: a chapter's title made its one h1, links to other chapters, its sections."""

from __future__ import annotations

import pytest

from cardgen.site.books import anchors_of, linked, sections_of, titled


def test_the_first_heading_becomes_the_title_and_later_h1s_h2s():
    body = '<h2 id="grundlagen">Grund<em>lagen</em></h2>\n<p>Text</p>\n<h1 id="mehr">Mehr</h1>\n<h3 id="wurf">Wurf</h3>'
    rest, text, inner, anchor = titled(body, "Buch 2")
    assert (text, inner, anchor) == ("Grundlagen", "Grund<em>lagen</em>", "grundlagen")
    assert rest == '\n<p>Text</p>\n<h2 id="mehr">Mehr</h2>\n<h3 id="wurf">Wurf</h3>'


def test_a_chapter_without_a_heading_keeps_its_body_and_takes_the_fallback():
    assert titled("<p>nur Text</p>", "Buch 3") == ("<p>nur Text</p>", "Buch 3", "Buch 3", "")


def test_links_point_to_the_chapter_that_holds_the_anchor():
    body = '<a href="#hier">a</a> <a href="#dort">b</a> <a href="#nirgends">c</a>'
    assert linked(body, {"hier"}, {"hier": "kapitel-1.html", "dort": "kapitel-2.html"}) == (
        '<a href="#hier">a</a> <a href="kapitel-2.html#dort">b</a> <a href="#nirgends">c</a>')


def test_sections_are_the_h2_and_h3_with_ids():
    body = '<h2 id="a">A &amp; B</h2><h3 id="b">B</h3><h4 id="c">C</h4><h2>ohne</h2>'
    assert [(h.level, h.text, h.anchor) for h in sections_of(body)] == [(2, "A & B", "a"), (3, "B", "b")]
    assert anchors_of(body) == ["a", "b", "c"]


def test_the_rule_index_names_anchors_and_headings_by_their_chapter():
    from cardgen.site.books import Book, Chapter, Heading, rule_index

    chapter = Chapter("kapitel-2.html", "Eigenschaften", "Eigenschaften", "eigenschaften",
                      '<p id="trait-zaeh">Zäh</p><h3 id="sprung">Springen</h3>', (Heading(3, "Springen", "sprung"),))
    index = rule_index([Book("b", "Buch", "rulebooks/b.pdf", (chapter,))])
    assert index["trait-zaeh"] == ("Eigenschaften", "regeln/b/kapitel-2.html#trait-zaeh")
    assert index["\0Springen"] == ("Eigenschaften", "regeln/b/kapitel-2.html#sprung")
    assert index["\0Eigenschaften"] == ("Eigenschaften", "regeln/b/kapitel-2.html#eigenschaften")


@pytest.mark.parametrize("titles, game", [
    (["Universalis - Regelbuch", "Universalis - Eigenschaften"], "Universalis"),
    (["Universalis – Kurzregeln"], "Universalis – Kurzregeln"),
    (["Probeheft - Eigenschaften", "Probeheft - Regelbuch"], "Probeheft"),
    (["Regelbuch", "Regelheft"], "Regelbuch"),             # a common start inside a word is no name
    ([], "mein-spiel"),
])
def test_the_game_is_what_the_books_titles_begin_with(titles, game):
    from cardgen.site.books import Book
    from cardgen.site.build import game_title

    assert game_title([Book(str(i), t, "", ()) for i, t in enumerate(titles)], "mein-spiel") == game
