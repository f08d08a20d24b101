"""Stage 5: what a unit card shows, formatted (view models for the templates).

The derive stage computes every number (:mod:`cardgen.rules.derive`) and
hands it in as a :class:`~cardgen.rules.derive.DerivedUnit`; this module
only picks and formats them: roman weapon classes, range texts,
German labels, icon URIs.  Templates receive these frozen dataclasses and
only loop and print (no arithmetic, no lookups).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from cardgen.content.model import Content
from cardgen.content.schema import Unit
from cardgen.icons import icon, icon_uri
from cardgen.rules.colour import text_colour
from cardgen.rules.derive import DerivedArmor, DerivedUnit, DerivedWeapon
from cardgen.vocabulary import ATTRIBUTES, HIT_ZONES, UNIT_TYPE_NAMES, roman

ACTION_LABELS = {
    "attack": "Angriff", "reckless_attack": "Rücksichtslos", "charge": "Sturmangriff",
    "normal_shot": "Schuss", "aimed_shot": "Gezielt", "snap_shot": "Schnellschuss",
    "reaction_fire": "Feuerbereitschaft", "reload": "Nachladen",
}
HEADER_ICONS = {  # column headings of the weapon and armor tables, item labels
    "reichweite": "weapon.reichweite", "stärke": "weapon.stärke", "schaden": "weapon.schaden",
    "radius": "weapon.radius", "schutz": "armor.schutz", "schadensreduktion": "armor.schadensreduktion",
    "eigenschaft": "card.eigenschaft", "ausrüstung": "card.ausrüstung"}
KIND_LABELS = {"unit": "Sonderregel", "weapons": "Waffe", "armor": "Rüstung", "equipment": "Ausrüstung",
               "traits": "Eigenschaft", "powers": "Kraft", "effects": "Schadenseffekt"}


class _Described(Protocol):
    """An object whose rules text a card prints (weapon, armor, trait, damage effect ...)."""

    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> str: ...


@dataclass(frozen=True)
class Icon:
    uri: str
    label: str


@dataclass(frozen=True)
class Track:
    """One TP track: a label (hit zone of a colossus, else empty) and its boxes."""

    label: str
    boxes: tuple[bool, ...]          # one per TP, True where the box counts as critical


@dataclass(frozen=True)
class Stat:
    label: str
    value: str
    temporary: str = ""              # temporary modifiers, printed beside the value


@dataclass(frozen=True)
class WeaponRow:
    name: str
    uses: int
    weapon_class: str
    unhandlich: bool
    range: str
    strength: str
    damage: str
    dauerfeuer: Icon | None
    radius: str
    marks: tuple[Icon, ...]          # nachladen, indirekt
    effects: tuple[Icon, ...]
    actions: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ArmorRow:
    name: str
    protection: str
    armor_roll: str
    reduction: str
    extra: str                       # shield bonuses
    effects: tuple[Icon, ...]


@dataclass(frozen=True)
class ItemRow:
    """A trait or piece of equipment: name, level, AP cost, single-use circles."""

    name: str
    level: str
    ap_cost: str
    uses: int
    unhandlich: bool = False


@dataclass(frozen=True)
class RulesEntry:
    kind: str
    name: str
    text: str


@dataclass(frozen=True)
class UnitCard:
    """Front and back of one unit card."""

    id: str
    name: str
    faction: str
    faction_colour: str
    faction_text: str
    faction_emblem: Icon | None      # printed beside the faction name on the back
    kind: str                        # infanterie, koloss, drohne (CSS class)
    type_icon: Icon
    size_icon: Icon
    movement_icon: Icon
    points: int
    tracks: tuple[Track, ...]
    zone_table: tuple[tuple[str, str], ...]
    attributes: tuple[Stat, ...]
    stats: tuple[tuple[Icon, Stat], ...]
    weapons: tuple[WeaponRow, ...]
    armor: tuple[ArmorRow, ...]
    traits: tuple[ItemRow, ...]
    equipment: tuple[ItemRow, ...]
    powers: tuple[str, ...]
    rules: tuple[RulesEntry, ...]


@lru_cache(maxsize=1)
def header_icons() -> dict[str, "Icon"]:
    """The icons of the front's column headings, by name."""
    return {name: Icon(icon(key), name.capitalize()) for name, key in HEADER_ICONS.items()}


