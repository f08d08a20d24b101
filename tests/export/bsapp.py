"""What a roster builder does with the export, written for the tests: make a roster as the apps make
one, and check a roster's selections against the data's min/max constraints as the apps do.

The semantics are BattleScribe's (BSData's schema and wiki; New Recruit reads the same files):

* a constraint belongs to an entry (``selectionEntry``, ``entryLink``, ``selectionEntryGroup``) or to
  a category link of the force entry; it is checked once for every selection (or force) its owner
  can be chosen in -- a child entry's ``min`` too when nothing of it was chosen;
* it counts the selections of its owner (``field="selections"``: the sum of their ``number``): an
  entry's own selections, a link's (with ``shared``: every selection of the link's target), a
  group's (every selection made in it), a category's (every selection whose entry links it);
* within its ``scope``: ``parent`` (the selection or force its owner is chosen in), ``force``,
  ``roster``; ``includeChildSelections`` counts at any depth below the scope, else only its direct
  children.  Constraints have no ``childId`` in 2.03 (conditions and repeats do).

What the export never writes -- modifiers, conditions, other scopes or fields, percentages -- is
refused (``NotImplementedError``), so a change that needs more of the language fails here instead of
being judged wrongly.  New rosters get what an app adds by itself: each child entry's ``min`` (the
kit), a group's default option.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from cardgen.export.bsformat import GAME_SYSTEM_NS

ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"
ENTRY_TAGS = ("selectionEntry", "entryLink", "selectionEntryGroup")


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _kids(element: ET.Element, container: str) -> list[ET.Element]:
    return [kid for box in element if _local(box.tag) == container for kid in box]


@dataclass(frozen=True)
class Violation:
    owner: str          # the constrained entry's or category's name
    kind: str           # min, max, or "not available"
    value: int
    found: int
    where: str          # the selection's or force's name

    def __str__(self) -> str:
        return f"{self.where}: {self.owner} {self.kind} {self.value}, found {self.found}"


class Data:
    """A game system and one catalogue: every element by id, for links and categories."""

    def __init__(self, system: bytes, catalogue: bytes) -> None:
        self.system, self.catalogue = ET.fromstring(system), ET.fromstring(catalogue)
        self.by_id = {e.get("id"): e for root in (self.system, self.catalogue) for e in root.iter() if e.get("id")}
        for root in (self.system, self.catalogue):
            for element in root.iter():
                if _local(element.tag) in ("modifiers", "conditions", "repeats", "modifierGroups"):
                    raise NotImplementedError(f"{_local(element.tag)}: not evaluated here")
        forces = [e for e in self.system.iter(f"{{{GAME_SYSTEM_NS}}}forceEntry")]
        assert len(forces) == 1
        self.force = forces[0]

    def target(self, entry: ET.Element) -> ET.Element:
        return self.by_id[entry.get("targetId")] if _local(entry.tag) == "entryLink" else entry

    def children(self, entry: ET.Element) -> list[ET.Element]:
        """The entries (and groups) chosen directly inside ``entry``'s selection, or in ``entry`` (a group)."""
        found = []
        for node in (entry, self.target(entry)) if _local(entry.tag) == "entryLink" else (entry,):
            found += [*_kids(node, "selectionEntries"), *_kids(node, "selectionEntryGroups"), *_kids(node, "entryLinks")]
        return found

    def root_entries(self) -> list[ET.Element]:
        return [*_kids(self.catalogue, "selectionEntries"), *_kids(self.catalogue, "entryLinks")]

    def categories(self, entry: ET.Element) -> set[str]:
        nodes = (entry, self.target(entry)) if _local(entry.tag) == "entryLink" else (entry,)
        return {link.get("targetId") for node in nodes for link in _kids(node, "categoryLinks")}


