"""The tokens of a ``{{ list: … }}``: a definition list per group, built token by token.

One list prints as::

    <div class="content-list units">
    <p class="content-list-group" id="faction-imperium">Imperium</p>
    <dl>
    <dt id="unit-sturmtruppe"><strong>Sturmtruppe</strong><span class="summary">180 pkt</span></dt>
    <dd>
    <p class="values">Infanterie</p>
    <p>Rules text …</p>
    </dd>
    </dl>
    </div>

(an ungrouped list has no group title).  No heading: a list adds nothing to the
table of contents or the PDF bookmarks.  The look is ``book.css``'s.

The tokens are built here rather than by parsing generated Markdown, so that
content text is parsed only as inline Markdown: a rules text can hold a link
or emphasis, but can never open a heading, a list, an admonition, a table of
contents, a TODO note or another directive, nor set attributes with a trailing
``{…}`` (the content paragraphs are ``content_paragraph`` tokens, which the
dialect's paragraph rules leave alone).  Names and values are escaped with
:func:`~cardgen.rulebook.fromcontent.text_md`, rules text with
:func:`~cardgen.rulebook.fromcontent.rules_md`, as the tables do.  The levels
start at 0; the directive adds the level it stands at.
"""

from __future__ import annotations

from markdown_it.token import Token

from cardgen.rulebook.fromcontent import rules_md, text_md
from cardgen.rulebook.lists import Entry, Group


class _Tokens:
    """Tokens appended in order, each at the nesting level of the ones before it."""

    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self.level = 0

    def open(self, name: str, tag: str, attrs: dict[str, str] | None = None, block: bool = True) -> None:
        token = Token(f"{name}_open", tag, 1, level=self.level, block=block, attrs=dict(attrs or {}))
        self.tokens.append(token)
        self.level += 1

    def close(self, name: str, tag: str, block: bool = True) -> None:
        self.level -= 1
        self.tokens.append(Token(f"{name}_close", tag, -1, level=self.level, block=block))

    def inline(self, markdown: str) -> None:
        self.tokens.append(Token("inline", "", 0, level=self.level, content=markdown, children=[]))

    def element(self, name: str, tag: str, markdown: str, attrs: dict[str, str] | None = None,
                block: bool = True) -> None:
        self.open(name, tag, attrs, block)
        self.inline(markdown)
        self.close(name, tag, block)


def _entry(out: _Tokens, entry: Entry, anchors: set[str]) -> None:
    """One entry; its anchor only the first time the document prints it (ids are unique)."""
    out.open("dt", "dt", {} if entry.anchor in anchors else {"id": entry.anchor})
    anchors.add(entry.anchor)
    out.inline(f"**{text_md(entry.name)}**")
    if entry.summary:
        out.element("summary", "span", text_md(entry.summary), {"class": "summary"}, block=False)
    out.close("dt", "dt")
    if not entry.values and not entry.rules:
        return
    out.open("dd", "dd")
    if entry.values:
        out.element("content_paragraph", "p", text_md(" · ".join(entry.values)), {"class": "values"})
    for paragraph in entry.rules:
        out.element("content_paragraph", "p", rules_md(paragraph))
    out.close("dd", "dd")


def list_tokens(name: str, groups: tuple[Group, ...], anchors: set[str]) -> list[Token]:
    """The tokens of list ``name``; ``anchors`` holds the ids the document has printed (updated)."""
    out = _Tokens()
    out.open("content_list", "div", {"class": f"content-list {name}"})
    for group in groups:
        if group.title:
            attrs = {"class": "content-list-group"} | ({} if group.anchor in anchors else {"id": group.anchor})
            anchors.add(group.anchor)
            out.element("content_list_group", "p", text_md(group.title), attrs)
        out.open("dl", "dl")
        for entry in group.entries:
            _entry(out, entry, anchors)
        out.close("dl", "dl")
    out.close("content_list", "div")
    return out.tokens
