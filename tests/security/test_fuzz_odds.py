"""Fuzzing every option of the odds -- the rulebook's ``{{ odds: … }}`` directive and ``cardgen odds``'s
command line -- with arbitrary text: each ends in odds or the project's one error (a directive's warning
at its line, a :class:`CardgenError` naming the option), never another exception.

``range=nan`` and ``helpers=²`` were ValueError tracebacks out of a rulebook build; ``--range nan`` out of
``cardgen odds``.
"""

from __future__ import annotations

import argparse
from functools import lru_cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardgen.commands.main import build_parser
from cardgen.commands.odds import situation_of
from cardgen.errors import CardgenError
from cardgen.views.odds import resolve_odds
from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.odds_table import OPTIONS
from cardgen.stages import load_and_derive
from conftest import EXAMPLE, fuzz_examples, no_hang

ALARM_SECONDS = 20
COMMAND_OPTIONS = ("range", "cover", "helpers", "target-helpers")
"""``cardgen odds``'s options that take text (``--action`` takes argparse's choices, the rest are flags)."""
ATTACKS = (("sturmtruppe:sturmgewehr", "panzerjäger"), ("ordenskrieger:ordensklinge", "sturmtruppe"),
           ("sturmtruppe", "panzerjäger"))
TRICKY = ["nan", "NaN", "-nan", "inf", "-inf", "1e999", "1e-999", "²", "١", "١٢", "９", "Ⅱ", "ı", "0x10",
          "1_000", "+3", "-0", "0.0001", "12.", ".5", "99999999999999999999", "-1", "20", "21", "ja", "IV",
          "\x00", "\x1b[31m", "\u202e", "", "=", "3=4"]
texts = st.one_of(st.sampled_from(TRICKY), st.text(max_size=30))
settings_ = settings(max_examples=fuzz_examples(300), deadline=None)


@lru_cache(maxsize=1)
def _example():
    return load_and_derive(EXAMPLE)


def _without_blanks(text: str) -> str:
    """A directive's option value is one word (``KEY=\\S+``); blanks would end it."""
    return "".join(ch for ch in text if not ch.isspace()) or "x"


@settings_
@given(st.sampled_from(ATTACKS), st.lists(st.tuples(st.sampled_from((*OPTIONS, "rang")), texts), max_size=4))
@example(("sturmtruppe:sturmgewehr", "panzerjäger"), [("range", "nan")])
@example(("ordenskrieger:ordensklinge", "sturmtruppe"), [("action", "attack"), ("helpers", "²")])
def test_odds_directive_options_give_odds_or_a_warning(attack, options):
    content, _ = _example()
    written = "".join(f" {key}={_without_blanks(value)}" for key, value in options)
    env: dict = {"content": content}
    with no_hang(ALARM_SECONDS):
        make_markdown().render(f"# T\n\n{{{{ odds: {attack[0]} vs {attack[1]}{written} }}}}\n", env)
    assert all(line == 3 and message.startswith("odds directive: ") for line, message in env.get("warnings", []))


@settings_
@given(st.sampled_from(ATTACKS), st.sampled_from(("normal", "attack", None)),
       st.lists(st.tuples(st.sampled_from(COMMAND_OPTIONS), texts), max_size=4))
@example(("sturmtruppe:sturmgewehr", "panzerjäger"), None, [("range", "nan")])
@example(("ordenskrieger:ordensklinge", "sturmtruppe"), "attack", [("helpers", "١")])
def test_odds_command_options_give_odds_or_a_cardgen_error(attack, action, options):
    content, derived = _example()
    argv = ["odds", *attack, *(["--action", action] if action else []),
            *(f"--{key}={value}" for key, value in options)]
    args: argparse.Namespace = build_parser().parse_args(argv)
    with no_hang(ALARM_SECONDS):
        try:
            situation = situation_of(args, content)
            resolve_odds(derived.units, args.attacker, args.target, situation, content.checked_ruleset().odds,
                         content.checked_ruleset().zone_table)
        except CardgenError as exc:
            assert len(exc.lines()) == 1
