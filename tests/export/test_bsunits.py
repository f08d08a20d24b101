"""``cardgen.export.bsunits``: a unit's entry -- its kit linked once per item, with the copies it carries."""

from __future__ import annotations

from cardgen.export.bsunits import kit_links
from cardgen.stages import load_and_derive
from conftest import EXAMPLE


def test_the_kit_lists_each_item_once_with_its_copies():
    content, derived = load_and_derive(EXAMPLE)
    for unit in derived.units.values():
        links = kit_links(unit, content)
        keys = [(kind, key) for kind, key, _, _ in links]
        assert len(keys) == len(set(keys))
        weapons = {key: copies for kind, key, copies, _ in links if kind == "weapon"}
        assert sum(weapons.values()) == len(unit.unit.weapons)
        assert all(profile is not None for kind, _, _, profile in links if kind in ("weapon", "armor"))
