"""A cap on nesting: anything nested deeper than ``MAX_DEPTH`` is flattened, with a warning.

WeasyPrint builds, styles and lays out the element tree recursively, several
Python frames per element: a few hundred nested elements (``<div>`` a
thousand times, ``> > > >``, a run of ``*``) end in ``RecursionError``.  A
real rulebook nests about ten levels (admonition > list > item > list >
item > paragraph > strong > link), so the Markdown's HTML may nest at most
``MAX_DEPTH`` = 32 elements; deeper content is kept as text:

* a block rule, first of all block rules: a container (blockquote, list,
  admonition) opened at depth ``MAX_DEPTH`` shows the rest of its lines as
  plain text.  (markdown-it's own guard, ``maxNesting``, would drop them
  without a word; it is set just above the cap so it never does.)
* a core rule, the last one: walks the final tokens with the stack of open
  elements -- Markdown's and those of raw HTML (counted with
  :class:`html.parser.HTMLParser`; void elements do not nest, formatting
  tags left open count until closed, as HTML reopens them) -- and drops the
  tags of Markdown elements that would be deeper (their text stays), and
  shows raw HTML that would go deeper as text.

The same walk shows as text raw HTML whose table spans exceed HTML's own
limits (``colspan`` and ``span`` 1000, ``rowspan`` 65534): WeasyPrint does not
clamp ``colspan="99999999"`` and lays out that many columns for hours.  So
is raw HTML :mod:`html.parser` cannot read (``<![`` without a name), as its
depth is unknown.

Each place gives a warning with its line (the first ``MAX_WARNINGS``, then
a count), appended to ``env["warnings"]`` as ``(line, message)``.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from html import escape
from html.parser import HTMLParser
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MAX_DEPTH = 32
MAX_WARNINGS = 10
TOO_DEEP = "too_deep"  # token type: text shown instead of over-deep content
VOID = frozenset("area base br col embed hr img input keygen link meta param source track wbr".split())
FORMATTING = frozenset("a b big code em font i nobr s small strike strong tt u".split())
CLOSES_SAME = frozenset("p li dt dd tr td th option thead tbody tfoot".split())
MAX_SPANS = {"colspan": 1000, "span": 1000, "rowspan": 65534}  # HTML's own limits
_LEADING_NUMBER = re.compile(r"\s*([0-9]+)")


class _Open:
    """The open elements: ``(raw, name)`` entries, and formatting tags HTML would reopen."""

    def __init__(self, stack: list[tuple[bool, str]] | None = None, lingering: list[str] | None = None):
        self.stack = stack or []
        self.lingering = lingering or []

    def depth(self) -> int:
        return len(self.stack) + len(self.lingering)

    def copy(self) -> _Open:
        return _Open(list(self.stack), list(self.lingering))

    def _raw_index(self, name: str) -> int | None:
        """Index of the innermost open raw ``name`` above the innermost Markdown element."""
        for index in range(len(self.stack) - 1, -1, -1):
            raw, open_name = self.stack[index]
            if not raw:
                return None
            if open_name == name:
                return index
        return None

    def start_raw(self, name: str) -> None:
        if name in VOID:
            return
        index = self._raw_index(name) if name in CLOSES_SAME else None
        if index is not None:
            del self.stack[index:]
        self.stack.append((True, name))

    def end_raw(self, name: str) -> None:
        index = self._raw_index(name)
        if index is not None:
            del self.stack[index:]
        elif name in self.lingering:
            del self.lingering[len(self.lingering) - 1 - self.lingering[::-1].index(name)]

    def close_markdown(self) -> None:
        """Close the innermost Markdown element and the raw tags left open inside it."""
        while self.stack:
            raw, name = self.stack.pop()
            if not raw:
                return
            if name in FORMATTING:
                self.lingering.append(name)


def _too_wide(attrs: list[tuple[str, str | None]]) -> str | None:
    """What is wrong with the table spans among ``attrs``, if anything."""
    for name, value in attrs:
        match = _LEADING_NUMBER.match(value or "") if name in MAX_SPANS else None
        if match and int(match[1]) > MAX_SPANS[name]:
            return f"HTML {name}={int(match[1])} is more than {MAX_SPANS[name]}"
    return None


class _RawTags(HTMLParser):
    """Applies the tags of a piece of raw HTML to :class:`_Open`; notes the first problem."""

    def __init__(self, opened: _Open) -> None:
        super().__init__(convert_charrefs=True)
        self.opened = opened
        self.problem: tuple[int, str] | None = None  # (line within the piece, 1-based; what)

    def handle_starttag(self, tag: str, attrs) -> None:
        self.opened.start_raw(tag)
        if self.problem is None:
            wide = _too_wide(attrs)
            if wide or self.opened.depth() > MAX_DEPTH:
                self.problem = (self.getpos()[0], wide or f"HTML nested more than {MAX_DEPTH} levels deep")

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.handle_starttag(tag, attrs)  # HTML ignores "/>" on a non-void element: it stays open

    def handle_endtag(self, tag: str) -> None:
        self.opened.end_raw(tag)


def _apply_raw(opened: _Open, html: str) -> tuple[_Open, tuple[int, str] | None]:
    """``opened`` after the tags of ``html``, and the first problem of ``html``."""
    after = opened.copy()
    parser = _RawTags(after)
    try:
        parser.feed(html)
        parser.close()
    except AssertionError:  # html.parser on "<![" without a name: unknown depth, so refuse it
        return after, (parser.getpos()[0], "HTML '<![' declaration cannot be read")
    return after, parser.problem


def too_deep_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: at depth ``MAX_DEPTH`` the rest of the container is shown as text."""
    if state.level < MAX_DEPTH:
        return False
    if silent:
        return True
    token = state.push(TOO_DEEP, "p", 0)
    token.content = state.getLines(start, end, state.blkIndent, False)
    token.map = [start, end]
    state.env.setdefault("too_deep", []).append(
        (start + 1, f"Markdown nested more than {MAX_DEPTH} levels deep; "
                    "the rest of the block is shown as text"))
    state.line = end
    return True


