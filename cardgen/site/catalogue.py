"""The object pages of the web edition but the units': factions, groups, traits, weapons, powers, and
the glossary.  Pure: content and derived values in, :class:`~cardgen.site.model.Page` records out.

Each page shows what the content says of the object -- its rules text as the cards print it
(:func:`cardgen.richtext.card_html`: inline Markdown, cardgen's icons) -- and links to every object
that names it: the units that carry a weapon or have a trait, the groups a unit stands in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from markupsafe import Markup

from cardgen.cards.power_view import power_card
from cardgen.content.model import Content
from cardgen.richtext import card_paragraphs
from cardgen.rules.derive import Derived
from cardgen.rules.text import paragraphs, power_paragraphs
from cardgen.site.model import KIND_LABELS, EntryView, Fact, Link, LinkList, Page, href, object_path
from cardgen.vocabulary import roman


FOOTER_LABELS = {"ap": "Kosten", "attribute": "Probe", "tp": "TP-Verlust", "target": "Ziel", "range": "Reichweite",
                 "duration": "Dauer"}
"""The power card's footer cells by kind, as the power's page labels them."""


def link(kind: str, object_id: str, text: str) -> Link:
    return Link(text, href(object_path(kind, object_id)))


def rules_of(text: str) -> tuple[Markup, ...]:
    return card_paragraphs(paragraphs(text))


def _units(content: Content, ids: Iterable[str]) -> tuple[Link, ...]:
    return tuple(link("units", u, content.units[u].name) for u in sorted(set(ids), key=lambda u: content.units[u].name))


def weapon_ids(unit) -> list[str]:
    return [w if isinstance(w, str) else w.id for w in unit.weapons]


def trait_ids(unit) -> list[str]:
    return [t if isinstance(t, str) else t.id for t in unit.traits]


def _page(kind: str, object_id: str, title: str, view: EntryView) -> Page:
    return Page(object_path(kind, object_id), "entry.html.j2", title, KIND_LABELS[kind], view)


def faction_pages(content: Content) -> list[Page]:
    pages = []
    for fid, faction in sorted(content.factions.items()):
        units = _units(content, (u for u, unit in content.units.items() if unit.faction == fid))
        groups = tuple(link("groups", g, group.name) for g, group in sorted(content.groups.items())
                       if group.faction == fid)
        view = EntryView(rules=rules_of(faction.leader_rule),
                         lists=(LinkList("Einheiten", units), LinkList("Gruppen", groups)))
        pages.append(_page("factions", fid, faction.name, view))
    return pages


def group_pages(content: Content, derived: Derived) -> list[Page]:
    pages = []
    for gid, group in sorted(content.groups.items()):
        models = []
        for member in group.models:
            unit = content.units.get(member.unit)
            if unit is None:
                continue
            name = member.name or member.label or unit.name
            text = f"{name} ({unit.name})" if name != unit.name else name
            models.append(Link(text + (" – Gruppenführer" if member.leader else ""),
                               href(object_path("units", member.unit))))
        points = sum(derived.units[m.unit].points for m in group.models if m.unit in derived.units)
        faction = content.factions.get(group.faction)
        facts = (Fact("Punkte", str(points)),)
        lists: tuple[LinkList, ...] = (LinkList("Modelle", tuple(models)),)
        if faction is not None:
            lists += (LinkList("Fraktion", (link("factions", group.faction, faction.name),)),)
        pages.append(_page("groups", gid, group.name, EntryView(facts, lists=lists)))
    return pages


def trait_pages(content: Content) -> list[Page]:
    pages = []
    for tid, trait in sorted(content.traits.items()):
        facts = [Fact("Höchste Stufe", roman(trait.max_level))] if trait.max_level > 1 else []
        if trait.ap_cost is not None:
            facts.append(Fact("AP-Kosten", str(trait.ap_cost)))
        units = _units(content, (u for u, unit in content.units.items() if tid in trait_ids(unit)))
        view = EntryView(tuple(facts), rules_of(trait.rules), (LinkList("Einheiten mit dieser Eigenschaft", units),))
        pages.append(_page("traits", tid, trait.name, view))
    return pages


def weapon_pages(content: Content) -> list[Page]:
    pages = []
    for wid, weapon in sorted(content.weapons.items()):
        facts = [Fact("Art", weapon.kind.capitalize()), Fact("Waffenklasse", roman(weapon.weapon_class)),
                 Fact("Stärke", str(weapon.strength)), Fact("Schaden", str(weapon.damage))]
        if weapon.range:
            facts.append(Fact("Reichweite (cm/Bänder)", weapon.range))
        if weapon.dauerfeuer:
            facts.append(Fact("Dauerfeuer", str(weapon.dauerfeuer)))
        if weapon.area_radius:
            facts.append(Fact("Flächenradius (cm)", str(weapon.area_radius)))
        effects = tuple(Link(content.effects[e].name, href(f"glossar.html#effekt-{e}"))
                        for e in weapon.effects if e in content.effects)
        units = _units(content, (u for u, unit in content.units.items() if wid in weapon_ids(unit)))
        view = EntryView(tuple(facts), rules_of(weapon.rules),
                         (LinkList("Schadenseffekte", effects), LinkList("Einheiten mit dieser Waffe", units)))
        pages.append(_page("weapons", wid, weapon.name, view))
    return pages


def power_pages(content: Content) -> list[Page]:
    pages = []
    for pid, power in sorted(content.powers.items()):
        card = power_card(power, content)
        facts = (Fact("Schule", card.school), Fact("Nutzung", card.use), Fact("Punkte", str(power.points)),
                 *(Fact(FOOTER_LABELS.get(cell.kind, ""), cell.label.split(": ", 1)[-1]) for cell in card.footer))
        units = _units(content, (u for u, unit in content.units.items() if pid in unit.powers))
        view = EntryView(facts, card_paragraphs(power_paragraphs(power.rules)),
                         (LinkList("Einheiten mit dieser Kraft", units),))
        pages.append(_page("powers", pid, power.name, view))
    return pages


def glossary_page(content: Content) -> Page:
    """Every named thing of the content in one list: traits, weapons, powers (linked to their pages),
    damage effects, equipment, armour and terrain (their rules text here, each under its own anchor)."""
    entries: list[tuple[str, str, str, str, tuple[Markup, ...]]] = []
    items: Mapping[str, Any]
    for kind, items in (("traits", content.traits), ("weapons", content.weapons), ("powers", content.powers)):
        entries += [(item.name, "", KIND_LABELS[kind], href(object_path(kind, i)), ()) for i, item in items.items()]
    for prefix, label, items in (("effekt", "Schadenseffekt", content.effects), ("ausruestung", "Ausrüstung", content.equipment),
                                 ("ruestung", "Rüstung", content.armor), ("gelaende", "Gelände", content.terrain)):
        entries += [(item.name, f"{prefix}-{i}", label, "", rules_of(item.rules)) for i, item in items.items()]
    entries.sort(key=lambda e: (e[0].casefold(), e[2]))
    return Page("glossar.html", "glossary.html.j2", "Glossar", "", tuple(entries))
