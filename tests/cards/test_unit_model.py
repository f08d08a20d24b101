"""The unit card's view models (cardgen.cards.unit_model): frozen, and a TP track's circles in the
order the card draws them -- highest TP first, the critical ones last (Kritischer Zustand: "das erste
orange Kästchen der Trefferpunkte")."""

from __future__ import annotations

import dataclasses

import pytest

from cardgen.cards.unit_model import Icon, Track


def test_a_track_draws_its_highest_tp_first_and_its_critical_circles_last():
    track = Track("", (True, True, False, False, False))          # TP 1–2 critical
    assert track.circles == ((5, False), (4, False), (3, False), (2, True), (1, True))
    assert Track("", ()).circles == ()


def test_the_view_models_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Icon("data:,", "x").label = "y"          # type: ignore[misc]