class _Flattener:
    """The walk of the core rule over block tokens and inline children."""

    def __init__(self, env: MutableMapping[str, Any]) -> None:
        self.opened = _Open()
        self.places: list[tuple[int, str]] = env.setdefault("too_deep", [])  # (line, warning)

    def keep(self, token: Token, kept: list[bool], line: int) -> bool:
        """Whether ``token`` stays; updates the open elements."""
        if token.hidden:
            return True
        if token.nesting == 1:
            ok = self.opened.depth() < MAX_DEPTH
            kept.append(ok)
            if ok:
                self.opened.stack.append((False, token.type))
            else:
                self.places.append((line, f"Markdown nested more than {MAX_DEPTH} levels deep; "
                                          "the inner levels are flattened"))
            return ok
        if token.nesting == -1:
            ok = kept.pop() if kept else True
            if ok:
                self.opened.close_markdown()
            return ok
        if token.type in ("html_block", "html_inline"):
            after, problem = _apply_raw(self.opened, token.content)
            if problem is not None:
                what = "the block" if token.type == "html_block" else "the tag"
                self.places.append((line + problem[0] - 1, f"{problem[1]}; {what} is shown as text"))
                token.type = TOO_DEEP if token.type == "html_block" else "text"
                return True
            self.opened = after
        return True

    def walk_inline(self, inline: Token) -> None:
        kept: list[bool] = []
        line = inline.map[0] + 1 if inline.map else 0
        children = []
        for child in inline.children or []:
            if self.keep(child, kept, line):
                children.append(child)
            if child.type in ("softbreak", "hardbreak"):
                line += 1
        inline.children = children

    def walk(self, tokens: list[Token]) -> list[Token]:
        kept: list[bool] = []
        out = []
        for token in tokens:
            if self.keep(token, kept, token.map[0] + 1 if token.map else 0):
                out.append(token)
            if token.type == "inline":
                self.walk_inline(token)
        return out


def flatten_too_deep(state: StateCore) -> None:
    """Core rule: flatten what lies deeper than ``MAX_DEPTH``; warn once per place."""
    state.tokens = _Flattener(state.env).walk(state.tokens)
    places = sorted(set(state.env.pop("too_deep", [])))
    warnings = state.env.setdefault("warnings", [])
    warnings += places[:MAX_WARNINGS]
    if len(places) > MAX_WARNINGS:
        warnings.append((places[MAX_WARNINGS][0], f"and {len(places) - MAX_WARNINGS} more places "
                                                  "nested too deeply or with too large table spans"))


def _render_too_deep(self, tokens: list[Token], idx: int, options, env) -> str:
    return f'<p class="too-deep">{escape(tokens[idx].content.strip())}</p>\n'


def depth_plugin(md: MarkdownIt) -> None:
    """Cap nesting at ``MAX_DEPTH``: add it last, after every other plugin."""
    md.options["maxNesting"] = MAX_DEPTH + 1
    md.block.ruler.before(md.block.ruler.get_all_rules()[0], "too_deep", too_deep_rule)
    md.core.ruler.push("too_deep", flatten_too_deep)
    md.add_render_rule(TOO_DEEP, _render_too_deep)
