"""What a group sheet shows: the cover (faction and group icons, the roster with points, the
total, who leads, the version stamp) and the reference pages (every item the group uses, once,
with the models that use it).

A model is shown by its own name, else by its unit's name (numbered where several
unnamed models share one), never by its roster label: labels are ids for the content
files.  Its values are those of its loadout where it takes one
(:attr:`cardgen.rules.derive.Derived.loadouts`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from markupsafe import Markup

from cardgen.cards.unit_model import Icon
from cardgen.content.collation import name_key
from cardgen.content.model import Content
from cardgen.content.words import Words
from cardgen.content.schema import Group, GroupModel, TraitRef
from cardgen.look.icons import icon, icon_uri
from cardgen.richtext import card_paragraphs
from cardgen.rules.colour import text_colour
from cardgen.rules.derive import Derived, DerivedUnit
from cardgen.rules.loadouts import find_loadout
from cardgen.rules.text import paragraphs
from cardgen.vocabulary import UNIT_TYPE_NAMES


@dataclass(frozen=True)
class CoverModel:
    name: str                        # the model's own name, else its unit's
    unit: str                        # the unit's name
    loadout: str                     # the loadout's name, "" for the unit's own
    type_icon: Icon
    leader: bool
    role: str                        # "Gruppenführer", "gesteuert von <name>" or ""
    points: int


@dataclass(frozen=True)
class GroupCover:
    id: str
    name: str
    faction: str
    faction_colour: str
    faction_text: str                # black or white, whichever reads on the faction colour
    faction_emblem: Icon | None
    group_icon: Icon | None
    leader_rule: tuple[Markup, ...]     # paragraphs (inline Markdown as HTML, cardgen.richtext): who leads a group of this faction
    models: tuple[CoverModel, ...]
    total: int
    stamp: str                       # "Version 1.2 · Commit 4fac918", "" without either
    words: Words = field(default_factory=Words)     # the words the template prints itself (group.words["Gesamt"])


@dataclass(frozen=True)
class ReferenceEntry:
    name: str
    rules: tuple[Markup, ...]           # paragraphs (inline Markdown as HTML, cardgen.richtext)
    users: tuple[str, ...]           # display names of the models that use it, roster order


@dataclass(frozen=True)
class ReferenceSection:
    kind: str                        # weapons, armor, ... (the template's colour class)
    title: str
    entries: tuple[ReferenceEntry, ...]


@dataclass(frozen=True)
class GroupReference:
    name: str
    faction_colour: str
    faction_text: str
    sections: tuple[ReferenceSection, ...]
    stamp: str
    words: Words = field(default_factory=Words)     # the words the template prints itself


SECTIONS = (("traits", "Eigenschaften"), ("weapons", "Waffen"), ("armor", "Rüstung"),
            ("equipment", "Ausrüstung"), ("powers", "Kräfte"), ("effects", "Schadenseffekte"))
"""The reference pages' sections, in the order of the card's section bars."""


def display_names(group: Group, content: Content) -> tuple[str, ...]:
    """Each model's name on the sheet: its own name, else its unit's, numbered among the
    unnamed models of the same unit name ("Sturmtruppe 1", "Sturmtruppe 2")."""
    unit_names = [content.units[m.unit].name for m in group.models]
    unnamed = Counter(n for m, n in zip(group.models, unit_names) if m.name is None)
    seen: Counter[str] = Counter()
    names = []
    for member, unit_name in zip(group.models, unit_names):
        if member.name is not None:
            names.append(member.name)
            continue
        seen[unit_name] += 1
        names.append(f"{unit_name} {seen[unit_name]}" if unnamed[unit_name] > 1 else unit_name)
    return tuple(names)


def model_values(member: GroupModel, derived: Derived) -> DerivedUnit:
    """The derived values of one group model: its loadout's, else its unit's."""
    if member.loadout is not None:
        return derived.loadouts[(member.unit, member.loadout)]
    return derived.units[member.unit]


def _role(member: GroupModel, controller: str | None, words: Words) -> str:
    if member.leader:
        return words["Gruppenführer"]
    return f"{words['gesteuert von']} {controller}" if controller else ""


def _loadout_name(member: GroupModel, content: Content) -> str:
    loadout = find_loadout(content.units[member.unit], member.loadout) if member.loadout else None
    return loadout.name if loadout else ""


def group_cover(group: Group, content: Content, derived: Derived, stamp: str = "",
                points: tuple[int, ...] | None = None) -> GroupCover:
    """The cover of ``group``; the total is the sum of its models' points: the derived ones, or
    ``points`` (one per model: a roster's, ``cardgen cards --roster``)."""
    names = display_names(group, content)
    by_label = {m.label or m.unit: name for m, name in zip(group.models, names)}
    given = points if points is not None else tuple(model_values(m, derived).points for m in group.models)
    models = []
    for member, name, model_points in zip(group.models, names, given):
        unit = content.units[member.unit]
        models.append(CoverModel(
            name, unit.name, _loadout_name(member, content),
            Icon(icon(f"type.{unit.type}"), content.words[UNIT_TYPE_NAMES[unit.type]]), member.leader,
            _role(member, by_label.get(member.controller or ""), content.words), model_points))
    faction = content.factions[group.faction]
    emblem = Icon(icon_uri(faction.emblem), faction.name) if faction.emblem else None
    group_icon = Icon(icon_uri(group.icon), group.name) if group.icon else None
    return GroupCover(group.id, group.name, faction.name, faction.colour, text_colour(faction.colour), emblem,
                      group_icon,
                      card_paragraphs(paragraphs(faction.leader_rule)), tuple(models), sum(m.points for m in models), stamp,
                      content.words)


def _refs(d: DerivedUnit) -> list[tuple[str, str]]:
    """(kind, id) of everything one model uses, its damage effects included."""
    unit = d.unit
    refs = [("traits", t.id if isinstance(t, TraitRef) else t) for t in unit.traits]
    refs += [("weapons", w.weapon.id) for w in d.weapons]
    refs += [("armor", a.armor.id) for a in (d.armor, d.shield) if a]
    refs += [("equipment", e) for e in unit.equipment] + [("powers", p) for p in unit.powers]
    effects = [e for w in d.weapons for e in w.weapon.effects] + \
        [e for a in (d.armor, d.shield) if a for e in a.armor.effects]
    return refs + [("effects", e) for e in effects]


def group_reference(group: Group, content: Content, derived: Derived, stamp: str = "") -> GroupReference:
    """Every weapon, armour, equipment, trait, power and damage effect the group uses, each
    once (sorted by name within its section), with the display names of its users."""
    users: dict[tuple[str, str], list[str]] = {}
    for member, name in zip(group.models, display_names(group, content)):
        for ref in _refs(model_values(member, derived)):
            who = users.setdefault(ref, [])
            if name not in who:
                who.append(name)
    sections = []
    for kind, title in SECTIONS:
        items = [(content.kind(kind)[ref], who) for (k, ref), who in users.items() if k == kind]
        entries = tuple(ReferenceEntry(item.name, card_paragraphs(paragraphs(item.rules)), tuple(who))
                        for item, who in sorted(items, key=lambda pair: name_key(pair[0].name, content.lang)))
        if entries:
            sections.append(ReferenceSection(kind, content.words[title], entries))
    colour = content.factions[group.faction].colour
    return GroupReference(group.name, colour, text_colour(colour), tuple(sections), stamp, content.words)
