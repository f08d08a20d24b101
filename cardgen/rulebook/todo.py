"""The author's TODO notes: shown in a draft, hidden and counted otherwise.

Two forms are notes: a ``!!! TODO ...`` admonition (with its whole body) and
a paragraph line starting with the word ``TODO`` at the start of a paragraph
(only that first line: ``TODO austauschen`` directly above an image hides
the note, not the image the note is about).  Without ``draft`` they
are removed from the token stream -- so the images and links inside them are
neither rendered nor checked -- and the source line of each is appended to
``env["todos"]`` so the build can say how many were hidden.  With ``draft``
they stay; a TODO paragraph gets the class ``todo`` so it stands out.
TODO text inside other blocks (a table cell, a list item) is left alone.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

_TODO_TEXT = re.compile(r"^TODO\b")


def _is_todo_paragraph(tokens: list[Token], index: int) -> bool:
    token = tokens[index]
    return (token.type == "paragraph_open" and not token.hidden
            and bool(_TODO_TEXT.match(tokens[index + 1].content)))


def _block_end(tokens: list[Token], index: int) -> int:
    """Index after the close token matching the open token at ``index``."""
    depth = 0
    for position in range(index, len(tokens)):
        depth += tokens[position].nesting
        if depth == 0:
            return position + 1
    return len(tokens)


def _drop_first_line(paragraph: list[Token]) -> None:
    """Remove the TODO line of a paragraph that goes on after it."""
    opening, inline = paragraph[0], paragraph[1]
    inline.content = inline.content.split("\n", 1)[1]
    for token in (opening, inline):
        if token.map:
            token.map = [token.map[0] + 1, token.map[1]]


def _todo_rule(draft: bool):
    def hide_todos(state: StateCore) -> None:
        todos = state.env.setdefault("todos", [])
        kept: list[Token] = []
        index = 0
        tokens = state.tokens
        while index < len(tokens):
            token = tokens[index]
            is_admonition = token.type == "admonition_open" and token.meta.get("kind") == "todo"
            if not (is_admonition or _is_todo_paragraph(tokens, index)):
                kept.append(token)
                index += 1
                continue
            todos.append(token.map[0] + 1 if token.map else 0)
            end = _block_end(tokens, index)
            if draft:
                if not is_admonition:
                    token.attrJoin("class", "todo")
                kept.extend(tokens[index:end])
            elif not is_admonition and "\n" in tokens[index + 1].content:
                _drop_first_line(tokens[index:end])
                kept.extend(tokens[index:end])
            index = end
        state.tokens = kept
    return hide_todos


def todo_plugin(md: MarkdownIt, draft: bool = False) -> None:
    """Hide (or, in a draft, mark) TODO admonitions and TODO paragraphs."""
    md.core.ruler.after("block", "todo", _todo_rule(draft))
