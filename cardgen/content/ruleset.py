"""The numbers the designer tunes: cost model, open rules, card geometry.

Defaults live in ``cardgen/defaults/rules.yaml``; a ``rules.yaml`` in the
content folder overrides any of them key by key.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from cardgen.content.fields import Strict
from cardgen.vocabulary import ACTION_NAMES, MOVEMENTS, Action, Movement

MAX_POINTS = 1000
"""Points per point of a stat (and per movement type, per colossus zone TP): 0 to this."""
MAX_FACTOR = 10
"""A multiplying factor of the cost model: 0 to this."""

Num = float


def _n(text: str) -> Any:
    return Field(description=text)


def _points(text: str) -> Any:
    """A finite number of points per unit, 0–:data:`MAX_POINTS`."""
    return Field(ge=0, le=MAX_POINTS, allow_inf_nan=False, description=f"{text} 0–{MAX_POINTS}.")


def _factor(text: str, top: float = MAX_FACTOR) -> Any:
    """A finite multiplying factor, 0–``top``."""
    return Field(ge=0, le=top, allow_inf_nan=False, description=f"{text} 0–{top}.")


class ProfileCosts(Strict):
    """Points per point of each profile value."""

    AGI: Num = _points("Points per point of Agilität (AGI).")
    NK: Num = _points("Points per point of Nahkampf (NK).")
    FK: Num = _points("Points per point of Fernkampf (FK).")
    KO: Num = _points("Points per point of Konstitution (KO).")
    WN: Num = _points("Points per point of Wahrnehmung (WN).")
    EH: Num = _points("Points per point of Entschlossenheit (EH).")
    GK: Num = _points("Points per point of Geschwindigkeit (GK).")
    TP: Num = _points("Points per point of Trefferpunkte (TP).")


class WeaponCosts(Strict):
    """Factors of the weapon cost formula (see docs/rules-and-points.md, the cost model)."""

    strength: Num = _points("Points per point of strength.")
    damage: Num = _points("Points per point of damage.")
    additive: Num = _factor("Factor if strength is additive.")
    dauerfeuer: Num = _factor("Factor per Dauerfeuer point.")
    effect: Num = _factor("Factor per damage effect (after adding effect points).")
    unhandlich: Num = _factor("Factor if unhandlich.")
    nachladen: Num = _factor("Factor if nachladen.")
    indirekt: Num = _factor("Factor if indirekt.")
    single_use: Num = _factor("Factor for single-use weapons.")
    band: Num = _factor("Range factor: 1 + Σ_{i=1..Y} band·X/i/100 for band X/Y in cm.", 100)
    radius: Num = _factor("Area factor: 1 + radius·radius_cm.")
    class_step: Num = _factor("WK factor: 1 + class_step·(class_top − WK).", 1)
    class_top: int = Field(ge=1, le=5, description="Highest WK (cheapest class) of the WK factor. 1–5.")


class ArmorCosts(Strict):
    protection: Num = _points("Points per point of protection.")
    additive: Num = _factor("Factor if protection is additive.")
    reduction: Num = _points("Points per point of damage reduction.")
    effect: Num = _factor("Factor per damage effect.")
    selbsttragend: Num = _factor("Factor if selbsttragend.")


class ShieldCosts(Strict):
    """A shield's cost: its two bonuses (Schilde)."""

    melee: Num = _points("Points per point of NK bonus in defence.")
    armor: Num = _points("Points per point of armor roll bonus.")


MovementCost = Annotated[Num, _points("Points for this movement type.")]


class CostModel(Strict):
    """Default cost model: points computed from the stats."""

    profile: ProfileCosts = _n("Points per profile value.")
    colossus_zone: Num = _points("Per TP of each of the 3 extra colossus hit zones.")
    movement: dict[Movement, MovementCost] = _n("Points per movement type, each 0–1000.")
    weapon: WeaponCosts = _n("Weapon cost formula.")
    armor: ArmorCosts = _n("Armor cost formula.")
    shield: ShieldCosts = _n("Shield cost formula.")
    modifier_factor: Num = _factor("Profile modifiers cost the profile terms times this.")

    @model_validator(mode="after")
    def _all_movements(self) -> "CostModel":
        missing = set(MOVEMENTS) - set(self.movement)
        if missing:
            raise ValueError(f"movement costs missing for: {', '.join(sorted(missing))}")
        return self


class ZoneRange(Strict):
    """W12 results (inclusive) that hit one colossus zone."""

    first: int = Field(ge=1, le=12, description="Lowest W12 result of the zone.")
    last: int = Field(ge=1, le=12, description="Highest W12 result of the zone.")


class ZoneTable(Strict):
    """Which W12 result hits which colossus zone (default: the rulebook's hit-zone figure)."""

    bewegung: ZoneRange = _n("W12 results hitting Bewegung.")
    links: ZoneRange = _n("W12 results hitting Linke Seite.")
    rechts: ZoneRange = _n("W12 results hitting Rechte Seite.")
    rumpf: ZoneRange = _n("W12 results hitting Rumpf.")

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


def _mod(default: int, text: str) -> Any:
    """A roll modifier of the odds (:mod:`cardgen.rules.odds`), −12 to +12, the rulebook's value as default."""
    return Field(default=default, ge=-12, le=12, description=f"{text} −12 to 12; the rulebook: {default:+d}.")


