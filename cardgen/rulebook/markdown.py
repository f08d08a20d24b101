"""The rulebook dialect's parser: CommonMark + GFM tables + one plugin per feature.

``make_markdown()`` is the only place the plugins are composed, so the
dialect is defined in one screenful.  Each plugin has its own module and
its own fixture file under ``tests/rulebook/fixtures/``.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from cardgen.rulebook.admonition import admonition_plugin
from cardgen.rulebook.attrs import attrs_plugin
from cardgen.rulebook.depth import depth_plugin
from cardgen.rulebook.directive import directive_plugin
from cardgen.rulebook.keywords import keywords_plugin
from cardgen.rulebook.leadin import lead_in_plugin
from cardgen.rulebook.rowspan import rowspan_plugin
from cardgen.rulebook.slug import slug_plugin
from cardgen.rulebook.toc import toc_plugin, toc_tokens_plugin
from cardgen.rulebook.todo import todo_plugin, todo_text_plugin


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


def make_markdown(draft: bool = False) -> MarkdownIt:
    """A parser for the rulebook dialect (``draft`` shows TODO notes).

    Table directives read the content from the env: ``md.parse(text, {"content": content})``."""
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    unicode_links_plugin(md)
    front_matter_plugin(md)
    admonition_plugin(md)
    todo_plugin(md, draft=draft)
    rowspan_plugin(md)
    toc_plugin(md)
    attrs_plugin(md)
    slug_plugin(md)
    todo_text_plugin(md, draft=draft)  # after the heading ids: a cut heading keeps the id of its whole title
    lead_in_plugin(md)  # after the attributes and the TODO notes: it sees the blocks as printed
    directive_plugin(md)
    keywords_plugin(md)  # after the heading ids and the directives: it links to their anchors
    depth_plugin(md)  # last but one: it sees the final tokens
    toc_tokens_plugin(md)  # last: [[toc]] in the title block lists the body's headings
    return md
