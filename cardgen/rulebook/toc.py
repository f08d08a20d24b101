"""``[[toc]]``: a table of contents of the headings that follow it.

A paragraph consisting of just ``[[toc]]`` becomes a ``toc`` token.  It is
rendered as ``<nav class="toc">`` with one entry per heading *after* the
marker (the title block and the contents' own heading stay out), each entry a
link ``<a href="#id">`` -- clickable in the PDF, and the book's CSS prints
the true page number with ``target-counter(attr(href), page)``.  Entries are
a flat list with a ``toc-N`` class per heading level, which is easier to
style and to break across pages than nested lists.

The heading ids are read at render time, so this plugin does not depend on
the order in which ``slug_plugin`` was added.

Which levels are listed: the front matter's ``toc: {levels: [2, 3]}``
first, else ``env["toc_levels"]`` (the project file's ``[toc] levels``),
else every level (:data:`DEFAULT_LEVELS`).  The front matter is read
quietly here; its wrong values are reported once, by
:mod:`cardgen.rulebook.frontmatter`.
"""

from __future__ import annotations

from typing import Collection

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MARKER = "[[toc]]"
DEFAULT_LEVELS = (1, 2, 3, 4, 5, 6)


def replace_markers(state: StateCore) -> None:
    """Core rule: turn each ``[[toc]]`` paragraph into one ``toc`` token."""
    tokens, out, index = state.tokens, [], 0
    levels: tuple[int, ...] | None = None
    while index < len(state.tokens):
        token = tokens[index]
        if (token.type == "paragraph_open" and index + 2 < len(tokens)
                and tokens[index + 1].content.strip().lower() == MARKER):
            toc = Token("toc", "nav", 0, map=token.map, block=True, level=token.level)
            if levels is None:
                levels = front_matter_levels(tokens) or state.env.get("toc_levels") or ()
            if levels:
                toc.meta["levels"] = tuple(levels)
            out.append(toc)
            index += 3
            continue
        out.append(token)
        index += 1
    state.tokens = out


def heading_entries(tokens: list[Token], start: int, levels: Collection[int]) -> list[tuple[int, str, str]]:
    """``(level, id, title)`` of every heading after ``start`` with a level in ``levels``."""
    entries = []
    for index in range(start + 1, len(tokens) - 1):
        token = tokens[index]
        level = int(token.tag[1]) if token.type == "heading_open" else 0
        if level in levels and token.attrGet("id"):
            title = "".join(child.content for child in tokens[index + 1].children or ()
                            if child.type in ("text", "code_inline"))
            entries.append((level, str(token.attrGet("id")), title.strip()))
    return entries


def front_matter_levels(tokens: list[Token]) -> tuple[int, ...] | None:
    """The levels the front matter's ``toc: {levels: [...]}`` names, if it names valid ones."""
    if not tokens or tokens[0].type != "front_matter":
        return None
    # lazy: the front matter reader imports the content loader
    from cardgen.rulebook.frontmatter import read_front_matter, toc_levels

    data, _ = read_front_matter(tokens[0].content, "", 2)
    return toc_levels(data)


def remember_tokens(state: StateCore) -> None:
    """Core rule, the last one: keep the final token list for rendering.  The title block and
    the body are rendered separately, so a ``[[toc]]`` in the title block must find the
    headings of the body here."""
    state.env["toc_tokens"] = state.tokens


def _render_toc(default: range):
    def render(self, tokens, idx, options, env) -> str:
        levels = tokens[idx].meta.get("levels") or default
        every = env.get("toc_tokens") if isinstance(env, dict) else None
        if every is not None and any(t is tokens[idx] for t in every):
            idx = next(i for i, t in enumerate(every) if t is tokens[idx])
            tokens = every
        lines = ['<nav class="toc">\n<ul>\n']
        for level, slug, title in heading_entries(tokens, idx, levels):
            lines.append(f'<li class="toc-{level}"><a href="#{escapeHtml(slug)}">'
                         f'{escapeHtml(title)}</a></li>\n')
        lines.append("</ul>\n</nav>\n")
        return "".join(lines)
    return render


def toc_plugin(md: MarkdownIt, min_level: int = 1, max_level: int = 6) -> None:
    """Replace ``[[toc]]`` by a linked list of the following headings (add it before the
    rules that rewrite the token list; :func:`toc_tokens_plugin` after all of them)."""
    md.core.ruler.after("block", "toc", replace_markers)
    md.add_render_rule("toc", _render_toc(range(min_level, max_level + 1)))


def toc_tokens_plugin(md: MarkdownIt) -> None:
    """Let ``[[toc]]`` see every heading even when the document is rendered in parts."""
    md.core.ruler.push("toc_tokens", remember_tokens)
