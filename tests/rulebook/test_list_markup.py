"""cardgen.rulebook.list_markup: the tokens of a ``{{ list: … }}``, built token by token."""

from __future__ import annotations

from markdown_it import MarkdownIt

from cardgen.rulebook.list_markup import list_tokens
from cardgen.rulebook.lists import Entry, Group

STURMTRUPPE = Entry("unit-sturmtruppe", "Sturmtruppe", "180 pkt", ("Infanterie",), ("Rules text …",))
IMPERIUM = Group("faction-imperium", "Imperium", (STURMTRUPPE,))


def html(tokens) -> str:
    """The tokens as the rulebook prints them (their inline Markdown parsed as the dialect's inline rules do)."""
    md = MarkdownIt("commonmark")
    for token in tokens:
        if token.type == "inline":
            token.children = md.parseInline(token.content)[0].children
    return md.renderer.render(tokens, md.options, {})


def test_the_documented_example():
    """The HTML the module's docstring shows for one faction with one unit."""
    assert html(list_tokens("units", (IMPERIUM,), set())) == (
        '<div class="content-list units">\n'
        '<p class="content-list-group" id="faction-imperium">Imperium</p>\n'
        "<dl>\n"
        '<dt id="unit-sturmtruppe"><strong>Sturmtruppe</strong><span class="summary">180 pkt</span></dt>\n'
        "<dd>\n"
        '<p class="values">Infanterie</p>\n'
        "<p>Rules text …</p>\n"
        "</dd>\n"
        "</dl>\n"
        "</div>\n")


def test_levels_start_at_zero_and_nest():
    tokens = list_tokens("units", (IMPERIUM,), set())
    assert [(t.type, t.level) for t in tokens[:6]] == [
        ("content_list_open", 0), ("content_list_group_open", 1), ("inline", 2), ("content_list_group_close", 1),
        ("dl_open", 1), ("dt_open", 2)]
    assert (tokens[-1].type, tokens[-1].level) == ("content_list_close", 0)
    summary = next(t for t in tokens if t.type == "summary_open")
    assert summary.block is False
    assert not any(t.type.startswith("heading") for t in tokens)                 # nothing for the contents


def test_an_anchor_is_printed_only_the_first_time():
    anchors: set[str] = set()
    list_tokens("units", (IMPERIUM,), anchors)
    assert anchors == {"faction-imperium", "unit-sturmtruppe"}
    again = html(list_tokens("units", (IMPERIUM,), anchors))
    assert ' id="' not in again
    assert '<p class="content-list-group">Imperium</p>' in again


def test_an_ungrouped_list_and_an_entry_without_values_or_rules():
    entry = Entry("trait-zaeh", "Zäh", "", (), ())
    assert html(list_tokens("traits", (Group("", "", (entry,)),), set())) == (
        '<div class="content-list traits">\n<dl>\n<dt id="trait-zaeh"><strong>Zäh</strong></dt>\n</dl>\n</div>\n')


def test_content_text_is_inline_markdown_only():
    """A name cannot emphasise, a rules text can link but never open a heading or raw HTML."""
    entry = Entry("unit-x", "*Stern*", "", ("# 20/3",), ("# Titel [Link](#a) <b>x</b>", "*betont*"))
    printed = html(list_tokens("units", (Group("", "", (entry,)),), set()))
    assert "<strong>*Stern*</strong>" in printed
    assert '<p class="values"># 20/3</p>' in printed
    assert '<p># Titel <a href="#a">Link</a> &lt;b&gt;x&lt;/b&gt;</p>' in printed
    assert "<p><em>betont</em></p>" in printed
    assert "<h1" not in printed