@dataclass
class Chosen:
    """A selection of the roster with the entry it was made from (None: no entry offers it there)."""

    element: ET.Element
    entry: ET.Element | None
    children: list[Chosen]

    @property
    def number(self) -> int:
        return int(self.element.get("number", "1"))

    def below(self, deep: bool) -> list[Chosen]:
        return [c for kid in self.children for c in ([kid, *kid.below(True)] if deep else [kid])]


def _owns(data: Data, owner: ET.Element, chosen: Chosen, shared: bool) -> bool:
    """Whether ``chosen`` counts for a constraint of ``owner`` (an entry, a link, a group, a category link)."""
    element, kind = chosen.element, _local(owner.tag)
    path = element.get("entryId", "").split("::")
    if kind == "categoryLink":
        return chosen.entry is not None and owner.get("targetId") in data.categories(chosen.entry)
    if kind == "selectionEntryGroup":
        return owner.get("id") in element.get("entryGroupId", "").split("::")
    if kind == "entryLink":
        return path[-1] == owner.get("targetId") if shared else owner.get("id") in path
    return path[-1] == owner.get("id")


def _check(data: Data, owner: ET.Element, context: Chosen, force: Chosen, roster: list[Chosen]) -> list[Violation]:
    found = []
    for constraint in _kids(owner, "constraints"):
        field, scope = constraint.get("field"), constraint.get("scope")
        if field != "selections" or constraint.get("percentValue", "false") != "false":
            raise NotImplementedError(f"constraint field {field!r}")
        scopes = {"parent": [context], "force": [force], "roster": roster}
        if scope not in scopes:
            raise NotImplementedError(f"constraint scope {scope!r}")
        deep = constraint.get("includeChildSelections", "false") == "true"
        shared = constraint.get("shared", "true") == "true"
        count = sum(c.number for top in scopes[scope] for c in top.below(deep) if _owns(data, owner, c, shared))
        value, kind = int(float(constraint.get("value"))), constraint.get("type")
        if (kind == "min" and count < value) or (kind == "max" and count > value):
            found.append(Violation(owner.get("name"), kind, value, count, context.element.get("name")))
    return found


def _match(data: Data, element: ET.Element, offered: list[ET.Element]) -> ET.Element | None:
    """The entry of ``offered`` (groups opened) a roster selection was made from."""
    path = element.get("entryId", "").split("::")
    for entry in _flatten(data, offered):
        if _local(entry.tag) != "selectionEntryGroup" and (entry.get("id") == path[0] or entry.get("id") == path[-1]):
            return entry
    return None


def _flatten(data: Data, offered: list[ET.Element]) -> list[ET.Element]:
    """``offered`` with the entries inside its groups (a group's options are chosen in its parent)."""
    flat = []
    for entry in offered:
        flat.append(entry)
        if _local(data.target(entry).tag) == "selectionEntryGroup":
            flat += _flatten(data, data.children(entry))
    return flat


def _chosen(data: Data, element: ET.Element, offered: list[ET.Element]) -> Chosen:
    entry = _match(data, element, offered)
    inner = data.children(entry) if entry is not None else []
    kids = [_chosen(data, kid, inner) for kid in _kids(element, "selections")]
    return Chosen(element, entry, kids)


def violations(data: Data, roster: bytes) -> list[Violation]:
    """Every constraint one force of ``roster`` breaks, and every selection no entry offers where it stands."""
    root = ET.fromstring(roster)
    forces = [f for f in root.iter(f"{{{ROSTER_NS}}}force")]
    assert len(forces) == 1
    force = Chosen(forces[0], data.force, [_chosen(data, s, data.root_entries()) for s in _kids(forces[0], "selections")])
    found: list[Violation] = []
    for link in _kids(data.force, "categoryLinks"):
        found += _check(data, link, force, force, [force])
    found += _walk(data, force, data.root_entries(), force)
    return found


def _walk(data: Data, context: Chosen, offered: list[ET.Element], force: Chosen) -> list[Violation]:
    found = []
    for entry in _flatten(data, offered):
        found += _check(data, entry, context, force, [force])
    for kid in context.children:
        if kid.entry is None:
            found.append(Violation(kid.element.get("name"), "not available", 0, kid.number, context.element.get("name")))
        else:
            found += _walk(data, kid, data.children(kid.entry), force)
    return found


