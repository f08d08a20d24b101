"""The content checks that need no derived value: a stationär model has speed 0."""

from __future__ import annotations

from conftest import unit


def test_stationary_model_has_speed_zero(cli, rules_content):
    """Bewegungsarten: "|Stationär|Kann nicht bewegt werden.|"."""
    rules_content("units", unit("turm", movement="stationär", speed=5))
    code, _, err = cli("validate", "--content", rules_content.root)
    assert code == 1 and "speed: a stationär model cannot be moved: speed must be 0, not 5" in err
    rules_content("units", unit("turm", movement="stationär", speed=0))
    assert cli("validate", "--content", rules_content.root)[0] == 0
