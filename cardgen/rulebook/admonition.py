"""Admonitions as the rulebook dialect writes them: ``!!! kind Title``.

``mdit_py_plugins.admon`` does not fit: it reads ``!!! TODO neue Art "»"``
as five kinds with the title ``»``.  The dialect's rules are simpler:

* the first word after ``!!!`` is the kind, one of the types of the
  designer's editor extension (VS Code "Markdown Extended"): ``KINDS``,
  matched in any case (``TODO``); it becomes the CSS class in lower case.
  Aliases keep their own class (``check``) and share their family's look
  (``success``: colour and icon in ``book.css``).  An unknown kind is a
  warning with its line and the known kinds, and is shown as the extension
  shows it: a ``note`` titled with the whole rest of the line, the unknown
  word included (``!!! important Wichtig``: "important Wichtig"), so that no
  word the author wrote is dropped;
* the rest of the line is the title, exactly as written (inline Markdown
  allowed): ``Normale Bewegung - 1-2 ⊙``; a title in double quotes loses the
  quotes.  No title, or ``""``, means no title bar (class ``untitled``):
  cardgen prints no word the author did not write (``!!! note`` has no
  "Note" bar; a theme may add labels, see ``book.css``);
* the body is every following line that is blank or indented by at least
  four columns more than the marker; it ends at the first less indented
  non-blank line (so ``!!! TODO austauschen`` directly followed by an
  unindented image has an empty body).  Bodies may hold further admonitions.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from cardgen.errors import did_you_mean

BODY_INDENT = 4

#: Every admonition type of Markdown Extended, by family; the aliases of a family look alike.
FAMILIES: dict[str, tuple[str, ...]] = {
    "note": ("note",),
    "abstract": ("abstract", "summary", "tldr"),
    "info": ("info", "todo"),
    "tip": ("tip", "hint"),
    "success": ("success", "check", "done"),
    "question": ("question", "help", "faq"),
    "warning": ("warning", "caution", "attention"),
    "failure": ("failure", "fail", "missing"),
    "danger": ("danger", "error"),
    "bug": ("bug",),
    "example": ("example", "snippet"),
    "quote": ("quote", "cite"),
}
#: kind (lower case) -> its family
KINDS: dict[str, str] = {kind: family for family, kinds in FAMILIES.items() for kind in kinds}
_PARAMS = re.compile(r"^(?P<kind>[\w-]+)(?:[ \t]+(?P<title>.*?))?[ \t]*$")


def parse_params(params: str) -> tuple[str, str] | None:
    """``(kind, title)`` of the text after ``!!!``, or ``None`` if it is not one."""
    match = _PARAMS.match(params.strip())
    if not match:
        return None
    kind, title = match["kind"], match["title"] or ""
    if len(title) >= 2 and title.startswith('"') and title.endswith('"'):
        return kind, title[1:-1]
    return kind, title


def known_kind(kind: str, params: str) -> tuple[str, str, str | None]:
    """The CSS class and title of ``!!! kind ...`` (``params``: all after ``!!!``) and, for a kind
    Markdown Extended does not know, a warning: such a line is a note titled with all of ``params``."""
    if kind.lower() in KINDS:
        return kind.lower(), "", None
    title = params.strip()
    return "note", title, (f"unknown admonition type '{kind}'{did_you_mean(kind.lower(), KINDS)}; "
                           f"shown as a note titled '{title}' (known types: {', '.join(sorted(KINDS))})")


def _body_end(state: StateBlock, start: int, end: int, indent: int) -> int:
    """The first line after the body of an admonition opened on ``start``."""
    last_body = start
    line = start + 1
    while line < end:
        blank = state.bMarks[line] + state.tShift[line] >= state.eMarks[line]
        if not blank:
            if state.sCount[line] < indent:
                break
            last_body = line
        line += 1
    return last_body + 1


def admonition_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: an admonition opened by ``!!!`` on line ``start``."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False  # an indented code block
    pos = state.bMarks[start] + state.tShift[start]
    line_text = state.src[pos:state.eMarks[start]]
    if not line_text.startswith("!!!"):
        return False
    parsed = parse_params(line_text[3:])
    if parsed is None or not line_text[3:4].isspace():
        return False
    if silent:
        return True
    kind, title = parsed
    kind, whole_line, problem = known_kind(kind, line_text[3:])
    if problem:
        title = whole_line
        state.env.setdefault("warnings", []).append((start + 1, problem))
    indent = state.sCount[start] + BODY_INDENT
    next_line = _body_end(state, start, end, indent)

    old_parent, old_max, old_indent = state.parentType, state.lineMax, state.blkIndent
    state.parentType, state.lineMax, state.blkIndent = "admonition", next_line, indent
    token = state.push("admonition_open", "div", 1)
    token.attrs = {"class": f"admonition {kind}" + ("" if title else " untitled")}
    token.meta = {"kind": kind, "family": KINDS[kind], "title": title}
    token.info, token.markup, token.map = kind, "!!!", [start, next_line]
    if title:
        token = state.push("admonition_title_open", "p", 1)
        token.attrs = {"class": "admonition-title"}
        token.map = [start, start + 1]
        token = state.push("inline", "", 0)
        token.content, token.map, token.children = title, [start, start + 1], []
        state.push("admonition_title_close", "p", -1)
    state.md.block.tokenize(state, start + 1, next_line)
    state.push("admonition_close", "div", -1)
    state.parentType, state.lineMax, state.blkIndent = old_parent, old_max, old_indent
    state.line = next_line
    return True


def admonition_plugin(md: MarkdownIt) -> None:
    """Parse ``!!! kind Title`` blocks into ``<div class="admonition kind">``."""
    md.block.ruler.before("fence", "admonition", admonition_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
