"""``cardgen export battlescribe``: the content as BattleScribe data (read by BattleScribe and New Recruit).

:func:`export_battlescribe` is the one entry: content and derived values in, the files' bytes out,
by name -- ``Universalis.gst`` (the game system: the cost type ``pts``, the profile types, the
categories, the force ``Gruppe`` with the group rules, and every weapon, armour, equipment, trait,
power and damage effect once, shared), one ``<faction id>.cat`` per faction (its units; drones
only below their controllers) and ``index.xml`` (a data repository's index).  The same content and
revision give the same bytes.  Which content field becomes which element: docs/players-data.md.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardgen.content.model import Content
from cardgen.content.schema import Armor, Faction, Weapon
from cardgen.export.bsformat import (
    BATTLESCRIBE_VERSION, CATALOGUE_NS, DATA_INDEX_NS, GAME_NAME, GAME_SYSTEM_NS, Document, check_well_formed,
    stable_id,
)
from cardgen.export.bsprofiles import (
    add_profile, add_profile_types, armor_values, power_values, trait_values, weapon_values,
)
from cardgen.export.bsunits import (
    COST_TYPE, LEADER, ROLE_CATEGORIES, TYPE_CATEGORIES, add_constraints, add_cost, add_unit_entry,
    armor_profile_id, category_id, cost_type_id, item_id, weapon_profile_id,
)
from cardgen.rules.derived import Derived, DerivedUnit

GAME_SYSTEM_FILE = f"{GAME_NAME}.gst"
INDEX_FILE = "index.xml"
GROUP_RULES = (
    "Eine Gruppe besteht aus zwei oder mehr Modellen einer Fraktion. Genau ein Modell ist Gruppenführer "
    "(keine Drohne). Jede Drohne braucht einen Kontroller aus der Gruppe; ein Kontroller führt höchstens "
    "⌊EH/3⌋ Drohnen.")


def game_system_id() -> str:
    return stable_id("game-system", GAME_NAME)


def catalogue_file(faction: Faction) -> str:
    return f"{faction.id}.cat"


def export_battlescribe(content: Content, derived: Derived, revision: int) -> dict[str, bytes]:
    """Every file of the export by name: the game system, one catalogue per faction, the index."""
    files = {GAME_SYSTEM_FILE: game_system(content, derived, revision)}
    for faction in sorted(content.factions.values(), key=lambda f: f.id):
        files[catalogue_file(faction)] = catalogue(faction, content, derived, revision)
    files[INDEX_FILE] = data_index(content, revision)
    return check_well_formed(files)


def _root_attributes(name: str, identifier: str, revision: int) -> dict[str, str]:
    return {"id": identifier, "name": name, "revision": str(revision), "battleScribeVersion": BATTLESCRIBE_VERSION}


def game_system(content: Content, derived: Derived, revision: int) -> bytes:
    """``Universalis.gst``."""
    doc = Document(GAME_SYSTEM_NS, "gameSystem", _root_attributes(GAME_NAME, game_system_id(), revision))
    root = doc.root
    doc.add(doc.add(root, "costTypes"), "costType", {"id": cost_type_id(), "name": COST_TYPE,
                                                     "defaultCostLimit": "-1", "hidden": "false"})
    add_profile_types(doc, root)
    categories = doc.add(root, "categoryEntries")
    named = {**TYPE_CATEGORIES, **ROLE_CATEGORIES}
    for key, name in named.items():
        doc.add(categories, "categoryEntry", {"id": category_id(key), "name": name, "hidden": "false"})
    force = doc.add(doc.add(root, "forceEntries"), "forceEntry", {"id": stable_id("force", "gruppe"),
                                                                  "name": "Gruppe", "hidden": "false"})
    rule = doc.add(doc.add(force, "rules"), "rule", {"id": stable_id("rule", "gruppe"), "name": "Gruppe",
                                                     "hidden": "false"})
    doc.add(rule, "description", text=GROUP_RULES)
    links = doc.add(force, "categoryLinks")
    for key, name in named.items():
        doc.add(links, "categoryLink", {"id": stable_id("category-link", "gruppe", key), "name": name,
                                        "hidden": "false", "targetId": category_id(key), "primary": "false"})
    _shared_entries(doc, doc.add(root, "sharedSelectionEntries"), content)
    shared_rules = doc.add(root, "sharedRules")
    for effect in sorted(content.effects.values(), key=lambda e: e.id):
        rule = doc.add(shared_rules, "rule", {"id": item_id("effect", effect.id), "name": effect.name,
                                              "hidden": "false"})
        doc.add(rule, "description", text=effect.rules)
    _shared_profiles(doc, doc.add(root, "sharedProfiles"), content, derived)
    return doc.to_bytes()


def _item(doc: Document, parent: ET.Element, kind: str, key: str, name: str) -> ET.Element:
    return doc.add(parent, "selectionEntry", {"id": item_id(kind, key), "name": name, "hidden": "false",
                                              "collective": "false", "import": "true", "type": "upgrade"})


def _rule(doc: Document, entry: ET.Element, owner: str, name: str, text: str) -> None:
    rule = doc.add(doc.add(entry, "rules"), "rule", {"id": stable_id("rule", owner), "name": name, "hidden": "false"})
    doc.add(rule, "description", text=text)


def _effect_links(doc: Document, entry: ET.Element, owner: str, effects: list[str], content: Content) -> None:
    if effects:
        links = doc.add(entry, "infoLinks")
        for effect in effects:
            doc.add(links, "infoLink", {"id": stable_id("info", owner, effect), "name": content.effects[effect].name,
                                        "hidden": "false", "targetId": item_id("effect", effect), "type": "rule"})


def _id(thing: Weapon | Armor) -> str:
    return thing.id


def _shared_entries(doc: Document, parent: ET.Element, content: Content) -> None:
    """The leader's mark and every weapon, armour, equipment, trait and power, each once, cost 0."""
    leader = _item(doc, parent, "leader", "", LEADER)
    leader.set("id", stable_id("leader"))
    add_constraints(doc, leader, "leader", 1, 1, scope="force")
    doc.add(doc.add(leader, "categoryLinks"), "categoryLink", {
        "id": stable_id("category-link", "leader"), "name": LEADER, "hidden": "false",
        "targetId": category_id("leader"), "primary": "false"})
    add_cost(doc, leader, 0)
    carried: list[tuple[str, Weapon | Armor]] = [("weapon", w) for w in sorted(content.weapons.values(), key=_id)]
    carried += [("armor", a) for a in sorted(content.armor.values(), key=_id)]
    for kind, thing in carried:
        entry = _item(doc, parent, kind, thing.id, thing.name)
        if thing.rules:
            _rule(doc, entry, f"{kind}:{thing.id}", thing.name, thing.rules)
        _effect_links(doc, entry, f"{kind}:{thing.id}", thing.effects, content)
        add_cost(doc, entry, 0)
    for item in sorted(content.equipment.values(), key=lambda e: e.id):
        entry = _item(doc, parent, "equipment", item.id, item.name)
        action = "" if item.ap_cost is None else f" (Ausrüstung verwenden: {item.ap_cost} AP)"
        _rule(doc, entry, f"equipment:{item.id}", item.name, (item.rules or item.name) + action)
        add_cost(doc, entry, 0)
    for trait in sorted(content.traits.values(), key=lambda t: t.id):
        entry = _item(doc, parent, "trait", trait.id, trait.name)
        add_profile(doc, doc.add(entry, "profiles"), "trait", stable_id("trait-profile", trait.id), trait.name,
                    trait_values(trait))
        add_cost(doc, entry, 0)
    for power in sorted(content.powers.values(), key=lambda p: p.id):
        entry = _item(doc, parent, "power", power.id, power.name)
        add_profile(doc, doc.add(entry, "profiles"), "power", stable_id("power-profile", power.id), power.name,
                    power_values(power, content))
        add_cost(doc, entry, 0)


