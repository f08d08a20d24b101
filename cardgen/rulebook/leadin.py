"""Lead-ins: a paragraph ending in ":" gets the class ``lead-in`` when a table, list, picture or card figure follows.

"Die Farben der Marker bedeuten Folgendes:" introduces what comes next and must not end a page
without it.  CSS cannot see a paragraph's last character, so this core rule marks it and
``book.css`` keeps it with the next block (``p.lead-in { break-after: avoid }``).  What counts as
introduced: a table, a bullet or numbered list, a paragraph holding nothing but pictures
(attributes such as ``{align="center"}`` already taken off), or a card figure (``{{ card: … }}``:
"… des Modells:" ended a page whose figure began the next).  A paragraph ending in ":" before
anything else (more prose, a heading, a box) is left alone.

It runs after the inline rules, the attributes and the TODO notes
(:mod:`cardgen.rulebook.todo`), so it sees the text and the blocks as they are printed.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

LEAD_IN = "lead-in"
_INTRODUCED = {"table_open", "bullet_list_open", "ordered_list_open"}
_BLANK = {"softbreak", "hardbreak"}


def _is_picture(tokens: list[Token], index: int) -> bool:
    """Whether the paragraph opening at ``index`` holds only pictures."""
    if tokens[index].type != "paragraph_open" or index + 1 >= len(tokens):
        return False
    children = tokens[index + 1].children or []
    pictures = [child for child in children if child.type == "image"]
    rest = [child for child in children if child.type not in _BLANK and child.type != "image"
            and not (child.type == "text" and not child.content.strip())]
    return bool(pictures) and not rest


def _is_figure(token: Token) -> bool:
    """Whether ``token`` is a card figure (:func:`cardgen.rulebook.directive.content_directive`)."""
    return token.type == "html_block" and token.info == "card"


def _ends_with_colon(inline: Token) -> bool:
    text = [child for child in inline.children or () if child.type not in _BLANK]
    return bool(text) and text[-1].type == "text" and text[-1].content.rstrip().endswith(":")


def mark_lead_ins(state: StateCore) -> None:
    """Core rule: give each paragraph ending in ":" followed by a table, list, picture or figure the class."""
    tokens = state.tokens
    for index in range(len(tokens) - 3):
        token = tokens[index]
        if token.type != "paragraph_open" or token.hidden or not _ends_with_colon(tokens[index + 1]):
            continue
        following = index + 3                       # after paragraph_open, inline, paragraph_close
        if tokens[following].type in _INTRODUCED or _is_picture(tokens, following) or _is_figure(tokens[following]):
            token.attrJoin("class", LEAD_IN)


def lead_in_plugin(md: MarkdownIt) -> None:
    """Mark lead-in paragraphs (add it after the attributes and the TODO notes)."""
    md.core.ruler.push("lead_in", mark_lead_ins)