def signed(value: int) -> str:
    return f"{value:+d}"


def paragraphs(text: str) -> tuple[str, ...]:
    """Rules text as its paragraphs (blank lines separate them)."""
    return tuple(p.strip() for p in text.split("\n\n") if p.strip())


def track(label: str, hit_points: int, critical_at: int) -> Track:
    return Track(label, tuple(number <= critical_at for number in range(1, hit_points + 1)))


def _tracks(d: DerivedUnit) -> tuple[Track, ...]:
    if d.hit_zones is None:
        return (track("", d.hit_points, d.critical_at),)
    from cardgen.rules.profile import critical_at
    return tuple(track(label, getattr(d.hit_zones, zone), critical_at(getattr(d.hit_zones, zone)))
                 for zone, label in HIT_ZONES.items())


def _zone_table(d: DerivedUnit, content: Content) -> tuple[tuple[str, str], ...]:
    if d.hit_zones is None:
        return ()
    table = content.checked_ruleset().zone_table
    rows = [(getattr(table, zone), label) for zone, label in HIT_ZONES.items()]
    return tuple((f"{r.first}–{r.last}" if r.first != r.last else f"{r.first}", label)
                 for r, label in sorted(rows, key=lambda row: row[0].first))


def _temporary(d: DerivedUnit, key: str) -> str:
    return " ".join(signed(m.value) for m in d.temporary if m.attribute == key)


def _attributes(d: DerivedUnit) -> tuple[Stat, ...]:
    return tuple(Stat(key, "–" if d.attributes[key] is None else str(d.attributes[key]), _temporary(d, key))
                 for key in ATTRIBUTES)


def _stats(d: DerivedUnit) -> tuple[tuple[Icon, Stat], ...]:
    stats = [
        (Icon(icon("card.geschwindigkeit"), "GK"), Stat("GK", f"{d.speed}/{d.speed_critical}", _temporary(d, "GK"))),
        (Icon(icon("card.aktionspunkte"), "AP"), Stat("AP", str(d.action_points))),
        (Icon(icon("model.wahrnehmungsbereich"), "WB"),
         Stat("WB", f"{d.perception_radius_cm}/{d.perception_radius_critical_cm}")),
    ]
    if d.danger_radius_cm is not None:
        stats.append((Icon(icon("model.gefahrenbereich"), "GB"), Stat("GB", str(d.danger_radius_cm))))
    if d.encumbrance:
        stats.append((Icon(icon("card.ausrüstung"), "Belastung"),
                      Stat(f"{d.load_kg:g}/{d.carrying_capacity_kg} kg", f"−{d.encumbrance}")))
    if d.drone_capacity:
        stats.append((Icon(icon("type.drohne"), "Drohnen"), Stat("Drohnen", str(d.drone_capacity))))
    return tuple(stats)


def _effect_icons(ids, content: Content) -> tuple[Icon, ...]:
    return tuple(Icon(icon_uri(content.effects[e].icon), content.effects[e].name) for e in ids)


def _range_text(w: DerivedWeapon) -> str:
    if w.weapon.kind == "nahkampf":
        return "NK"
    return str(w.band)


