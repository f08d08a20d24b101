"""``{{ table: NAME }}``, ``{{ list: NAME }}`` and ``{{ odds: … }}``: tables and lists generated from the content YAML.

One source of truth: the rulebook prints the same damage effects, weapon
classes, terrain types, traits, weapons, units ... the cards are made from.
The directive is a line of its own::

    {{ table: damage-effects }}
    {{ table: damage-effects applies_to=waffen }}
    {{ table: weapon-classes }}
    {{ table: terrain }}
    {{ list: traits }}
    {{ list: units faction=imperium }}
    {{ odds: sturmtruppe:sturmgewehr vs panzerjäger range=30 }}

``key=value`` filters keep the objects whose field ``key`` equals ``value``
(``applies_to=beide``, ``kind=nahkampf`` ...).  A table is generated as
Markdown (``^^`` for merged cells, ``{width=40pt}`` on icons) and parsed with
the same parser, so it gets the dialect's styling, image lookup and link
check for free.  A list (:mod:`cardgen.rulebook.lists`) is built token by
token (:mod:`cardgen.rulebook.list_markup`), its content text parsed as
inline Markdown only.  Every generated token carries the directive's line.

The directive reads the content already loaded by its caller from the
markdown-it env: ``env["content"]`` (``cardgen build`` passes its own;
``cardgen rulebook`` loads the content folder once, when the document names
a table or list).  Instead of content it may hold a :class:`DirectiveError`
saying why there is none.  An unknown table or list, an unknown filter field
or missing content is a warning (``env["warnings"]``) and leaves a visible
note in the document.  Any other ``{{ … }}`` left in the text (an unknown
directive such as ``{{ karte: x }}``, or a directive inside a paragraph)
prints as it is written and is a warning with its line, never silent text;
code spans and code blocks are left alone.

:data:`TABLES` and :data:`~cardgen.rulebook.lists.LISTS` are the registries,
with the content kinds each one reads; :func:`kinds_read` tells the build
cache which kinds a document's directives read, so a rulebook is rebuilt
exactly when one of them changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, Callable

from cardgen.content.words import Words
from cardgen.errors import CardgenError, did_you_mean
from cardgen.rulebook.card_figure import card_figure_html, figure_options
from cardgen.rulebook.fromcontent import DirectiveError, flat, rules_md, select, text_md
from cardgen.rulebook.lists import LISTS, list_groups
from cardgen.rulebook import odds_table
from cardgen.vocabulary import ROMAN, roman

if TYPE_CHECKING:   # annotations only: the build cache imports this module without markdown-it
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock
    from markdown_it.rules_core import StateCore

_LINE = re.compile(r"^\{\{\s*(?P<directive>table|list):\s*(?P<name>[\w-]+)"
                   r"(?P<filters>(?:\s+[\w-]+=\S+)*)\s*\}\}\s*$")
_CARD_LINE = re.compile(r"^\{\{\s*card:\s*(?P<name>[\w-]+)(?P<options>(?:\s+[^\s{}]+)*)\s*\}\}\s*$")
_NAME = re.compile(r"\{\{\s*(?P<directive>table|list|card|odds):\s*(?P<name>[\w-]+)")   # anywhere: quotes, lists ...
_ANY = re.compile(r"\{\{\s*(?P<name>[^{}:\s]*)[^{}]*\}\}")       # any {{ … }} left in a text
_BREAKS = ("softbreak", "hardbreak")


def _roman(value: int | None) -> str:
    """A weapon class or cover level as the rulebook writes it; no cover prints '-', 0 prints '0'."""
    if value is None:
        return "-"
    return roman(value) if 1 <= value <= len(ROMAN) else str(value)


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def _header(words: Words, *names: str) -> str:
    """A table's header row, each column's name in ``words``' language: ``| Klasse | Nahkampf |``."""
    return "| " + " | ".join(text_md(words[name]) for name in names) + " |"


def damage_effects_table(effects: list, words: Words) -> list[str]:
    rows = [_header(words, "Symbol", "Name", "Bedeutung"), "|:--:|--|--|"]
    for effect in effects:
        icon = f"![{text_md(effect.name)}](<Grafiken/{text_md(effect.icon)}>){{width=40pt}}"
        rows.append(f"| {icon} | {text_md(effect.name)} | {rules_md(effect.rules)} |")
    return rows


