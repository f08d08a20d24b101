"""``cardgen balance``: the balance report ``OUT/balance.pdf`` (and ``OUT/<lang>/balance.pdf`` per translation) -- a heatmap of expected TP lost per AP per
faction pair and points against effectiveness with a fitted line and its outliers named
(:mod:`cardgen.rules.balance`, :mod:`cardgen.rules.balance_fit`, :mod:`cardgen.balance.view`,
:mod:`cardgen.balance.report`).  Written whole or not at all (:func:`cardgen.atomic.write_atomic`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.atomic import write_atomic
from cardgen.commands.options import add_project_options, settings_of
from cardgen.errors import UsageError, display_path
from cardgen.project.settings import Settings

if TYPE_CHECKING:
    from cardgen.balance.view import BalanceView
    from cardgen.content.model import Content
    from cardgen.rules.derived import Derived

PDF_NAME = "balance.pdf"


def cmd_balance(args: argparse.Namespace) -> int:
    """Write OUT/balance.pdf, and each translation's OUT/<lang>/balance.pdf (:func:`language_views`)."""
    # lazy: the content stages, matplotlib and WeasyPrint; cli imports this module for every subcommand
    from cardgen.balance.report import render_report
    from cardgen.balance.plotworker import draw_plots
    from cardgen.stages import load_and_derive

    settings = settings_of(args)
    content, derived = load_and_derive(settings.content)
    if not derived.units:
        raise UsageError(f"{display_path(settings.content)}: no units, nothing to compare")
    for out, view, said in language_views(settings, content, derived):
        result, pages = render_report(view, draw_plots(view))
        for warning in result.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        for note in result.notes:
            print(note, file=sys.stderr)
        write_atomic(out / PDF_NAME, result.pdf)
        for note in [*view.notes, *said]:
            print(note, file=sys.stderr)
        print(f"wrote {display_path(out / PDF_NAME)} ({pages} pages; {view.beyond} beyond "
              f"±15 % of the line)", file=sys.stderr)
    return 0


def language_views(settings: Settings, content: Content, derived: Derived) -> list[tuple[Path, BalanceView, list[str]]]:
    """(folder, the report's view, warnings) of the source (``OUT``) and then of each language the project
    translates into (``OUT/<lang>/``): the same report of the content with the language's translations
    laid over it (:func:`cardgen.build.languages.checked_translation`) -- its names and the glossary's words, the
    same numbers.  ``cardgen build`` does not write the report; this command writes it in every language.
    A PO entry that does not match its source stops everything before a report is drawn; a fuzzy or missing
    one prints in the source's words, one warning per PO file."""
    # lazy: the report's view and the translations
    from cardgen.balance.view import balance_of
    from cardgen.build.languages import checked_translation

    views: list[tuple[Path, BalanceView, list[str]]] = [(settings.out, balance_of(content, derived.units), [])]
    for code in settings.project.translations:
        language, content_of, derived_of = checked_translation(content, derived, code, settings.project)
        views.append((settings.out / code, balance_of(content_of, derived_of.units), language.untranslated()))
    return views


def add_parser(sub) -> None:
    """Register ``balance``."""
    p = sub.add_parser("balance", help="balance report: TP lost per AP per faction pair, points against effectiveness",
                       description="Write OUT/balance.pdf (and OUT/<lang>/balance.pdf for each translation): per faction pair a heatmap of the expected TP lost per AP "
                                   "(each attacker's best weapon), and the units' points against their "
                                   "effectiveness with a fitted line, the outliers named.")
    add_project_options(p)
    p.set_defaults(func=cmd_balance)