def weapon_row(w: DerivedWeapon, content: Content) -> WeaponRow:
    weapon = w.weapon
    marks = []
    if weapon.nachladen:
        marks.append(Icon(icon("weapon.nachladen"), "Nachladen"))
    if weapon.indirekt:
        marks.append(Icon(icon("weapon.indirekt"), "Indirekt"))
    df = Icon(icon(f"weapon.dauerfeuer.{weapon.dauerfeuer}"), f"DF {weapon.dauerfeuer}") if weapon.dauerfeuer else None
    return WeaponRow(
        name=weapon.name, uses=weapon.uses or 0, weapon_class=roman(weapon.weapon_class),
        unhandlich=weapon.unhandlich, range=_range_text(w), strength=str(w.strength), damage=str(w.damage),
        dauerfeuer=df, radius=f"{weapon.area_radius}" if weapon.area_radius else "", marks=tuple(marks),
        effects=_effect_icons(weapon.effects, content),
        actions=tuple((ACTION_LABELS[key], ap) for key, ap in w.ap_costs.items()))


def _unarmed_row(d: DerivedUnit) -> tuple[WeaponRow, ...]:
    if d.unarmed is None:
        return ()
    u = d.unarmed
    return (WeaponRow("Waffenlos", 0, roman(u.weapon_class), False, "NK", str(u.strength), str(u.damage),
                      None, "", (), (), (("Angriff", u.weapon_class),)),)


def armor_row(a: DerivedArmor, content: Content) -> ArmorRow:
    shield = a.armor.shield
    extra = ""
    if shield:
        extra = " ".join(part for part in (f"NK {signed(shield.melee)}" if shield.melee else "",
                                           f"RW {signed(shield.armor)}" if shield.armor else "") if part)
    return ArmorRow(a.armor.name, str(a.protection), f"{a.armor_roll}+" if a.armor_roll else "–",
                    str(a.armor.damage_reduction), extra, _effect_icons(a.armor.effects, content))


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


def rules_entries(unit: Unit, content: Content) -> tuple[RulesEntry, ...]:
    """Every rules text the model uses, each once, sorted by kind order then name."""
    items: dict[tuple[str, str], _Described] = {}
    refs = [("weapons", w) for w in unit.weapons] + [("armor", a) for a in (unit.armor, unit.shield) if a]
    refs += [("equipment", e) for e in unit.equipment]
    refs += [("traits", t if isinstance(t, str) else t.id) for t in unit.traits]
    refs += [("powers", p) for p in unit.powers]
    for kind, ref in refs:
        item = content.kind(kind)[ref]
        items[(kind, ref)] = item
        for effect in getattr(item, "effects", []):
            items[("effects", effect)] = content.effects[effect]
    entries = [RulesEntry(KIND_LABELS[kind], item.name, item.rules)
               for (kind, _), item in items.items() if item.rules]
    order = list(KIND_LABELS.values())
    entries.sort(key=lambda e: (order.index(e.kind), e.name.casefold()))
    if unit.rules:
        entries.insert(0, RulesEntry(KIND_LABELS["unit"], unit.name, unit.rules))
    return tuple(entries)


def unit_card(d: DerivedUnit, content: Content) -> UnitCard:
    """The view of one unit's card (front and back), from its derived values."""
    unit = d.unit
    faction = content.factions[unit.faction]
    armor = tuple(armor_row(a, content) for a in (d.armor, d.shield) if a)
    return UnitCard(
        id=unit.id, name=unit.name, faction=faction.name, faction_colour=faction.colour,
        faction_text=text_colour(faction.colour),
        faction_emblem=Icon(icon_uri(faction.emblem), faction.name) if faction.emblem else None, kind=unit.type,
        type_icon=Icon(icon(f"type.{unit.type}"), UNIT_TYPE_NAMES[unit.type]),
        size_icon=Icon(icon(f"size.{unit.size}"), unit.size),
        movement_icon=Icon(icon(f"movement.{unit.movement}"), unit.movement),
        points=d.points, tracks=_tracks(d), zone_table=_zone_table(d, content),
        attributes=_attributes(d), stats=_stats(d),
        weapons=tuple(weapon_row(w, content) for w in d.weapons) + _unarmed_row(d),
        armor=armor, traits=_traits(d, content), equipment=_equipment(unit, content),
        powers=tuple(content.powers[p].name for p in unit.powers),
        rules=rules_entries(unit, content))
