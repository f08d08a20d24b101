"""The last word of a paragraph is never hyphenated, so no paragraph ends on a stub ("wer-/den.").

A paragraph's last line holding only the end of a broken word reads as a mistake; German setters
avoid it.  CSS has no selector for a paragraph's last line, and WeasyPrint's
``hyphenate-limit-chars`` limits the pieces of every break alike, so this core rule wraps the last
word of each paragraph in ``<span class="last-word">`` (a pair of inline tokens, so the nesting cap of
:mod:`cardgen.rulebook.depth` counts it), which ``book.css`` sets ``hyphens: manual``:
the word moves whole to the last line instead.  A word of fewer than :data:`MIN_LETTERS` letters
is never broken anyway (``hyphenate-limit-chars: 6 3 3``) and is left as it is, as is a paragraph
that ends in a picture or code rather than text, or holds raw HTML (the author's own markup).

It runs after every rule that reads or changes a paragraph's text (TODO notes, lead-ins, keyword
links), so it sees the words as they are printed.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MIN_LETTERS = 6
LAST_WORD = "last-word"
_LAST = re.compile(r"(\S+)(\s*)$")


def _split_last_word(inline: Token) -> None:
    """Wrap the last word of ``inline``'s text in a ``last-word`` span, where the text ends the paragraph."""
    children = inline.children or []
    if any(child.type == "html_inline" for child in children):
        return                          # raw HTML of the author's: his markup, left as he wrote it
    ends = [i for i, child in enumerate(children) if child.type == "text" and child.content.strip()]
    after = children[ends[-1] + 1:] if ends else []
    if not ends or any(child.nesting != -1 and not (child.type == "text" and not child.content.strip())
                       for child in after):
        return                          # no text, or the paragraph ends in something else (a picture, code)
    text = children[ends[-1]]
    match = _LAST.search(text.content)
    if match is None or sum(char.isalpha() for char in match.group(1)) < MIN_LETTERS:
        return
    before, word = Token("text", "", 0), Token("text", "", 0)
    before.content, word.content = text.content[:match.start()], match.group(0)
    opening, closing = Token("last_word_open", "span", 1), Token("last_word_close", "span", -1)
    opening.attrSet("class", LAST_WORD)
    children[ends[-1]:ends[-1] + 1] = [token for token in (before, opening, word, closing)
                                       if token is not before or before.content]


def _keep_last_words(state: StateCore) -> None:
    tokens = state.tokens
    for index, token in enumerate(tokens[:-1]):
        if token.type == "paragraph_open" and tokens[index + 1].type == "inline":
            _split_last_word(tokens[index + 1])


def last_word_plugin(md: MarkdownIt) -> None:
    """Keep each paragraph's last word whole (see the module's docstring)."""
    md.core.ruler.push("last_word", _keep_last_words)
