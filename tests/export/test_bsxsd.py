"""The export against the published schema: BSData's Catalogue.xsd (BattleScribe 2.03), vendored in
tests/fixtures/bsdata/ with its source and licence -- every file with the rulebook cited and the
author named (issue 44), and a roster as the apps make one of it."""

from __future__ import annotations

from functools import cache

import pytest
from lxml import etree

from cardgen.export.battlescribe import GAME_SYSTEM_FILE, About, Citations, export_battlescribe, game_system_id
from cardgen.export.bsformat import CATALOGUE_NS, GAME_SYSTEM_NS, stable_id
from cardgen.export.bspublication import Publication
from cardgen.stages import load_and_derive
from conftest import FIXTURES, EXAMPLE
from export.bsapp import ROSTER_NS, Data, RosterMaker

XSD = FIXTURES / "bsdata" / "Catalogue.xsd"


@cache
def schema(namespace: str) -> etree.XMLSchema:
    """The schema for one root's namespace (its own comment: the game system's and the roster's replace
    the catalogue's target namespace)."""
    text = XSD.read_text(encoding="utf-8").replace(f'"{CATALOGUE_NS}"', f'"{namespace}"')
    return etree.XMLSchema(etree.fromstring(text.encode("utf-8")))


def errors(data: bytes, namespace: str) -> list[str]:
    checker = schema(namespace)
    checker.validate(etree.fromstring(data))
    return [f"{e.line}: {e.message}" for e in checker.error_log]


@pytest.fixture(scope="module")
def files():
    content, derived = load_and_derive(EXAMPLE)
    pages = {f"{kind}-{key}": "7" for kind, kinds in (("unit", "units"), ("trait", "traits"), ("power", "powers"),
                                                       ("weapon", "weapons"), ("effect", "effects"))
             for key in content.kind(kinds)}
    book = Publication("rulebooks/Regeln.pdf", "Regeln (1.2)", pages)
    about = About("Autorin", "https://example.org/issues", "https://example.org/releases/latest/download/")
    return export_battlescribe(content, derived, 1002000, Citations([book]), about)


def test_the_vendored_schema_is_bsdata_s():
    text = XSD.read_text(encoding="utf-8")
    assert "schema for BattleScribe [version 2.03" in text and f'targetNamespace="{CATALOGUE_NS}"' in text
    assert "MIT License" in (XSD.parent / "LICENSE.md").read_text(encoding="utf-8")


def test_every_file_is_valid(files):
    assert errors(files[GAME_SYSTEM_FILE], GAME_SYSTEM_NS) == []
    catalogues = [name for name in files if name.endswith(".cat")]
    assert catalogues == ["glutorden.cat", "imperium.cat"]
    for name in catalogues:
        assert errors(files[name], CATALOGUE_NS) == [], name


def test_the_schema_refuses_what_the_apps_refuse(files):
    """The check can fail: an element out of the schema's order, an attribute it does not know."""
    broken = files["imperium.cat"].replace(b"<selectionEntries>", b"<selectionEntries><readme/>", 1)
    assert errors(broken, CATALOGUE_NS) != []
    broken = files[GAME_SYSTEM_FILE].replace(b'<publication id="', b'<publication volume="1" id="', 1)
    assert any("volume" in line for line in errors(broken, GAME_SYSTEM_NS))


def test_a_roster_made_of_it_is_valid(files):
    data = Data(files[GAME_SYSTEM_FILE], files["imperium.cat"])
    maker = RosterMaker(data, game_system_id())
    leader = maker.select(stable_id("unit", "feldleutnant"))
    maker.add(leader, stable_id("leader"), stable_id("unit", "feldleutnant"))
    controller = maker.select(stable_id("unit", "drohnenlenker"))
    maker.add(controller, stable_id("unit", "kettendrohne"), stable_id("unit", "drohnenlenker"))
    assert errors(maker.roster([leader, controller]), ROSTER_NS) == []
