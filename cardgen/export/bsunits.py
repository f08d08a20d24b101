"""One unit of a BattleScribe catalogue: its selection entry, with its profile, kit, loadouts and drones.

The unit's cost is its derived points (what its card prints).  What it carries is linked to the
game system's shared entries, each with cost 0 (their points are in the unit's); a loadout is an
option of the group ``Ausrüstung`` (exactly one), costing the difference to the unit's points, so a
roster adds up to the loadout's total; a drone controller has the group ``Drohnen`` (at most its
⌊EH/3⌋ drones of its faction).  The names the exporter gives (the categories, ``Ausrüstung``,
``Standard``) are the content's words (:mod:`cardgen.content.words`); every id is made from content ids
and, for a carrier's weapon or armour profile, from its values in the source's words and names
(``source``), so the ids are the same in every language.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from cardgen.content.model import Content
from cardgen.content.schema import Armor, Equipment, Weapon, weapon_id
from cardgen.content.words import Words
from cardgen.export.bsformat import Document, stable_id
from cardgen.export.bspublication import Citations
from cardgen.export.bsprofiles import add_profile, armor_values, unit_values, values_key, weapon_values
from cardgen.rules.derived import Derived, DerivedUnit
from cardgen.vocabulary import UNIT_TYPE_NAMES, roman

COST_TYPE = "pts"
LEADER = "Gruppenführer"
CONTROLLER = "Drohnenkontroller"
MODEL = "Modell"
TYPE_CATEGORIES = UNIT_TYPE_NAMES                 # a category per unit type, named as the cards name it
ROLE_CATEGORIES = {"leader": LEADER, "controller": CONTROLLER, "model": MODEL}
"""Category key → its name's glossary word (printed as ``content.words[name]``)."""


def cost_type_id() -> str:
    return stable_id("cost-type", COST_TYPE)


def category_id(key: str) -> str:
    return stable_id("category", key)


def item_id(kind: str, key: str) -> str:
    """The shared selection entry of a weapon, armour, equipment, trait or power."""
    return stable_id(kind, key)


def add_cost(doc: Document, parent: ET.Element, points: int) -> None:
    doc.add(doc.add(parent, "costs"), "cost", {"name": COST_TYPE, "typeId": cost_type_id(), "value": str(points)})


def add_constraints(doc: Document, parent: ET.Element, owner: str, low: int | None, high: int | None,
                    children: bool = False) -> None:
    """``constraints``: at least ``low`` and at most ``high`` selections of ``parent``'s entry (or
    category) within the selection or force ``parent`` sits in (scope ``parent``); ``children``:
    counted at any depth below it (``includeChildSelections``), else only its direct children.
    Ids from ``owner``."""
    listed = doc.add(parent, "constraints")
    for kind, value in (("min", low), ("max", high)):
        if value is not None:
            doc.add(listed, "constraint", {
                "id": stable_id("constraint", owner, kind), "type": kind, "value": str(value),
                "field": "selections", "scope": "parent", "shared": "true", "percentValue": "false",
                "includeChildSelections": str(children).lower(), "includeChildForces": "false"})


def weapon_profile_id(derived_weapon_id: str, values: dict[str, str]) -> str:
    return stable_id("weapon-profile", derived_weapon_id, values_key(values))


def armor_profile_id(armor_id: str, values: dict[str, str]) -> str:
    return stable_id("armor-profile", armor_id, values_key(values))


def kit_links(derived: DerivedUnit, source: Content) -> list[tuple[str, str, int, str | None]]:
    """(kind, content id, copies, profile id) of what ``derived`` carries, in its card's order; the
    profile ids from its values in ``source``'s (the untranslated content's) names and words."""
    unit = derived.unit
    weapons = Counter(weapon_id(entry) for entry in unit.weapons)
    profiles = {w.weapon.id: weapon_profile_id(w.weapon.id, weapon_values(w, source, Words())) for w in derived.weapons}
    links: list[tuple[str, str, int, str | None]] = [
        ("weapon", key, copies, profiles[key]) for key, copies in weapons.items()]
    for worn in (derived.armor, derived.shield):
        if worn is not None:
            links.append(("armor", worn.armor.id, 1, armor_profile_id(worn.armor.id, armor_values(worn, source, Words()))))
    links += [("equipment", key, copies, None) for key, copies in Counter(unit.equipment).items()]
    return links


def add_entry_link(doc: Document, parent: ET.Element, owner: str, kind: str, key: str, name: str, copies: int,
                   profile_id: str | None = None) -> None:
    """An ``entryLink`` to the shared entry of ``kind``/``key``: exactly ``copies`` of it; with an
    ``infoLink`` to the shared profile holding this carrier's values where they depend on the carrier."""
    link = doc.add(parent, "entryLink", {"id": stable_id("link", owner, kind, key), "name": name, "hidden": "false",
                                         "import": "true", "targetId": item_id(kind, key), "type": "selectionEntry"})
    add_constraints(doc, link, f"{owner}:{kind}:{key}", copies, copies)
    if profile_id is not None:
        doc.add(doc.add(link, "infoLinks"), "infoLink", {"id": stable_id("info", owner, kind, key), "name": name,
                                                          "hidden": "false", "targetId": profile_id,
                                                          "type": "profile"})


def _item_name(kind: str, key: str, content: Content) -> str:
    items: dict[str, dict[str, Weapon | Armor | Equipment]] = {
        "weapon": dict(content.weapons), "armor": dict(content.armor), "equipment": dict(content.equipment)}
    return items[kind][key].name


