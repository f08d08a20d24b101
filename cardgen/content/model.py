"""The validated content set handed to the derive stage (:mod:`cardgen.rules.derive`) and the views."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import (
    Armor, DamageEffect, Equipment, Faction, Group, Power, School, Terrain, Trait, Unit, Weapon,
)
from cardgen.content.words import Words
from cardgen.content.yamlsource import SourceFile


@dataclass(frozen=True)
class Content:
    """Every object of a content folder, by kind and id, plus the ruleset."""

    root: Path
    ruleset: Ruleset | None         # None when rules.yaml did not validate (load reported why)
    factions: dict[str, Faction] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    weapons: dict[str, Weapon] = field(default_factory=dict)
    armor: dict[str, Armor] = field(default_factory=dict)
    equipment: dict[str, Equipment] = field(default_factory=dict)
    traits: dict[str, Trait] = field(default_factory=dict)
    powers: dict[str, Power] = field(default_factory=dict)
    schools: dict[str, School] = field(default_factory=dict)
    effects: dict[str, DamageEffect] = field(default_factory=dict)
    terrain: dict[str, Terrain] = field(default_factory=dict)
    groups: dict[str, Group] = field(default_factory=dict)
    sources: dict[tuple[str, str], SourceFile] = field(default_factory=dict, compare=False, repr=False)
    words: Words = field(default_factory=Words)     # the words cardgen prints on a card, in the content's language
    lang: str = ""                                  # a translation's language (sort order); "": the source's

    @property
    def damage_effects(self) -> dict[str, DamageEffect]:
        """Alias of :attr:`effects` (the rulebook's word: Schadenseffekte)."""
        return self.effects

    def kind(self, name: str) -> dict[str, Any]:
        """The objects of one kind (``'units'``, ``'weapons'`` ...)."""
        objects: dict[str, Any] = getattr(self, name)
        return objects

    def source(self, kind: str, object_id: str) -> SourceFile:
        """The file an object came from (for error positions); every object has one."""
        return self.sources[(kind, object_id)]

    def checked_ruleset(self) -> Ruleset:
        """The ruleset, for the stages after the checks (derive, views).  Content whose
        rules.yaml did not validate never gets past them, so a missing one here is a bug."""
        if self.ruleset is None:
            raise RuntimeError("content without a valid ruleset reached the rules")
        return self.ruleset
