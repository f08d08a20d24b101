"""``cardgen export battlescribe``: the content as BattleScribe data (read by BattleScribe and New Recruit).

:func:`export_battlescribe` is the one entry: content and derived values in, the files' bytes out,
by name -- ``Universalis.gst`` (the game system: the rulebooks as publications, the cost type
``pts``, the profile types, the categories, the force ``Gruppe`` with the group rules as
constraints (:mod:`cardgen.export.bsforce`), and every weapon, armour, equipment, trait, power and
damage effect once, shared), one ``<faction id>.cat`` per faction (its units; drones only below
their controllers), ``index.xml`` (a data repository's index) and the ``.bsi``/``.bsr`` a player's
app downloads (:mod:`cardgen.export.bsrelease`).  Every entry the built rulebook defines cites its
page (:mod:`cardgen.export.bspublication`).  The same content, books and revision give the same
bytes.  Which content field becomes which element: docs/players-data.md.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardgen.content.model import Content
from cardgen.content.schema import Armor, Faction, Weapon
from cardgen.content.words import Words
from cardgen.export.bsforce import add_categories, add_force
from cardgen.export.bsformat import (
    BATTLESCRIBE_VERSION, CATALOGUE_NS, GAME_NAME, GAME_SYSTEM_NS, Document, check_well_formed, stable_id,
)
from cardgen.export.bsprofiles import (
    add_profile, add_profile_types, armor_values, power_values, trait_values, weapon_values,
)
from cardgen.export.bspublication import Citations
from cardgen.export.bsrelease import (
    INDEX_FILE, About, IndexEntry, asset_name, data_index, release_archives, unique_names,
)
from cardgen.export.bsunits import (
    COST_TYPE, LEADER, add_cost, add_unit_entry, armor_profile_id, category_id, cost_type_id,
    item_id, weapon_profile_id,
)
from cardgen.rules.derived import Derived, DerivedUnit

GAME_SYSTEM_FILE = asset_name(GAME_NAME, ".gst")
__all__ = ["GAME_SYSTEM_FILE", "INDEX_FILE", "About", "Citations", "export_battlescribe", "game_system_id"]


def game_system_id() -> str:
    return stable_id("game-system", GAME_NAME)


def catalogue_files(content: Content) -> dict[str, str]:
    """Faction id → its catalogue's file name (a release asset's name: :func:`asset_name`)."""
    return unique_names({f.id: asset_name(f.id, ".cat") for f in sorted(content.factions.values(), key=lambda f: f.id)})


def export_battlescribe(content: Content, derived: Derived, revision: int, citations: Citations | None = None,
                        about: About | None = None, source: Content | None = None) -> dict[str, bytes]:
    """Every file of the export by name: the game system, one catalogue per faction, the index and
    its ``.bsi``/``.bsr``; entries cite ``citations``' books, the files name ``about``'s author.
    ``content`` in a translation's language: ``source`` is the untranslated content, whose names make
    the ids of the profiles that depend on them (the same ids in every language)."""
    citations, about = citations or Citations(), about or About()
    names = catalogue_files(content)
    files = {GAME_SYSTEM_FILE: game_system(content, derived, revision, citations, about, source)}
    listed = [IndexEntry(GAME_SYSTEM_FILE, "gamesystem", game_system_id(), GAME_NAME)]
    for faction in sorted(content.factions.values(), key=lambda f: f.id):
        files[names[faction.id]] = catalogue(faction, content, derived, revision, citations, about, source)
        listed.append(IndexEntry(names[faction.id], "catalogue", stable_id("catalogue", faction.id), faction.name))
    files[INDEX_FILE] = data_index(listed, revision, about)
    return check_well_formed(files) | release_archives(files)


def _root_attributes(name: str, identifier: str, revision: int, about: About) -> dict[str, str]:
    return {"id": identifier, "name": name, "revision": str(revision), "battleScribeVersion": BATTLESCRIBE_VERSION,
            **about.attributes()}


def readme(revision: int, citations: Citations, about: About, words: Words) -> str:
    """The data's readme (the apps show it in their data manager): what it is, from which books, whom to
    ask; in ``words``."""
    lines = [f"{GAME_NAME}: {words['Gruppen für BattleScribe und New Recruit']}, {words['Revision']} {revision}."]
    lines += [f"{words['Seitenangaben']}: {book.name}." for book in citations.books]
    lines += [f"{words['Kontakt']}: {about.contact}."] if about.contact else []
    return "\n".join(lines)


def game_system(content: Content, derived: Derived, revision: int, citations: Citations, about: About,
                source: Content | None = None) -> bytes:
    """``Universalis.gst``."""
    doc = Document(GAME_SYSTEM_NS, "gameSystem", _root_attributes(GAME_NAME, game_system_id(), revision, about))
    root = doc.root
    doc.add(root, "readme", text=readme(revision, citations, about, content.words))
    citations.add_publications(doc, root)
    doc.add(doc.add(root, "costTypes"), "costType", {"id": cost_type_id(), "name": COST_TYPE,
                                                     "defaultCostLimit": "-1", "hidden": "false"})
    add_profile_types(doc, root, content.words)
    add_categories(doc, root, content.words)
    add_force(doc, root, content.words)
    _shared_entries(doc, doc.add(root, "sharedSelectionEntries"), content, citations)
    shared_rules = doc.add(root, "sharedRules")
    for effect in sorted(content.effects.values(), key=lambda e: e.id):
        rule = doc.add(shared_rules, "rule", {"id": item_id("effect", effect.id), "name": effect.name,
                                              "hidden": "false"})
        citations.cite(rule, "effect", effect.id)
        doc.add(rule, "description", text=effect.rules)
    _shared_profiles(doc, doc.add(root, "sharedProfiles"), content, derived, source or content)
    return doc.to_bytes()


def _item(doc: Document, parent: ET.Element, kind: str, key: str, name: str, citations: Citations) -> ET.Element:
    entry = doc.add(parent, "selectionEntry", {"id": item_id(kind, key), "name": name, "hidden": "false",
                                               "collective": "false", "import": "true", "type": "upgrade"})
    citations.cite(entry, kind, key)
    return entry


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


def _shared_entries(doc: Document, parent: ET.Element, content: Content, citations: Citations) -> None:
    """The leader's mark and every weapon, armour, equipment, trait and power, each once, cost 0.

    The mark is at most once per model (its links' constraint); exactly one per group is the force's
    (:mod:`cardgen.export.bsforce`), not a force-scoped constraint here that the apps may not check."""
    words = content.words
    leader = doc.add(parent, "selectionEntry", {"id": stable_id("leader"), "name": words[LEADER], "hidden": "false",
                                                "collective": "false", "import": "true", "type": "upgrade"})
    doc.add(doc.add(leader, "categoryLinks"), "categoryLink", {
        "id": stable_id("category-link", "leader"), "name": words[LEADER], "hidden": "false",
        "targetId": category_id("leader"), "primary": "false"})
    add_cost(doc, leader, 0)
    carried: list[tuple[str, Weapon | Armor]] = [("weapon", w) for w in sorted(content.weapons.values(), key=_id)]
    carried += [("armor", a) for a in sorted(content.armor.values(), key=_id)]
    for kind, thing in carried:
        entry = _item(doc, parent, kind, thing.id, thing.name, citations)
        if thing.rules:
            _rule(doc, entry, f"{kind}:{thing.id}", thing.name, thing.rules)
        _effect_links(doc, entry, f"{kind}:{thing.id}", thing.effects, content)
        add_cost(doc, entry, 0)
    for item in sorted(content.equipment.values(), key=lambda e: e.id):
        entry = _item(doc, parent, "equipment", item.id, item.name, citations)
        action = "" if item.ap_cost is None else f" ({words['Ausrüstung verwenden']}: {item.ap_cost} {words['AP']})"
        _rule(doc, entry, f"equipment:{item.id}", item.name, (item.rules or item.name) + action)
        add_cost(doc, entry, 0)
    for trait in sorted(content.traits.values(), key=lambda t: t.id):
        entry = _item(doc, parent, "trait", trait.id, trait.name, citations)
        add_profile(doc, doc.add(entry, "profiles"), "trait", stable_id("trait-profile", trait.id), trait.name,
                    trait_values(trait), words)
        add_cost(doc, entry, 0)
    for power in sorted(content.powers.values(), key=lambda p: p.id):
        entry = _item(doc, parent, "power", power.id, power.name, citations)
        add_profile(doc, doc.add(entry, "profiles"), "power", stable_id("power-profile", power.id), power.name,
                    power_values(power, content), words)
        add_cost(doc, entry, 0)


def _every_derived(derived: Derived) -> list[DerivedUnit]:
    return [*(derived.units[key] for key in sorted(derived.units)),
            *(derived.loadouts[key] for key in sorted(derived.loadouts))]


def _shared_profiles(doc: Document, parent: ET.Element, content: Content, derived: Derived, source: Content) -> None:
    """The weapon and armour profiles with their carriers' values, each distinct one once; the ids from
    the values in ``source``'s names and words (:func:`~cardgen.export.bsunits.kit_links` links them)."""
    found: dict[str, tuple[str, str, dict[str, str]]] = {}
    for unit in _every_derived(derived):
        for weapon in unit.weapons:
            key = weapon_profile_id(weapon.weapon.id, weapon_values(weapon, source, Words()))
            found[key] = ("weapon", weapon.weapon.name, weapon_values(weapon, content))
        for worn in (unit.armor, unit.shield):
            if worn is not None:
                key = armor_profile_id(worn.armor.id, armor_values(worn, source, Words()))
                found[key] = ("armor", worn.armor.name, armor_values(worn, content))
    for profile_id, (kind, name, values) in sorted(found.items(), key=lambda item: (item[1][1], item[0])):
        add_profile(doc, parent, kind, profile_id, name, values, content.words)


def catalogue(faction: Faction, content: Content, derived: Derived, revision: int, citations: Citations,
              about: About, source: Content | None = None) -> bytes:
    """``<faction id>.cat``: the faction's units (drones shared, below their controllers), its leader rule."""
    attributes = _root_attributes(faction.name, stable_id("catalogue", faction.id), revision, about)
    attributes |= {"library": "false", "gameSystemId": game_system_id(), "gameSystemRevision": str(revision)}
    doc = Document(CATALOGUE_NS, "catalogue", attributes)
    units = [derived.units[key] for key in sorted(derived.units) if derived.units[key].unit.faction == faction.id]
    drones = [unit for unit in units if unit.unit.type == "drohne"]
    entries = doc.add(doc.root, "selectionEntries")
    for unit in units:
        if unit.unit.type != "drohne":
            add_unit_entry(doc, entries, unit, content, derived, drones, citations, source)
    if faction.leader_rule:
        _rule(doc, doc.root, f"leader:{faction.id}", content.words[LEADER], faction.leader_rule)
    if drones:
        shared = doc.add(doc.root, "sharedSelectionEntries")
        for drone in drones:
            add_unit_entry(doc, shared, drone, content, derived, [], citations, source)
    return doc.to_bytes()
