"""The rulebook dialect's parser: CommonMark + GFM tables + one plugin per feature.

``make_markdown()`` is the only place the plugins are composed, so the
dialect is defined in one screenful.  Each plugin has its own module and
its own fixture file under ``tests/rulebook/fixtures/``.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from cardgen.richtext import unicode_links_plugin
from cardgen.rulebook.admonition import admonition_plugin
from cardgen.rulebook.attrs import attrs_plugin
from cardgen.rulebook.depth import depth_plugin
from cardgen.rulebook.directive import directive_plugin
from cardgen.rulebook.keywords import keywords_plugin
from cardgen.rulebook.lastword import last_word_plugin
from cardgen.rulebook.leadin import lead_in_plugin
from cardgen.rulebook.rowspan import rowspan_plugin
from cardgen.rulebook.slug import slug_plugin
from cardgen.rulebook.toc import toc_plugin, toc_tokens_plugin
from cardgen.rulebook.todo import todo_plugin, todo_text_plugin


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
    last_word_plugin(md)  # after every rule that reads or changes a paragraph's text
    depth_plugin(md)  # last but one: it sees the final tokens
    toc_tokens_plugin(md)  # last: [[toc]] in the title block lists the body's headings
    return md
