"""Stage 5: what a unit card shows, formatted (view models for the templates).

The derive stage computes every number (:mod:`cardgen.rules.derive`) and
hands it in as a :class:`~cardgen.rules.derive.DerivedUnit`; this module
only picks and formats them: roman weapon classes, range texts,
German labels, icon URIs.  Templates receive these frozen dataclasses and
only loop and print (no arithmetic, no lookups).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING


from cardgen.content.collation import name_key
from cardgen.content.model import Content
from cardgen.cards.unit_model import (ArmorRow, Described, Icon, ItemRow, Radii, RulesEntry, Stat, Track, UnitCard,
                                      WeaponActions, WeaponRow)
from cardgen.content.schema import Unit, weapon_id
from cardgen.content.words import Words
from cardgen.look.icons import icon, icon_uri, tinted_icon
from cardgen.richtext import card_html
from cardgen.rules.colour import text_colour
from cardgen.rules.derive import DerivedArmor, DerivedShield, DerivedUnit, DerivedWeapon
from cardgen.rules.weapons import armor_roll
from cardgen.vocabulary import ACTION_NAMES, ATTRIBUTES, HIT_ZONES, MOUNT_NAMES, REACTIONS, UNIT_TYPE_NAMES, roman

if TYPE_CHECKING:                   # cardgen.cards.portrait prepares the pictures (and imports views)
    from cardgen.cards.portrait import Portrait

HEADER_ICONS = {  # column headings of the weapon and armor bars (white on the stripes)
    "reichweite": "weapon.reichweite", "stärke": "weapon.stärke", "schaden": "weapon.schaden",
    "schutz": "armor.schutz", "schadensreduktion": "armor.schadensreduktion"}
HEADER_INK = "#ffffff"
STAT_ICONS = {  # the icons beside the attribute grid (black)
    "wahrnehmung": "model.wahrnehmungsbereich", "gefahr": "model.gefahrenbereich",
    "aktionspunkte": "card.aktionspunkte", "drohnen": "type.drohne", "belastung": "card.ausrüstung"}
KIND_LABELS = {"unit": "Sonderregel", "weapons": "Waffe", "armor": "Rüstung", "equipment": "Ausrüstung",
               "traits": "Eigenschaft", "powers": "Kraft", "effects": "Schadenseffekt"}
STANDARD_AP = 6                     # the front shows AP only where they differ (drones: 2)


@lru_cache(maxsize=1)
def header_icons() -> dict[str, "Icon"]:
    """The icons of the front by name: the column headings (white, for the striped bars) and
    the icons beside the attribute grid."""
    icons = {name: Icon(tinted_icon(key, HEADER_INK), name.capitalize()) for name, key in HEADER_ICONS.items()}
    icons.update((name, Icon(icon(key), name.capitalize())) for name, key in STAT_ICONS.items())
    return icons


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def track(label: str, hit_points: int, critical_at: int, zone: str = "", roll: str = "") -> Track:
    return Track(label, tuple(number <= critical_at for number in range(1, hit_points + 1)), zone, roll)


def _rolls(content: Content) -> dict[str, str]:
    """Hit zone → the W12 results that hit it ("7–12"), from the ruleset's zone table."""
    table = content.checked_ruleset().zone_table
    return {zone: f"{r.first}–{r.last}" if r.first != r.last else f"{r.first}"
            for zone in HIT_ZONES for r in (getattr(table, zone),)}


def _tracks(d: DerivedUnit, content: Content) -> tuple[Track, ...]:
    if d.hit_zones is None:
        return (track("", d.hit_points, d.critical_at),)
    from cardgen.rules.profile import critical_at
    rolls = _rolls(content)
    return tuple(track(content.words[label], getattr(d.hit_zones, zone), critical_at(getattr(d.hit_zones, zone)),
                       zone, rolls[zone]) for zone, label in HIT_ZONES.items())


def _zone_table(d: DerivedUnit, content: Content) -> tuple[tuple[str, str], ...]:
    """W12 result → hit zone, in the order of the results (colossi only)."""
    if d.hit_zones is None:
        return ()
    table = content.checked_ruleset().zone_table
    rolls = _rolls(content)
    zones = sorted(HIT_ZONES, key=lambda zone: getattr(table, zone).first)
    return tuple((rolls[zone], content.words[HIT_ZONES[zone]]) for zone in zones)


def _temporary(d: DerivedUnit, key: str) -> str:
    return " ".join(signed(m.value) for m in d.temporary if m.attribute == key)


def _attribute(value: int | None) -> str:
    """An attribute as printed: its true value ("−1" where encumbrance takes it below 0), "–" for none."""
    return "–" if value is None else str(value).replace("-", "−")


def _attributes(d: DerivedUnit, words: Words) -> tuple[Stat, ...]:
    return tuple(Stat(words[key], _attribute(d.attributes[key]), _temporary(d, key),
                      negative=(d.attributes[key] or 0) < 0) for key in ATTRIBUTES)