def add_unit_entry(doc: Document, parent: ET.Element, derived: DerivedUnit, content: Content, all_derived: Derived,
                   drones: list[DerivedUnit], citations: Citations, source: Content | None = None) -> None:
    """The ``selectionEntry`` of one unit under ``parent`` (``selectionEntries`` or the shared ones),
    citing the rulebook's page that defines it; ``source``: the untranslated content (the profile ids'),
    when ``content`` is a translation."""
    unit, words, source = derived.unit, content.words, source or content
    owner = f"unit:{unit.id}"
    entry = doc.add(parent, "selectionEntry", {"id": stable_id("unit", unit.id), "name": unit.name, "hidden": "false",
                                               "collective": "false", "import": "true", "type": "model"})
    citations.cite(entry, "unit", unit.id)
    add_profile(doc, doc.add(entry, "profiles"), "unit", stable_id("unit-profile", unit.id), unit.name,
                unit_values(derived), words)
    if unit.rules:
        rule = doc.add(doc.add(entry, "rules"), "rule", {"id": stable_id("unit-rule", unit.id),
                                                         "name": f"{unit.name}: {words['Sonderregeln']}",
                                                         "hidden": "false"})
        doc.add(rule, "description", text=unit.rules)
    categories = doc.add(entry, "categoryLinks")
    roles: list[tuple[str, str, str]] = [(unit.type, TYPE_CATEGORIES[unit.type], "true")]
    roles += [("controller", CONTROLLER, "false")] if unit.drone_controller else []
    roles.append(("model", MODEL, "false"))         # every unit is a model of the group (bsforce: at least 2)
    for key, name, primary in roles:
        doc.add(categories, "categoryLink", {"id": stable_id("category-link", unit.id, key), "name": words[name],
                                             "hidden": "false", "targetId": category_id(key), "primary": primary})
    groups = ([_loadout_group] if unit.loadouts else []) + \
        ([_drone_group] if derived.drone_capacity is not None and drones else [])
    if groups:
        listed = doc.add(entry, "selectionEntryGroups")
        for make in groups:
            make(doc, listed, derived, content, all_derived, drones, source)
    links = doc.add(entry, "entryLinks")
    if unit.type != "drohne":
        link = doc.add(links, "entryLink", {"id": stable_id("link", owner, "leader"), "name": words[LEADER],
                                            "hidden": "false", "import": "true",
                                            "targetId": stable_id("leader"), "type": "selectionEntry"})
        add_constraints(doc, link, f"{owner}:leader", None, 1)
    if not unit.loadouts:
        for kind, key, copies, profile in kit_links(derived, source):
            add_entry_link(doc, links, owner, kind, key, _item_name(kind, key, content), copies, profile)
    for trait in derived.traits:
        name = trait.name if trait.level == 1 else f"{trait.name} {roman(trait.level)}"
        add_entry_link(doc, links, owner, "trait", trait.id, name, 1)
    for power in dict.fromkeys(unit.powers):
        add_entry_link(doc, links, owner, "power", power, content.powers[power].name, unit.powers.count(power))
    add_cost(doc, entry, derived.points)


def _loadout_group(doc: Document, parent: ET.Element, derived: DerivedUnit, content: Content,
                   all_derived: Derived, drones: list[DerivedUnit], source: Content) -> None:
    """``Ausrüstung``: the unit's own kit (``Standard``, the default) or one of its loadouts, exactly one."""
    unit, words = derived.unit, content.words
    standard = stable_id("loadout", unit.id, "")
    group = doc.add(parent, "selectionEntryGroup", {"id": stable_id("loadouts", unit.id), "name": words["Ausrüstung"],
                                                    "hidden": "false", "defaultSelectionEntryId": standard})
    add_constraints(doc, group, f"loadouts:{unit.id}", 1, 1)
    options = doc.add(group, "selectionEntries")
    variants = [("", words["Standard"], derived)]
    variants += [(lo.id, lo.name, all_derived.loadouts[(unit.id, lo.id)]) for lo in unit.loadouts
                 if (unit.id, lo.id) in all_derived.loadouts]
    for key, name, variant in variants:
        owner = f"loadout:{unit.id}:{key}"
        option = doc.add(options, "selectionEntry", {"id": stable_id("loadout", unit.id, key), "name": name,
                                                     "hidden": "false", "collective": "false", "import": "true",
                                                     "type": "upgrade"})
        add_constraints(doc, option, owner, None, 1)
        if key and unit_values(variant) != unit_values(derived):
            add_profile(doc, doc.add(option, "profiles"), "unit", stable_id("loadout-profile", unit.id, key),
                        f"{unit.name} ({name})", unit_values(variant), words)
        links = doc.add(option, "entryLinks")
        for kind, item, copies, profile in kit_links(variant, source):
            add_entry_link(doc, links, owner, kind, item, _item_name(kind, item, content), copies, profile)
        add_cost(doc, option, variant.points - derived.points)


def _drone_group(doc: Document, parent: ET.Element, derived: DerivedUnit, content: Content,
                 all_derived: Derived, drones: list[DerivedUnit], source: Content) -> None:
    """``Drohnen``: at most the controller's ⌊EH/3⌋ drones of its faction (``drone_capacity``)."""
    unit, words = derived.unit, content.words
    name = f"{words['Drohnen']} ({words['höchstens']} {derived.drone_capacity}, ⌊{words['EH']}/3⌋)"
    group = doc.add(parent, "selectionEntryGroup", {"id": stable_id("drones", unit.id), "name": name,
                                                    "hidden": "false"})
    add_constraints(doc, group, f"drones:{unit.id}", None, derived.drone_capacity)
    links = doc.add(group, "entryLinks")
    for drone in drones:
        doc.add(links, "entryLink", {"id": stable_id("link", f"drones:{unit.id}", drone.unit.id),
                                     "name": drone.unit.name, "hidden": "false", "import": "true",
                                     "targetId": stable_id("unit", drone.unit.id), "type": "selectionEntry"})
