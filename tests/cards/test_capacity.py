"""The capacities of a unit card and a power card, measured once per theme and kept in the build cache, and the
schema's limits that say them (issue 42.6)."""

from __future__ import annotations

import pytest

from cardgen.build.cache import Cache
from cardgen.cards import capacity, fitcheck
from cardgen.cards.capacity import SAMPLE, capacities, power_capacities, probe_card, probe_power
from cardgen.cards.fitcheck import OWN_FLOORS, OWN_LOOK, OWN_POWER_FLOORS, OWN_POWER_LOOK
from cardgen.cards.misfit import FitError
from cardgen.cards.render import render_face
from cardgen.content.fields import DEFAULT_FITS, FITS_KEY, NAME_CAP, RULES_CAP
from cardgen.content.jsonschema import content_schema
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


@pytest.fixture(scope="module")
def measured_powers(measured):
    """The default theme's power card capacities (the example's power card size), in the same cache."""
    _, cache = measured
    return power_capacities(cache, Theme(), OWN_POWER_LOOK[0], 6.0)


def test_the_schema_says_what_the_default_theme_holds(measured, measured_powers):
    """Issue 42.6: the schema's limits agree with what fits.  Each number the schema gives an author
    (``DEFAULT_FITS``, in the JSON schema as ``x-cardgen-fits``) is what the default theme's box holds,
    measured; a theme change that shrinks (or grows) a box fails here until the number follows.  The
    schema's hard caps stay above every measured capacity: content that fits is never refused."""
    found, _ = measured
    assert DEFAULT_FITS == {"name_front": found.name_front, "back_column": found.back_column,
                            "power_title": measured_powers.title, "power_rules": measured_powers.rules}
    assert max(found.name_front, measured_powers.title, measured_powers.title_levelled) < NAME_CAP
    assert max(found.back_total, measured_powers.rules) < RULES_CAP
    defs = content_schema()["$defs"]
    said = {"name_front": [defs["Unit"]["properties"]["name"], defs["GroupModel"]["properties"]["name"]["anyOf"][0]],
            "power_title": [defs["Power"]["properties"]["name"]], "power_rules": [defs["Power"]["properties"]["rules"]],
            "back_column": [defs[kind]["properties"]["rules"] for kind in ("Trait", "Weapon", "Equipment")]}
    for box, fields in said.items():
        for field in fields:
            assert field[FITS_KEY] == DEFAULT_FITS[box], (box, field)
            assert f"About {DEFAULT_FITS[box]} characters fit" in field["description"], field


def test_power_capacities_are_measured_once_and_agree_with_rendering(measured, measured_powers, monkeypatch):
    _, cache = measured
    page = OWN_POWER_LOOK[0]
    monkeypatch.setattr(capacity, "measure_powers", lambda *args: pytest.fail("measured again"))
    assert power_capacities(cache, Theme(), page, 6.0) == measured_powers
    monkeypatch.undo()
    assert measured_powers.title_levelled >= measured_powers.title > 20 and measured_powers.line > 20
    text = (SAMPLE * 4).strip()
    render_face("power", probe_power(name=text[:int(measured_powers.title * 0.9)].strip()), page, 6.0)
    with pytest.raises(FitError) as caught:
        render_face("power", probe_power(name=text[:int(measured_powers.title * 1.2)].strip()), page, 6.0)
    assert caught.value.misfit.box == "Titel"


def test_cardgen_s_own_power_floors_stay_below_what_its_own_look_holds(measured_powers):
    assert OWN_POWER_LOOK == (FacePage(63, 88, 0), 6.0)
    for name in ("title", "title_levelled", "rules", "line"):
        assert getattr(OWN_POWER_FLOORS, name) <= 0.8 * getattr(measured_powers, name), (name, measured_powers)


def test_a_theme_s_power_template_without_the_fit_boxes_is_not_measured_but_laid_out(tmp_path):
    """A theme may replace the power card's template; one without a ``Titel`` box cannot be measured: its
    capacities are 0 (not measured), and the check lays each power card out instead of failing."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "power.html.j2").write_text(
        '{% extends "face.html.j2" %}{% block face %}<div class="card power">{{ card.name }}</div>{% endblock %}',
        encoding="utf-8")
    theme = Theme(roots=(tmp_path,), templates=tmp_path)
    found = capacity.measure_powers(theme, OWN_POWER_LOOK[0], 6.0)
    assert (found.title, found.rules) == (0, 0)
    card = probe_power(name="Ein langer Name " * 5)
    assert fitcheck._settle("power", "probe", card, fitcheck.power_demands(card, found),
                            {"Titel": 6.0, "Regeltext": 6.0}, theme, OWN_POWER_LOOK[0], 6.0) is None


def test_a_theme_s_unit_template_without_the_name_cell_is_not_measured_but_laid_out(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "unit_front.html.j2").write_text(
        '{% extends "face.html.j2" %}{% block face %}<div class="card">{{ card.name }}</div>{% endblock %}',
        encoding="utf-8")
    theme = Theme(roots=(tmp_path,), templates=tmp_path)
    found = capacity.measure(theme, PAGE, 6.0)
    assert (found.name_front, found.back_column) == (0, 0)
    card = probe_card(name="Ein langer Name " * 5)
    assert fitcheck._decide("front", "probe", card, found, theme, PAGE, 6.0) is None