def weapon_classes_table(weapons: list, words: Words) -> list[str]:
    rows = [_header(words, "Klasse", "Nahkampf", "Fernkampf"), "| :----: | -------- | --------- |"]
    for weapon_class in sorted({w.weapon_class for w in weapons}):
        melee = [w.name for w in weapons if w.weapon_class == weapon_class and w.kind == "nahkampf"]
        ranged = [w.name for w in weapons if w.weapon_class == weapon_class and w.kind != "nahkampf"]
        for line in range(max(len(melee), len(ranged))):
            first = _roman(weapon_class) if line == 0 else "^^"
            near = melee[line] if line < len(melee) else ""
            far = ranged[line] if line < len(ranged) else ""
            rows.append(f"| {first} | {text_md(near)} | {text_md(far)} |")
    return rows


def terrain_table(terrain: list, words: Words) -> list[str]:
    rows = [_header(words, "Geländetyp", "Passierbarkeit", "Deckung", "Sichtweite", "Regeln"),
            "| -- | :--: | :--: | :--: | -- |"]
    for item in terrain:
        rows.append(f"| {text_md(item.name)} | {_number(item.passierbarkeit)} | {_roman(item.deckung)} "
                    f"| {_number(item.sichtweite)} | {rules_md(item.rules or '')} |")
    return rows


@dataclass(frozen=True)
class Table:
    """A generated table: the content kind it reads (its rows) and how its Markdown is made (from its
    rows and the content's words, which name its columns)."""

    reads: str
    make: Callable[[list, Words], list[str]]
    anchor: str = ""                 # each body row's id: "<anchor>-<object id>" (once per document)


TABLES: dict[str, Table] = {
    "damage-effects": Table("damage_effects", damage_effects_table, "effect"),
    "weapon-classes": Table("weapons", weapon_classes_table),
    "terrain": Table("terrain", terrain_table),
}


def content_directives(text: str) -> set[tuple[str, str]]:
    """Every (directive, name) ``text`` may ask for, ``("list", "traits")`` … (a superset: a directive
    in a code block counts too)."""
    return {(match["directive"], match["name"]) for match in _NAME.finditer(text)}


def card_ids(text: str) -> list[str]:
    """The ids the card directives of ``text`` may show, sorted (a superset, as above)."""
    return sorted({name for directive, name in content_directives(text) if directive == "card"})


def kinds_read(text: str) -> list[str]:
    """The content kinds the table, list and card directives of ``text`` read, sorted (for the build
    cache's key; ``ruleset`` stands for the content's rules.yaml).  A card reads the units and powers
    (which ids exist); the faces it shows are keyed by the build (:func:`cardgen.build.run.rulebook_key`)."""
    kinds: set[str] = set()
    for directive, name in content_directives(text):
        if directive == "card":
            kinds.update(("units", "powers"))
        elif directive == "odds":
            kinds.update(odds_table.READS)
        elif directive == "table" and name in TABLES:
            kinds.add(TABLES[name].reads)
        elif directive == "list" and name in LISTS:
            kinds.update(LISTS[name].reads)
    return sorted(kinds)


def table_items(name: str, filters: dict[str, str], content: Any) -> list:
    """The objects table ``name`` shows, one per body row, or :class:`DirectiveError`."""
    if name not in TABLES:
        raise DirectiveError(f"unknown table '{name}'" + did_you_mean(name, TABLES))
    return select(getattr(content, TABLES[name].reads).values(), filters, f"table '{name}'",
                  getattr(content, "lang", ""))


def table_markdown(name: str, filters: dict[str, str], content: Any) -> str:
    """The Markdown of table ``name`` from ``content``, or :class:`DirectiveError`."""
    items = table_items(name, filters, content)
    return "\n".join(TABLES[name].make(items, getattr(content, "words", Words()))) + "\n"


def _expand_table(state: StateBlock, name: str, filters: dict[str, str], content: Any) -> None:
    first = len(state.tokens)
    state.md.block.parse(table_markdown(name, filters, content), state.md, state.env, state.tokens)
    if TABLES[name].anchor:      # a damage effect's row is its definition: "effect-brand" (rulebook.keywords)
        new = state.tokens[first:]
        body = next((i for i, t in enumerate(new) if t.type == "tbody_open"), len(new))
        rows = [t for t in new[body:] if t.type == "tr_open"]
        anchors = state.env.setdefault("list_anchors", set())
        for row, item in zip(rows, table_items(name, filters, content)):
            anchor = f"{TABLES[name].anchor}-{item.id}"
            if anchor not in anchors:
                row.attrSet("id", anchor)
                anchors.add(anchor)


