"""``{{ odds: ATTACKER[:WEAPON] vs TARGET [range=CM] [action=…] [cover=I|II|III] }}``: a worked example's
odds, computed from the content (:mod:`cardgen.rules.odds`) instead of written by hand.

The directive prints a caption naming attacker, weapon, target, range and action, and a one-row table:
Treffer, nur Schock, TP-Verlust (as percentages), erwarteter TP-Verlust and pro AP.  It is generated as
Markdown and parsed like the content tables of :mod:`cardgen.rulebook.directive`; an unknown id, option
or an attack that cannot be made is a :class:`~cardgen.rulebook.fromcontent.DirectiveError` (a warning
with the line).  The derived units are made once per document (kept in the markdown-it env).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any, Mapping

from cardgen.errors import did_you_mean
from cardgen.oddsview import ROWS, caption, odds_values, resolve_odds, shown
from cardgen.rulebook.fromcontent import DirectiveError, text_md
from cardgen.rules.attack import Situation
from cardgen.rules.derived import DerivedUnit
from cardgen.vocabulary import ODDS_ACTIONS, from_roman

LINE = re.compile(r"^\{\{\s*odds:\s*(?P<attacker>[\w-]+(?::[\w-]+)?)\s+vs\s+(?P<target>[\w-]+)"
                  r"(?P<options>(?:\s+[\w-]+=\S+)*)\s*\}\}\s*$")
OPTIONS = ("range", "action", "cover")
READS = ("units", "weapons", "armor", "equipment", "traits", "damage_effects", "ruleset")
"""The content kinds an odds directive reads (a unit's derived values depend on all of them)."""
_UNITS = "odds_units"


def situation(options: str) -> Situation:
    """The situation of ``range=30 action=aimed cover=II``."""
    given = dict(item.split("=", 1) for item in options.split())
    for key in given:
        if key not in OPTIONS:
            raise DirectiveError(f"unknown option '{key}' (known: {', '.join(OPTIONS)})" + did_you_mean(key, OPTIONS))
    try:
        range_cm = float(given.get("range", "0"))
    except ValueError:
        raise DirectiveError(f"range={given['range']} is no number of cm") from None
    action = given.get("action", "normal")
    if action not in ODDS_ACTIONS:
        raise DirectiveError(f"unknown action '{action}' (known: {', '.join(ODDS_ACTIONS)})"
                             + did_you_mean(action, ODDS_ACTIONS))
    cover = from_roman(given.get("cover", "")) if "cover" in given else 0
    if cover is None or cover > 3 or range_cm < 0:
        raise DirectiveError(f"cover={given.get('cover')} is no cover I, II or III" if cover is None or cover > 3
                             else f"range={given['range']} is below 0 cm")
    return Situation(action=action, range_cm=range_cm, cover=cover)


def derived_units(env: MutableMapping[str, Any], content: Any) -> Mapping[str, DerivedUnit]:
    """The content's derived units, made once per document."""
    from cardgen.rules.derive import derive

    cached = env.get(_UNITS)
    if cached is None or cached[0] is not content:
        cached = (content, derive(content).units)
        env[_UNITS] = cached
    units: Mapping[str, DerivedUnit] = cached[1]
    return units


def odds_markdown(match: re.Match[str], content: Any, env: MutableMapping[str, Any]) -> str:
    """The caption and table of one odds directive, as Markdown; :class:`DirectiveError` when it cannot."""
    odds, _ = resolve_odds(derived_units(env, content), match["attacker"], match["target"],
                           situation(match["options"]), content.checked_ruleset().odds)
    values = [shown(label, value) for label, value in odds_values(odds)]
    return "\n".join([
        f"*{text_md(caption(odds))}*", "",
        "| " + " | ".join(ROWS) + " |",
        "|" + "|".join(":--:" for _ in ROWS) + "|",
        "| " + " | ".join(values) + " |", ""])
