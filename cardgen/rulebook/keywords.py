"""Keywords: every trait, damage effect and power of the content links to its definition.

A **keyword** is the name of a content object of one of :data:`KINDS` (traits,
damage effects, powers).  The game's states (Brennen, Panik, Schock …) are not
content objects -- the rulebook explains them under its own headings -- so they
are not keywords; link to them by hand (``[Brennen](#brennen)``).

A keyword's **definition** is, in this order:

1. the anchor of its entry in a ``{{ list: traits }}`` / ``{{ list: powers }}``
   (``trait-<id>``, ``power-<id>``) or of its row in ``{{ table: damage-effects }}``
   (``effect-<id>``) -- the content's own text;
2. else a heading whose text is the keyword's name (``### Zäh``).

A keyword without a definition in the document is not linked.

**Links.**  A core rule on the token stream (after the inline parse and the
heading ids) turns each mention of a keyword in text into a link
``<a class="keyword" href="#…">``: the whole word, case as written (``Zäh``,
never ``zäh`` or ``Zähigkeit``); a trait's level form links too (``Bewährter
Fernkämpfer II``).  Never inside a heading, a list entry's name, a link, code,
the glossary, nor inside the keyword's own definition (its list entry or table row, or the
section of its heading).  How often: ``first`` (the default) links the first
mention in each section (the text from one heading to the next), ``every``
every mention, ``off`` none; ``keyword_links`` in ``cardgen.toml``
(``env["keyword_links"]``), the front matter's ``keyword_links:`` wins.

**Glossary.**  ``{{ glossary }}`` on a line of its own becomes a ``glossary``
token: every keyword that has a definition in the document, sorted as a German
dictionary sorts (:func:`german_key`), each entry a link to the definition with
a short kind label; the book's CSS prints the page number
(``target-counter(attr(href url), page)``).  A document with a glossary claims
to be the reference: each keyword of the content it never defines is a warning.

:func:`keyword_link_problem` explains a broken ``#trait-x`` link (the content
lacks the object, or the document its entry); the document's link check uses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, Iterator, Literal

from cardgen.content.collation import name_key
from cardgen.content.words import Words
from cardgen.errors import did_you_mean
from cardgen.vocabulary import ROMAN

if TYPE_CHECKING:   # annotations only: the build cache reads KEYWORD_KINDS without markdown-it
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token

KINDS: dict[str, tuple[str, str, str, str]] = {
    "traits": ("trait", "Eigenschaft", "{{ list: traits }}", "trait"),
    "damage_effects": ("effect", "Schadenseffekt", "{{ table: damage-effects }}", "damage effect"),
    "powers": ("power", "Kraft", "{{ list: powers }}", "power"),
}
"""Content kind → (anchor prefix, the glossary's kind label, what prints its entries, its name in warnings)."""
KEYWORD_KINDS = tuple(sorted(KINDS))
"""The content kinds the keywords read (for the build cache's key)."""
DEFAULT_MODE = "first"
_GLOSSARY = re.compile(r"^\{\{\s*glossary\s*\}\}\s*$")
_TERMS = ("heading_open", "dt_open")      # a heading's or a list entry's own name never links
_LEVEL = "|".join(sorted(ROMAN, key=len, reverse=True))


@dataclass(frozen=True)
class Keyword:
    """One keyword: its name, kind (``traits`` …), content id and its anchor once defined."""

    name: str
    kind: str
    id: str
    anchor: str = ""                       # the definition's id in this document ("" = none)

    @property
    def entry_anchor(self) -> str:
        """The anchor its list entry or table row has: ``trait-zäh``."""
        return f"{KINDS[self.kind][0]}-{self.id}"

    @property
    def label(self) -> str:
        return KINDS[self.kind][1]


def german_key(text: str) -> tuple[str, str, str]:
    """Sort key of German dictionaries (DIN 5007-1): ä as a, ö as o, ü as u, ß as ss, case ignored;
    ties broken by the accents, then by case.  No locale needed (:func:`cardgen.content.collation.name_key`)."""
    return name_key(text, "de")


def content_keywords(content: Any) -> list[Keyword]:
    """Every keyword of ``content`` (kinds it lacks are skipped), not yet placed."""
    found = []
    for kind in KINDS:
        for item in (getattr(content, kind, None) or {}).values():
            if str(item.name).strip():
                found.append(Keyword(str(item.name).strip(), kind, str(item.id)))
    return found


def place_keywords(keywords: list[Keyword], tokens: list[Token]) -> list[Keyword]:
    """``keywords`` with the anchor of their definition in ``tokens`` (see the module docstring)."""
    ids = {str(t.attrGet("id")) for t in tokens if t.attrGet("id")}
    headings: dict[str, str] = {}
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.attrGet("id"):
            headings.setdefault(" ".join(tokens[index + 1].content.split()), str(token.attrGet("id")))
    placed = []
    for keyword in keywords:
        anchor = keyword.entry_anchor if keyword.entry_anchor in ids else headings.get(keyword.name, "")
        placed.append(Keyword(keyword.name, keyword.kind, keyword.id, anchor))
    return placed


def keyword_pattern(names: list[str]) -> re.Pattern[str] | None:
    """Any of ``names`` as a whole word (longest first), with an optional level (``II``) after it."""
    if not names:
        return None
    alternatives = "|".join(re.escape(name) for name in sorted(set(names), key=lambda n: (-len(n), n)))
    return re.compile(rf"(?<!\w)(?P<name>{alternatives})(?P<level>[ \u00a0](?:{_LEVEL}))?(?!\w)")


class _Linker:
    """Links the mentions of the defined keywords, section by section."""

    def __init__(self, keywords: list[Keyword], mode: str) -> None:
        self.by_name = {k.name: k for k in keywords if k.anchor}
        self.pattern = keyword_pattern(list(self.by_name))
        self.mode = mode
        self.linked: set[str] = set()        # names linked in this section (mode "first")
        self.inside: set[str] = set()        # anchors whose own definition this text is in

    def section(self, anchor: str) -> None:
        self.linked = set()
        self.inside = {anchor} if anchor else set()

    def link_children(self, children: list[Token]) -> list[Token]:
        out: list[Token] = []
        links = 0                            # open links (Markdown or raw <a>)
        for child in children:
            if child.type == "link_open" or (child.type == "html_inline" and re.match(r"<a[\s>]", child.content, re.I)):
                links += 1
            elif child.type == "link_close" or (child.type == "html_inline" and re.match(r"</a\s*>", child.content, re.I)):
                links = max(0, links - 1)
            if child.type == "text" and not links and self.pattern is not None:
                out += self._split(child)
            else:
                out.append(child)
        return out

    def _split(self, text: Token) -> list[Token]:
        out, start = [], 0
        for match in self.pattern.finditer(text.content):  # type: ignore[union-attr]
            keyword = self.by_name[match["name"]]
            if keyword.anchor in self.inside or (self.mode == "first" and keyword.name in self.linked):
                continue
            self.linked.add(keyword.name)
            end = match.end() if keyword.kind == "traits" else match.end("name")
            out += _text(text, text.content[start:match.start()])
            link = _token("link_open", "a", 1, level=text.level,
                          attrs={"href": f"#{keyword.anchor}", "class": "keyword"})
            out += [link, *_text(text, text.content[match.start():end], text.level + 1),
                    _token("link_close", "a", -1, level=text.level)]
            start = end
        return out + _text(text, text.content[start:]) if out else [text]


def _token(kind: str, tag: str, nesting: Literal[-1, 0, 1], **fields: Any) -> Token:
    from markdown_it.token import Token   # lazy: see the imports

    return Token(kind, tag, nesting, **fields)


def _text(model: Token, content: str, level: int | None = None) -> list[Token]:
    return [_token("text", "", 0, level=model.level if level is None else level, content=content)] if content else []


def _blocks(tokens: list[Token], linker: _Linker) -> Iterator[Token]:
    """The inline tokens whose text may link, keeping the linker's section and definition current."""
    entry = row = ""
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            linker.section(str(token.attrGet("id") or ""))
            entry = row = ""
        elif token.type == "dt_open":
            entry = str(token.attrGet("id") or "")
        elif token.type == "dl_close":
            entry = ""
        elif token.type == "tr_open":
            row = str(token.attrGet("id") or "")
        elif token.type == "tr_close":
            row = ""
        elif token.type == "inline" and token.children and not (index and tokens[index - 1].type in _TERMS):
            section = linker.inside
            linker.inside = section | ({entry} if entry else set()) | ({row} if row else set())
            yield token
            linker.inside = section


def link_keywords(state: StateCore) -> None:
    """Core rule: place the keywords, link their mentions, fill in and check the glossary."""
    content = state.env.get("content")
    warnings = state.env.setdefault("warnings", [])
    if isinstance(content, Exception) and not any(str(content) in message for _, message in warnings):
        # never silent: say why nothing is linked (unless a directive has said it already)
        warnings.append((1, f"keywords are not linked and no glossary is filled: {content}"))
    if content is None or isinstance(content, Exception):
        return
    keywords = place_keywords(content_keywords(content), state.tokens)
    mode = document_mode(state.tokens, state.env)
    if mode != "off":
        linker = _Linker(keywords, mode)
        for block in _blocks(state.tokens, linker):
            block.children = linker.link_children(block.children or [])
    glossaries = [t for t in state.tokens if t.type == "glossary"]
    lang = getattr(content, "lang", "")            # the glossary in the content's language's order
    defined = sorted((k for k in keywords if k.anchor), key=lambda k: (name_key(k.name, lang), k.kind, k.id))
    words = getattr(content, "words", None) or Words()  # the kinds' labels in the content's language
    for glossary in glossaries:
        glossary.meta["entries"] = [(k.name, words[k.label], k.anchor) for k in defined]
        glossary.meta["empty"] = words["Keine Stichwörter."]
    if glossaries:
        line = (glossaries[0].map or [0])[0] + 1
        state.env.setdefault("warnings", []).extend(
            (line, f"{KINDS[k.kind][3]} '{k.id}' ({k.name}) is never explained in this document; "
                   f"print its entry with {KINDS[k.kind][2]} or give it a heading '{k.name}'")
            for k in sorted(keywords, key=lambda k: (k.kind, german_key(k.name))) if not k.anchor)


def document_mode(tokens: list[Token], env: MutableMapping[str, Any]) -> str:
    """The front matter's ``keyword_links:``, else the project's (``env["keyword_links"]``), else ``first``."""
    if tokens and tokens[0].type == "front_matter":
        # lazy: the front matter reader imports the content loader
        from cardgen.rulebook.frontmatter import keyword_links, read_front_matter

        mode = keyword_links(read_front_matter(tokens[0].content, "", 2)[0])
        if mode:
            return mode
    return env.get("keyword_links") or DEFAULT_MODE


def glossary_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: a line ``{{ glossary }}`` becomes a ``glossary`` token (filled in by :func:`link_keywords`)."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    if not _GLOSSARY.match(state.src[state.bMarks[start] + state.tShift[start]:state.eMarks[start]]):
        return False
    if not silent:
        token = state.push("glossary", "nav", 0)
        token.map = [start, start + 1]
        token.block = True
    state.line = start + 1
    return True


def render_glossary(self: Any, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
    entries = tokens[idx].meta.get("entries", [])
    lines = ['<nav class="glossary">\n<ul>\n']
    for name, label, anchor in entries:
        lines.append(f'<li><a href="#{escape(anchor)}"><span class="term">{escape(name)}</span> '
                     f'<span class="kind">{escape(label)}</span></a></li>\n')
    if not entries:
        lines.append(f'<li class="empty">{escape(tokens[idx].meta.get("empty", "Keine Stichwörter."))}</li>\n')
    lines.append("</ul>\n</nav>\n")
    return "".join(lines)


def keyword_link_problem(slug: str, content: Any) -> str | None:
    """Why the link ``#slug`` to a keyword's entry (``trait-x``) finds nothing, or None for other slugs."""
    if content is None or isinstance(content, Exception):
        return None
    for kind, (prefix, _, prints, word) in KINDS.items():
        if slug.startswith(prefix + "-"):
            ids = [str(i) for i in (getattr(content, kind, None) or {})]
            object_id = slug[len(prefix) + 1:]
            if object_id in ids:
                return f"broken link #{slug}: this document has no entry for {word} '{object_id}' (print it with {prints})"
            hint = did_you_mean(object_id, ids).replace("'", f"'#{prefix}-", 1)
            return f"broken link #{slug}: the content has no {word} '{object_id}'{hint}"
    return None


def keywords_plugin(md: MarkdownIt) -> None:
    """Keyword links and ``{{ glossary }}`` (add after the heading ids and the content directives)."""
    md.block.ruler.before("paragraph", "glossary", glossary_block, {"alt": ["paragraph"]})
    md.core.ruler.push("keywords", link_keywords)
    md.add_render_rule("glossary", render_glossary)
