"""The example content in content/ covers everything the rules engine knows.

Each test checks one part of the acceptance list of the example content
(units, weapons, armor, equipment, traits, schools, powers, damage effects,
terrain, groups) against the content itself; derived values (encumbrance,
drone control) are read from ``cardgen show --json``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardgen.stages import check_content
from cardgen.content.fields import parse_stat
from cardgen.content.schema import TraitRef
from conftest import PROJECT, run_in_process

CONTENT = PROJECT / "content"
MAX_RULES_CHARS = 250


@pytest.fixture(scope="module")
def content():
    loaded, problems = check_content(CONTENT)
    assert not problems, "content/ does not validate:\n" + "\n".join(p.format() for p in problems)
    return loaded


def show(unit_id: str) -> dict:
    code, out, err = run_in_process("show", unit_id, "--content", "content", "--json")
    assert code == 0, f"cardgen show {unit_id} failed: {err}"
    return json.loads(out)


@pytest.fixture(scope="module")
def shown(content) -> dict[str, dict]:
    """``cardgen show UNIT --json`` of every example unit, run once for the module's tests."""
    return {uid: show(uid) for uid in sorted(content.units)}


def missing(expected, found) -> list:
    return sorted(set(expected) - set(found))


def assert_covers(expected, found, what: str) -> None:
    """Every value of ``expected`` occurs in ``found``; else name the ones missing."""
    absent = missing(expected, found)
    assert not absent, f"{what} {absent}"


def trait_id(entry) -> str:
    return entry.id if isinstance(entry, TraitRef) else entry


def trait_level(entry) -> int:
    return entry.level if isinstance(entry, TraitRef) else 1


def used(content, field: str) -> set[str]:
    """Ids a unit field refers to, over all units."""
    found: set[str] = set()
    for unit in content.units.values():
        value = getattr(unit, field)
        if value is None:
            continue
        if isinstance(value, str):
            found.add(value)
        else:
            found |= {trait_id(v) for v in value}
    return found


def test_validate_prints_nothing_but_valid(cli):
    code, out, err = cli("validate", "--content", "content")
    assert code == 0 and err == "", f"cardgen validate reports problems:\n{err}"
    code, out, err = cli("list", "--content", "content")
    assert code == 0, f"cardgen list fails: {err}"


def test_factions(content):
    assert len(content.factions) >= 2, f"need 2+ factions, found {sorted(content.factions)}"
    colours = [f.colour.lower() for f in content.factions.values()]
    assert len(set(colours)) == len(colours), f"factions share a colour: {colours}"
    for faction in content.factions.values():
        assert faction.leader_rule.strip(), f"faction '{faction.id}' has no leader_rule"


def test_units_cover_types_sizes_and_movements(content):
    units = list(content.units.values())
    assert len(units) >= 14, f"need 14+ units, found {len(units)}"
    types = {u.type for u in units}
    assert_covers(("infanterie", "koloss", "drohne"), types, "no unit of type")
    sizes = {u.size for u in units}
    assert_covers(("klein", "mittel", "groß", "riesig"), sizes, "no unit of size")
    movements = {u.movement for u in units}
    all_movements = ("beine", "flug", "kette", "rad", "schweben", "stationär")
    assert_covers(all_movements, movements, "no unit with movement")
    assert any(u.type == "koloss" for u in units), "no colossus (koloss)"
    names = [u.name for u in units]
    assert len(set(names)) == len(names), f"unit names repeat: {Counter(names).most_common(3)}"


def test_drones_have_only_ko_and_wn(content):
    drones = [u for u in content.units.values() if u.type == "drohne"]
    assert len(drones) >= 2, f"need 2+ drones, found {[d.id for d in drones]}"
    for drone in drones:
        extra = [k for k in ("AGI", "NK", "FK", "EH") if getattr(drone.attributes, k) is not None]
        assert not extra, f"drone '{drone.id}' has attributes {extra} (only KO and WN allowed)"


def test_every_item_is_used_by_a_unit(content):
    for field, kind in (("weapons", "weapons"), ("equipment", "equipment"), ("traits", "traits"),
                        ("powers", "powers")):
        unused = missing(content.kind(kind), used(content, field))
        assert not unused, f"{kind} not used by any unit: {unused}"
    armor_used = used(content, "armor") | used(content, "shield")
    assert_covers(content.armor, armor_used, "armor not used by any unit:")
    effect_used = {e for kind in ("weapons", "armor") for item in content.kind(kind).values() for e in item.effects}
    assert_covers(content.effects, effect_used, "damage effects on no weapon or armor:")


