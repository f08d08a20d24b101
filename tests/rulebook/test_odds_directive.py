"""``{{ odds: ATTACKER[:WEAPON] vs TARGET … }}`` (cardgen.rulebook.odds_table): the caption and table of a
worked example from the content, its warnings with their line, the kinds it reads."""

from __future__ import annotations

import re

import pytest

from cardgen.rulebook.directive import kinds_read
from cardgen.rulebook.fromcontent import DirectiveError
from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.odds_table import OPTIONS, situation
from cardgen.stages import load_content
from conftest import EXAMPLE


@pytest.fixture(scope="module")
def content():
    return load_content(EXAMPLE)


def test_odds_directive_prints_caption_and_table(content):
    env: dict = {"content": content}
    html = make_markdown().render("# T\n\n{{ odds: sturmtruppe:sturmgewehr vs panzerjäger range=30 }}\n", env)
    assert env.get("warnings", []) == []
    assert "<em>Sturmtruppe mit Sturmgewehr gegen Panzerjäger, 30 cm, Normaler Schuss (3 AP)</em>" in html
    for label in ("Treffer", "nur Schock", "TP-Verlust", "erwarteter TP-Verlust", "pro AP"):
        assert f">{label}</th>" in html
    assert ">33,3 %</td>" in html and ">0,18</td>" in html and ">0,06</td>" in html


def test_odds_directive_prints_the_glossary_s_words_of_the_content_s_language(content):
    from dataclasses import replace

    from cardgen.content.words import Words

    english = replace(content, words=Words((("mit", "with"), ("gegen", "against"), ("Treffer", "Hit"),
                                            ("Normaler Schuss", "Normal Shot"))))
    html = make_markdown().render("# T\n\n{{ odds: sturmtruppe:sturmgewehr vs panzerjäger range=30 }}\n",
                                  {"content": english})
    assert "<em>Sturmtruppe with Sturmgewehr against Panzerjäger, 30 cm, Normal Shot (3 AP)</em>" in html
    assert ">Hit</th>" in html and ">nur Schock</th>" in html and ">Treffer</th>" not in html   # untranslated: German


def test_odds_directive_tokens_map_to_its_line(content):
    tokens = make_markdown().parse("# T\n\n{{ odds: sturmtruppe vs panzerjäger }}\n", {"content": content})
    made = [t for t in tokens if t.map and t.type.startswith(("t", "paragraph"))]
    assert made and all(t.map == [2, 3] for t in made)


def test_a_bad_odds_directive_is_a_warning_with_its_line(content):
    text = ("# T\n\n{{ odds: sturmtruppe:sturmgewehr vs panzerjäger range=90 }}\n\n"
            "{{ odds: sturmtruppe vs panzerjaeger }}\n\n{{ odds: sturmtruppe vs panzerjäger rang=3 }}\n\n"
            "{{ odds: sturmtruppe:pistole vs panzerjäger }}\n")
    env: dict = {"content": content}
    html = make_markdown().render(text, env)
    assert env["warnings"] == [
        (3, "odds directive: 90 cm is beyond the range of Sturmgewehr (25/3: at most 75 cm)"),
        (5, "odds directive: unknown unit 'panzerjaeger' (did you mean 'panzerjäger'?)"),
        (7, f"odds directive: unknown option 'rang' (known: {', '.join(OPTIONS)}) (did you mean 'range'?)"),
        (9, "odds directive: Sturmtruppe does not carry 'pistole' (it carries: sturmgewehr, kampfmesser, "
            "splittergranate, waffenlos)"),
    ]
    assert html.count('class="missing-table"') == 4


def test_odds_directive_options():
    assert situation(" range=12 action=aimed cover=II").cover == 2
    with pytest.raises(DirectiveError, match="unknown action 'zielen'"):
        situation(" action=zielen")
    with pytest.raises(DirectiveError, match="cover=IV is no cover I, II or III"):
        situation(" cover=IV")



def test_odds_directive_takes_every_flag_of_cardgen_odds():
    """The directive's yes/no options and counts are ``cardgen odds``'s flags, each reaching the situation."""
    import argparse

    from cardgen.commands.odds import add_parser
    commands = argparse.ArgumentParser().add_subparsers()
    add_parser(commands)
    flags = set(re.findall(r"--([\w-]+)", commands.choices["odds"].format_help())) - {"help", "content", "json"}
    assert flags == set(OPTIONS)
    told = situation(" action=charge prone=ja moving=yes prone-target=ja from-behind=ja defending=nein "
                     "crossing=nein helpers=2 target-helpers=1 touching-cover=ja spotted=ja")
    assert (told.prone, told.moving, told.target_prone, told.from_front, told.defending, told.crossing,
            told.helpers, told.target_helpers, told.touches_cover, told.indirect, told.spotted) == (
        True, True, True, False, False, False, 2, 1, True, True, True)
    assert situation("").from_front and not situation(" from-behind=nein").prone
    with pytest.raises(DirectiveError, match="prone=vielleicht is neither ja nor nein"):
        situation(" prone=vielleicht")
    with pytest.raises(DirectiveError, match="helpers=-1 is no number of models"):
        situation(" helpers=-1")


def test_odds_directive_reads_what_a_derived_unit_depends_on():
    assert kinds_read("{{ odds: a:b vs c range=3 }}\n") == [
        "armor", "damage_effects", "equipment", "ruleset", "traits", "units", "weapons"]


@pytest.mark.parametrize(("options", "message"), [
    (" range=nan", "range=nan is no number of cm from 0 to 100000"),
    (" range=inf", "range=inf is no number of cm from 0 to 100000"),
    (" range=1e999", "range=1e999 is no number of cm from 0 to 100000"),
    (" range=100001", "range=100001 is no number of cm from 0 to 100000"),
    (" range=²", "range=² is no number of cm"),
    (" range=١٢", "range=١٢ is no number of cm"),           # Arabic-Indic digits: float() takes them
    (" range=-3", "range=-3 is below 0 cm"),
    (" helpers=²", "helpers=² is no number of models from 0 to 20"),     # '²'.isdigit(), int('²') fails
    (" helpers=١", "helpers=١ is no number of models from 0 to 20"),     # int('١') == 1
    (" target-helpers=" + "9" * 5000, "target-helpers=9999.* is no number of models"),
    (" cover=ı", "cover=ı is no cover I, II or III"),       # a dotless i: 'ı'.upper() == 'I'
])
def test_odds_directive_numbers_are_plain_finite_and_bounded(options, message):
    with pytest.raises(DirectiveError, match=message):
        situation(options)


def test_odds_directive_with_nan_is_a_warning_at_its_line(content):
    """``range=nan`` was a ValueError traceback out of the rulebook build (``build --strict`` wrote nothing)."""
    env: dict = {"content": content}
    make_markdown().render("# T\n\n{{ odds: sturmtruppe:sturmgewehr vs panzerjäger range=nan helpers=² }}\n", env)
    assert [(line, message.split(" is ")[0]) for line, message in env["warnings"]] == [
        (3, "odds directive: range=nan")]


def test_odds_directive_takes_plain_decimals():
    assert situation(" range=12.5 helpers=0 target-helpers=20").range_cm == 12.5
