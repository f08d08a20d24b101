"""A parsed roster → the group it prints: the same :class:`~cardgen.content.schema.Group` a group file
becomes, each model's points as the roster gives them, and a warning per selection that does not match.

Selections are matched by the ids ``cardgen export battlescribe`` writes (:mod:`cardgen.export.bsformat`:
UUID5s of the content ids), never by name: a renamed unit keeps its id, so a roster from an older
release still finds it, and a name says nothing about which loadout or release it came from.  The
entry of a selection is the last id of its ``entryId`` path (``<link>::<unit>``).  What a model's
selection holds: the leader's mark (``leader``), one option of the unit's ``Ausrüstung`` group
(``loadout``), its kit (fixed by the catalogue; the card prints today's), and, below a drone
controller, its drones (``controller``).  Its points: its own cost and its options' (a loadout
costs the difference), per model.

A warning -- never a silent guess -- for an unknown unit (left out), an unknown loadout (printed with
the unit's own kit), an unknown option (not on the card), and points that differ from today's
(the roster was built on an older release: the cover prints the roster's, the card today's values).
Points are the costs of the game system's cost type (by its id, :func:`~cardgen.export.bsunits.cost_type_id`),
whatever name a tool shows for it.  Forces New Recruit nests in the roster's force are part of the
same group (their selections are read after the force's own).  A roster without any model of this
content names what it holds instead (at most :data:`MAX_LISTED` entries).
The game system, the single force and its catalogue must be this content's, and the group at most
:data:`~cardgen.vocabulary.MAX_GROUP_MODELS` models, refused at the selection that goes over before a
model is made (:class:`RosterError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.cards.group_view import model_values
from cardgen.content.model import Content
from cardgen.content.schema import Faction, Group, GroupModel, Unit
from cardgen.errors import Problem
from cardgen.export.battlescribe import game_system_id
from cardgen.export.bsformat import GAME_NAME, stable_id
from cardgen.export.bsunits import cost_type_id, item_id
from cardgen.printable import refused_character
from cardgen.roster.rosfile import RosterError
from cardgen.roster.rosxml import Force, Roster, Selection
from cardgen.rules.derived import Derived
from cardgen.vocabulary import MAX_GROUP_MODELS

MAX_NAME = 80                       # a Name of the content schema
ITEM_KINDS = ("weapons", "armor", "equipment", "traits", "powers")
_KIND_IDS = {"weapons": "weapon", "armor": "armor", "equipment": "equipment", "traits": "trait", "powers": "power"}
MODEL_TYPES = ("model", "unit")
MAX_LISTED = 20                     # unknown entries named when a roster has no model of this content: a screenful


@dataclass(frozen=True)
class RosterGroup:
    group: Group
    points: tuple[int, ...]         # each model's points as the roster gives them (today's where it gives none)
    warnings: tuple[str, ...]       # one line each (file:line:col: warning: …)


@dataclass(frozen=True)
class EntryIndex:
    """This content's entries by the ids the export gives them."""

    units: dict[str, Unit]
    loadouts: dict[str, tuple[str, str]]        # option id → (unit id, loadout id; "" for "Standard")
    loadout_groups: dict[str, str]              # the group "Ausrüstung" of a unit → its unit id
    items: frozenset[str]                       # weapons, armour, equipment, traits, powers
    catalogues: dict[str, Faction]
    leader: str = field(default_factory=lambda: stable_id("leader"))


def entry_index(content: Content) -> EntryIndex:
    units = {stable_id("unit", unit.id): unit for unit in content.units.values()}
    loadouts = {stable_id("loadout", unit.id, ""): (unit.id, "") for unit in content.units.values()}
    loadouts |= {stable_id("loadout", unit.id, lo.id): (unit.id, lo.id)
                 for unit in content.units.values() for lo in unit.loadouts}
    groups = {stable_id("loadouts", unit.id): unit.id for unit in content.units.values()}
    items = frozenset(item_id(_KIND_IDS[kind], key) for kind in ITEM_KINDS for key in content.kind(kind))
    catalogues = {stable_id("catalogue", faction.id): faction for faction in content.factions.values()}
    return EntryIndex(units, loadouts, groups, items, catalogues)


