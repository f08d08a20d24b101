"""The command-line options several commands share, and the project file's defaults for them."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardgen.project.settings import Settings, load_settings


def add_content_option(p: argparse.ArgumentParser) -> None:
    """``--content DIR``, its default from the project file; the command takes it from there."""
    p.add_argument("--content", type=Path, default=None, metavar="DIR",
                   help="content folder (default: the project file's, else ./content)")
    p.set_defaults(project_options=("content",))


def add_project_options(p: argparse.ArgumentParser, strict_help: str | None = None) -> None:
    """``--content DIR``, ``--out DIR`` (and ``--strict``/``--no-strict``), defaults from the project file."""
    add_content_option(p)
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="output folder (default: the project file's, else ./build)")
    names: tuple[str, ...] = ("content", "out")
    if strict_help:
        p.add_argument("--strict", action=argparse.BooleanOptionalAction, default=None,
                       help=f"{strict_help} (default: the project file's strict, else off)")
        names += ("strict",)
    p.set_defaults(project_options=names)


def add_print_shop_option(p: argparse.ArgumentParser) -> None:
    """``--print-shop``: also OUT/print-shop/, one PDF per face kind (:mod:`cardgen.cards.printshop`)."""
    p.add_argument("--print-shop", action="store_true",
                   help="also write OUT/print-shop/: unit fronts, unit backs and powers, one card per page "
                        "with TrimBox and BleedBox, 3 mm bleed (cardgen cards: unless --bleed says otherwise); "
                        "the home sheets stay as they are")


def add_css_option(p: argparse.ArgumentParser, which: str) -> None:
    """``--css FILE`` (repeatable): more stylesheets after cardgen's and the theme's."""
    p.add_argument("--css", type=Path, action="append", default=[], metavar="FILE",
                   help=f"one more stylesheet after the theme's, {which} (repeatable)")


def add_chapters_option(p: argparse.ArgumentParser) -> None:
    """``--chapters``/``--no-chapters``: rulebooks laid out chapter by chapter (the default) or whole."""
    p.add_argument("--chapters", action=argparse.BooleanOptionalAction, default=None,
                   help="lay rulebooks out chapter by chapter, in parallel, each chapter cached in the output "
                        "folder's .cache: an edit re-lays its chapter (default); --no-chapters lays each book "
                        "out whole, the reference")


def add_verbose_option(p: argparse.ArgumentParser) -> None:
    """``--verbose``: list in full what a run otherwise only counts (the pictures from cardgen's icon set;
    ``cardgen build``: the chapters each rulebook laid out)."""
    p.add_argument("--verbose", "-v", action="store_true", default=None,
                   help="list in full what the run otherwise only counts (the pictures taken from "
                        "cardgen's icon set; in a build, the chapters each rulebook laid out)")


def settings_of(args: argparse.Namespace) -> Settings:
    """The run's settings: the project file with what this command line gave laid over it (each option
    the command names in ``project_options``, and ``--css`` and ``--print-shop`` where it has them);
    made once per command line (:func:`cardgen.commands.main.main` makes it before the command runs)."""
    settings = getattr(args, "settings", None)
    if settings is None:
        names = (*getattr(args, "project_options", ()), "css", "print_shop", "chapters", "verbose", "draft")
        settings = load_settings(**{name: getattr(args, name) for name in names if hasattr(args, name)})
        args.settings = settings
    return settings