def _every_derived(derived: Derived) -> list[DerivedUnit]:
    return [*(derived.units[key] for key in sorted(derived.units)),
            *(derived.loadouts[key] for key in sorted(derived.loadouts))]


def _shared_profiles(doc: Document, parent: ET.Element, content: Content, derived: Derived) -> None:
    """The weapon and armour profiles with their carriers' values, each distinct one once."""
    found: dict[str, tuple[str, str, dict[str, str]]] = {}
    for unit in _every_derived(derived):
        for weapon in unit.weapons:
            values = weapon_values(weapon, content)
            found[weapon_profile_id(weapon.weapon.id, values)] = ("weapon", weapon.weapon.name, values)
        for worn in (unit.armor, unit.shield):
            if worn is not None:
                values = armor_values(worn, content)
                found[armor_profile_id(worn.armor.id, values)] = ("armor", worn.armor.name, values)
    for profile_id, (kind, name, values) in sorted(found.items(), key=lambda item: (item[1][1], item[0])):
        add_profile(doc, parent, kind, profile_id, name, values)


def catalogue(faction: Faction, content: Content, derived: Derived, revision: int) -> bytes:
    """``<faction id>.cat``: the faction's units (drones shared, below their controllers), its leader rule."""
    attributes = _root_attributes(faction.name, stable_id("catalogue", faction.id), revision)
    attributes |= {"library": "false", "gameSystemId": game_system_id(), "gameSystemRevision": str(revision)}
    doc = Document(CATALOGUE_NS, "catalogue", attributes)
    units = [derived.units[key] for key in sorted(derived.units) if derived.units[key].unit.faction == faction.id]
    drones = [unit for unit in units if unit.unit.type == "drohne"]
    entries = doc.add(doc.root, "selectionEntries")
    for unit in units:
        if unit.unit.type != "drohne":
            add_unit_entry(doc, entries, unit, content, derived, drones)
    if faction.leader_rule:
        _rule(doc, doc.root, f"leader:{faction.id}", LEADER, faction.leader_rule)
    if drones:
        shared = doc.add(doc.root, "sharedSelectionEntries")
        for drone in drones:
            add_unit_entry(doc, shared, drone, content, derived, [])
    return doc.to_bytes()


def data_index(content: Content, revision: int) -> bytes:
    """``index.xml``: the data index a repository of these files serves (BattleScribe's "data index")."""
    doc = Document(DATA_INDEX_NS, "dataIndex", {"battleScribeVersion": BATTLESCRIBE_VERSION, "name": GAME_NAME})
    entries = doc.add(doc.root, "dataIndexEntries")
    listed = [(GAME_SYSTEM_FILE, "gamesystem", game_system_id(), GAME_NAME)]
    listed += [(catalogue_file(f), "catalogue", stable_id("catalogue", f.id), f.name)
               for f in sorted(content.factions.values(), key=lambda f: f.id)]
    for path, kind, identifier, name in listed:
        doc.add(entries, "dataIndexEntry", {"filePath": path, "dataType": kind, "dataId": identifier,
                                            "dataName": name, "dataBattleScribeVersion": BATTLESCRIBE_VERSION,
                                            "dataRevision": str(revision)})
    return doc.to_bytes()