class RosterMaker:
    """Rosters of one force, made as an app makes them: each selection with its entry's cost and what
    its entry's ``min`` constraints add by themselves, a group's default option."""

    def __init__(self, data: Data, system_id: str) -> None:
        self.data, self.system_id, self.ids = data, system_id, itertools.count(1)

    def roster(self, selections: list[ET.Element]) -> bytes:
        ET.register_namespace("", ROSTER_NS)
        root = ET.Element(f"{{{ROSTER_NS}}}roster", {"id": "r", "name": "Probe", "battleScribeVersion": "2.03",
                                                      "gameSystemId": self.system_id})
        force = ET.SubElement(ET.SubElement(root, f"{{{ROSTER_NS}}}forces"), f"{{{ROSTER_NS}}}force", {
            "id": "f", "name": self.data.force.get("name"), "entryId": self.data.force.get("id"),
            "catalogueId": self.data.catalogue.get("id")})
        ET.SubElement(force, f"{{{ROSTER_NS}}}selections").extend(selections)
        return ET.tostring(root, encoding="utf-8", xml_declaration=True)

    def select(self, entry_id: str, offered: list[ET.Element] | None = None, number: int = 1,
               group: ET.Element | None = None) -> ET.Element:
        """A selection of the entry ``entry_id`` (found among ``offered``, else the catalogue's root)."""
        entries = self.data.root_entries() if offered is None else offered
        entry = next(e for e in _flatten(self.data, entries) if entry_id in (e.get("id"), e.get("targetId")))
        target = self.data.target(entry)
        path = entry.get("id") if entry is target else f"{entry.get('id')}::{target.get('id')}"
        attributes = {"id": f"s{next(self.ids)}", "name": target.get("name"), "entryId": path,
                      "number": str(number), "type": target.get("type")}
        if group is not None:
            attributes["entryGroupId"] = group.get("id")
        selection = ET.Element(f"{{{ROSTER_NS}}}selection", attributes)
        ET.SubElement(selection, f"{{{ROSTER_NS}}}selections")
        costs = ET.SubElement(selection, f"{{{ROSTER_NS}}}costs")
        for cost in _kids(target, "costs"):         # its own cost, times its number, as the apps save it
            value = float(cost.get("value")) * number
            ET.SubElement(costs, f"{{{ROSTER_NS}}}cost", {**cost.attrib, "value": f"{value:.1f}"})
        for kid in self.data.children(entry):
            self._fill(selection, kid)
        return selection

    def add(self, parent: ET.Element, entry_id: str, parent_entry: str, number: int = 1) -> ET.Element:
        """``entry_id`` chosen inside ``parent`` (the selection of ``parent_entry``), in a group if it is in one."""
        offered = self.data.children(self.data.by_id[parent_entry])
        group = next((g for g in _flatten(self.data, offered) if _local(g.tag) == "selectionEntryGroup"
                      and any(entry_id in (e.get("id"), e.get("targetId")) for e in self.data.children(g))), None)
        selection = self.select(entry_id, offered, number, group)
        _kids_box(parent).append(selection)
        return selection

    def _fill(self, selection: ET.Element, entry: ET.Element) -> None:
        if _local(entry.tag) == "selectionEntryGroup":
            default = entry.get("defaultSelectionEntryId")
            if default:
                _kids_box(selection).append(self.select(default, self.data.children(entry), group=entry))
            return
        low = next((int(c.get("value")) for c in _kids(entry, "constraints") if c.get("type") == "min"), 0)
        if low:
            _kids_box(selection).append(self.select(entry.get("id"), [entry], low))


def _kids_box(selection: ET.Element) -> ET.Element:
    return next(box for box in selection if _local(box.tag) == "selections")

