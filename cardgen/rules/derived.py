"""What the derive stage (:mod:`cardgen.rules.derive`) hands on: frozen records of every derived value.

They live apart from the stage so that the rules that read derived units (the group rules of
:mod:`cardgen.rules.groups`) need not import the stage that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from cardgen.content.fields import Modifier
from cardgen.content.schema import Armor, Unit, Weapon
from cardgen.errors import Problem
from cardgen.rules import drones, profile
from cardgen.rules import weapons as wr
from cardgen.vocabulary import Action, Mount


@dataclass(frozen=True)
class DerivedWeapon:
    weapon: Weapon
    strength: int
    damage: int
    band: wr.RangeBand | None
    aimed_band: wr.RangeBand | None  # Gezielter Schuss, as the ruleset's aimed_shot_doubles says
    shots: int | None
    readiness: bool
    ap_costs: Mapping[Action, int]       # read-only; only the actions the ruleset prints
    indirect_max_height_cm: float | None
    mount: Mount | None                  # colossi: the hit zone carrying it (default rumpf); else None
    points: int


@dataclass(frozen=True)
class DerivedArmor:
    armor: Armor
    protection: int
    armor_roll: int
    points: int


@dataclass(frozen=True)
class DerivedShield:
    """A shield gives only its two bonuses (Schilde): on the NK roll in defence, and on the armor
    roll in melee defence and against fire from the front; no Schutz or armor roll of its own."""

    armor: Armor                      # the shield's content (an armor with ``shield`` bonuses)
    melee_bonus: int
    armor_bonus: int
    points: int


@dataclass(frozen=True)
class DerivedTrait:
    id: str
    name: str
    level: int
    points: int


@dataclass(frozen=True)
class DerivedUnit:
    unit: Unit
    attributes: Mapping[str, int | None]  # read-only; effective values, below 0 where encumbrance puts them
    temporary: tuple[Modifier, ...]
    speed: int
    speed_critical: int
    hit_points: int
    critical_at: int
    action_points: int
    carrying_capacity_kg: int
    load_kg: float
    encumbrance: int
    danger_radius_cm: int | None
    perception_radius_cm: int
    perception_radius_critical_cm: int
    size: profile.SizeProfile
    size_rules: profile.SizeRules
    melee_unwieldy_malus: int           # 3 when it carries an unhandlich weapon or equipment, else 0
    hit_zones: drones.HitZones | None
    unarmed: wr.Unarmed | None
    weapons: tuple[DerivedWeapon, ...]
    armor: DerivedArmor | None
    shield: DerivedShield | None
    traits: tuple[DerivedTrait, ...]
    drone_capacity: int | None
    points: int


@dataclass(frozen=True)
class Derived:
    """The derive stage's result: every derivable unit by id, and the rule problems.

    ``unit_problems`` are broken rules of single units; ``group_problems`` the
    group rules that need derived values (drone limits).  A unit whose
    references are broken (reported by resolve) or that breaks a rule is not
    in ``units``.  ``loadouts`` holds each derived unit with each of its
    loadouts, by (unit id, loadout id)."""

    units: Mapping[str, DerivedUnit]
    loadouts: Mapping[tuple[str, str], DerivedUnit] = field(default_factory=lambda: MappingProxyType({}))
    unit_problems: tuple[Problem, ...] = ()
    group_problems: tuple[Problem, ...] = ()

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.group_problems + self.unit_problems
