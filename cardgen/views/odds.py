"""The odds as ``cardgen odds`` and the rulebook's ``{{ odds: … }}`` print them: one attack named by ids
(``sturmtruppe:sturmgewehr``, ``panzerjäger``) resolved against the derived units, the rows with the
cards' German labels, the caption, and the JSON of ``cardgen odds --json``.

Fractions print as ``"n/d"`` in lowest terms (``1/1`` and ``0/1`` too), so a script reading the JSON
gets them exactly; the table adds a rounded percentage beside each.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping

from cardgen.errors import UsageError, did_you_mean
from cardgen.rules.attack import CARD_ACTION, MELEE_ACTIONS, attack_weapons, combatant
from cardgen.rules.derived import DerivedUnit
from cardgen.rules.odds import Odds, Situation, attack_odds, best_odds
from cardgen.content.ruleset import OddsRules, ZoneTable
from cardgen.content.words import Words
from cardgen.vocabulary import ACTION_NAMES, HIT_ZONES, ROMAN, from_roman

ROWS = ("Treffer", "nur Schock", "TP-Verlust", "erwarteter TP-Verlust", "pro AP")
"""The labels of the odds table, in its order (each a glossary word: the rulebook prints ``words[label]``)."""
OUT_WITHIN = (1, 2, 3)
"""The numbers of attacks the table gives P(ausgeschaltet) for."""
MAX_RANGE_CM = 100_000
"""The longest distance the odds take (1 km): beyond the reach of any weapon the schema allows (999 cm × 99)."""
MAX_HELPERS = 20
"""The most helpers (Multiple Gegner) either side of a melee may count."""
_PLAIN_NUMBER = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,3})?", re.ASCII)


def plain_number(text: str, decimals: bool = False) -> float | None:
    """``text`` as a number when it is written plainly: ASCII digits, a minus sign, with ``decimals``
    a point and up to three places (``'12.5'``); at most six digits before the point; else None.

    The odds' options come from a rulebook or a command line: ``float()`` takes ``nan``, ``inf`` and
    ``1e999`` and ``int()`` takes ``'١'`` (an Arabic-Indic one) while ``'²'.isdigit()`` holds and
    ``int('²')`` fails, so neither is asked; whatever passes here is finite and small."""
    if not _PLAIN_NUMBER.fullmatch(text) or (not decimals and "." in text):
        return None
    return float(text) if decimals else int(text)


def cover_level(text: str) -> int | None:
    """``'II'`` → 2: a cover level (Deckung Stufe I–III) written in ASCII roman numerals, else None
    (``'ı'``, a dotless i, would pass ``str.upper()`` as ``'I'``)."""
    level = from_roman(text) if text.isascii() else None
    return level if level is not None and level <= 3 else None


def fraction_text(value: Fraction) -> str:
    """``Fraction(2, 6)`` → ``'1/3'``; a whole number keeps its denominator (``'1/1'``)."""
    return f"{value.numerator}/{value.denominator}"


def percent(value: Fraction) -> str:
    """``Fraction(1, 3)`` → ``'33,3 %'`` (German decimal comma)."""
    return f"{float(value) * 100:.1f} %".replace(".", ",")


def decimal(value: Fraction) -> str:
    """An expectation as a German decimal, two places: ``Fraction(13, 72)`` → ``'0,18'``."""
    return f"{float(value):.2f}".replace(".", ",")


def odds_values(odds: Odds) -> list[tuple[str, Fraction]]:
    """(label, value) per row of :data:`ROWS`."""
    return list(zip(ROWS, (odds.p_hit, odds.p_shock, odds.p_tp_loss, odds.expected_tp_lost,
                           odds.expected_tp_lost_per_ap)))


def zone_values(odds: Odds) -> list[tuple[str, Fraction]]:
    """A colossus: (label, E[TP lost in that zone]) per hit zone, in the order of its card's tracks; the
    values add up to the expected TP lost.  Empty for any other target."""
    return [(f"{HIT_ZONES[zone.zone]} ({zone.hit_points} TP, W12 {zone.faces}/12): erwartet", zone.expected_tp_lost)
            for zone in odds.zones]


def shown(label: str, value: Fraction) -> str:
    """A row's value as printed: a probability as a percentage, an expectation as a decimal."""
    return decimal(value) if label.startswith(("erwartet", "pro")) else percent(value)