class CoverModifiers(Strict):
    """A modifier per cover level (Deckung Stufe I, II, III)."""

    I: int = Field(ge=-12, le=12, description="Stufe I Deckung. −12 to 12.")  # noqa: E741 (the rulebook's numeral)
    II: int = Field(ge=-12, le=12, description="Stufe II Deckung. −12 to 12.")
    III: int = Field(ge=-12, le=12, description="Stufe III Deckung. −12 to 12.")


class OddsRules(Strict):
    """The roll modifiers ``cardgen odds`` and ``{{ odds: … }}`` use, each the rulebook's value by default
    (Modifikatoren im Fernkampf / Nahkampf, Aktionen: Fernkampf, Dauerfeuer, Deckung)."""

    cover_hit: CoverModifiers = Field(default=CoverModifiers(I=-1, II=-2, III=-3), description=(
        "FK roll against a target in cover (Modifikatoren im Fernkampf, Deckung des Ziels): −1, −2, −3."))
    cover_armor: CoverModifiers = Field(default=CoverModifiers(I=1, II=2, III=3), description=(
        "Armor roll of a model touching its cover (Deckung): +1, +2, +3; Schrapnell ignores it."))
    unwieldy_ranged: int = _mod(-3, "FK roll with an unhandlich weapon against a small or medium target.")
    prone_shooter: int = _mod(2, "FK roll of a lying shooter (Liegender Schütze).")
    moving_target: int = _mod(-2, "FK roll against a target in fast movement (Schnelle Bewegungen des Ziels).")
    aimed_shot: int = _mod(1, "FK roll of a Gezielter Schuss.")
    snap_shot: int = _mod(-2, "FK roll of a Schnellschuss.")
    reaction_fire: int = _mod(-1, "FK roll of Reaktionsfeuer.")
    reaction_crossing: int = _mod(-1, "FK roll of Reaktionsfeuer at a target moving into or out of the "
                                      "perception area, besides the Reaktionsfeuer's own.")
    dauerfeuer_hit: int = _mod(1, "FK roll per shot after the first at one target (Dauerfeuer).")
    dauerfeuer_wound: int = _mod(1, "Wound roll per shot after the first at one target (Dauerfeuer).")
    charge: int = _mod(2, "NK roll after an Angriffsbewegung, unless the defender is in Verteidigung.")
    size_step: int = _mod(1, "NK roll of the larger model per size step of difference (Größenunterschiede).")
    multiple_opponents: int = _mod(2, "NK roll per other friendly model touching the opponent's base "
                                      "(Multiple Gegner), for either side.")
    indirect: int = _mod(-5, "FK roll of indirect fire (Indirekter Fernkampf), instead of any cover malus.")
    indirect_spotted: int = _mod(-3, "FK roll of indirect fire at a point a friendly model sees.")
    indirect_cover: Literal[1, 2, 3] = Field(default=2, description=(
        "Indirect fire: the armor roll counts as in this cover level (Deckung Stufe I–III as 1–3); the rulebook: 2."))


class BalanceRules(Strict):
    """The situations ``cardgen balance`` rates every attack in: melee, then a shot at each stated range."""

    ranges_cm: list[float] = Field(default=[10, 30, 60], min_length=1, max_length=5, description=(
        "The distances (cm) at which each attacker's best ranged weapon is rated, besides melee; ascending, "
        "each above 0 and at most 1000. Default 10, 30, 60."))

    @model_validator(mode="after")
    def _ascending(self) -> "BalanceRules":
        if any(not 0 < r <= 1000 for r in self.ranges_cm):
            raise ValueError("ranges_cm: each range must lie above 0 and at most 1000 cm")
        if any(b <= a for a, b in zip(self.ranges_cm, self.ranges_cm[1:])):
            raise ValueError("ranges_cm: the ranges must be ascending, each once")
        return self


class CardSize(Strict):
    width_mm: float = Field(gt=20, le=300, description="Trimmed card width in mm.")
    height_mm: float = Field(gt=20, le=300, description="Trimmed card height in mm.")


class CardSettings(Strict):
    """Physical card sizes."""

    unit: CardSize = _n("Unit card size (default 120 × 80 mm landscape).")
    power: CardSize = _n("Power card size (default 63 × 88 mm).")
    min_font_pt: float = Field(ge=4, le=12, description="Smallest font size text may shrink to before failing.")


class Ruleset(Strict):
    """All tunable numbers of one content set."""

    aimed_shot_doubles: Literal["length", "count"] = Field(
        description="Gezielter Schuss 'doubles the bands': their length (default) or their number.")
    zone_table: ZoneTable = _n("Colossus hit zone per W12 result.")
    actions: list[Action] = Field(description=(
        "The weapon actions cards print and ap_costs lists: "
        + ", ".join(f"{key} ({name})" for key, name in ACTION_NAMES.items()) + "."))
    cost: CostModel = _n("Default cost model constants.")
    cards: CardSettings = _n("Card sizes and minimum font size.")
    odds: OddsRules = Field(default_factory=OddsRules, description=(
        "Roll modifiers of cardgen odds (each the rulebook's value unless set here)."))
    balance: BalanceRules = Field(default_factory=BalanceRules, description=(
        "The situations of cardgen balance: melee and a shot at each of ranges_cm."))

    @model_validator(mode="after")
    def _actions_once(self) -> "Ruleset":
        doubled = sorted({a for a in self.actions if self.actions.count(a) > 1})
        if doubled:
            raise ValueError(f"actions: {', '.join(doubled)} listed more than once")
        return self
