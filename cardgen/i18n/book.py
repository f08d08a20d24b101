"""A rulebook's messages, block by block from its markdown-it tokens, and a language laid over them.

The dialect's parser (:func:`cardgen.rulebook.markdown.make_markdown`) gets one more core rule, right
after markdown-it has parsed the inline text (``text_join``) and before any rule of the dialect reads it
(attributes, heading ids, keyword links, the contents): :func:`book_rule`.  It walks the blocks --
headings, paragraphs, list items, table cells, admonition titles and bodies -- and each picture's alt
text; every block is one message (:mod:`cardgen.i18n.placeholders`).  Extracting, it records them;
translating, it puts the translation's tokens in place of the source's.  Every rule after it sees the
translated book: the heading ids are made from the translated headings, the keyword links find the
translated names, the contents list the translated titles.

``msgctxt`` is the section's path of heading slugs and the kind of block (``regeln/bewegung/p``,
``regeln/bewegung/h``, ``top/p`` before the first heading): stable while the author edits other sections,
and the same text twice in one section is one message (one translation, every line in its references).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.anchors.index import unique_slug

from cardgen.i18n.placeholders import PLACEHOLDER, from_translation, plain_text, to_message
from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.slug import dialect_slug

Lookup = Callable[[str, str, int], "str | None"]
"""(msgctxt, msgid, line) → the translation to print, or None (the source's text stays)."""

KINDS = {"heading_open": "h", "th_open": "cell", "td_open": "cell", "list_item_open": "li",
         "admonition_title_open": "note-title", "admonition_open": "note"}
"""The kind of block an inline token is in, by the nearest enclosing token that names one (a paragraph
outside them all: ``p``)."""


@dataclass(frozen=True)
class BookMessage:
    """One message of a rulebook: its context, text, source line and the section it is in."""

    context: str
    text: str
    line: int
    section: str


UNTRANSLATED = "untranslated"
"""The class of a block a draft prints in the source's words (its entry fuzzy or missing): ``book.css``
marks it with an orange bar in the margin (only ``--draft`` sets it; a print is never marked)."""


def book_rule(lookup: Lookup | None, found: list[BookMessage], draft: bool = False,
              untranslated: Callable[[str, str], bool] | None = None) -> Callable[[StateCore], None]:
    """The core rule: record each block's message in ``found``; with ``lookup``, translate it; ``draft``:
    a block that stays in the source's words gets the class :data:`UNTRANSLATED` -- with ``untranslated``
    only one it holds of (context, text): the book's own messages, not the blocks its directives write
    from the content (those are the content's, translated there)."""

    def rule(state: StateCore) -> None:
        path: list[tuple[int, str]] = []
        stack: list[str] = []
        tokens = state.tokens
        for index, token in enumerate(tokens):
            if token.nesting == 1:
                stack.append(token.type)
            elif token.nesting == -1 and stack:
                stack.pop()
            if token.type != "inline" or not token.children:
                continue
            heading = stack[-1] == "heading_open" if stack else False
            level = int(tokens[index - 1].tag[1:] or 1) if heading else 0
            if heading:
                path = [entry for entry in path if entry[0] < level]
            section = "/".join(slug for _, slug in path) or "top"
            kind = next((KINDS[t] for t in reversed(stack) if t in KINDS), "p")
            if heading and level > 1:            # the book's title is no section: renaming it moves none
                slug = dialect_slug(_without_placeholders(to_message(token.children).text)) or "untitled"
            kept = _one_block(token, f"{section}/{kind}", section, lookup, found)
            if kept is not None and draft and index and (untranslated is None or untranslated(f"{section}/{kind}", kept)):
                opener = tokens[index - 2] if tokens[index - 1].hidden and index > 1 else tokens[index - 1]
                opener.attrJoin("class", UNTRANSLATED)      # (a tight list's item: its hidden paragraph's)
            if heading and level > 1:            # (the source's heading: its translation moves no context)
                path.append((level, slug))
    return rule


def _without_placeholders(text: str) -> str:
    return " ".join(PLACEHOLDER.sub("", text).split())


def _one_block(token: Token, context: str, section: str, lookup: Lookup | None,
               found: list[BookMessage]) -> str | None:
    """Record (and with ``lookup`` translate) one block; its message if it holds text and stays in the
    source's words (its entry fuzzy or missing), else None."""
    line = (token.map[0] + 1) if token.map else 0
    message = to_message(token.children or [])
    readable = bool(message.text) and _readable(message.text)
    if readable:
        found.append(BookMessage(context, message.text, line, section))
    for image in message.images:
        if image.content.strip():
            found.append(BookMessage(f"{section}/alt", image.content.strip(), line, section))
    if lookup is None:
        return None
    translated = lookup(context, message.text, line) if readable else None
    for image in message.images:
        alt = lookup(f"{section}/alt", image.content.strip(), line) if image.content.strip() else None
        if alt is not None:
            image.children = from_translation(to_message([]), alt)
            image.content = alt
    if translated is not None:
        token.children = from_translation(message, translated)
        token.content = plain_text(token.children)
    return message.text if readable and translated is None else None


def _readable(text: str) -> bool:
    """Whether a message holds a word to translate (not only placeholders, digits and punctuation)."""
    return any(char.isalpha() for char in _without_placeholders(text))


def source_ids(state: StateCore) -> None:
    """Each heading's id as the source's book gives it (before its text is translated), in its ``meta``:
    the slug of its title, made unique in document order, as the dialect's ``anchor`` rule makes it."""
    tokens = state.tokens
    used = {str(t.attrGet("id")) for t in tokens if t.type == "heading_open" and t.attrGet("id")}
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and index + 1 < len(tokens):
            title = "".join(c.content for c in tokens[index + 1].children or () if c.type in ("text", "code_inline"))
            token.meta["source_id"] = str(token.attrGet("id") or "") or unique_slug(dialect_slug(title), used)


def translated_links(state: StateCore) -> None:
    """The author's links to a heading (``[…](#bewegung)``) pointed at its translated id (``#movement``):
    after the ``anchor`` rule has given the translated headings their ids."""
    tokens = state.tokens
    moved = {t.meta["source_id"]: str(t.attrGet("id")) for t in tokens
             if t.type == "heading_open" and "source_id" in t.meta and t.attrGet("id")}
    ids = set(moved.values())
    moved = {old: new for old, new in moved.items() if old != new and old not in ids}
    for token in tokens:
        for child in token.children or ():
            href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
            if href.startswith("#") and href[1:] in moved:
                child.attrSet("href", "#" + moved[href[1:]])


def translating_markdown(draft: bool, lookup: Lookup | None, found: list[BookMessage],
                         untranslated: Callable[[str, str], bool] | None = None) -> MarkdownIt:
    """The dialect's parser with :func:`book_rule` after markdown-it's inline parsing; translating, the
    author's links to headings follow them to their translated ids (:func:`translated_links`);
    ``untranslated``: which blocks a draft marks (:func:`book_rule`)."""
    md = make_markdown(draft)
    if lookup is not None:
        md.core.ruler.after("text_join", "source_ids", source_ids)
    md.core.ruler.after("source_ids" if lookup is not None else "text_join", "translate",
                        book_rule(lookup, found, draft, untranslated))
    if lookup is not None:
        md.core.ruler.after("anchor", "translated_links", translated_links)
    return md


def book_messages(text: str) -> list[BookMessage]:
    """Every message of the rulebook ``text``, in document order (TODO notes as a print hides them)."""
    found: list[BookMessage] = []
    translating_markdown(False, None, found).parse(text, {})
    return found


def book_name(source: Path, base: Path) -> str:
    """A rulebook's name among a language's PO files: its path below ``base`` without ``.md``
    (``Regeln/Regelbuch.md`` → ``Regeln/Regelbuch``, whose messages are ``Regeln/Regelbuch.po``)."""
    return source.relative_to(base).with_suffix("").as_posix()
