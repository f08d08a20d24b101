"""The unit pages of the web edition: the card as text, the derived values, the odds against the other
factions.  Pure: content and derived values in, :class:`~cardgen.site.model.Page` records out.

The card is the card stage's own view (:func:`cardgen.cards.view.unit_card`): the page's template
prints its front and back as HTML -- the same labels, values and icons, each icon with its label as
``alt`` -- so a screen reader and the search read what the printed card says.

**The odds** are those of ``cardgen balance`` (:func:`cardgen.rules.balance.best_attack`, over
:mod:`cardgen.rules.odds`): the unit attacking each unit of the other factions in each stated band
(melee, a shot at each of the ruleset's ``balance.ranges_cm``) with its best weapon there, shown as
the expected TP lost per AP and the weapon; a band it cannot attack in is "–".  Only the attack's
own odds are computed, not the report's AP to take the target out (a colossus's chain over its hit
zones: two thirds of the time of the report's whole matrix, for a figure the page does not show).
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from cardgen.cards.unit_model import UnitCard
from cardgen.cards.view import unit_card
from cardgen.content.model import Content
from cardgen.content.numbers import decimal
from cardgen.content.ruleset import OddsRules, Ruleset
from cardgen.rules.balance import Band, Entrant, bands, best_attack, entrant
from cardgen.rules.derive import Derived, DerivedUnit
from cardgen.site.catalogue import link, rules_of
from cardgen.site.model import Fact, Link, LinkList, Page, Table, href, object_path
from cardgen.site.reuse import SiteReuse
from cardgen.vocabulary import roman

NO_ATTACK = "–"


@dataclass(frozen=True)
class UnitView:
    card: UnitCard
    facts: tuple[Fact, ...]
    weapons: Table
    rules: tuple[Markup, ...]
    lists: tuple[LinkList, ...]
    odds: Table | None


def number(value: float, decimals: int = 2) -> str:
    """A number as the source writes it: ``0,42`` (the web edition is the source's language only)."""
    return decimal(value, decimals)


def best_odds(shooter: Entrant, target: Entrant, band: Band, rules: OddsRules, reuse: SiteReuse) -> tuple[int, float] | None:
    """The attacker's best weapon (index) against ``target`` in ``band`` and its expected TP lost per AP, as
    ``cardgen balance`` finds it; kept by ``reuse`` by the models, weapons, band and rules (not the names)."""
    def compute() -> tuple[int, float] | None:
        found = best_attack(shooter.model, shooter.weapons, target.model, band, rules)
        return None if found is None else (found[0], float(found[1].expected_tp_lost_per_ap))
    return reuse.odds((shooter.model, shooter.weapons, target.model, band, rules), compute)


def odds_table(d: DerivedUnit, content: Content, entrants: dict[str, Entrant], ruleset: Ruleset | None,
               reuse: SiteReuse) -> Table | None:
    """The unit attacking each unit of the other factions, per band (see the module docstring)."""
    if ruleset is None:
        return None
    stated: tuple[Band, ...] = bands(ruleset.balance)
    shooter = entrants[d.unit.id]
    targets = sorted((e for e in entrants.values() if e.faction != d.unit.faction),
                     key=lambda e: (e.faction, e.points, e.name, e.id))
    if not targets:
        return None
    rows, links = [], []
    for target in targets:
        cells = []
        for band in stated:
            found = best_odds(shooter, target, band, ruleset.odds, reuse)
            cells.append(NO_ATTACK if found is None else f"{number(found[1])} ({shooter.weapons[found[0]].name})")
        faction = content.factions[target.faction].name if target.faction in content.factions else target.faction
        rows.append((f"{target.name} ({faction})", *cells))
        links.append(Link(target.name, href(object_path("units", target.id))))
    return Table("Erwarteter TP-Verlust des Ziels je AP, mit der besten Waffe (Waffe in Klammern)",
                 ("Ziel", *(band.name for band in stated)), tuple(rows), tuple(links))


def derived_facts(d: DerivedUnit) -> tuple[Fact, ...]:
    facts = [Fact("Punkte", str(d.points)), Fact("Trefferpunkte (TP)", str(d.hit_points)),
             Fact("Kritisch ab TP", str(d.critical_at)), Fact("Aktionspunkte (AP)", str(d.action_points)),
             Fact("Geschwindigkeit (cm)", str(d.speed)), Fact("Geschwindigkeit kritisch (cm)", str(d.speed_critical)),
             Fact("Wahrnehmung (cm)", str(d.perception_radius_cm)),
             Fact("Tragkraft (kg)", str(d.carrying_capacity_kg)), Fact("Last (kg)", f"{d.load_kg:g}".replace(".", ","))]
    if d.danger_radius_cm is not None:
        facts.append(Fact("Gefahrenradius (cm)", str(d.danger_radius_cm)))
    if d.encumbrance:
        facts.append(Fact("Überladung", f"−{d.encumbrance}"))
    facts += [Fact(key.upper(), "–" if value is None else str(value)) for key, value in d.attributes.items()]
    if d.armor is not None:
        facts.append(Fact("Rüstung", f"{d.armor.armor.name} (Schutz {d.armor.protection})"))
    if d.drone_capacity is not None:
        facts.append(Fact("Drohnenkapazität", str(d.drone_capacity)))
    return tuple(facts)


def weapons_table(d: DerivedUnit) -> Table:
    rows, links = [], []
    for w in d.weapons:
        band = w.band
        reach = f"{band.length_cm:g}/{band.count}" if band else "NK"
        rows.append((w.weapon.name, w.weapon.kind.capitalize(), roman(w.weapon.weapon_class), str(w.strength),
                     str(w.damage), reach, "–" if w.shots is None else str(w.shots)))
        links.append(link("weapons", w.weapon.id, w.weapon.name))
    return Table("Waffen", ("Waffe", "Art", "WK", "Stärke", "Schaden", "Reichweite (cm/Bänder)", "Schüsse"),
                 tuple(rows), tuple(links))


def unit_pages(content: Content, derived: Derived, stamp: str = "", reuse: SiteReuse | None = None) -> list[Page]:
    """Every unit's page (``reuse``: the odds the last run kept, :mod:`cardgen.site.reuse`)."""
    reuse = reuse or SiteReuse(None)
    ruleset = content.ruleset
    zones = ruleset.zone_table if ruleset is not None else None
    entrants = {uid: entrant(d, zones) for uid, d in derived.units.items()}
    pages = []
    for uid in sorted(derived.units):
        d = derived.units[uid]
        unit = d.unit
        groups = tuple(link("groups", g, group.name) for g, group in sorted(content.groups.items())
                       if any(m.unit == uid for m in group.models))
        traits = tuple(link("traits", t.id, t.name + (f" {roman(t.level)}" if t.level > 1 else "")) for t in d.traits)
        powers = tuple(link("powers", p, content.powers[p].name) for p in unit.powers if p in content.powers)
        faction = content.factions[unit.faction]
        lists = (LinkList("Fraktion", (link("factions", unit.faction, faction.name),)),
                 LinkList("Eigenschaften", traits), LinkList("Kräfte", powers), LinkList("In den Gruppen", groups))
        view = UnitView(unit_card(d, content, stamp=stamp), derived_facts(d), weapons_table(d), rules_of(unit.rules),
                        lists, odds_table(d, content, entrants, ruleset, reuse))
        pages.append(Page(object_path("units", uid), "unit.html.j2", unit.name, "Einheit", view))
    return pages
