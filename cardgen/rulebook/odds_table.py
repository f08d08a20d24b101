"""``{{ odds: ATTACKER[:WEAPON] vs TARGET [range=CM] [action=…] [cover=I|II|III] [FLAG=ja|nein] [helpers=N]
[target-helpers=N] }}``: a worked example's odds, computed from the content (:mod:`cardgen.rules.odds`)
instead of written by hand.  The flags are ``cardgen odds``'s: touching-cover, prone, moving,
prone-target, indirect, spotted, from-behind, defending, crossing (``ja``/``nein``, or yes/no).

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

from cardgen.content.words import Words
from cardgen.errors import did_you_mean
from cardgen.views.odds import (
    MAX_HELPERS, MAX_RANGE_CM, ROWS, caption, cover_level, odds_values, plain_number, resolve_odds, shown)
from cardgen.rulebook.fromcontent import DirectiveError, text_md
from cardgen.rules.attack import Situation
from cardgen.rules.derived import DerivedUnit
from cardgen.vocabulary import ODDS_ACTIONS

LINE = re.compile(r"^\{\{\s*odds:\s*(?P<attacker>[\w-]+(?::[\w-]+)?)\s+vs\s+(?P<target>[\w-]+)"
                  r"(?P<options>(?:\s+[\w-]+=\S+)*)\s*\}\}\s*$")
FLAGS = {"touching-cover": "touches_cover", "prone": "prone", "moving": "moving", "prone-target": "target_prone",
         "indirect": "indirect", "spotted": "spotted", "defending": "defending", "crossing": "crossing"}
"""The yes/no options, each named as ``cardgen odds``'s flag, and the Situation field it sets
(``from-behind`` sets ``from_front`` to the opposite)."""
COUNTS = {"helpers": "helpers", "target-helpers": "target_helpers"}
OPTIONS = ("range", "action", "cover", *FLAGS, "from-behind", *COUNTS)
YES, NO = ("ja", "yes", "true"), ("nein", "no", "false")
READS = ("units", "weapons", "armor", "equipment", "traits", "damage_effects", "ruleset")
"""The content kinds an odds directive reads (a unit's derived values depend on all of them)."""
_UNITS = "odds_units"


def situation(options: str) -> Situation:
    """The situation of ``range=30 action=aimed cover=II``."""
    given = dict(item.split("=", 1) for item in options.split())
    for key in given:
        if key not in OPTIONS:
            raise DirectiveError(f"unknown option '{key}' (known: {', '.join(OPTIONS)})" + did_you_mean(key, OPTIONS))
    range_cm = plain_number(given.get("range", "0"), decimals=True)
    if range_cm is None or range_cm > MAX_RANGE_CM:
        raise DirectiveError(f"range={given['range']} is no number of cm from 0 to {MAX_RANGE_CM} "
                             "(digits and a decimal point, like 12.5)")
    action = given.get("action", "normal")
    if action not in ODDS_ACTIONS:
        raise DirectiveError(f"unknown action '{action}' (known: {', '.join(ODDS_ACTIONS)})"
                             + did_you_mean(action, ODDS_ACTIONS))
    cover = cover_level(given["cover"]) if "cover" in given else 0
    if cover is None or range_cm < 0:
        raise DirectiveError(f"cover={given.get('cover')} is no cover I, II or III" if cover is None
                             else f"range={given['range']} is below 0 cm")
    more: dict[str, Any] = {}
    for key, field in (*FLAGS.items(), ("from-behind", "from_front")):
        if key in given:
            value = given[key].lower()
            if value not in YES + NO:
                raise DirectiveError(f"{key}={given[key]} is neither ja nor nein")
            more[field] = (value in YES) != (key == "from-behind")
    for key, field in COUNTS.items():
        if key in given:
            count = plain_number(given[key])
            if count is None or not 0 <= count <= MAX_HELPERS:
                raise DirectiveError(f"{key}={given[key]} is no number of models from 0 to {MAX_HELPERS}")
            more[field] = int(count)
    if more.get("spotted"):
        more["indirect"] = True
    return Situation(action=action, range_cm=range_cm, cover=cover, **more)


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
                           situation(match["options"]), content.checked_ruleset().odds,
                           content.checked_ruleset().zone_table)
    values = [shown(label, value) for label, value in odds_values(odds)]
    words = getattr(content, "words", None) or Words()      # the caption and header in the content's language
    return "\n".join([
        f"*{text_md(caption(odds, words))}*", "",
        "| " + " | ".join(text_md(words[label]) for label in ROWS) + " |",
        "|" + "|".join(":--:" for _ in ROWS) + "|",
        "| " + " | ".join(values) + " |", ""])
