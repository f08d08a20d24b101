"""The odds as printed (cardgen.views.odds): "n/d" fractions, German decimals, the caption."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardgen.errors import UsageError
from cardgen.views.odds import caption, decimal, fraction_text, odds_data, percent, resolve_odds
from cardgen.rules.odds import Situation
from cardgen.stages import load_and_derive
from conftest import EXAMPLE


def test_numbers_as_printed():
    assert fraction_text(Fraction(2, 6)) == "1/3" and fraction_text(Fraction(1)) == "1/1"
    assert fraction_text(Fraction(0)) == "0/1"
    assert percent(Fraction(1, 3)) == "33,3 %" and decimal(Fraction(13, 72)) == "0,18"


def test_resolve_odds_by_ids():
    content, derived = load_and_derive(EXAMPLE)
    rules = content.checked_ruleset().odds
    odds, chosen = resolve_odds(derived.units, "sturmtruppe:sturmgewehr", "panzerjäger",
                                Situation(range_cm=30, cover=2), rules)
    assert not chosen and caption(odds) == (
        "Sturmtruppe mit Sturmgewehr gegen Panzerjäger, 30 cm, Deckung II, Normaler Schuss (3 AP)")
    assert odds_data(odds)["p_hit"] == "1/6"
    with pytest.raises(UsageError, match="unknown unit 'niemand'"):
        resolve_odds(derived.units, "niemand", "panzerjäger", Situation(), rules)
