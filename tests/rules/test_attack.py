"""The records of an attack (cardgen.rules.attack) made from the example content's derived units."""

from __future__ import annotations

from cardgen.rules.attack import UNARMED_ID, attack_weapons, combatant
from cardgen.stages import load_and_derive
from conftest import EXAMPLE


def test_combatant_and_weapons_from_derived_units() -> None:
    _, derived = load_and_derive(EXAMPLE)
    trooper = derived.units["sturmtruppe"]
    model = combatant(trooper)
    assert (model.fk, model.nk, model.agi, model.ko, model.hit_points) == (4, 3, 4, 4, 8)
    assert model.protection == 3 and model.armor_effects == {"schrapnell"} and not model.colossus
    weapons = attack_weapons(trooper)
    assert [w.id for w in weapons] == ["sturmgewehr", "kampfmesser", "splittergranate", UNARMED_ID]
    rifle = weapons[0]
    assert (rifle.strength, rifle.damage, str(rifle.band), rifle.shots) == (4, 1, "25/3", 2)
    assert rifle.ap_costs["normal_shot"] == 3
    bare = weapons[-1]
    assert (bare.strength, bare.damage, dict(bare.ap_costs)) == (4, 2, {"attack": 1, "charge": 1})
