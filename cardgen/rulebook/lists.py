"""``{{ list: NAME }}``: reference lists of the content, one entry per object.

:data:`LISTS` is the registry: ``traits``, ``weapons``, ``armor``,
``equipment``, ``powers`` (grouped by school) and ``units`` (grouped by
faction).  Each entry is the object's name, a short summary after it (a
trait's levels, a weapon's kind and class, a unit's points), the key values
its card shows, and its rules text -- split into paragraphs by
:mod:`cardgen.rules.text`, the functions the cards print it with.  A unit's
points are the rules engine's (:func:`~cardgen.rules.derive.derive_unit`),
the number its card prints; a power's values are its card's footer in words.  The words an entry prints
itself ("Stärke", "Einmalnutzung", "Stufe") are the content's :class:`~cardgen.content.words.Words`, in
its language.

Every entry has a stable anchor, ``<prefix>-<id>`` (``trait-zäh``,
``weapon-pistole``, ``unit-sturmtruppe``); a group title has one too
(``faction-imperium``, ``school-feuer``).  Everything here is plain text;
how it becomes Markdown tokens is :mod:`cardgen.rulebook.list_markup`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardgen.cards.power_view import footer_labels
from cardgen.content.collation import name_key
from cardgen.content.fields import parse_stat
from cardgen.content.model import Content
from cardgen.content.words import Words
from cardgen.errors import did_you_mean
from cardgen.rulebook.fromcontent import DirectiveError, select
from cardgen.rules.derive import RuleError, derivable, derive_unit
from cardgen.rules.text import paragraphs, power_paragraphs
from cardgen.vocabulary import POWER_USES, UNIT_TYPE_NAMES, WEAPON_KIND_NAMES, roman


@dataclass(frozen=True)
class Entry:
    """One object of a list: what the rulebook prints about it (plain text)."""

    anchor: str                      # the HTML id: "trait-zäh"
    name: str
    summary: str                     # after the name: "I–III", "Fernkampfwaffe, WK I", "180 pkt"
    values: tuple[str, ...]          # the key values its card shows: "Reichweite 20/3", "2 ⊙"
    rules: tuple[str, ...]           # its rules text, as paragraphs


@dataclass(frozen=True)
class Group:
    """Entries under one title (a faction, a school); an ungrouped list is one group without title."""

    anchor: str
    title: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class ContentList:
    """A list: the kind whose objects it lists (and filters), every kind its entries read (for the
    build cache; ``ruleset`` for the cost model), how an entry is made, and how entries are grouped
    (the kind of the group and the field naming it)."""

    kind: str
    reads: tuple[str, ...]
    entry: Callable[[Any, Content], Entry]
    group_by: tuple[str, str, str] | None = None     # (group kind, field, anchor prefix)


def _uses(uses: int | None, words: Words) -> list[str]:
    return [f"{words['Einmalnutzung']} {uses}×"] if uses else []


def _ap(ap_cost: int | None) -> list[str]:
    return [] if ap_cost is None else [f"{ap_cost} ⊙"]


def _effects(ids: list[str], content: Content) -> list[str]:
    return [f"{content.words['Effekte']}: " + ", ".join(content.effects[e].name for e in ids)] if ids else []


def _flags(item: Any, names: tuple[str, ...], words: Words) -> list[str]:
    return [words[name] for name in names if getattr(item, name)]


def _stat(value: Any, words: Words) -> str:
    """A strength or protection as the cards write it: ``4``, or ``KO+1`` (added to the carrier's KO)."""
    number, additive = parse_stat(value)
    return f"{words['KO']}+{number}" if additive else str(number)


def trait_entry(trait: Any, content: Content) -> Entry:
    levels = f"{roman(1)}–{roman(trait.max_level)}" if trait.max_level > 1 else ""
    return Entry(f"trait-{trait.id}", trait.name, levels, tuple(_ap(trait.ap_cost) + _uses(trait.uses, content.words)),
                 paragraphs(trait.rules))


def weapon_entry(weapon: Any, content: Content) -> Entry:
    words = content.words
    values = [f"{words['Reichweite']} {weapon.range}"] if weapon.range else []
    values += [f"{words['Stärke']} {_stat(weapon.strength, words)}", f"{words['Schaden']} {weapon.damage}"]
    values += [f"{words['Dauerfeuer']} {weapon.dauerfeuer}"] if weapon.dauerfeuer else []
    values += [f"{words['Fläche']} {weapon.area_radius} cm"] if weapon.area_radius else []
    values += _effects(weapon.effects, content) + _flags(weapon, ("unhandlich", "nachladen", "indirekt"), words)
    summary = f"{words[WEAPON_KIND_NAMES[weapon.kind]]}, {words['WK']} {roman(weapon.weapon_class)}"
    return Entry(f"weapon-{weapon.id}", weapon.name, summary, tuple(values + _uses(weapon.uses, words)),
                 paragraphs(weapon.rules))


def armor_entry(armor: Any, content: Content) -> Entry:
    words = content.words
    if armor.shield is not None:
        values = [f"{words['NK']} +{armor.shield.melee}", f"{words['Rüstungswurf']} +{armor.shield.armor}"]
    else:
        values = [f"{words['Schutz']} {_stat(armor.protection or 0, words)}",
                  f"{words['Schadensreduktion']} {armor.damage_reduction}"]
    values += _effects(armor.effects, content) + _flags(armor, ("selbsttragend",), words)
    return Entry(f"armor-{armor.id}", armor.name, words["Schild"] if armor.shield else "", tuple(values),
                 paragraphs(armor.rules))


def equipment_entry(equipment: Any, content: Content) -> Entry:
    values = _ap(equipment.ap_cost) + _uses(equipment.uses, content.words) + _flags(equipment, ("unhandlich",),
                                                                                     content.words)
    return Entry(f"equipment-{equipment.id}", equipment.name, "", tuple(values), paragraphs(equipment.rules))


def power_entry(power: Any, content: Content) -> Entry:
    words = content.words
    level = f"{words['Stufe']} {roman(power.level)}" if power.level else ""
    return Entry(f"power-{power.id}", power.name, level, (*footer_labels(power, words), words[POWER_USES[power.use]]),
                 power_paragraphs(power.rules))


def unit_points(unit: Any, content: Content) -> int:
    """The unit's points as its card prints them (the rules engine's), or :class:`DirectiveError`."""
    try:
        if derivable(unit, content):
            return derive_unit(unit, content).points
    except RuleError as exc:
        raise DirectiveError(f"unit '{unit.id}' has no points: {exc}") from None
    raise DirectiveError(f"unit '{unit.id}' has no points: it names objects the content lacks")


def unit_entry(unit: Any, content: Content) -> Entry:
    words = content.words                        # the content's language (cardgen.content.words)
    return Entry(f"unit-{unit.id}", unit.name, f"{unit_points(unit, content)} {words['pkt']}",
                 (words[UNIT_TYPE_NAMES[unit.type]],),
                 paragraphs(unit.rules))


_ITEMS = ("weapons", "armor", "equipment", "traits", "powers", "damage_effects")

LISTS: dict[str, ContentList] = {
    "traits": ContentList("traits", ("traits",), trait_entry),
    "weapons": ContentList("weapons", ("damage_effects", "weapons"), weapon_entry),
    "armor": ContentList("armor", ("armor", "damage_effects"), armor_entry),
    "equipment": ContentList("equipment", ("equipment",), equipment_entry),
    "powers": ContentList("powers", ("powers", "schools"), power_entry, ("schools", "school", "school")),
    "units": ContentList("units", ("units", "factions", *_ITEMS, "ruleset"), unit_entry,
                         ("factions", "faction", "faction")),
}
"""The lists by name; ``reads`` is what the build cache digests (a rulebook is rebuilt when it changes)."""


def list_groups(name: str, filters: dict[str, str], content: Content) -> tuple[Group, ...]:
    """The groups of list ``name`` from ``content``, or :class:`DirectiveError`.

    Entries are sorted by name, groups by title; a group without entries is left out.  A list
    of nothing is an error too (a filter value with a typo, content without the kind)."""
    if name not in LISTS:
        raise DirectiveError(f"unknown list '{name}'" + did_you_mean(name, LISTS))
    spec = LISTS[name]
    items = select(content.kind(spec.kind).values(), filters, f"list '{name}'", content.lang)
    entries = [(item, spec.entry(item, content)) for item in items]
    if not entries:
        shown = "".join(f" {key}={value}" for key, value in filters.items())
        raise DirectiveError(f"list '{name}'{shown} lists nothing")
    if spec.group_by is None:
        return (Group("", "", tuple(entry for _, entry in entries)),)
    kind, field, prefix = spec.group_by
    owners = sorted(content.kind(kind).values(), key=lambda owner: (name_key(owner.name, content.lang), owner.id))
    groups = (Group(f"{prefix}-{owner.id}", owner.name,
                    tuple(entry for item, entry in entries if getattr(item, field) == owner.id)) for owner in owners)
    return tuple(group for group in groups if group.entries)
