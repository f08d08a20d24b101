"""The content models: a unit's entries as ids or mappings, bounds that refuse a typo, pictures."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardgen.content.schema import Picture, TraitRef, Unit, WeaponRef, trait_id, weapon_id
from conftest import unit


def test_weapon_and_trait_entries_as_ids_or_mappings():
    model = Unit.model_validate(unit(weapons=["pistole", {"id": "speer", "mount": "links"}],
                                     traits=["zaeh", {"id": "funker", "level": "III"}]))
    assert [weapon_id(w) for w in model.weapons] == ["pistole", "speer"]
    assert model.weapons[1] == WeaponRef(id="speer", mount="links")
    assert [trait_id(t) for t in model.traits] == ["zaeh", "funker"]
    assert model.traits[1] == TraitRef(id="funker", level=3)


@pytest.mark.parametrize("field, value", [("hit_points", 21), ("hit_points", 0), ("speed", 51),
                                          ("size", "winzig"), ("id", "Groß")])
def test_a_value_out_of_bounds_is_refused(field, value):
    with pytest.raises(ValidationError) as caught:
        Unit.model_validate(unit(**{field: value}))
    assert [e["loc"][0] for e in caught.value.errors()] == [field]


def test_picture_defaults_and_focus_pattern():
    assert (Picture(file="a.png").fit, Picture(file="a.png").focus) == ("cover", "50% 50%")
    with pytest.raises(ValidationError):
        Picture(file="a.png", focus="50%")
