"""cardgen.site.catalogue and cardgen.site.units: the object pages of the example content."""

from __future__ import annotations

import pytest

from conftest import EXAMPLE
from cardgen.site.catalogue import faction_pages, glossary_page, group_pages, power_pages, trait_pages, weapon_pages
from cardgen.site.model import href, object_path
from cardgen.site.units import NO_ATTACK, number, unit_pages
from cardgen.stages import load_and_derive


@pytest.fixture(scope="module")
def example():
    return load_and_derive(EXAMPLE)


def test_a_weapon_page_links_every_unit_carrying_it(example):
    content, _ = example
    page = next(p for p in weapon_pages(content) if p.path == "waffe/giftdolch.html")
    carriers = next(lst for lst in page.view.lists if lst.title == "Einheiten mit dieser Waffe")
    assert [link.href for link in carriers.links] == ["einheit/seherin.html"]


def test_a_group_page_sums_its_models_points(example):
    content, derived = example
    for page in group_pages(content, derived):
        group = content.groups[page.path.split("/")[1].removesuffix(".html")]
        assert page.view.facts[0].value == str(sum(derived.units[m.unit].points for m in group.models))


def test_every_faction_lists_its_units_and_each_trait_its_bearers(example):
    content, _ = example
    listed = {link.href for page in faction_pages(content) for link in page.view.lists[0].links}
    assert listed == {href(object_path("units", u)) for u in content.units}
    assert href("einheit/mg_schütze.html") == "einheit/mg_sch%C3%BCtze.html"
    assert all(page.view.rules or page.view.lists for page in trait_pages(content))


def test_a_power_page_shows_the_cards_footer_with_labels(example):
    content, _ = example
    page = next(p for p in power_pages(content) if p.path == "kraft/gedankenschlag.html")
    assert [f.label for f in page.view.facts][:3] == ["Schule", "Nutzung", "Punkte"]
    assert all(f.label for f in page.view.facts)


def test_the_glossary_holds_every_named_thing_sorted_with_anchors(example):
    content, _ = example
    entries = glossary_page(content).view
    names = [e[0] for e in entries]
    assert names == sorted(names, key=str.casefold)
    assert len(entries) == sum(len(getattr(content, k)) for k in
                               ("traits", "weapons", "powers", "effects", "equipment", "armor", "terrain"))
    assert all(e[1] or e[3] for e in entries)       # an anchor here or a page of its own


def test_a_unit_attacks_only_the_other_factions(example):
    content, derived = example
    for page in unit_pages(content, derived):
        faction = page.view.card.faction
        odds = page.view.odds
        if odds is None:
            continue
        assert all(f"({faction})" not in row[0] for row in odds.rows)
        assert all(cell == NO_ATTACK or "(" in cell for row in odds.rows for cell in row[1:])


def test_numbers_are_german():
    assert number(0.425) == "0,42" or number(0.425) == "0,43"
    assert number(2.0) == "2,00"
