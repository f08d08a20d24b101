"""Rules text with its inline Markdown, read the one way the rulebook reads it.

A content ``rules:`` text may hold inline Markdown -- ``**fett**``,
``_kursiv_``, ``~~gestrichen~~``, ``[Brennen](#brennen)``, a picture of
cardgen's icon set ``![Brennen](Grafiken/Marker/brennen.svg)``.  The
rulebook's directives hand it to the rulebook's parser
(:func:`cardgen.rulebook.markdown.make_markdown`); a card, a power card and a
group sheet's reference page print it through :func:`card_html`.  Both are
markdown-it's CommonMark with strikethrough and :func:`unicode_links_plugin`,
so a mark means the same on the page and on the card.  What differs is what
paper can do:

* a link prints as its text on a card (there is nowhere to go), as a link in
  the rulebook;
* a picture must be one of cardgen's icons (``Grafiken/`` or ``../`` in front
  is dropped, as the rulebook's look-up in the icon set does): it prints at
  the height of the text.  Any other picture is a content error naming the
  file, line and field (:func:`picture_problems`, checked by ``validate``),
  never quietly swapped for its alt text;
* HTML in a rules text prints as text (content is untrusted).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import PurePosixPath

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup, escape

from cardgen.errors import RenderError
from cardgen.look.icons import icon_problem, icon_uri


def unicode_links_plugin(md: MarkdownIt) -> None:
    """Keep ``href``/``src`` as written (no percent-encoding of ``ü``, ``ß`` ...).

    markdown-it encodes non-ASCII characters of link destinations; then
    ``#geländeteile`` no longer matches the heading id (``target-counter``
    and PDF links break) and ``Größe/klein.svg`` is not found on disk.
    ``validateLink`` lets ``file:`` references through (markdown-it would
    print them as plain text, silently) so that the image check refuses them
    with a warning naming them; script schemes stay refused.
    """
    md.normalizeLink = lambda url: url  # type: ignore[method-assign]
    md.validateLink = lambda url: not url.strip().lower().startswith(  # type: ignore[method-assign]
        ("javascript:", "vbscript:"))


def icon_of(src: str) -> str:
    """The icon-set name a picture reference means: leading ``../`` and one ``Grafiken/`` dropped."""
    parts = list(PurePosixPath(src.replace("\\", "/")).parts)
    while parts and parts[0] == "..":
        parts.pop(0)
    if parts and parts[0] == "Grafiken":
        parts.pop(0)
    return "/".join(parts)


def _pictures(tokens: Sequence[Token]) -> list[str]:
    found: list[str] = []
    for token in tokens:
        if token.type == "image":
            found.append(str(token.attrGet("src") or ""))
        found += _pictures(token.children or ())
    return found


def picture_problems(text: str) -> list[str]:
    """Why each picture of a rules text cannot print on a card (none: an empty list)."""
    problems = []
    for src in _pictures(_parser().parseInline(text)):
        problem = icon_problem(icon_of(src))
        if problem is not None:
            problems.append(f"picture '{src}' in a rules text: {problem}; a card prints only pictures of "
                            "cardgen's icon set (Grafiken/Marker/brennen.svg ...)")
    return problems


def _render_image(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    src = str(token.attrGet("src") or "")
    problem = icon_problem(icon_of(src))
    if problem is not None:                     # validate refuses it first; a view built without it lands here
        raise RenderError(f"picture '{src}' in a rules text: {problem}")
    alt = self.renderInlineAsText(token.children or [], options, env)
    return f'<img class="inline-icon" src="{escape(icon_uri(icon_of(src)))}" alt="{escape(alt)}">'


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("strikethrough")
    unicode_links_plugin(md)
    md.add_render_rule("link_open", lambda *args: "")
    md.add_render_rule("link_close", lambda *args: "")
    md.add_render_rule("image", _render_image)
    return md


def card_html(paragraph: str) -> Markup:
    """One paragraph of rules text as a card prints it: its inline Markdown as HTML, its text escaped."""
    return Markup(_parser().renderInline(paragraph).strip("\n"))


def card_paragraphs(paragraphs: Sequence[str]) -> tuple[Markup, ...]:
    """:func:`card_html` of each paragraph."""
    return tuple(card_html(p) for p in paragraphs)
