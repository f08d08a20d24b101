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
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

MARKER = "[[toc]]"


def replace_markers(state: StateCore) -> None:
    """Core rule: turn each ``[[toc]]`` paragraph into one ``toc`` token."""
    tokens, out, index = state.tokens, [], 0
    while index < len(state.tokens):
        token = tokens[index]
        if (token.type == "paragraph_open" and index + 2 < len(tokens)
                and tokens[index + 1].content.strip().lower() == MARKER):
            toc = Token("toc", "nav", 0, map=token.map, block=True, level=token.level)
            out.append(toc)
            index += 3
            continue
        out.append(token)
        index += 1
    state.tokens = out


def heading_entries(tokens: list[Token], start: int, levels: range) -> list[tuple[int, str, str]]:
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


def _render_toc(levels: range):
    def render(self, tokens, idx, options, env) -> str:
        lines = ['<nav class="toc">\n<ul>\n']
        for level, slug, title in heading_entries(tokens, idx, levels):
            lines.append(f'<li class="toc-{level}"><a href="#{escapeHtml(slug)}">'
                         f'{escapeHtml(title)}</a></li>\n')
        lines.append("</ul>\n</nav>\n")
        return "".join(lines)
    return render


def toc_plugin(md: MarkdownIt, min_level: int = 1, max_level: int = 6) -> None:
    """Replace ``[[toc]]`` by a linked list of the following headings."""
    md.core.ruler.after("block", "toc", replace_markers)
    md.add_render_rule("toc", _render_toc(range(min_level, max_level + 1)))
