"""The numbers the designer tunes: cost model, open rules, card geometry.

Defaults live in ``cardgen/defaults/rules.yaml``; a ``rules.yaml`` in the
content folder overrides any of them key by key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from cardgen.content.fields import Strict

Num = float


class ProfileCosts(Strict):
    """Points per point of each profile value."""

    AGI: Num
    NK: Num
    FK: Num
    KO: Num
    WN: Num
    EH: Num
    GK: Num
    TP: Num


class WeaponCosts(Strict):
    """Factors of the weapon cost formula (see README, cost model)."""

    strength: Num
    damage: Num
    additive: Num
    dauerfeuer: Num
    effect: Num
    unhandlich: Num
    nachladen: Num
    indirekt: Num
    single_use: Num
    band: Num = Field(description="Range factor: 1 + Σ_{i=1..Y} band·X/i/100.")
    radius: Num = Field(description="Area factor: 1 + radius_factor·radius.")
    class_step: Num = Field(description="WK factor: 1 + class_step·(class_top − WK).")
    class_top: int


class ArmorCosts(Strict):
    protection: Num
    additive: Num
    reduction: Num
    effect: Num
    selbsttragend: Num


class CostModel(Strict):
    """Default cost model: points computed from the stats."""

    profile: ProfileCosts
    colossus_zone: Num = Field(description="Per TP of each of the 3 extra colossus hit zones.")
    movement: dict[Literal["beine", "flug", "kette", "rad", "schweben", "stationär"], Num]
    weapon: WeaponCosts
    armor: ArmorCosts
    modifier_factor: Num = Field(description="Profile modifiers cost the profile terms times this.")

    @model_validator(mode="after")
    def _all_movements(self) -> "CostModel":
        missing = {"beine", "flug", "kette", "rad", "schweben", "stationär"} - set(self.movement)
        if missing:
            raise ValueError(f"movement costs missing for: {', '.join(sorted(missing))}")
        return self


class ZoneRange(Strict):
    """W12 results (inclusive) that hit one colossus zone."""

    first: int = Field(ge=1, le=12)
    last: int = Field(ge=1, le=12)


class ZoneTable(Strict):
    """Which W12 result hits which colossus zone (the rulebook leaves it open)."""

    bewegung: ZoneRange
    links: ZoneRange
    rechts: ZoneRange
    rumpf: ZoneRange

    @model_validator(mode="after")
    def _covers_w12(self) -> "ZoneTable":
        seen: list[int] = []
        for zone in (self.bewegung, self.links, self.rechts, self.rumpf):
            if zone.first > zone.last:
                raise ValueError(f"range {zone.first}–{zone.last} is empty")
            seen += range(zone.first, zone.last + 1)
        if sorted(seen) != list(range(1, 13)):
            raise ValueError("the zones must cover each W12 result 1–12 exactly once")
        return self


class CardSize(Strict):
    width_mm: float = Field(gt=20, le=300)
    height_mm: float = Field(gt=20, le=300)


class CardSettings(Strict):
    """Physical card sizes."""

    unit: CardSize
    power: CardSize
    min_font_pt: float = Field(ge=4, le=12, description="Smallest font size text may shrink to before failing.")


class Ruleset(Strict):
    """All tunable numbers of one content set."""

    aimed_shot_doubles: Literal["length", "count"] = Field(
        description="Gezielter Schuss 'doubles the bands': their length (default) or their number.")
    zone_table: ZoneTable
    cost: CostModel
    cards: CardSettings
