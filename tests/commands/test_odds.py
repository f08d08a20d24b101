"""``cardgen odds`` on the example content: the table, the JSON contract, one line per error."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from cardgen.commands.odds import default_action
from cardgen.stages import load_content
from conftest import EXAMPLE

KEYS = ["p_hit", "p_shock", "p_tp_loss", "expected_tp_lost", "expected_tp_lost_per_ap", "tp_lost", "assumptions"]
FRACTION = re.compile(r"^-?\d+/[1-9]\d*$")


def test_odds_table(cli):
    code, out, err = cli("odds", "sturmtruppe:sturmgewehr", "panzerjäger", "--range", "30", "--content", EXAMPLE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Sturmtruppe mit Sturmgewehr gegen Panzerjäger, 30 cm, Normaler Schuss (3 AP)"
    assert "FK-Wurf auf 4" in lines                   # FK 4, −1 for the full first band, +1 Dauerfeuer
    assert re.search(r"^Treffer\s+1/3  33,3 %$", out, re.M)
    for label in ("nur Schock", "TP-Verlust", "erwarteter TP-Verlust", "pro AP", "ausgeschaltet nach 3"):
        assert re.search(rf"^{label}\s", out, re.M), label
    assert "Annahmen:" in lines and any(line.startswith("- dauerfeuer: ") for line in lines)


def test_odds_json_keys_and_fractions(cli):
    code, out, _ = cli("odds", "sturmtruppe:sturmgewehr", "panzerjäger", "--range", "30", "--json",
                       "--content", EXAMPLE)
    data = json.loads(out)
    assert code == 0 and list(data) == KEYS
    numbers = [data[key] for key in KEYS[:5]] + list(data["tp_lost"].values())
    assert all(FRACTION.match(value) for value in numbers)
    assert data["p_hit"] == "1/3" and data["tp_lost"] == {"0": "59/72", "1": "13/72"}
    assert all(isinstance(sentence, str) and sentence for sentence in data["assumptions"])


def test_odds_chooses_the_best_weapon_and_says_which(cli):
    code, out, _ = cli("odds", "sturmtruppe", "panzerjäger", "--range", "30", "--content", EXAMPLE)
    assert code == 0 and "Waffe: Sturmgewehr (die beste" in out
    code, out, _ = cli("odds", "sturmtruppe:kampfmesser", "panzerjäger", "--action", "charge", "--defending",
                       "--content", EXAMPLE)
    assert code == 0 and out.startswith("Sturmtruppe mit Kampfmesser gegen Panzerjäger, Angriffsbewegung (1 AP)")


def test_odds_lying_target_counts_one_size_smaller(cli):
    code, out, _ = cli("odds", "sturmtruppe:sturmgewehr", "panzerjäger", "--range", "30", "--prone-target",
                       "--content", EXAMPLE)
    assert code == 0 and "FK-Wurf auf 3" in out.splitlines()        # 4 against the standing Panzerjäger
    assert any(line.startswith("- prone-target: ") for line in out.splitlines())


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--range", "nan", "--range takes a number of cm from 0 to 100000 (digits and a decimal point, like 12.5), "
                       "not 'nan'"),
    ("--range", "inf", "--range takes a number of cm from 0 to 100000 (digits and a decimal point, like 12.5), "
                       "not 'inf'"),
    ("--range", "1e999", "--range takes a number of cm from 0 to 100000 (digits and a decimal point, like 12.5), "
                         "not '1e999'"),
    ("--range", "١٠", "--range takes a number of cm from 0 to 100000 (digits and a decimal point, like 12.5), "
                      "not '١٠'"),
    ("--range", "100000.5", "--range takes a number of cm from 0 to 100000 (digits and a decimal point, "
                            "like 12.5), not '100000.5'"),
    ("--helpers", "²", "--helpers takes a number of models from 0 to 20 (digits), not '²'"),
    ("--helpers", "١", "--helpers takes a number of models from 0 to 20 (digits), not '١'"),
    ("--target-helpers", "9" * 40, f"--target-helpers takes a number of models from 0 to 20 (digits), not '{'9' * 40}'"),
    ("--cover", "ı", "--cover takes I, II or III, not 'ı'"),
])
def test_odds_numbers_are_plain_finite_and_bounded(cli, option, value, message):
    """``--range nan`` was a ValueError traceback; ``int('١')`` is 1 and ``'²'.isdigit()`` holds: every
    number on the command line is ASCII digits, finite and bounded, else one line naming the option."""
    code, out, err = cli("odds", "ordenskrieger:ordensklinge", "sturmtruppe", "--action", "attack",
                         f"{option}={value}", "--content", EXAMPLE)
    assert (code, out, err) == (1, "", message + "\n")


@pytest.mark.parametrize(("args", "message"), [
    (["sturmtrupe", "panzerjäger"], "unknown unit 'sturmtrupe' (did you mean 'sturmtruppe'?)"),
    (["sturmtruppe", "panzerjaeger"], "unknown unit 'panzerjaeger' (did you mean 'panzerjäger'?)"),
    (["sturmtruppe:sturmgewehrr", "panzerjäger"],
     "Sturmtruppe does not carry 'sturmgewehrr' (it carries: sturmgewehr, kampfmesser, splittergranate, "
     "waffenlos) (did you mean 'sturmgewehr'?)"),
    (["sturmtruppe:sturmgewehr", "panzerjäger", "--range", "80"],
     "80 cm is beyond the range of Sturmgewehr (25/3: at most 75 cm)"),
    (["sturmtruppe:sturmgewehr", "panzerjäger", "--action", "attack"],
     "Sturmgewehr is not a melee weapon: no Angriff with it"),
    (["sturmtruppe", "panzerjäger", "--cover", "IV"], "--cover takes I, II or III, not 'IV'"),
    (["sturmtruppe:sturmgewehr", "panzerjäger", "--indirect"], "Sturmgewehr cannot fire indirectly (no indirekt mark)"),
    (["sturmtruppe", "panzerjäger", "--crossing"], "--crossing is for Reaktionsfeuer: add --action reaction"),
    (["sturmtruppe", "panzerjäger", "--helpers", "1"],
     "--helpers and --target-helpers count in melee: add --action attack or charge"),
    (["ordenskrieger", "sturmtruppe", "--action", "attack", "--target-helpers", "-1"],
     "--helpers and --target-helpers take 0 or more models"),
])
def test_odds_errors_are_one_line(cli, args, message):
    code, out, err = cli("odds", *args, "--content", EXAMPLE)
    assert code == 1 and out == "" and err == message + "\n"


def test_without_action_a_melee_weapon_attacks():
    content = load_content(EXAMPLE)
    assert default_action("sturmtruppe:kampfmesser", content) == "attack"
    assert default_action("sturmtruppe:waffenlos", content) == "attack"
    assert default_action("sturmtruppe:sturmgewehr", content) == "normal"
    assert default_action("sturmtruppe", content) == "normal"


def test_odds_with_helpers_and_a_crossing_target(cli):
    """Multiple Gegner and Reaktionsfeuer at a target crossing the perception area (rulebook values in
    tests/rules/test_odds.py): the flags reach the odds."""
    def p_hit(*args: str) -> str:
        code, out, err = cli("odds", *args, "--json", "--content", EXAMPLE)
        assert code == 0, err
        return json.loads(out)["p_hit"]
    alone = p_hit("ordenskrieger:ordensklinge", "sturmtruppe", "--action", "attack")
    helped = p_hit("ordenskrieger:ordensklinge", "sturmtruppe", "--action", "attack", "--helpers", "1")
    resisted = p_hit("ordenskrieger:ordensklinge", "sturmtruppe", "--action", "attack", "--target-helpers", "1")
    assert Fraction(resisted) < Fraction(alone) < Fraction(helped)
    reaction = p_hit("sturmtruppe:sturmgewehr", "panzerjäger", "--action", "reaction", "--range", "20")
    crossing = p_hit("sturmtruppe:sturmgewehr", "panzerjäger", "--action", "reaction", "--range", "20", "--crossing")
    assert Fraction(reaction) - Fraction(crossing) == Fraction(1, 12)
