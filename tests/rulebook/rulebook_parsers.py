"""Test helpers: the parser each plugin's fixture file is run with: the plugin alone where it
stands alone, plus the plugins it is meant to work with."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from markdown_it import MarkdownIt
from markdown_it.utils import read_fixture_file

from cardgen.rulebook.admonition import admonition_plugin
from cardgen.rulebook.attrs import attrs_plugin
from cardgen.rulebook.directive import directive_plugin
from cardgen.rulebook.keywords import keywords_plugin
from cardgen.rulebook.lastword import last_word_plugin
from cardgen.rulebook.leadin import lead_in_plugin
from cardgen.rulebook.markdown import unicode_links_plugin
from cardgen.rulebook.rowspan import rowspan_plugin
from cardgen.rulebook.slug import slug_plugin
from cardgen.rulebook.toc import toc_plugin
from cardgen.rulebook.todo import todo_plugin, todo_text_plugin



def _base() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


PARSERS = {
    "slug": lambda: _base().use(slug_plugin),
    "toc": lambda: _base().use(slug_plugin).use(toc_plugin),
    "rowspan": lambda: _base().use(rowspan_plugin),
    "admonition": lambda: _base().use(admonition_plugin),
    "attrs": lambda: _base().use(unicode_links_plugin).use(attrs_plugin),
    "directive": lambda: _base().use(rowspan_plugin).use(attrs_plugin)
                                .use(directive_plugin),
    "todo": lambda: _base().use(admonition_plugin).use(todo_plugin).use(slug_plugin).use(todo_text_plugin),
    "lastword": lambda: MarkdownIt("commonmark", {"html": True}).enable("table").use(admonition_plugin).use(todo_plugin).use(todo_text_plugin).use(last_word_plugin),
    "leadin": lambda: _base().use(unicode_links_plugin).use(attrs_plugin).use(admonition_plugin)
                             .use(todo_plugin).use(todo_text_plugin).use(lead_in_plugin),
    "keywords": lambda: _base().use(unicode_links_plugin).use(slug_plugin).use(directive_plugin)
                               .use(keywords_plugin),
}


FIXTURES = Path(__file__).parent / "fixtures"


def fixture_cases(name: str) -> list:
    """The input / expected HTML pairs of one plugin's fixture file, as test parameters."""
    return [pytest.param(line, text, expected, id=f"{name}:{line + 1}:{title}")
            for line, title, text, expected in read_fixture_file(FIXTURES / f"{name}.md")]


def render_fixture(name: str, text: str) -> str:
    """``text`` rendered by the parser plugin ``name``'s fixture file is run with."""
    return PARSERS[name]().render(text, {"content": stub_content()})


def _objects(*items: dict) -> dict:
    return {item["id"]: SimpleNamespace(**item) for item in items}


def stub_content() -> SimpleNamespace:
    """Two damage effects, five weapons over two classes, two terrain types."""
    return SimpleNamespace(
        damage_effects=_objects(
            {"id": "brand", "name": "Brand", "icon": "Effekt/brand.svg", "applies_to": "waffen",
             "rules": "Das Ziel erhält einen Brandmarker. Siehe [Brennen](#brennen)."},
            {"id": "robust", "name": "Robust", "icon": "Effekt/robust.svg", "applies_to": "rüstung",
             "rules": "Schaden | neu werfen."},
        ),
        weapons=_objects(
            {"id": "messer", "name": "Messer", "kind": "nahkampf", "weapon_class": 1},
            {"id": "pistole", "name": "Pistole", "kind": "fernkampf", "weapon_class": 1},
            {"id": "wurfstern", "name": "Wurfstern", "kind": "wurf", "weapon_class": 1},
            {"id": "speer", "name": "Speer", "kind": "nahkampf", "weapon_class": 2},
            {"id": "axt", "name": "Axt", "kind": "nahkampf", "weapon_class": 2},
        ),
        terrain=_objects(
            {"id": "wald", "name": "Wald", "passierbarkeit": 2, "deckung": 2, "sichtweite": 2,
             "rules": ""},
            {"id": "strasse", "name": "Straße", "passierbarkeit": 0, "deckung": None,
             "sichtweite": None, "rules": "Räder +2 cm."},
        ),
    )