def test_weapons(content):
    weapons = list(content.weapons.values())
    assert len(weapons) >= 20, f"need 20+ weapons, found {len(weapons)}"
    kinds = {w.kind for w in weapons}
    assert_covers(("nahkampf", "fernkampf", "wurf"), kinds, "no weapon of kind")
    classes = {w.weapon_class for w in weapons}
    assert_covers(range(1, 6), classes, "no weapon of WK")
    assert any(parse_stat(w.strength)[1] for w in weapons), "no weapon with additive strength ('+N' on KO)"
    dauerfeuer = {w.dauerfeuer for w in weapons}
    assert_covers(range(1, 5), dauerfeuer, "no weapon with Dauerfeuer")
    assert any(w.area_radius > 0 for w in weapons), "no area weapon (area_radius)"
    assert any(w.indirekt for w in weapons), "no indirect weapon (indirekt)"
    assert any(w.nachladen for w in weapons), "no weapon that must be reloaded (nachladen)"
    assert any(w.uses == 1 for w in weapons), "no single-use weapon (uses: 1)"
    assert any(w.uses in (2, 3) for w in weapons), "no weapon with uses: 2 or 3"
    assert any(w.unhandlich for w in weapons), "no unhandlich weapon"
    assert any(w.effects for w in weapons), "no weapon with damage effects"


def test_special_weapons_explain_themselves(content):
    for w in content.weapons.values():
        special = w.dauerfeuer >= 3 or w.area_radius or w.indirekt or w.nachladen or w.uses or w.unhandlich
        assert not special or w.rules.strip(), f"weapon '{w.id}' has a special rule but no rules text"


def test_armor(content):
    armor = list(content.armor.values())
    assert any(parse_stat(a.protection)[1] for a in armor), "no armor with additive protection ('+N')"
    assert any(a.selbsttragend for a in armor), "no selbsttragend armor"
    shields = [a for a in armor if a.shield is not None]
    assert shields, "no shield (armor with 'shield' bonuses)"
    assert any(a.shield.melee or a.shield.armor for a in shields), "shield without bonuses"
    assert used(content, "shield"), "no unit carries a shield under 'shield:'"
    armor_effects = {e for a in armor for e in a.effects}
    assert armor_effects & {"robust", "adaptiv", "strukturverstärkt"}, "no armor with an armor-only effect"
    assert any(a.damage_reduction for a in armor), "no armor with Schadensreduktion"


def test_equipment(content):
    items = list(content.equipment.values())
    assert len(items) >= 3, f"need 3+ equipment items, found {len(items)}"
    assert any(e.ap_cost is not None for e in items), "no equipment with ap_cost"
    assert any(e.uses for e in items), "no equipment with uses"
    assert any(e.unhandlich for e in items), "no unhandlich equipment"
    assert all(e.points >= 0 for e in items), "equipment without points"


def test_traits(content):
    traits = list(content.traits.values())
    assert len(traits) >= 5, f"need 5+ traits, found {len(traits)}"
    leveled = [(u.id, trait_id(t), trait_level(t)) for u in content.units.values() for t in u.traits
               if trait_level(t) > 1]
    assert leveled, "no unit uses a trait at a level above I"
    assert all(content.traits[t].max_level > 1 for _, t, _ in leveled)
    assert any(t.uses for t in traits), "no trait with uses (Einmalnutzung)"
    assert any(t.ap_cost is not None for t in traits), "no trait with ap_cost"
    modes = {m.mode for t in traits for m in t.modifiers}
    assert not missing(("permanent", "temporär"), modes), \
        f"no trait with a {missing(('permanent', 'temporär'), modes)} modifier"


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_schools(content):
    assert sorted(content.schools) == ["elementar", "geist"], f"schools must be elementar and geist, " \
                                                               f"found {sorted(content.schools)}"
    elementar, geist = content.schools["elementar"], content.schools["geist"]
    assert elementar.icon == "Schule/elementar.svg", f"elementar icon is {elementar.icon}"
    assert geist.icon == "Schule/geist.svg", f"geist icon is {geist.icon}"
    assert luminance(elementar.colour) < 0.35, f"elementar colour {elementar.colour} is not dark"
    assert luminance(geist.colour) > 0.6, f"geist colour {geist.colour} is not light"


def test_powers(content):
    powers = list(content.powers.values())
    for school in ("elementar", "geist"):
        count = sum(p.school == school for p in powers)
        assert count >= 4, f"school '{school}' has {count} powers, needs 4+"
    for field, values in (("target", ("selbst", "modell", "fläche")),
                          ("range", ("selbst", "berührung", "distanz")),
                          ("duration", ("instantan", "dauerhaft")),
                          ("tp_loss_when", ("misslingen", "immer"))):
        found = {getattr(p, field) for p in powers}
        assert_covers(values, found, f"no power with {field}")
    assert all(p.range_cm for p in powers if p.range == "distanz"), "a distanz power has no range_cm"


EFFECTS = {
    "aufreißen": "beide", "brand": "beide", "erschütterung": "beide", "explosiv": "beide", "giftig": "beide",
    "panzerbrechend": "beide", "schrapnell": "beide", "trauma": "waffen", "strukturschädigend": "waffen",
    "adaptiv": "rüstung", "robust": "rüstung", "strukturverstärkt": "rüstung",
}