def roster_id(path: Path) -> str:
    """The group id of a roster file: its name in the content's id alphabet (``Meine Gruppe.rosz`` → ``meine_gruppe``)."""
    slug = re.sub(r"[^a-z0-9_äöüß-]+", "_", path.stem.lower()).strip("_-")
    if slug and not re.match(r"[a-z0-9]", slug):        # an id starts with a-z or 0-9: keep the name, say what it is
        slug = f"roster_{slug}"
    return slug[:64].rstrip("_-") or "roster"


def roster_group(roster: Roster, content: Content, derived: Derived, group_id: str) -> RosterGroup:
    """The group ``roster`` prints (id ``group_id``); :class:`RosterError` for a roster of another game."""
    if roster.game_system_id != game_system_id():
        raise RosterError(roster.file, f"a roster of another game: '{roster.game_system_name}' "
                                       f"(game system {roster.game_system_id}), not {GAME_NAME}")
    if len(roster.forces) != 1:
        raise RosterError(roster.file, f"a roster of {len(roster.forces)} forces: a group sheet prints one "
                                       "(save each group as its own roster)")
    force = roster.forces[0]
    index = entry_index(content)
    faction = index.catalogues.get(force.catalogue_id)
    if faction is None:
        raise RosterError(roster.file, f"unknown catalogue '{force.catalogue_name}' ({force.catalogue_id}): "
                                       "no faction of this content", force.line, force.column)
    walk = _Walk(roster.file, content, derived, index, faction)
    walk.warnings += roster.warnings
    walk.force(force)
    if not walk.models:
        raise RosterError(roster.file, "no model of this content in the roster; it holds "
                                       + _entries(len(walk.unknown)), force.line, force.column,
                          _unknown_lines(walk.unknown))
    walk.check_group()
    name = roster.name.strip()
    printable = 0 < len(name) <= MAX_NAME and refused_character(name) is None
    group = Group(id=group_id, name=name if printable else group_id, faction=faction.id,
                  models=walk.models)
    return RosterGroup(group, tuple(walk.points), tuple(walk.warnings))


def _entries(count: int) -> str:
    return "no entry at all" if not count else f"{count} entr{'y' if count == 1 else 'ies'} of another release or game:"


def _unknown_lines(unknown: list[Selection]) -> tuple[str, ...]:
    lines = tuple(f"line {s.line}: '{s.name}' (entry {s.target})" for s in unknown[:MAX_LISTED])
    more = len(unknown) - MAX_LISTED
    return lines + ((f"… and {more} more",) if more > 0 else ())


