"""The nesting cap (cardgen.rulebook.depth): content nested deeper than MAX_DEPTH stays as text, with a
warning at its line; shallower content is left alone.  (Hostile input: tests/security/test_markdown_depth.py.)"""

from __future__ import annotations

from cardgen.rulebook.depth import MAX_DEPTH
from cardgen.rulebook.markdown import make_markdown


def test_a_real_rulebook_nesting_is_left_alone():
    env: dict = {}
    html = make_markdown().render("> - **[a](#a)**\n>   - b\n", env)
    assert env.get("warnings", []) == [] and "<strong><a href=\"#a\">a</a></strong>" in html


def test_a_blockquote_deeper_than_the_cap_keeps_its_text_and_warns_once():
    env: dict = {}
    html = make_markdown().render("Text\n\n" + ">" * (MAX_DEPTH + 10) + " tief\n", env)
    assert html.count("<blockquote>") == MAX_DEPTH and "tief" in html
    assert env["warnings"] == [
        (3, f"Markdown nested more than {MAX_DEPTH} levels deep; the rest of the block is shown as text")]
