"""``cardgen balance``: the balance report ``OUT/balance.pdf`` -- a heatmap of expected TP lost per AP per
faction pair and points against effectiveness with a fitted line and its outliers named
(:mod:`cardgen.rules.balance`, :mod:`cardgen.rules.balance_fit`, :mod:`cardgen.balance.view`,
:mod:`cardgen.balance.report`).  Written whole or not at all (:func:`cardgen.atomic.write_atomic`)."""

from __future__ import annotations

import argparse
import sys

from cardgen.atomic import write_atomic
from cardgen.commands.options import add_project_options, settings_of
from cardgen.errors import UsageError, display_path

PDF_NAME = "balance.pdf"


def cmd_balance(args: argparse.Namespace) -> int:
    """Write OUT/balance.pdf."""
    # lazy: the content stages, matplotlib and WeasyPrint; cli imports this module for every subcommand
    from cardgen.balance.view import balance_of
    from cardgen.balance.report import render_report
    from cardgen.balance.plotworker import draw_plots
    from cardgen.stages import load_and_derive

    settings = settings_of(args)
    content, derived = load_and_derive(settings.content)
    if not derived.units:
        raise UsageError(f"{display_path(settings.content)}: no units, nothing to compare")
    view = balance_of(content, derived.units)
    result, pages = render_report(view, draw_plots(view))
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for note in result.notes:
        print(note, file=sys.stderr)
    out = settings.out / PDF_NAME
    write_atomic(out, result.pdf)
    for note in view.notes:
        print(note, file=sys.stderr)
    print(f"wrote {display_path(out)} ({pages} pages; {view.beyond} beyond "
          f"±15 % of the line)", file=sys.stderr)
    return 0


def add_parser(sub) -> None:
    """Register ``balance``."""
    p = sub.add_parser("balance", help="balance report: TP lost per AP per faction pair, points against effectiveness",
                       description="Write OUT/balance.pdf: per faction pair a heatmap of the expected TP lost per AP "
                                   "(each attacker's best weapon), and the units' points against their "
                                   "effectiveness with a fitted line, the outliers named.")
    add_project_options(p)
    p.set_defaults(func=cmd_balance)