def test_damage_effects(content):
    assert_covers(EFFECTS, content.effects, "damage effects missing:")
    assert_covers(content.effects, EFFECTS, "unknown damage effects:")
    for eid, applies in EFFECTS.items():
        effect = content.effects[eid]
        assert effect.applies_to == applies, f"effect '{eid}' applies to {effect.applies_to}, rulebook: {applies}"
        assert effect.icon == f"Effekt/{eid}.svg", f"effect '{eid}' has icon {effect.icon}"
        assert effect.rules.strip(), f"effect '{eid}' has no rules text"


TERRAIN = {  # rulebook, Geländetypen: Passierbarkeit, Deckung (I–III as 1–3), Sichtweite
    "befestigte_stellung": (1, 3, 1), "dickicht": (1, 1, 1), "gebäude": (0, 2, 1), "krater": (2, 2, 1),
    "ruine": (1, 2, 2), "straße": (0, None, None), "sumpf": (3, None, 1), "wald": (2, 2, 2),
    "wasser": (2, None, None),
}


def test_terrain(content):
    assert len(content.terrain) >= 4, f"need 4+ terrain types, found {sorted(content.terrain)}"
    for tid, terrain in content.terrain.items():
        if tid in TERRAIN:
            values = (terrain.passierbarkeit, terrain.deckung, terrain.sichtweite)
            assert values == TERRAIN[tid], f"terrain '{tid}' has {values}, rulebook: {TERRAIN[tid]}"


def test_groups(content):
    groups = list(content.groups.values())
    assert len(groups) == 2, f"need 2 groups, found {len(groups)}"
    factions = {g.faction for g in groups}
    assert len(factions) == 2, f"the groups must belong to two factions, found {factions}"
    for group in groups:
        assert len(group.models) >= 2, f"group '{group.id}' has fewer than 2 models"
        leaders = [m for m in group.models if m.leader]
        assert len(leaders) == 1, f"group '{group.id}' has {len(leaders)} leaders"


def controlled(content) -> list[tuple[str, str, list[str]]]:
    """(group, controller unit, [drone units]) for each controller in a group."""
    found = []
    for group in content.groups.values():
        labels = {m.label or m.unit: m.unit for m in group.models}
        drones: dict[str, list[str]] = {}
        for member in group.models:
            if member.controller:
                drones.setdefault(member.controller, []).append(member.unit)
        found += [(group.id, labels[label], units) for label, units in drones.items()]
    return found


def test_controller_with_two_drones(content, shown):
    candidates = [(g, c, d) for g, c, d in controlled(content) if len(d) >= 2]
    assert candidates, "no group has a controller with 2 drones"
    group, controller, drones = candidates[0]
    data = shown[controller]
    assert data["attributes"]["EH"] >= 6, f"controller '{controller}' has EH {data['attributes']['EH']} < 6"
    assert data["drone_capacity"] >= len(drones), \
        f"controller '{controller}' may run {data['drone_capacity']} drones, has {len(drones)}"
    for drone in drones:
        d = shown[drone]
        assert d["type"] == "drohne", f"'{drone}' in group '{group}' has a controller but is a {d['type']}"
        assert {k for k, v in d["attributes"].items() if v is not None} == {"KO", "WN"}, \
            f"drone '{drone}' has attributes besides KO and WN"
        assert d["action_points"] == 2, f"drone '{drone}' has {d['action_points']} AP, not 2"


def test_an_encumbered_unit(shown):
    encumbered = []
    for uid, data in shown.items():
        if data["encumbrance"]:
            encumbered.append(uid)
            assert data["load_kg"] > data["carrying_capacity_kg"], f"'{uid}' encumbered below its Tragkraft"
    assert encumbered, "no unit carries more than its Tragkraft (encumbrance is 0 everywhere)"


def test_show_works_for_every_unit(content, shown):
    for uid, unit in content.units.items():
        data = shown[uid]
        assert data["points"] > 0, f"unit '{uid}' costs {data['points']} points"
        if unit.type == "koloss":
            assert data["hit_zones"], f"colossus '{uid}' has no hit zones"


def test_rules_texts_are_short(content):
    too_long = []
    for kind in ("units", "weapons", "armor", "equipment", "traits", "powers", "effects", "terrain"):
        for item in content.kind(kind).values():
            if len(item.rules) > MAX_RULES_CHARS:
                too_long.append(f"{kind}/{item.id} ({len(item.rules)})")
    for faction in content.factions.values():
        if len(faction.leader_rule) > MAX_RULES_CHARS:
            too_long.append(f"factions/{faction.id} ({len(faction.leader_rule)})")
    assert not too_long, f"rules texts over {MAX_RULES_CHARS} characters: {too_long}"