def _grid(attributes: tuple[Stat, ...]) -> tuple[tuple[Stat, Stat], ...]:
    """The six attributes as the card's 2 × 3 grid: the first three left, the other three right."""
    half = len(attributes) // 2
    return tuple(zip(attributes[:half], attributes[half:]))


def _radii(d: DerivedUnit, words: Words) -> Radii:
    return Radii(
        perception=Stat(words["WB"], f"{d.perception_radius_cm}/{d.perception_radius_critical_cm}"),
        danger=None if d.danger_radius_cm is None else Stat(words["GB"], str(d.danger_radius_cm)),
        speed=None if d.unit.movement == "stationär" else Stat(words["GK"], f"{d.speed}/{d.speed_critical}",
                                                                _temporary(d, "GK")),
        action_points=None if d.action_points == STANDARD_AP else Stat(words["AP"], str(d.action_points)),
        drones=None if d.drone_capacity is None else Stat(words["Drohnen"], str(d.drone_capacity)),
        load=None if not d.encumbrance else Stat(f"{d.load_kg:g}/{d.carrying_capacity_kg} kg",
                                                 signed(-d.encumbrance)),
        unwieldy=Stat(words["NK"], signed(-d.melee_unwieldy_malus)) if d.melee_unwieldy_malus else None)


def _effect_icons(ids, content: Content) -> tuple[Icon, ...]:
    return tuple(Icon(icon_uri(content.effects[e].icon), content.effects[e].name) for e in ids)


def _range_text(w: DerivedWeapon, words: Words) -> str:
    if w.weapon.kind == "nahkampf":
        return words["NK"]
    return str(w.band)


def weapon_row(w: DerivedWeapon, content: Content) -> WeaponRow:
    weapon, words = w.weapon, content.words
    marks = []
    if weapon.nachladen:
        marks.append(Icon(icon("weapon.nachladen"), "Nachladen"))
    if weapon.indirekt:
        marks.append(Icon(icon("weapon.indirekt"), "Indirekt"))
    df = Icon(icon(f"weapon.dauerfeuer.{weapon.dauerfeuer}"), f"DF {weapon.dauerfeuer}") if weapon.dauerfeuer else None
    return WeaponRow(
        name=weapon.name, uses=weapon.uses or 0, weapon_class=roman(weapon.weapon_class),
        unhandlich=weapon.unhandlich, range=_range_text(w, words), strength=str(w.strength), damage=str(w.damage),
        dauerfeuer=df, radius=f"{weapon.area_radius}" if weapon.area_radius else "", marks=tuple(marks),
        effects=_effect_icons(weapon.effects, content),
        actions=tuple((words[ACTION_NAMES[key]], ap) for key, ap in w.ap_costs.items() if key not in REACTIONS),
        reactions=tuple((words[ACTION_NAMES[key]], ap) for key, ap in w.ap_costs.items() if key in REACTIONS),
        indirect_height=f"{w.indirect_max_height_cm:g}" if w.indirect_max_height_cm is not None else "",
        mount=words[MOUNT_NAMES[w.mount]] if w.mount else "")


def _unarmed_row(d: DerivedUnit, content: Content) -> tuple[WeaponRow, ...]:
    if d.unarmed is None:
        return ()
    u, words = d.unarmed, content.words
    actions = ((words[ACTION_NAMES["attack"]], u.weapon_class),) if "attack" in content.checked_ruleset().actions else ()
    return (WeaponRow(words["Waffenlos"], 0, roman(u.weapon_class), False, words["NK"], str(u.strength), str(u.damage),
                      None, "", (), (), actions),)


def armor_row(a: DerivedArmor, content: Content) -> ArmorRow:
    """An armor's row: the roll adds the higher of KO and its protection ("+5", never "5+", which
    players read as a target number)."""
    return ArmorRow(a.armor.name, str(a.protection), signed(a.armor_roll), str(a.armor.damage_reduction),
                    _effect_icons(a.armor.effects, content))


def shield_row(s: DerivedShield, words: Words) -> ArmorRow:
    """A shield's row: only its bonuses, as the rulebook's "Schilde" lists them -- on the
    Nahkampfwurf "nur bei Verteidigung" ("NK +1 bei Verteidigung") and on the Rüstungswurf
    ("Rüstungswurf +2"; its when is the shield's rules text on the back).  Not in the "Wurf" column,
    which holds the value an armour's roll adds: the shield's bonus is added on top of it."""
    bonuses = ((f"{words['NK']} {signed(s.melee_bonus)} {words['bei Verteidigung']}",) if s.melee_bonus else ()) + \
        ((f"{words['Rüstungswurf']} {signed(s.armor_bonus)}",) if s.armor_bonus else ())
    return ArmorRow(s.armor.name, "", "", "", (), bonuses, shield=True)


