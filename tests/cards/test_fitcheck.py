"""Issue 42.6: ``cardgen validate`` decides by measurement what fits, and renders only the undecided face.

These tests give the check fixed capacities (no layout at all) and refuse any rendering where the
measurement decides: a card far above a capacity does not fit, one far below fits, and only one in
between is rendered.  The capacities themselves are measured in tests/cards/test_capacity.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgen.cards import fitcheck, render
from markupsafe import Markup

from cardgen.cards.capacity import SECTIONS, Capacities, PowerCapacities, probe_card, probe_power
from cardgen.cards.fitcheck import RULES, SURE_FIT, SURE_MISFIT, TITLE, demands, power_demands
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


POWERS = PowerCapacities(title=48, title_levelled=64, rules=866, line=52, floor_title=6.0, floor_rules=6.0)
POWER_PAGE = FacePage(63, 88, 0)


def settle_power(card):
    floors = {TITLE: POWERS.floor_title, RULES: POWERS.floor_rules}
    return fitcheck._settle("power", card.id, card, power_demands(card, POWERS), floors, None, POWER_PAGE, 6.0)


def test_a_power_s_title_or_rules_far_above_what_fits_do_not_fit_by_measurement_alone(no_render):
    """Issue 42.6 for power cards: a 68-character title, an 1100-character rules text."""
    title = probe_power(name="Erdstoß der Uralten Basaltberge und der Tiefen Glutorden des Nordens")
    assert settle_power(title) == (Misfit("probe", "power", TITLE, 6.0), "about 48 fit")
    rules = probe_power(rules=(Markup("Wort " * 220),))
    assert settle_power(rules) == (Misfit("probe", "power", RULES, 6.0), "about 866 characters fit")


def test_a_plain_power_fits_without_rendering_and_stars_give_the_title_its_levelled_room(no_render):
    assert settle_power(probe_power(name="Feuerball", rules=(Markup("Ein Ziel erleidet 4 Schaden."),))) is None
    name = "Großer Schild der Vereinigten Glutorden des Nordens"          # 51: above 48, far below 64
    assert power_demands(probe_power(name=name, level=3), POWERS)[TITLE] == (51, 64)
    assert settle_power(probe_power(name=name[:38], level=3)) is None
    assert no_render == []


def test_a_power_s_paragraphs_count_in_whole_lines():
    """Twenty short paragraphs take twenty lines, not their few characters."""
    card = probe_power(rules=tuple(Markup("Kurz.") for _ in range(20)))
    assert power_demands(card, POWERS)[RULES] == (20 * 52, 866)
    assert not fitcheck.within(card, POWERS)
