"""``cardgen cards``: print unit cards and power cards (or one group's or one roster's sheet)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.cards.printshop import PRINT_SHOP_BLEED_MM, bleed_warning, press_sheet, print_shop_bleed
from cardgen.commands.options import add_css_option, add_print_shop_option, add_project_options, settings_of
from cardgen.errors import UsageError, did_you_mean, display_path
from cardgen.geometry import PRESS_SHEETS_MM

if TYPE_CHECKING:           # the card stage and the roster reader: imported by the functions that run them
    from cardgen.build.context import BuildContext
    from cardgen.roster.rosxml import Roster


def run_cards(args: argparse.Namespace) -> int:
    # lazy: the card stage (content, WeasyPrint); every command builds this module's parser
    from cardgen.cards.pipeline import build_all_cards
    from cardgen.cards.planning import planned_outputs
    from cardgen.build.context import CardOptions, open_run
    from cardgen.build.outputs import check_collisions

    settings = settings_of(args)
    out = settings.out
    if args.print_shop and (args.group or args.roster):
        raise UsageError(f"--print-shop writes the whole deck's print-shop files: leave out "
                         f"{'--group' if args.group else '--roster'}")
    if args.group and args.roster:
        raise UsageError("--roster prints the roster's own sheet: leave out --group")
    roster = read_roster(args.roster) if args.roster else None     # a bad file: one line, nothing loaded
    bleed = print_shop_bleed(args.bleed)               # the print-shop files'; the home sheets' is --bleed or 0
    if not 0 <= bleed <= 10:
        raise UsageError("--bleed must be between 0 and 10 mm")
    if args.png is not None and not 30 <= args.png <= 1200:
        raise UsageError("--png DPI must be between 30 and 1200")
    options = CardOptions(layout=args.layout, bleed_mm=args.bleed or 0.0, crop_marks=args.crop_marks,
                          group=args.group, png_dpi=args.png, print_shop=args.print_shop, print_shop_bleed_mm=bleed,
                          icc=args.icc, sheet=None if args.sheet is None else press_sheet(args.sheet))
    if args.icc is not None and not args.print_shop:
        raise UsageError("--icc is the print-shop files' output profile: add --print-shop")
    if args.sheet is not None and not args.print_shop:
        raise UsageError(f"--sheet {args.sheet} imposes the print-shop files on press sheets: add --print-shop "
                         f"(cardgen cards --print-shop --sheet {options.sheet})")
    settings = replace(settings, strict=False)                   # the project's strict is build's and rulebook's
    ctx = open_run(settings, options)
    if roster is not None:
        use_roster(ctx, roster, args.roster)
    content, options = ctx.content, ctx.options
    if args.group and args.group not in content.groups:
        raise UsageError(f"unknown group '{args.group}'{did_you_mean(args.group, content.groups)}")
    check_collisions(planned_outputs(content, options))
    if args.print_shop and (warning := bleed_warning(bleed)):
        ctx.warn(warning)
    owns = partial(owned_by_cards, options=options)
    with ctx.staged(owns=owns):
        build_all_cards(ctx)
    if options.png_dpi and not (args.group or roster):      # the PNGs of every language (build makes no PNGs)
        # lazy: the translations, only for a project with languages
        from cardgen.build.languages import build_languages

        build_languages(settings, ctx, [], lambda *_: None, owns, lambda _: None)
    summary = ctx.summary
    for name in summary.removed:
        print(f"removed {display_path(out / name)}")
    for warning in [*summary.warnings, *summary.notes]:
        print(warning, file=sys.stderr)
    written = ", ".join(display_path(out / name) for name in summary.built
                        if name.endswith(".pdf")) or "nothing new"
    print(f"cards: {len([n for n in summary.built if '(' in n])} face(s) rendered, "
          f"{len([n for n in summary.reused if '(' in n])} reused; wrote {written}")
    return 0


def read_roster(path: Path) -> Roster:
    """The roster a player saved (``.ros``/``.rosz``), read and parsed (:mod:`cardgen.roster`)."""
    # lazy: the roster reader (defusedxml), only for --roster
    from cardgen.roster.rosfile import read_roster_bytes
    from cardgen.roster.rosxml import parse_roster

    return parse_roster(path, read_roster_bytes(path))


def use_roster(ctx: BuildContext, roster: Roster, path: Path) -> None:
    """Make the run print ``roster``: its group the only one (``OUT/rosters/<id>.pdf``), its points on
    the cover, a warning per selection today's content does not match."""
    # lazy: the roster's mapping onto the content, only for --roster
    from cardgen.roster.rosgroup import roster_group, roster_id

    sheet = roster_group(roster, ctx.content, ctx.derived, roster_id(path))
    ctx.content = replace(ctx.content, groups={sheet.group.id: sheet.group})
    ctx.options = replace(ctx.options, group=sheet.group.id, roster_points=sheet.points)
    for warning in sheet.warnings:
        ctx.warn(warning)


def owned_by_cards(entry: str, options) -> bool:
    """Manifest entries ``cardgen cards`` answers for: with ``--group`` none (it makes one sheet and
    must not touch the rest), else the card outputs -- and the PNGs, the print-shop files and the
    press sheets when it makes them."""
    if options.group or not entry.startswith("output:"):
        return False
    name = entry[len("output:"):]
    return (name in ("cards.pdf", "powers.pdf", "changed-cards.pdf") or name.startswith("groups/")
            or (options.png_dpi is not None and name.startswith("png/"))
            or (options.print_shop and name.startswith("print-shop/")
                and (options.sheet is not None or not name.startswith("print-shop/press-"))))


def add_parser(sub) -> None:
    p = sub.add_parser("cards", help="print unit cards (cards.pdf) and power cards (powers.pdf)")
    add_project_options(p)
    add_css_option(p, "for unit cards, power cards and group sheets")
    p.add_argument("--group", metavar="ID", help="only this group: OUT/groups/ID.pdf with a cover page")
    p.add_argument("--roster", type=Path, metavar="FILE",
                   help="only this roster, saved by BattleScribe or New Recruit (.ros or .rosz): "
                        "OUT/rosters/NAME.pdf, as a group's sheet")
    p.add_argument("--layout", choices=("fold", "duplex"), default="fold",
                   help="fold: back below its front, turned 180°; duplex: backs on the next page, mirrored")
    p.add_argument("--crop-marks", action="store_true", help="print crop marks around every card")
    p.add_argument("--bleed", type=float, default=None, metavar="MM",
                   help=f"bleed around every card in mm (default 0; the print-shop files' "
                        f"{PRINT_SHOP_BLEED_MM:g})")
    add_print_shop_option(p)
    p.add_argument("--icc", type=Path, default=None, metavar="FILE",
                   help="the print shop's ICC output profile (a CMYK .icc file inside the project) for the "
                        "print-shop files' PDF/X-4 output intent (default: FOGRA39, shipped with cardgen)")
    p.add_argument("--sheet", metavar="NAME", default=None,
                   help=f"with --print-shop: also the cards n-up on press sheets ({', '.join(PRESS_SHEETS_MM)}), "
                        "fronts and backs work and turn, crop marks at every cut: "
                        "OUT/print-shop/press-NAME-cards.pdf and press-NAME-powers.pdf")
    p.add_argument("--png", type=int, metavar="DPI", help="also write OUT/png/: one PNG per face and deck sheets")
    p.set_defaults(func=run_cards)
