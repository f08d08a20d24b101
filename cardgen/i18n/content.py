"""The content's messages -- every text a reader sees on a card -- and the content in another language.

Each translatable field of each object is one message; ``msgctxt`` is ``kind/id/field``
(``units/sturmtruppe/name``, ``units/sturmtruppe/loadouts/0/name``, ``traits/zäh/rules``), so a message
keeps its context however the files move; the reference is the YAML file and line, and the comment names
the card it prints on.  The glossary (``glossary/AGI``, ``glossary/pkt``, ``glossary/Normaler Schuss`` …)
lists every word cardgen prints on a card itself (:data:`cardgen.content.words.WORDS`: the labels
AGI, NK, TP, AP, the section bars, "pkt", the actions' names, "Waffenlos" …); its translations are the
translated content's :class:`~cardgen.content.words.Words`, which the views and card templates print.

:func:`translated_content` lays a language over the content: every translated field replaced (frozen
models copied, nothing else changed); the derive stage then runs on it as on the source, so every view
and card reads the translated names; the glossary's translations become the content's ``words`` (a word
without one prints in the source's words and is counted as missing, like any other message).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from cardgen.content.model import Content
from cardgen.content.schema import weapon_id
from cardgen.content.words import WORDS, Words

FIELDS: dict[str, tuple[str, ...]] = {
    "factions": ("name", "leader_rule"), "units": ("name", "rules"), "weapons": ("name", "rules"),
    "armor": ("name", "rules"), "equipment": ("name", "rules"), "traits": ("name", "rules"),
    "powers": ("name", "rules"), "schools": ("name",), "effects": ("name", "rules"), "terrain": ("name", "rules"),
    "groups": ("name",),
}
"""The fields a reader sees, by kind (besides a unit's loadouts' and a group's models' names)."""
NESTED = {"units": ("loadouts", "name"), "groups": ("models", "name")}
CARDS = {"units": "unit card", "powers": "power card", "groups": "group sheet"}

Lookup = Callable[[str, str, str], "str | None"]
"""(msgctxt, msgid, reference) → the translation to print, or None (the source's text stays)."""


@dataclass(frozen=True)
class ContentMessage:
    """One message of the content: its context, text, where it is written and where it prints."""

    context: str
    text: str
    reference: str          # file:line
    comment: str


def content_messages(content: Content) -> list[ContentMessage]:
    """Every message of ``content``: its objects' fields by kind and id, then the glossary."""
    found: list[ContentMessage] = []
    users = _users(content)
    for kind, fields in FIELDS.items():
        for object_id, item in sorted(content.kind(kind).items()):
            where = _where(content, kind, object_id)
            card = f"{CARDS.get(kind, kind.rstrip('s'))} {object_id}" + _on_cards(users.get((kind, object_id), []))
            for name in fields:
                value = getattr(item, name, None)
                if isinstance(value, str) and value.strip():
                    found.append(ContentMessage(f"{kind}/{object_id}/{name}", value, where(name), f"{name} of {card}"))
            if kind in NESTED:
                outer, inner = NESTED[kind]
                for index, nested in enumerate(getattr(item, outer)):
                    value = getattr(nested, inner, None)
                    if isinstance(value, str) and value.strip():
                        found.append(ContentMessage(f"{kind}/{object_id}/{outer}/{index}/{inner}", value,
                                                    where(outer, index, inner), f"{outer}[{index}].{inner} of {card}"))
    for word, meaning in sorted(WORDS.items()):
        found.append(ContentMessage(f"glossary/{word}", word, "",
                                    f"glossary: {meaning}; printed by cardgen itself, write it as your rules "
                                    "texts call it"))
    return found


def _users(content: Content) -> dict[tuple[str, str], list[str]]:
    """(kind, id) of each weapon, armour, equipment, trait and power → the units whose cards print it."""
    found: dict[tuple[str, str], list[str]] = {}
    for unit_id, unit in sorted(content.units.items()):
        named = [("weapons", weapon_id(w)) for w in unit.weapons] + [("equipment", e) for e in unit.equipment]
        named += [("traits", t if isinstance(t, str) else t.id) for t in unit.traits]
        named += [("powers", p) for p in unit.powers] + [("armor", a) for a in (unit.armor, unit.shield) if a]
        for key in dict.fromkeys(named):
            found.setdefault(key, []).append(unit_id)
    return found


def _on_cards(units: list[str], shown: int = 3) -> str:
    if not units:
        return ""
    more = f" and {len(units) - shown} more" if len(units) > shown else ""
    return f", on the card{'s' if len(units) > 1 else ''} of {', '.join(units[:shown])}{more}"


def message_positions(content: Content) -> dict[tuple[str, int], str]:
    """(YAML file, line) → the context of the message written there: a problem at a field (a card that
    does not fit) is said as the PO entry of its translation."""
    found: dict[tuple[str, int], str] = {}
    for message in content_messages(content):
        kind, object_id, *loc = message.context.split("/")
        source = content.sources.get((kind, object_id))
        if source is not None:
            path = tuple(int(part) if part.isdigit() else part for part in loc)
            found.setdefault((str(source.path), source.position(path)[0]), message.context)
    return found


def _where(content: Content, kind: str, object_id: str) -> Callable[..., str]:
    source = content.sources.get((kind, object_id))

    def where(*loc: Any) -> str:
        if source is None:
            return ""
        line, _ = source.position(loc)
        path = source.path
        try:
            shown = path.relative_to(content.root.parent).as_posix()
        except ValueError:
            shown = path.name
        return f"{shown}:{line}"
    return where


def translated_content(content: Content, lookup: Lookup, lang: str = "") -> Content:
    """``content`` with every field ``lookup`` translates replaced (the others as they are), in language
    ``lang`` (its lists sorted as it sorts: :func:`cardgen.content.collation.name_key`)."""
    messages = {m.context: m for m in content_messages(content)}

    def text(context: str, value: str) -> str:
        message = messages.get(context)
        if message is None:
            return value
        found = lookup(context, value, message.reference)
        return value if found is None else found

    changes: dict[str, Any] = {}
    for kind, fields in FIELDS.items():
        objects = {}
        for object_id, item in content.kind(kind).items():
            update: dict[str, Any] = {}
            for name in fields:
                value = getattr(item, name, None)
                if isinstance(value, str) and value.strip():
                    update[name] = text(f"{kind}/{object_id}/{name}", value)
            if kind in NESTED:
                outer, inner = NESTED[kind]
                update[outer] = [
                    nested.model_copy(update={inner: text(f"{kind}/{object_id}/{outer}/{index}/{inner}", value)})
                    if isinstance(value := getattr(nested, inner, None), str) and value.strip() else nested
                    for index, nested in enumerate(getattr(item, outer))]
            objects[object_id] = item.model_copy(update=update)
        changes[kind] = objects
    words = tuple((word, found) for word in sorted(WORDS) if (found := text(f"glossary/{word}", word)) != word)
    return replace(content, **changes, words=Words(words), lang=lang)