def _armor_rows(d: DerivedUnit, content: Content) -> tuple[ArmorRow, ...]:
    """Armor and shield; without armor a row "keine Rüstung" with the roll KO gives."""
    rows = [armor_row(d.armor, content)] if d.armor else [
        ArmorRow(content.words["keine Rüstung"], "–", signed(armor_roll(d.attributes["KO"] or 0, None)), "–", ())]
    if d.shield:
        rows.append(shield_row(d.shield, content.words))
    return tuple(rows)


def _traits(d: DerivedUnit, content: Content) -> tuple[ItemRow, ...]:
    rows = []
    for t in d.traits:
        trait = content.traits[t.id]
        level = roman(t.level) if trait.max_level > 1 else ""
        rows.append(ItemRow(t.name, level, "" if trait.ap_cost is None else str(trait.ap_cost), trait.uses or 0))
    return tuple(rows)


def _equipment(unit: Unit, content: Content) -> tuple[ItemRow, ...]:
    return tuple(ItemRow(e.name, "", "" if e.ap_cost is None else str(e.ap_cost), e.uses or 0, e.unhandlich)
                 for e in (content.equipment[i] for i in unit.equipment))


def weapon_actions(rows: tuple[WeaponRow, ...]) -> tuple[WeaponActions, ...]:
    """The back's "Aktionen": each weapon once (a weapon carried twice is listed once)."""
    seen: dict[str, WeaponActions] = {}
    for row in rows:
        seen.setdefault(row.name, WeaponActions(row.name, row.actions, row.reactions))
    return tuple(seen.values())


def rules_entries(unit: Unit, content: Content) -> tuple[RulesEntry, ...]:
    """Every rules text the model uses, each once, sorted by kind order then name."""
    items: dict[tuple[str, str], Described] = {}
    refs = [("weapons", weapon_id(w)) for w in unit.weapons]
    refs += [("armor", a) for a in (unit.armor, unit.shield) if a]
    refs += [("equipment", e) for e in unit.equipment]
    refs += [("traits", t if isinstance(t, str) else t.id) for t in unit.traits]
    refs += [("powers", p) for p in unit.powers]
    for kind, ref in refs:
        item = content.kind(kind)[ref]
        items[(kind, ref)] = item
        for effect in getattr(item, "effects", []):
            items[("effects", effect)] = content.effects[effect]
    order = list(KIND_LABELS)
    found = sorted(((kind, item) for (kind, _), item in items.items() if item.rules),
                   key=lambda pair: (order.index(pair[0]), name_key(pair[1].name, content.lang)))
    entries = [RulesEntry(content.words[KIND_LABELS[kind]], item.name, card_html(item.rules)) for kind, item in found]
    if unit.rules:
        entries.insert(0, RulesEntry(content.words[KIND_LABELS["unit"]], unit.name, card_html(unit.rules)))
    return tuple(entries)


def unit_card(d: DerivedUnit, content: Content, portrait: Portrait | None = None,
              model_name: str | None = None, stamp: str = "") -> UnitCard:
    """The view of one unit's card (front and back), from its derived values.

    ``portrait``: the prepared picture (or silhouette) for the left column,
    None for an empty box; ``model_name``: a group model's own name; ``stamp``: the
    revision for the corner (the project file's ``version_on_cards``)."""
    unit = d.unit
    faction = content.factions[unit.faction]
    attributes = _attributes(d, content.words)
    weapons = tuple(weapon_row(w, content) for w in d.weapons) + _unarmed_row(d, content)
    return UnitCard(
        id=unit.id, name=model_name or unit.name, unit_name=unit.name if model_name else "",
        faction=faction.name, faction_colour=faction.colour, faction_text=text_colour(faction.colour),
        faction_emblem=Icon(icon_uri(faction.emblem), faction.name) if faction.emblem else None, kind=unit.type,
        type_icon=Icon(icon(f"type.{unit.type}"), content.words[UNIT_TYPE_NAMES[unit.type]]),
        size_icon=Icon(icon(f"size.{unit.size}"), unit.size),
        movement_icon=Icon(icon(f"movement.{unit.movement}"), unit.movement),
        points=d.points, tracks=_tracks(d, content), zone_table=_zone_table(d, content),
        attributes=attributes, grid=_grid(attributes), radii=_radii(d, content.words),
        weapons=weapons,
        armor=_armor_rows(d, content), traits=_traits(d, content), equipment=_equipment(unit, content),
        powers=tuple(content.powers[p].name for p in unit.powers),
        rules=rules_entries(unit, content), actions=weapon_actions(weapons),
        unwieldy_sign=next((w.weapon_class for w in weapons if w.unhandlich), ""), portrait=portrait,
        model_name=model_name, stamp=stamp, words=content.words)
