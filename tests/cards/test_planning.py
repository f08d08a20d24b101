"""The card stage's plan (cardgen.cards.planning): one job per face with a cache key over everything
the face shows; a group model gets a card of its own only where it differs from its unit's."""

from __future__ import annotations

import pytest

from cardgen.cards.planning import group_sheet, has_own_card, model_owner, page_settings, plan_faces, planned_outputs
from cardgen.content import read_content
from cardgen.content.schema import GroupModel
from cardgen.build.context import CardOptions
from cardgen.geometry import FacePage
from cardgen.rules.derive import derive
from conftest import EXAMPLE, unit


@pytest.fixture
def content(rules_content):
    rules_content("units", unit("probe"))
    rules_content("units", unit("zweiter", weapons=["pistole"]))
    content, problems = read_content(rules_content.root)
    assert problems == []
    return content


def test_face_pages_are_the_rulesets_sizes_with_the_bleed(content):
    assert page_settings(content, CardOptions(bleed_mm=3)) == (FacePage(120, 80, 3), FacePage(63, 88, 3))


def test_every_unit_gets_a_front_and_a_back_in_id_order(content):
    jobs = plan_faces(content, CardOptions(), "tool", derive(content))
    assert [(job.owner, job.kind) for job in jobs] == [
        ("probe", "front"), ("probe", "back"), ("zweiter", "front"), ("zweiter", "back")]
    assert len({job.key for job in jobs}) == 4


def test_the_key_covers_the_tool_and_the_options(content):
    derived = derive(content)
    keys = [job.key for job in plan_faces(content, CardOptions(), "tool", derived)]
    assert keys == [job.key for job in plan_faces(content, CardOptions(), "tool", derived)]
    assert keys[0] != plan_faces(content, CardOptions(), "tool 2", derived)[0].key
    assert keys[0] != plan_faces(content, CardOptions(bleed_mm=3), "tool", derived)[0].key
    assert keys[0] != plan_faces(content, CardOptions(stamp="v2"), "tool", derived)[0].key


@pytest.mark.parametrize("fields, owner", [({}, "probe"), ({"label": "p2"}, "probe"),
                                           ({"name": "Anführer"}, "trupp/1"), ({"loadout": "schwer"}, "trupp/1")])
def test_a_group_model_has_its_own_card_only_where_it_differs(fields, owner):
    member = GroupModel(unit="probe", **fields)
    assert has_own_card(member) is (owner != "probe")
    assert model_owner("trupp", 1, member) == owner


def test_a_roster_s_sheet_is_in_rosters_never_a_group_file():
    assert group_sheet(CardOptions(group="trupp"), "trupp") == "groups/trupp.pdf"
    roster = CardOptions(group="trupp", roster_points=(1, 2))
    assert group_sheet(roster, "trupp") == "rosters/trupp.pdf"
    content, _ = read_content(EXAMPLE)
    assert planned_outputs(content, roster) == [("rosters/trupp.pdf", "group 'trupp'")]


def test_a_print_shop_face_has_its_own_key_and_inks(content):
    """Issue 42.2: a print-shop face (black in CMYK) is never the home sheets' face of the same bleed."""
    derived = derive(content)
    home = plan_faces(content, CardOptions(bleed_mm=3), "tool", derived)
    shop = plan_faces(content, CardOptions(bleed_mm=3), "tool", derived, press=True)
    assert not {job.key for job in home} & {job.key for job in shop}
    assert [job.press for job in shop] == [True] * 4 and not any(job.press for job in home)
