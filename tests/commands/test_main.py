"""The command line (cardgen.commands.main): the parser's options."""

from __future__ import annotations


def test_the_command_line_takes_allow_host_repeated():
    from cardgen.commands.main import build_parser

    args = build_parser().parse_args(["serve", "--allow-host", "a.lan", "--allow-host", "b.lan"])
    assert args.allow_host == ["a.lan", "b.lan"]