class _Walk:
    """The selections of one force → group models, points and warnings, in roster order."""

    def __init__(self, file: str, content: Content, derived: Derived, index: EntryIndex, faction: Faction) -> None:
        self.file, self.content, self.derived, self.index, self.faction = file, content, derived, index, faction
        self.models: list[GroupModel] = []
        self.points: list[int] = []
        self.warnings: list[str] = []
        self.unknown: list[Selection] = []          # the selections left out, in roster order
        self.points_id = cost_type_id()

    def force(self, force: Force) -> None:
        """The force's selections, then those of the forces nested in it (New Recruit)."""
        self.selections(force.selections, None)
        for nested in force.forces:
            if nested.catalogue_id not in self.index.catalogues:
                self.warnings.append(Problem(self.file, nested.line, nested.column, "", f"force '{nested.name}' is "
                                             f"of the catalogue '{nested.catalogue_name}' ({nested.catalogue_id}), "
                                             "no faction of this content", "warning").format())
            self.force(nested)

    def warn(self, at: Selection, message: str) -> None:
        self.warnings.append(Problem(self.file, at.line, at.column, "", message, "warning").format())

    def selections(self, selections: tuple[Selection, ...], controller: str | None) -> None:
        for selection in selections:
            if selection.target in self.index.units:
                self.model(selection, controller)
            elif selection.type in MODEL_TYPES:
                self.unknown.append(selection)
                self.warn(selection, f"unknown unit '{selection.name}' (entry {selection.target}): not in "
                                     "today's content, left out (the roster was built on an older release?)")
            else:
                self.unknown.append(selection)
                self.warn(selection, f"'{selection.name}' is no model of this content: left out")

    def model(self, selection: Selection, controller: str | None) -> None:
        unit = self.index.units[selection.target]
        leader, loadout, cost, drones = False, "", selection.cost(self.points_id), []
        for child in selection.children:
            if child.target in self.index.units or child.type in MODEL_TYPES:
                drones.append(child)
                continue
            if (child_cost := child.cost(self.points_id)) is not None:
                cost = (cost or 0) + child_cost
            if child.target == self.index.leader:
                leader = True
            elif self.index.loadout_groups.get(child.group_target) == unit.id or child.target in self.index.loadouts:
                loadout = self.loadout(unit, child) or loadout
            elif child.target not in self.index.items:
                self.warn(child, f"unknown option '{child.name}' of '{unit.name}': not on its card")
        if unit.faction != self.faction.id:
            self.warn(selection, f"unit '{unit.name}' belongs to faction '{unit.faction}', not '{self.faction.id}'")
        if len(self.models) + selection.number > MAX_GROUP_MODELS:
            raise RosterError(self.file, f"refused: a group of more than {MAX_GROUP_MODELS} models (this selection "
                                         f"brings the roster to {len(self.models) + selection.number}); a group "
                                         "of this game is a handful of models", selection.line, selection.column)
        label, name = f"modell_{len(self.models) + 1}", self.custom_name(selection)
        members = [GroupModel(unit=unit.id, label=label if copy == 0 else f"{label}_{copy + 1}",
                              leader=leader and copy == 0, controller=controller, name=name, loadout=loadout or None)
                   for copy in range(selection.number)]
        points = self.model_points(selection, members[0], cost)
        self.models += members
        self.points += [points] * len(members)
        if unit.type == "drohne" and controller is None:
            self.warn(selection, f"drone '{unit.name}' is not below a drone controller")
        self.selections(tuple(drones), label)

    def loadout(self, unit: Unit, child: Selection) -> str:
        """The loadout id ``child`` chooses ("" for the unit's own kit) -- "" with a warning if unknown."""
        owner, key = self.index.loadouts.get(child.target, ("", ""))
        if owner != unit.id or (key and (unit.id, key) not in self.derived.loadouts):
            self.warn(child, f"unknown loadout '{child.name}' of '{unit.name}': printed with the unit's own kit")
            return ""
        return key

    def custom_name(self, selection: Selection) -> str | None:
        name = (selection.custom_name or "").strip()
        refused = refused_character(name)       # the content's Name refuses it too (cardgen.printable)
        if len(name) > MAX_NAME or refused:
            self.warn(selection, f"the custom name of '{selection.name}' "
                                 + (refused or f"is longer than {MAX_NAME} characters") + ": its card shows the unit's name")
            return None
        return name or None

    def model_points(self, selection: Selection, member: GroupModel, cost: float | None) -> int:
        """The points of one model as the roster gives them (its share of ``selection``'s cost)."""
        today = model_values(member, self.derived).points
        if cost is None:
            self.warn(selection, f"'{selection.name}' has no points cost in the roster: today's {today} printed")
            return today
        points = round(cost / selection.number)
        if points != today:
            self.warn(selection, f"'{selection.name}' costs {points} in the roster, {today} today: the roster "
                                 "was built on an older release (the cover prints the roster's points, the "
                                 "card today's values)")
        return points

    def check_group(self) -> None:
        leaders = sum(member.leader for member in self.models)
        if leaders != 1:
            self.warnings.append(Problem(self.file, 0, 0, "", f"a group needs exactly one leader, the roster "
                                         f"has {leaders}", "warning").format())
