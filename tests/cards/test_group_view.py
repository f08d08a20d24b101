"""What a group sheet shows (cardgen.cards.group_view): display names, the roster with roles and points,
the reference of everything the group uses, each entry once with its users."""

from __future__ import annotations

import pytest

from cardgen.cards.group_view import display_names, group_cover, group_reference
from cardgen.stages import check_and_derive
from conftest import unit


@pytest.fixture
def group(rules_content):
    rules_content("units", unit("lenker", name="Lenker", drone_controller=True, weapons=["pistole"],
                                attributes={"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 6}))
    rules_content("units", unit("drohne", name="Drohne", type="drohne", attributes={"KO": 2, "WN": 3},
                                weapons=["pistole"]))
    rules_content("groups", {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "name": "Ilse", "leader": True},
        {"unit": "drohne", "label": "d1", "controller": "lenker"},
        {"unit": "drohne", "label": "d2", "controller": "lenker"}]})
    content, derived, problems = check_and_derive(rules_content.root)
    assert problems == []
    return content.groups["trupp"], content, derived


def test_own_names_else_the_unit_name_numbered(group):
    trupp, content, _ = group
    assert display_names(trupp, content) == ("Ilse", "Drohne 1", "Drohne 2")


def test_the_cover_lists_roles_and_sums_the_models_points(group):
    trupp, content, derived = group
    cover = group_cover(trupp, content, derived, stamp="v1")
    assert [(m.name, m.unit, m.leader, m.role) for m in cover.models] == [
        ("Ilse", "Lenker", True, "Gruppenführer"),
        ("Drohne 1", "Drohne", False, "gesteuert von Ilse"),
        ("Drohne 2", "Drohne", False, "gesteuert von Ilse")]
    assert cover.total == sum(derived.units[m.unit].points for m in trupp.models)
    assert (cover.faction, cover.faction_colour, cover.faction_text, cover.stamp) == (
        "Testfraktion", "#336699", "#ffffff", "v1")


def test_a_roster_s_points_replace_the_derived_ones_on_the_cover(group):
    trupp, content, derived = group
    cover = group_cover(trupp, content, derived, points=(10, 20, 30))
    assert [m.points for m in cover.models] == [10, 20, 30] and cover.total == 60


def test_the_reference_lists_a_weapon_once_with_every_user(group):
    trupp, content, derived = group
    reference = group_reference(trupp, content, derived)
    weapons = [s for s in reference.sections if s.kind == "weapons"]
    assert [(e.name, e.users) for e in weapons[0].entries] == [("Pistole", ("Ilse", "Drohne 1", "Drohne 2"))]
