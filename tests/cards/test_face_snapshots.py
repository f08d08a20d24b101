"""The HTML of card faces, compared whole with ``tests/snapshots/faces/`` (``--update-snapshots``).

One face of each shape the example content has: infantry with a shield
and encumbrance, a colossus with hit zones, a drone, a controller, a
group's power; front and back.  A change to a view or a template shows up
here as a reviewable diff of the HTML, not as a changed PDF.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cardgen.cards.planning import CardOptions, page_settings
from cardgen.cards.power_view import power_card
from cardgen.cards.render import face_html
from cardgen.cards.view import unit_card
from cardgen.stages import load_content
from cardgen.rules.derive import derive
from conftest import PROJECT

UNITS = ("sturmtruppe", "basaltriese", "kettendrohne", "drohnenlenker", "glutmeister", "mg_schütze")
POWERS = ("feuerball", "gedankenschlag")


@lru_cache(maxsize=1)
def example():
    return load_content(PROJECT / "content")


@pytest.mark.parametrize("kind", ["front", "back"])
@pytest.mark.parametrize("unit_id", UNITS)
def test_unit_face_html(snapshot, unit_id, kind):
    content = example()
    page, _ = page_settings(content, CardOptions())
    snapshot(f"faces/{unit_id}-{kind}.html", face_html(kind, unit_card(derive(content).units[unit_id], content), page))


@pytest.mark.parametrize("power_id", POWERS)
def test_power_face_html(snapshot, power_id):
    content = example()
    _, page = page_settings(content, CardOptions())
    snapshot(f"faces/{power_id}-power.html", face_html("power", power_card(content.powers[power_id], content), page))
