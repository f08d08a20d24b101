"""The capacities of a unit card, measured once per theme and kept in the build cache (issue 42.6)."""

from __future__ import annotations

import pytest

from cardgen.build.cache import Cache
from cardgen.cards import capacity
from cardgen.cards.capacity import SAMPLE, capacities, probe_card
from cardgen.cards.fitcheck import OWN_FLOORS, OWN_LOOK
from cardgen.cards.misfit import FitError
from cardgen.cards.render import render_face
from cardgen.geometry import FacePage
from cardgen.look.theme import Theme

pytestmark = pytest.mark.pdf          # lays out faces (make test-fast leaves it out)

PAGE = FacePage(120, 80, 0)


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    """The default theme's capacities, measured into a cache of its own; and that cache."""
    cache = Cache(tmp_path_factory.mktemp("capacities"))
    return capacities(cache, Theme(), PAGE, 6.0), cache


def test_capacities_are_measured_once_and_read_from_the_cache(measured, monkeypatch):
    found, cache = measured
    monkeypatch.setattr(capacity, "measure", lambda *args: pytest.fail("measured again"))
    assert capacities(cache, Theme(), PAGE, 6.0) == found
    assert list(cache.folder("capacities").glob("*.json"))
    monkeypatch.undo()
    other = capacity.capacity_key(Theme(), FacePage(120, 80, 0), 7.0)
    assert other != capacity.capacity_key(Theme(), PAGE, 6.0)       # another minimum: measured anew


def test_the_measured_name_capacity_is_what_rendering_finds(measured):
    """A probe name a little shorter than the measured capacity fits the front when rendered; one a
    fifth longer does not: the measurement and the renderer agree."""
    found, _ = measured
    assert 20 < found.name_front < 80 and found.name_back > found.name_front
    text = (SAMPLE * 4).strip()
    render_face("front", probe_card(name=text[:int(found.name_front * 0.9)].strip()), PAGE, 6.0)
    with pytest.raises(FitError) as caught:
        render_face("front", probe_card(name=text[:int(found.name_front * 1.2)].strip()), PAGE, 6.0)
    assert caught.value.misfit.box == "Name"


def test_the_back_holds_two_columns_and_the_front_its_rows(measured):
    found, _ = measured
    assert 1.6 * found.back_column < found.back_total <= 2.2 * found.back_column
    assert 8 <= found.rows_front <= 30 and found.line_front > 20
    assert (found.floor_front, found.floor_back) == (6.0, 7.5)


def test_cardgen_s_own_floors_stay_below_what_its_own_look_holds(measured):
    """``cardgen validate`` passes a card under these floors without measuring (cardgen's own look):
    they must stay about a fifth below the measurement, or a card would pass that does not fit."""
    found, _ = measured
    assert (PAGE, 6.0) == OWN_LOOK
    for name in ("name_front", "name_back", "rows_front", "line_front", "back_column", "back_total"):
        assert getattr(OWN_FLOORS, name) <= 0.8 * getattr(found, name), (name, found)
