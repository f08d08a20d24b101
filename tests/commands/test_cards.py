"""cardgen.commands.cards: ``cardgen cards``'s arguments, its refusals and what it answers for."""

from __future__ import annotations

import argparse

import pytest

from cardgen.commands import cards
from cardgen.build.context import CardOptions
from conftest import one_unit_content


@pytest.fixture
def project(tmp_path):
    content = one_unit_content(tmp_path / "content")
    (content / "groups").mkdir()
    (content / "groups" / "trupp.yaml").write_text(
        "id: trupp\nname: Trupp\nfaction: test\nmodels:\n- {unit: probe, leader: true}\n- {unit: probe, label: b}\n",
        encoding="utf-8")
    return content, tmp_path / "out"


@pytest.mark.parametrize("args, message", [
    (("--bleed", "11"), "--bleed must be between 0 and 10 mm"),
    (("--bleed", "-0.5"), "--bleed must be between 0 and 10 mm"),
    (("--png", "29"), "--png DPI must be between 30 and 1200"),
    (("--png", "1201"), "--png DPI must be between 30 and 1200"),
    (("--print-shop", "--group", "trupp"), "--print-shop writes the whole deck's print-shop files: leave out --group"),
    (("--group", "trup"), "unknown group 'trup' (did you mean 'trupp'?)"),
    (("--group", "nope"), "unknown group 'nope'"),
    (("--sheet", "SRA3"), "--sheet SRA3 imposes the print-shop files on press sheets: add --print-shop "
                          "(cardgen cards --print-shop --sheet SRA3)"),
    (("--sheet", "a3"), "--sheet a3 imposes the print-shop files on press sheets: add --print-shop "
                        "(cardgen cards --print-shop --sheet A3)"),
    (("--print-shop", "--sheet", "SRA4"), "unknown press sheet 'SRA4' (did you mean 'SRA3'?); known: A4, A3, SRA3"),
    (("--print-shop", "--sheet", "B2"), "unknown press sheet 'B2'; known: A4, A3, SRA3"),
])
def test_a_refused_command_line_says_why_and_writes_nothing(cli, project, args, message):
    content, out = project
    assert cli("cards", "--content", content, "--out", out, *args) == (1, "", message + "\n")
    assert not out.exists()


def test_the_parser_and_its_defaults():
    parser = argparse.ArgumentParser()
    cards.add_parser(parser.add_subparsers())
    args = parser.parse_args(["cards"])
    assert (args.func, args.layout, args.bleed, args.png, args.group, args.crop_marks, args.print_shop, args.css) == (
        cards.run_cards, "fold", None, None, None, False, False, [])
    assert args.project_options == ("content", "out")


def test_the_layout_is_fold_or_duplex(cli, capsys):
    with pytest.raises(SystemExit):
        cli("cards", "--layout", "zickzack")
    assert "cardgen cards: error: argument --layout: invalid choice: 'zickzack'" in capsys.readouterr().err


@pytest.mark.parametrize("entry, options, owned", [
    ("output:cards.pdf", CardOptions(), True),
    ("output:powers.pdf", CardOptions(), True),
    ("output:changed-cards.pdf", CardOptions(), True),
    ("output:groups/trupp.pdf", CardOptions(), True),
    ("output:cards.pdf", CardOptions(group="trupp"), False),        # --group makes one sheet, touches nothing else
    ("output:png/probe-front.png", CardOptions(), False),
    ("output:png/probe-front.png", CardOptions(png_dpi=150), True),
    ("output:print-shop/fronts.pdf", CardOptions(), False),
    ("output:print-shop/fronts.pdf", CardOptions(print_shop=True), True),
    ("output:print-shop/press-SRA3-cards.pdf", CardOptions(print_shop=True), False),   # only --sheet owns them
    ("output:print-shop/press-SRA3-cards.pdf", CardOptions(print_shop=True, sheet="A4"), True),
    ("output:rulebooks/Regeln.pdf", CardOptions(), False),
    ("face:probe(front)", CardOptions(), False),
])
def test_owned_by_cards(entry, options, owned):
    assert cards.owned_by_cards(entry, options) is owned
