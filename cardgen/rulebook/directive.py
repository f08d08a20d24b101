"""``{{ table: NAME }}``: tables generated from the content YAML.

One source of truth: the rulebook prints the same damage effects, weapon
classes and terrain types the cards are made from.  The directive is a line
of its own::

    {{ table: damage-effects }}
    {{ table: damage-effects applies_to=waffen }}
    {{ table: weapon-classes }}
    {{ table: terrain }}

``key=value`` filters keep the objects whose field ``key`` equals ``value``
(``applies_to=beide``, ``kind=nahkampf`` ...).  The table is generated as
Markdown (``^^`` for merged cells, ``{width=40pt}`` on icons) and parsed with
the same parser, so it gets the dialect's styling, image lookup and link
check for free; every generated token carries the directive's line.

The directive reads the content already loaded by its caller from the
markdown-it env: ``env["content"]`` (``cardgen build`` passes its own;
``cardgen rulebook`` loads the content folder once, when the document names
a table).  Instead of content it may hold a :class:`TableError` saying why
there is none.  An unknown table, an unknown filter field or missing content
is a warning (``env["warnings"]``) and leaves a visible note in the document.
Any other ``{{ … }}`` left in the text (an unknown directive such as
``{{ card: x }}``, or a table directive inside a paragraph) prints as it is
written and is a warning with its line, never silent text; code spans and
code blocks are left alone.

:data:`TABLES` is the registry of tables and of the content kind each one
reads; :func:`kinds_read` tells the build cache which kinds a document's
tables read, so a rulebook is rebuilt exactly when one of them changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, Callable

from cardgen.errors import CardgenError, did_you_mean
from cardgen.vocabulary import ROMAN, roman

if TYPE_CHECKING:   # annotations only: the build cache imports this module without markdown-it
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock
    from markdown_it.rules_core import StateCore

_LINE = re.compile(r"^\{\{\s*table:\s*(?P<name>[\w-]+)(?P<filters>(?:\s+[\w-]+=\S+)*)\s*\}\}\s*$")
_NAME = re.compile(r"\{\{\s*table:\s*(?P<name>[\w-]+)")     # anywhere: in quotes, lists, admonitions ...
_ANY = re.compile(r"\{\{\s*(?P<name>[^{}:\s]*)[^{}]*\}\}")       # any {{ … }} left in a text
_BREAKS = ("softbreak", "hardbreak")
_MARKDOWN_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]")


class TableError(CardgenError):
    """A directive that cannot be turned into a table."""


def _flat(text: Any) -> str:
    return " ".join(str(text).split())


def _text(text: Any) -> str:
    """Content text printed as it is, in a table cell: one line, every ASCII
    punctuation mark backslash-escaped, so neither HTML (``<b>``), Markdown
    (``*``, ``[``, ``{``), a cell border (``|``) nor ``^^`` acts (content is untrusted)."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", _flat(text))


def _markdown(text: Any) -> str:
    """Rules text as a table cell: one line of Markdown (for its links) with HTML
    escaped, so ``<script>`` prints as text, and ``|`` escaped; a trailing
    backslash cannot escape the cell border (the cell is followed by a space)."""
    return escape(_flat(text)).replace("|", "\\|")


def _roman(value: int | None) -> str:
    """A weapon class or cover level as the rulebook writes it; no cover prints '-', 0 prints '0'."""
    if value is None:
        return "-"
    return roman(value) if 1 <= value <= len(ROMAN) else str(value)


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def damage_effects_table(effects: list) -> list[str]:
    rows = ["|Symbol|Name|Bedeutung|", "|:--:|--|--|"]
    for effect in effects:
        icon = f"![{_text(effect.name)}](<Grafiken/{_text(effect.icon)}>){{width=40pt}}"
        rows.append(f"| {icon} | {_text(effect.name)} | {_markdown(effect.rules)} |")
    return rows


def weapon_classes_table(weapons: list) -> list[str]:
    rows = ["| Klasse | Nahkampf | Fernkampf |", "| :----: | -------- | --------- |"]
    for weapon_class in sorted({w.weapon_class for w in weapons}):
        melee = [w.name for w in weapons if w.weapon_class == weapon_class and w.kind == "nahkampf"]
        ranged = [w.name for w in weapons if w.weapon_class == weapon_class and w.kind != "nahkampf"]
        for line in range(max(len(melee), len(ranged))):
            first = _roman(weapon_class) if line == 0 else "^^"
            near = melee[line] if line < len(melee) else ""
            far = ranged[line] if line < len(ranged) else ""
            rows.append(f"| {first} | {_text(near)} | {_text(far)} |")
    return rows


def terrain_table(terrain: list) -> list[str]:
    rows = ["| Geländetyp | Passierbarkeit | Deckung | Sichtweite | Regeln |",
            "| -- | :--: | :--: | :--: | -- |"]
    for item in terrain:
        rows.append(f"| {_text(item.name)} | {_number(item.passierbarkeit)} | {_roman(item.deckung)} "
                    f"| {_number(item.sichtweite)} | {_markdown(item.rules or '')} |")
    return rows


@dataclass(frozen=True)
class Table:
    """A generated table: the content kind it reads (its rows) and how its Markdown is made."""

    reads: str
    make: Callable[[list], list[str]]


TABLES: dict[str, Table] = {
    "damage-effects": Table("damage_effects", damage_effects_table),
    "weapon-classes": Table("weapons", weapon_classes_table),
    "terrain": Table("terrain", terrain_table),
}


def table_names(text: str) -> set[str]:
    """Every table name ``text`` may ask for (a superset: a directive in a code block counts too)."""
    return {match["name"] for match in _NAME.finditer(text)}


def kinds_read(text: str) -> list[str]:
    """The content kinds the table directives of ``text`` read, sorted (for the build cache's key)."""
    return sorted({TABLES[name].reads for name in table_names(text) if name in TABLES})


def _fields(item: Any) -> list[str]:
    """Field names of a content object (pydantic model or plain object)."""
    return list(getattr(type(item), "model_fields", None) or vars(item))


def table_markdown(name: str, filters: dict[str, str], content: Any) -> str:
    """The Markdown of table ``name`` from ``content``, or :class:`TableError`."""
    if name not in TABLES:
        raise TableError(f"unknown table '{name}'" + did_you_mean(name, TABLES))
    table = TABLES[name]
    items = sorted(getattr(content, table.reads).values(), key=lambda item: (item.name, item.id))
    for key, value in filters.items():
        if items and not hasattr(items[0], key):
            raise TableError(f"table '{name}' has no field '{key}'"
                             + did_you_mean(key, _fields(items[0])))
        items = [item for item in items if str(getattr(item, key)) == value]
    return "\n".join(table.make(items)) + "\n"


def env_content(env: MutableMapping[str, Any]) -> Any:
    """The content the caller put in the env, or :class:`TableError` saying why there is none."""
    content = env.get("content")
    if content is None:
        raise TableError("no content folder (give --content DIR)")
    if isinstance(content, TableError):
        raise content
    return content


def table_directive(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: a ``{{ table: ... }}`` line becomes the table's tokens, mapped to that line."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    match = _LINE.match(state.src[state.bMarks[start] + state.tShift[start]:state.eMarks[start]])
    if not match:
        return False
    if silent:
        return True
    filters = dict(item.split("=", 1) for item in match["filters"].split())
    first = len(state.tokens)
    try:
        text = table_markdown(match["name"], filters, env_content(state.env))
        state.md.block.parse(text, state.md, state.env, state.tokens)
    except CardgenError as exc:
        message = " ".join(exc.lines())
        state.env.setdefault("warnings", []).append((start + 1, f"table directive: {message}"))
        token = state.push("html_block", "", 0)
        token.content = f'<p class="missing-table">{escape(match[0].strip())}</p>\n'
    for token in state.tokens[first:]:
        token.map = [start, start + 1]
        token.level += state.level
    state.line = start + 1
    return True


def unknown_directives(state: StateCore) -> None:
    """Core rule: a warning for every ``{{ … }}`` that is still text (not a table directive line)."""
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
    written = _flat(match[0])
    if match["name"] in DIRECTIVES:
        return f"directive {written} works only on a line of its own; here it prints as text"
    return f"unknown directive {written} prints as text" + did_you_mean(match["name"], DIRECTIVES)


DIRECTIVES = ("table",)
"""The directives the dialect knows (``{{ NAME: … }}``)."""


def directive_plugin(md: MarkdownIt) -> None:
    """Expand ``{{ table: NAME }}`` lines into tables from ``env["content"]``; warn about any other
    ``{{ … }}`` in the text."""
    md.block.ruler.before("paragraph", "table_directive", table_directive, {"alt": ["paragraph"]})
    md.core.ruler.push("unknown_directives", unknown_directives)