def _expand_list(state: StateBlock, name: str, filters: dict[str, str], content: Any) -> None:
    from cardgen.rulebook.list_markup import list_tokens   # lazy: the build cache reads LISTS without markdown-it

    groups = list_groups(name, filters, content)
    state.tokens += list_tokens(name, groups, state.env.setdefault("list_anchors", set()))


def _expand_card(state: StateBlock, name: str, options: str, written: str) -> None:
    token = state.push("html_block", "", 0)
    token.content = card_figure_html(name, figure_options(options), written, state.env).rstrip("\n") + "\n"
    token.info = "card"                 # a figure: a lead-in before it keeps with it (cardgen.rulebook.leadin)


EXPAND = {"table": _expand_table, "list": _expand_list}
"""How each content directive turns into tokens (with levels from 0: the block rule adds its own)."""


def env_content(env: MutableMapping[str, Any]) -> Any:
    """The content the caller put in the env, or :class:`DirectiveError` saying why there is none."""
    content = env.get("content")
    if content is None:
        raise DirectiveError("no content folder (give --content DIR)")
    if isinstance(content, DirectiveError):
        raise content
    return content


def content_directive(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: a ``{{ table: ... }}``, ``{{ list: ... }}`` or ``{{ card: ... }}`` line becomes the
    table's, list's or card figure's tokens, mapped to that line."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    line = state.src[state.bMarks[start] + state.tShift[start]:state.eMarks[start]]
    match = _LINE.match(line) or _CARD_LINE.match(line) or odds_table.LINE.match(line)
    if not match:
        return False
    if silent:
        return True
    directive = match.groupdict().get("directive") or ("odds" if "target" in match.groupdict() else "card")
    first = len(state.tokens)
    try:
        if directive == "card":
            _expand_card(state, match["name"], match["options"], flat(match[0].strip()))
        elif directive == "odds":
            markdown = odds_table.odds_markdown(match, env_content(state.env), state.env)
            state.md.block.parse(markdown, state.md, state.env, state.tokens)
        else:
            filters = dict(item.split("=", 1) for item in match["filters"].split())
            EXPAND[directive](state, match["name"], filters, env_content(state.env))
    except CardgenError as exc:
        del state.tokens[first:]
        message = " ".join(exc.lines())
        state.env.setdefault("warnings", []).append((start + 1, f"{directive} directive: {message}"))
        token = state.push("html_block", "", 0)
        token.content = f'<p class="missing-table">{escape(match[0].strip())}</p>\n'
    for token in state.tokens[first:]:
        token.map = [start, start + 1]
        token.level += state.level
    state.line = start + 1
    return True


def unknown_directives(state: StateCore) -> None:
    """Core rule: a warning for every ``{{ … }}`` that is still text (not a directive line)."""
    warnings = state.env.setdefault("warnings", [])
    for token in state.tokens:
        if token.type != "inline" or token.map is None or not token.children:
            continue
        line = token.map[0] + 1
        for child in token.children:
            if child.type in _BREAKS:
                line += 1
            elif child.type == "text":
                warnings += [(line, _unknown_message(match)) for match in _ANY.finditer(child.content)]


def _unknown_message(match: re.Match[str]) -> str:
    written = flat(match[0])
    if match["name"] in DIRECTIVES:
        return f"directive {written} works only on a line of its own; here it prints as text"
    return f"unknown directive {written} prints as text" + did_you_mean(match["name"], DIRECTIVES)


DIRECTIVES = ("table", "list", "card", "glossary", "odds")
"""The directives the dialect knows (``{{ NAME: … }}``)."""


def directive_plugin(md: MarkdownIt) -> None:
    """Expand ``{{ table: NAME }}`` and ``{{ list: NAME }}`` lines from ``env["content"]`` and ``{{ card: ID }}``
    lines from ``env["cards"]`` (:mod:`cardgen.rulebook.card_figure`); warn about any other
    ``{{ … }}`` in the text."""
    md.block.ruler.before("paragraph", "content_directive", content_directive, {"alt": ["paragraph"]})
    md.core.ruler.push("unknown_directives", unknown_directives)