def caption(odds: Odds, words: Words | None = None) -> str:
    """``Sturmtruppe mit Sturmgewehr gegen Panzerjäger, 30 cm, Normaler Schuss (3 AP)``, its words in
    ``words`` (the source's by default)."""
    words = words or Words()
    where = "" if odds.situation.action in MELEE_ACTIONS else f", {odds.situation.range_cm:g} cm"
    cover = f", {words['Deckung']} {ROMAN[odds.situation.cover - 1]}" if odds.situation.cover else ""
    action = words[ACTION_NAMES[CARD_ACTION[odds.situation.action]]]
    return (f"{odds.attacker.name} {words['mit']} {odds.weapon.name} {words['gegen']} {odds.target.name}{where}"
            f"{cover}, {action} ({odds.ap} {words['AP']})")


def odds_data(odds: Odds) -> dict[str, Any]:
    """The JSON of ``cardgen odds --json``: exactly these keys, every number ``"n/d"``; a colossus adds
    ``zones``: per hit zone its TP, the zone roll's chance, E[TP lost there] and P(hit there, n TP lost)."""
    return {
        "p_hit": fraction_text(odds.p_hit), "p_shock": fraction_text(odds.p_shock),
        "p_tp_loss": fraction_text(odds.p_tp_loss), "expected_tp_lost": fraction_text(odds.expected_tp_lost),
        "expected_tp_lost_per_ap": fraction_text(odds.expected_tp_lost_per_ap),
        "tp_lost": {str(tp): fraction_text(p) for tp, p in odds.tp_lost.items()},
        "assumptions": list(odds.assumptions),
    } | ({"zones": {zone.zone: {
        "hit_points": zone.hit_points, "p_zone": fraction_text(zone.p_zone),
        "expected_tp_lost": fraction_text(zone.expected_tp_lost),
        "tp_lost": {str(tp): fraction_text(p) for tp, p in zone.tp_lost.items()}} for zone in odds.zones}}
        if odds.zones else {})


def resolve_odds(units: Mapping[str, DerivedUnit], attacker: str, target: str, situation: Situation,
                 rules: OddsRules, zone_table: ZoneTable | None = None) -> tuple[Odds, bool]:
    """The odds of ``attacker`` (``UNIT`` or ``UNIT:WEAPON``) against ``target``, and whether the weapon was
    chosen (the unit's best for the situation: the highest expected TP lost per AP).  An unknown id or a
    weapon the unit does not carry is a :class:`UsageError` with a did-you-mean; an attack that cannot be
    made an :class:`~cardgen.rules.odds.OddsError`.  A colossus's hit zones as ``zone_table`` has them (the
    ruleset's; without one, the rulebook's figure)."""
    unit_id, _, weapon_id = attacker.partition(":")
    shooter, victim = _unit(units, unit_id), _unit(units, target)
    weapons = attack_weapons(shooter)
    model = combatant(victim, zone_table)
    if not weapon_id:
        return best_odds(combatant(shooter, zone_table), weapons, model, situation, rules), True
    by_id = {weapon.id: weapon for weapon in weapons}
    if weapon_id not in by_id:
        raise UsageError(f"{shooter.unit.name} does not carry '{weapon_id}' (it carries: {', '.join(by_id)})"
                         + did_you_mean(weapon_id, by_id))
    return attack_odds(combatant(shooter, zone_table), by_id[weapon_id], model, situation, rules), False


def _unit(units: Mapping[str, DerivedUnit], unit_id: str) -> DerivedUnit:
    if unit_id not in units:
        raise UsageError(f"unknown unit '{unit_id}'" + did_you_mean(unit_id, units))
    return units[unit_id]
