"""The odds of one attack (SPEC 5, "Odds"): exact fractions over the W12 results, never sampled.

:func:`attack_odds` takes the attacker's and the target's numbers (:class:`~cardgen.rules.attack.Combatant`, made
from a derived unit by :func:`~cardgen.rules.attack.combatant`), one weapon (:class:`~cardgen.rules.attack.AttackWeapon`), the
:class:`Situation` and the ruleset's :class:`~cardgen.content.ruleset.OddsRules`, and returns
:class:`Odds`: P(hit), P(shock only), P(TP loss), the distribution of TP lost, its expectation, the
expectation per AP of the action as the card prints it, and P(out of action within N attacks)
(:mod:`cardgen.rules.odds_chain`).  The W12 arithmetic lives in :mod:`cardgen.rules.dice`, cached by
the integers it depends on.

The rules followed (the rulebook's sections): Würfelwürfe, Reichweite, Modifikatoren im Fernkampf,
Aktionen: Fernkampf, Indirekter Fernkampf, Liegende Modelle (a lying target), Dauerfeuer (all shots
at one target: one roll, +1 FK and +1 wound roll per shot after the first -- DF 3 → +3/+3, the
rulebook's own example), Durchführung des Nahkampfes and its
modifiers, Verletzungs- und Rüstungswurf, Schadenseffekte, Schadensanwendung, Schilde, Flächenwaffen.
Where the rulebook is silent the choice is named in :data:`ASSUMPTIONS` and returned with the odds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Mapping

from cardgen.content.ruleset import OddsRules
from cardgen.errors import CardgenError
from cardgen.rules import dice
from cardgen.rules import weapons as wr
from cardgen.rules.attack import (
    CARD_ACTION, MELEE_ACTIONS, AttackWeapon, Combatant, Situation, attack_weapons,
    combatant, target_size,
)
from cardgen.rules.odds_chain import out_of_action_within
from cardgen.rules.odds_text import ASSUMPTIONS, assumptions_for
from cardgen.rules.odds_zones import ZoneChain, ZoneOdds, mixed_tp_lost, out_within, zone_chain, zone_odds
from cardgen.vocabulary import ACTION_NAMES, ODDS_ACTIONS, ROMAN, SIZES, TARGET_SIZE_MODIFIERS, OddsAction

__all__ = ["ASSUMPTIONS", "AttackWeapon", "Combatant", "ODDS_ACTIONS", "Odds", "OddsAction", "OddsError", "Situation",
           "attack_odds", "attack_weapons", "best_odds", "combatant", "extra_shots"]


class OddsError(CardgenError):
    """An attack that cannot be made: a weapon without that action, a range beyond the weapon …"""


@dataclass(frozen=True)
class Odds:
    """The odds of one attack.  ``tp_lost`` maps TP lost (0 … the target's TP) to its probability; on a
    colossus, TP lost in the zone the W12 picks (0 … that zone's TP), each zone in ``zones``."""

    attacker: Combatant
    weapon: AttackWeapon
    target: Combatant
    situation: Situation
    ap: int
    to_hit: int | None               # ranged: the value the FK roll must reach; melee None
    p_hit: Fraction
    p_shock: Fraction
    p_tp_loss: Fraction
    tp_lost: Mapping[int, Fraction]
    assumptions: tuple[str, ...]
    zones: tuple[ZoneOdds, ...] = ()    # a colossus: each hit zone (:mod:`cardgen.rules.odds_zones`)
    chain: ZoneChain | None = None      # a colossus: the chain over its zones' TP

    @property
    def expected_tp_lost(self) -> Fraction:
        return sum((tp * p for tp, p in self.tp_lost.items()), Fraction(0))

    @property
    def expected_tp_lost_per_ap(self) -> Fraction:
        return self.expected_tp_lost / self.ap

    def p_out_within(self, attacks: int) -> Fraction:
        """P(the target is out of action after at most ``attacks`` such attacks, from full TP)."""
        if self.chain is not None:
            return out_within(self.chain, attacks)
        return out_of_action_within(self.tp_lost, self.target.hit_points, attacks)


def attack_odds(attacker: Combatant, weapon: AttackWeapon, target: Combatant, situation: Situation,
                rules: OddsRules) -> Odds:
    """The odds of ``attacker`` attacking ``target`` with ``weapon``; :class:`OddsError` if it cannot."""
    action = situation.action
    card_action = CARD_ACTION[action]
    if (action in MELEE_ACTIONS) != (weapon.kind == "nahkampf"):
        kind = "a melee weapon" if weapon.kind == "nahkampf" else "not a melee weapon"
        raise OddsError(f"{weapon.name} is {kind}: no {ACTION_NAMES[card_action]} with it")
    if card_action not in weapon.ap_costs:
        raise OddsError(f"{weapon.name} has no {ACTION_NAMES[card_action]} (not on the card)")
    melee = action in MELEE_ACTIONS
    if situation.indirect:
        _check_indirect(weapon, situation)
    _check_fits(situation)
    to_hit = None if melee else _to_hit(attacker, weapon, target, situation, rules)
    p_hit = _melee_hit(attacker, target, situation, rules) if melee else dice.attribute_roll(to_hit or 0)
    shock, loss = _wound(attacker, weapon, target, situation, rules)
    tp_lost = {tp: p * p_hit for tp, p in loss.items() if p * p_hit}   # only what can happen
    tp_lost[0] = 1 - sum(tp_lost.values(), Fraction(0))
    odds = Odds(attacker=attacker, weapon=weapon, target=target, situation=situation,
                ap=weapon.ap_costs[card_action], to_hit=to_hit, p_hit=p_hit, p_shock=p_hit * shock,
                p_tp_loss=p_hit * sum(loss.values(), Fraction(0)),
                tp_lost=MappingProxyType(dict(sorted(tp_lost.items()))),
                assumptions=assumptions_for(weapon, target, situation))
    if not target.colossus:
        return odds
    hits = tuple(_melee_hit(attacker, _sides_lost(target, k), situation, rules) if melee else p_hit for k in range(3))
    chain = zone_chain(target.hit_points, target.zone_faces, loss, (hits[0], hits[1], hits[2]))
    zones = zone_odds(chain)
    return replace(odds, tp_lost=MappingProxyType(mixed_tp_lost(zones)), zones=zones, chain=chain)


def best_odds(attacker: Combatant, weapons: tuple[AttackWeapon, ...], target: Combatant, situation: Situation,
              rules: OddsRules) -> Odds:
    """The odds of the weapon with the highest expected TP lost per AP (the first on the card on a tie)."""
    usable: list[Odds] = []
    reasons: list[str] = []
    for weapon in weapons:
        try:
            usable.append(attack_odds(attacker, weapon, target, situation, rules))
        except OddsError as exc:
            reasons.append(str(exc))
    if not usable:
        raise OddsError(f"{attacker.name} has no weapon for this attack: " + "; ".join(reasons))
    return max(usable, key=lambda odds: odds.expected_tp_lost_per_ap)


def _sides_lost(target: Combatant, lost: int) -> Combatant:
    """A colossus with ``lost`` sides destroyed: "AGI und NK um 1 verringert", per side (Verlust aller
    Trefferpunkte)."""
    return replace(target, nk=_require(target.nk, "NK", target) - lost, agi=_require(target.agi, "AGI", target) - lost)


def _require(value: int | None, key: str, model: Combatant) -> int:
    if value is None:
        raise OddsError(f"{model.name} has no {key} (a drone uses its controller's; not modelled)")
    return value


def _check_indirect(weapon: AttackWeapon, situation: Situation) -> None:
    """Indirekter Fernkampf: only a weapon with the indirekt mark, never as Reaktionsfeuer ("nicht mit der
    Aktion Reaktionsfeuer kombinierbar") nor in melee."""
    if situation.action in MELEE_ACTIONS or not weapon.indirekt:
        raise OddsError(f"{weapon.name} cannot fire indirectly (no indirekt mark)")
    if situation.action == "reaction":
        raise OddsError("indirect fire cannot be Reaktionsfeuer")


def _check_fits(situation: Situation) -> None:
    """A crossing target only for Reaktionsfeuer, models in base contact only in melee (Multiple Gegner)."""
    if situation.crossing and situation.action != "reaction":
        raise OddsError("a target moving into or out of the perception area counts for Reaktionsfeuer only")
    if (situation.helpers or situation.target_helpers) and situation.action not in MELEE_ACTIONS:
        raise OddsError("models touching an opponent's base (Multiple Gegner) count in melee only")
    if situation.helpers < 0 or situation.target_helpers < 0:
        raise OddsError("models in base contact cannot be fewer than 0")


def extra_shots(weapon: AttackWeapon, action: OddsAction) -> int:
    """Dauerfeuer: the shots after the first, all at one target; a Gezielter Schuss fires one shot
    ("nicht in Kombination mit Dauerfeuer einsetzbar")."""
    return 0 if action == "aimed" else weapon.shots - 1


def _to_hit(attacker: Combatant, weapon: AttackWeapon, target: Combatant, situation: Situation,
            rules: OddsRules) -> int:
    """The value the FK roll must reach: FK and every modifier of Modifikatoren im Fernkampf."""
    band = weapon.aimed_band if situation.action == "aimed" else weapon.band
    if band is None:
        raise OddsError(f"{weapon.name} has no range band")
    by_range = wr.range_modifier(band, situation.range_cm)
    if by_range is None:
        raise OddsError(f"{situation.range_cm:g} cm is beyond the range of {weapon.name} "
                        f"({band}: at most {band.max_range_cm} cm)")
    size = target_size(target, situation)
    value = _require(attacker.fk, "FK", attacker) + by_range + TARGET_SIZE_MODIFIERS[size]
    if situation.indirect:              # "Weitere Mali durch Deckung kommen nicht zur Geltung"
        value += rules.indirect_spotted if situation.spotted else rules.indirect
    elif situation.cover:
        value += getattr(rules.cover_hit, ROMAN[situation.cover - 1])
    if weapon.unhandlich and size in ("klein", "mittel"):
        value += rules.unwieldy_ranged
    value += rules.prone_shooter if situation.prone else 0
    value += rules.moving_target if situation.moving else 0
    value += {"aimed": rules.aimed_shot, "snap": rules.snap_shot, "reaction": rules.reaction_fire}.get(
        situation.action, 0)
    value += rules.reaction_crossing if situation.crossing else 0
    return value + extra_shots(weapon, situation.action) * rules.dauerfeuer_hit


def _melee_hit(attacker: Combatant, target: Combatant, situation: Situation, rules: OddsRules) -> Fraction:
    """The opposed NK roll (AGI on a tie), with Modifikatoren im Nahkampf."""
    step = SIZES.index(attacker.size) - SIZES.index(target_size(target, situation))
    mine = _require(attacker.nk, "NK", attacker) - attacker.melee_malus + max(0, step) * rules.size_step
    if situation.action == "charge" and not situation.defending:
        mine += rules.charge
    theirs = _require(target.nk, "NK", target) - target.melee_malus + max(0, -step) * rules.size_step
    theirs += target.shield_melee if situation.defending else 0
    mine += situation.helpers * rules.multiple_opponents                    # Multiple Gegner, either side
    theirs += situation.target_helpers * rules.multiple_opponents
    agi = _require(attacker.agi, "AGI", attacker) - _require(target.agi, "AGI", target)
    return dice.melee_hit(mine - theirs, agi)


def armor_value(weapon: AttackWeapon, target: Combatant, situation: Situation, rules: OddsRules) -> int:
    """What the armor roll adds: the higher of KO and the protection (halved, rounded up, against
    Panzerbrechend), the shield's bonus (melee: in Verteidigung; fire: from the front) and the cover's
    (touching it, or always Stufe II under indirect fire; not against Schrapnell)."""
    effects = weapon.effects - target.armor_effects
    protection = target.protection
    if protection is not None and "panzerbrechend" in effects:
        protection = -(-protection // 2)
    value = wr.armor_roll(target.ko, protection)
    melee = situation.action in MELEE_ACTIONS
    if situation.defending if melee else situation.from_front:
        value += target.shield_armor
    cover = rules.indirect_cover if situation.indirect else situation.cover if situation.touches_cover else 0
    if not melee and cover and "schrapnell" not in effects:
        value += getattr(rules.cover_armor, ROMAN[cover - 1])
    return value


def _wound(attacker: Combatant, weapon: AttackWeapon, target: Combatant, situation: Situation,
           rules: OddsRules) -> tuple[Fraction, dict[int, Fraction]]:
    """Given a hit: P(shock only) and P(TP lost = n) for n ≥ 1 (capped at the target's TP)."""
    effects = weapon.effects - target.armor_effects
    strength = weapon.strength * (2 if "explosiv" in effects else 1)
    strength += extra_shots(weapon, situation.action) * rules.dauerfeuer_wound
    rerolls = dice.Rerolls(shaken="erschütterung" in effects, adaptive="adaptiv" in target.armor_effects,
                           robust="robust" in target.armor_effects)
    roll = dice.wound_roll(strength - armor_value(weapon, target, situation, rules), rerolls)
    damage = weapon.damage
    if "strukturverstärkt" in target.armor_effects and "strukturschädigend" not in weapon.effects:
        damage //= 2
    loss = max(0, damage - target.reduction)
    if loss == 0 or "trauma" in effects:
        return roll.tie + roll.higher, {}
    if "aufreißen" not in effects:
        return roll.tie, {min(loss, target.hit_points): roll.higher}
    holds = dice.attribute_roll(target.ko)
    doubled = min(2 * loss, target.hit_points)
    kept = min(loss, target.hit_points)
    if kept == doubled:
        return roll.tie, {kept: roll.higher}
    return roll.tie, {kept: roll.higher * holds, doubled: roll.higher * (1 - holds)}
