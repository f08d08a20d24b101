"""Issue 42.6: ``cardgen validate`` decides by measurement what fits, and renders only the undecided face.

These tests give the check fixed capacities (no layout at all) and refuse any rendering where the
measurement decides: a card far above a capacity does not fit, one far below fits, and only one in
between is rendered.  The capacities themselves are measured in tests/cards/test_capacity.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgen.cards import fitcheck, render
from cardgen.cards.capacity import SECTIONS, Capacities, probe_card
from cardgen.cards.fitcheck import SURE_FIT, SURE_MISFIT, demands
from cardgen.cards.misfit import FitError, Misfit
from cardgen.cards.unit_model import RulesEntry, WeaponRow
from cardgen.geometry import FacePage

MEASURED = Capacities(name_front=48, name_back=130, rows_front=15, line_front=60, back_column=700, back_total=1400,
                      floor_front=6.0, floor_back=7.5)
PAGE = FacePage(120, 80, 0)
WEAPON = WeaponRow("Sturmgewehr", 0, "II", False, "20/3", "4", "2", None, "", (), (), (("Schuss", 3),))


@pytest.fixture
def no_render(monkeypatch):
    """Any rendering fails the test; ``calls`` lists the faces a test lets render."""
    calls: list[str] = []

    def refuse(kind, card, *args, **kwargs):
        calls.append(kind)
        raise AssertionError(f"rendered the {kind} of '{card.name}', which the measurement decides")

    monkeypatch.setattr(render, "render_face", refuse)
    return calls


def decide(kind: str, card):
    return fitcheck._decide(kind, "probe", card, MEASURED, None, PAGE, 6.0)


def test_a_73_character_name_does_not_fit_by_measurement_alone(no_render):
    card = probe_card(name="Aschenoger der Unaufhaltsame vom Glutorden aus den Tiefen der Basaltberge")
    assert decide("front", card) == (Misfit("probe", "front", "Name", 6.0), "about 48 fit")


def test_twelve_weapons_and_a_780_character_text_do_not_fit_by_measurement_alone(no_render):
    card = probe_card(weapons=(WEAPON,) * 16)
    assert decide("front", card) == (Misfit("probe", "front", SECTIONS, 6.0), "about 15 rows fit")
    long = probe_card(rules=(RulesEntry("Eigenschaft", "Weitschweifig", "Wort " * 170),))
    assert decide("back", long) == (Misfit("probe", "back", "Regeltexte", 7.5), "about 700 characters fit")


def test_a_plain_card_fits_without_rendering(no_render):
    card = probe_card(name="Sturmtruppe", weapons=(WEAPON,) * 3,
                      rules=(RulesEntry("Waffe", "Sturmgewehr", "Feuert in Salven."),))
    assert decide("front", card) is None and decide("back", card) is None
    assert no_render == []


def test_only_a_face_the_measurement_cannot_decide_is_rendered(monkeypatch):
    """A name at the capacity itself: the front is rendered (and fails there), the back is decided."""
    rendered = []

    def fails(kind, card, page, min_font_pt, theme=None, owner=""):
        rendered.append(kind)
        raise FitError(Misfit(owner, kind, "Name", 6.0))

    monkeypatch.setattr(render, "render_face", fails)
    card = probe_card(name="x" * 48)
    need, holds = demands(card, MEASURED)[("front", "Name")]
    assert SURE_FIT * holds < need < SURE_MISFIT * holds
    assert decide("front", card) == (Misfit("probe", "front", "Name", 6.0), "")
    assert decide("back", card) is None
    assert rendered == ["front"]


def test_demands_count_what_each_box_shows():
    card = replace(probe_card(name="Probe", weapons=(WEAPON,) * 4), actions=())
    needs = demands(card, MEASURED)
    assert needs[("front", "Name")] == (5, 48)
    assert needs[("back", "Name")] == (5 + len("F") + 3, 130)
    assert needs[("front", SECTIONS)] == (1 + 4 + 1 + 1, 15)      # bar, rows, bar, the armour row
