"""``cardgen odds``: the exact odds of one attack (:mod:`cardgen.rules.odds`) as a table or JSON."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardgen.commands.options import add_content_option, settings_of
from cardgen.errors import UsageError, json_text, one_line
from cardgen.vocabulary import ODDS_ACTIONS, OddsAction

if TYPE_CHECKING:           # the content's model and the odds' records: loaded by cmd_odds
    from cardgen.content.model import Content
    from cardgen.rules.attack import Situation


def situation_of(args: argparse.Namespace, content: Content) -> Situation:
    """The situation the flags describe; ``--cover`` takes I, II or III.  Without ``--action``: a melee
    weapon attacks (Angriff), any other fires a Normaler Schuss."""
    # lazy: the odds' records (the content's schema); every command builds this module's parser
    from cardgen.rules.attack import MELEE_ACTIONS, Situation

    range_cm, cover, helpers, target_helpers = numbers_of(args)
    action = args.action or default_action(args.attacker, content)
    if args.crossing and action != "reaction":
        raise UsageError("--crossing is for Reaktionsfeuer: add --action reaction")
    if (helpers or target_helpers) and action not in MELEE_ACTIONS:
        raise UsageError("--helpers and --target-helpers count in melee: add --action attack or charge")
    return Situation(action=action, range_cm=range_cm, cover=cover,
                     touches_cover=args.touching_cover, prone=args.prone, moving=args.moving,
                     from_front=not args.from_behind, defending=args.defending, target_prone=args.prone_target,
                     indirect=args.indirect or args.spotted, spotted=args.spotted, crossing=args.crossing,
                     helpers=helpers, target_helpers=target_helpers)


def numbers_of(args: argparse.Namespace) -> tuple[float, int, int, int]:
    """``--range``, ``--cover``, ``--helpers`` and ``--target-helpers`` as numbers, each finite and within
    its bounds (:func:`~cardgen.views.odds.plain_number`: ASCII digits only, no ``nan``, ``inf`` or
    ``1e999``), or a :class:`UsageError` naming the option."""
    # lazy: the odds' view (the content's schema); every command builds this module's parser
    from cardgen.views.odds import MAX_RANGE_CM, cover_level, plain_number

    cover = 0 if args.cover is None else cover_level(args.cover)
    if cover is None:
        raise UsageError(f"--cover takes I, II or III, not '{args.cover}'")
    range_cm = 0.0 if args.range is None else plain_number(args.range, decimals=True)
    if range_cm is None or range_cm > MAX_RANGE_CM:
        raise UsageError(f"--range takes a number of cm from 0 to {MAX_RANGE_CM} (digits and a decimal point, "
                         f"like 12.5), not '{args.range}'")
    if range_cm < 0:
        raise UsageError(f"--range must be 0 cm or more, not {range_cm:g}")
    helpers, target_helpers = _count("--helpers", args.helpers), _count("--target-helpers", args.target_helpers)
    if min(helpers, target_helpers) < 0:
        raise UsageError("--helpers and --target-helpers take 0 or more models")
    return range_cm, cover, helpers, target_helpers


def _count(option: str, text: str) -> int:
    """A number of models written in digits, at most :data:`~cardgen.views.odds.MAX_HELPERS` (a negative one
    is refused by the caller, with both options' message)."""
    # lazy: the odds' view (the content's schema); every command builds this module's parser
    from cardgen.views.odds import MAX_HELPERS, plain_number

    count = plain_number(text)
    if count is None or count > MAX_HELPERS:
        raise UsageError(f"{option} takes a number of models from 0 to {MAX_HELPERS} (digits), not '{text}'")
    return int(count)


def default_action(attacker: str, content: Content) -> OddsAction:
    """``attack`` for a named melee weapon (or ``waffenlos``), else ``normal``."""
    # lazy: the odds' records (the content's schema); every command builds this module's parser
    from cardgen.rules.attack import MELEE_WEAPON_IDS

    weapon = attacker.partition(":")[2]
    melee = weapon in MELEE_WEAPON_IDS or (weapon in content.weapons and content.weapons[weapon].kind == "nahkampf")
    return "attack" if melee else "normal"


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the odds of ATTACKER[:WEAPON] attacking TARGET."""
    from cardgen.views.odds import (
        OUT_WITHIN, caption, fraction_text, odds_data, odds_values, resolve_odds, shown, zone_values)
    from cardgen.stages import load_and_derive

    content, derived = load_and_derive(settings_of(args).content)
    situation = situation_of(args, content)
    odds, chosen = resolve_odds(derived.units, args.attacker, args.target, situation,
                                content.checked_ruleset().odds, content.checked_ruleset().zone_table)
    if args.json:
        print(json_text(odds_data(odds)))
        return 0
    print(one_line(caption(odds)))
    if chosen:
        print(one_line(f"Waffe: {odds.weapon.name} (die beste für diesen Angriff: höchster erwarteter TP-Verlust pro AP)"))
    if odds.to_hit is not None:
        print(f"FK-Wurf auf {odds.to_hit}")
    rows = [(label, fraction_text(value), shown(label, value)) for label, value in odds_values(odds)]
    rows += [("TP verloren: " + str(tp), fraction_text(p), shown("", p)) for tp, p in odds.tp_lost.items()]
    rows += [(label, fraction_text(value), shown("erwartet", value)) for label, value in zone_values(odds)]
    rows += [(f"ausgeschaltet nach {n}", fraction_text(odds.p_out_within(n)), shown("", odds.p_out_within(n)))
             for n in OUT_WITHIN]
    width = max(len(label) for label, _, _ in rows)
    exact = max(len(text) for _, text, _ in rows)
    for label, text, rounded in rows:
        print(one_line(f"{label:<{width}}  {text:>{exact}}  {rounded}"))
    print("Annahmen:")
    for sentence in odds.assumptions:
        print(one_line(f"- {sentence}"))
    return 0


def add_parser(sub) -> None:
    """Register ``odds``."""
    p = sub.add_parser("odds", help="exact odds of one attack (hit, shock, TP lost)",
                       description="Exact odds of ATTACKER[:WEAPON] attacking TARGET, from the rulebook's W12 "
                                   "rules; without :WEAPON the attacker's best weapon for the situation.")
    p.add_argument("attacker", metavar="ATTACKER[:WEAPON]", help="unit id, optionally :weapon id (or :waffenlos)")
    p.add_argument("target", metavar="TARGET", help="unit id of the target")
    p.add_argument("--range", metavar="CM", help="distance in cm (default 0: the first band)")
    p.add_argument("--action", choices=ODDS_ACTIONS, help="normal (default), aimed, snap, reaction; "
                                                          "attack, charge for melee")
    p.add_argument("--cover", metavar="I|II|III", help="the target's cover (Deckung)")
    p.add_argument("--touching-cover", action="store_true",
                   help="the target touches its cover: its armour roll gets the cover's bonus")
    p.add_argument("--prone", action="store_true", help="the shooter lies (Liegender Schütze)")
    p.add_argument("--moving", action="store_true", help="the target is in fast movement")
    p.add_argument("--prone-target", action="store_true", help="the target lies: one size smaller (Liegende Modelle)")
    p.add_argument("--indirect", action="store_true", help="indirect fire (Indirekter Fernkampf): -5, armour as cover II")
    p.add_argument("--spotted", action="store_true", help="indirect fire at a point a friendly model sees: -3")
    p.add_argument("--from-behind", action="store_true", help="fire from behind: the target's shield gives nothing")
    p.add_argument("--defending", action="store_true", help="melee: the target is in Verteidigung")
    p.add_argument("--crossing", action="store_true",
                   help="Reaktionsfeuer at a target moving into or out of the perception area: -1 more")
    p.add_argument("--helpers", default="0", metavar="N",
                   help="melee: the attacker's other friendly models touching the target's base, +2 each")
    p.add_argument("--target-helpers", default="0", metavar="N",
                   help="melee: the target's other friendly models touching the attacker's base, +2 each for it")
    add_content_option(p)
    p.add_argument("--json", action="store_true", help="print JSON (every number as \"n/d\")")
    p.set_defaults(func=cmd_odds)
