"""The ``cardgen`` command line: every command of :data:`COMMANDS` registers its subcommand.

Every subcommand is a small function taking parsed arguments and returning an exit code.  The
project file (:mod:`cardgen.project.file`) is found once, before a command runs: it gives the defaults of
``--content``, ``--out`` and ``--strict`` (an option given on the command line wins; a broken
``cardgen.toml`` is reported like a content error, exit 1).  A :class:`~cardgen.errors.CardgenError`
is printed without a traceback (one problem per line on stderr) and gives exit 1; so is, as a last
safety net, an I/O error (``cardgen: FILE: reason``); any other exception is a bug and shows its
traceback.  Commands sit on top: they import the layers below, and nothing below imports a command
(``tests/architecture/test_stages.py``).
"""

from __future__ import annotations

import argparse
import sys

from cardgen import __version__
from cardgen.commands import balance, build, cards, diff, export, init, odds, rulebook, serve, show, site, translate
from cardgen.commands.options import settings_of
from cardgen.errors import CardgenError, escape_lines
from cardgen.safefs import os_error_line

COMMANDS = (show, odds, balance, cards, rulebook, build, site, translate, export, init, diff, serve)
"""The command modules, each with ``add_parser(subparsers)``, in the order ``cardgen --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardgen", description="Universalis publishing pipeline: "
                                     "validate content, print unit cards, power cards and the rulebook.")
    parser.add_argument("--version", action="version", version=f"cardgen {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None, journal: bool = False) -> int:
    """Run one command; ``journal``: the ``cardgen`` command itself (:mod:`cardgen.entry`), whose
    no-change builds and rulebooks are recorded for replay (:mod:`cardgen.speed.journal`,
    :mod:`cardgen.speed.bookjournal`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if journal and args.command in ("build", "rulebook"):
        args.command_line = list(sys.argv[1:] if argv is None else argv)
    try:
        if hasattr(args, "project_options"):
            settings_of(args)
        return args.func(args)
    except CardgenError as exc:
        for line in exc.lines():
            print(escape_lines(line), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except OSError as exc:                   # a last safety net: one line, never a traceback
        print(f"cardgen: {os_error_line(exc)}", file=sys.stderr)
        return 1
