"""The card stage of a build: plan → faces → outputs, each output one entry of a registry.

1. plan (:mod:`cardgen.cards.planning`): one job per face (unit front, unit back, power card, and a
   group model's own card) with a cache key over everything the face shows and how it is drawn;
2. faces (:mod:`cardgen.cards.faces`): faces whose key is not in the cache are rendered, in a
   process pool when there are enough of them; every face is its own small PDF;
3. outputs (:mod:`cardgen.cards.sheets`, :mod:`cardgen.cards.png`, :mod:`cardgen.cards.printshop`,
   :mod:`cardgen.cards.press`):
   every entry of :data:`OUTPUTS` whose ``wanted`` holds for the build's options is made, in order --
   as markdown-it-py registers its rules by name.  An output whose faces and options are unchanged
   is not imposed again.

Outputs go through :class:`cardgen.build.outputs.Outputs` (all or nothing).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Callable

from cardgen.cards import imposer_code
from cardgen.cards.faces import FacePairs, FaceStore, ShopFaces, render_faces
from cardgen.cards.figures import CardFaces
from cardgen.cards.planning import (group_faces, group_sheet, model_portraits, page_settings, plan_faces,
                                    plan_model_faces, stamped_options)
from cardgen.cards.printshop import press_plan, print_shop_plan
from cardgen.cards.sheetlayout import best_sheet
from cardgen.cards.sheets import CardRun, changed_units, impose_group, impose_once, impose_sheet, write_changed
from cardgen.build.context import BuildContext, CardOptions
from cardgen.cards.titles import TITLE, even_titles, needs_evening, titled
from cardgen.geometry import FacePage, SheetOptions
from cardgen.safefs import read_file, resolve_roots


@dataclass(frozen=True)
class CardOutput:
    """One registered card output: ``name`` (for reading the registry), whether a build with these
    options makes it, and how (from the build's :class:`~cardgen.cards.sheets.CardRun`)."""

    name: str
    wanted: Callable[[CardOptions], bool]
    make: Callable[[CardRun], None]


def _figures(run: CardRun) -> None:
    """The rulebooks' card figures show these very faces (``BuildContext.faces``)."""
    run.ctx.faces = CardFaces(run.jobs, run.faces)


def _unit_cards(run: CardRun) -> None:
    """``cards.pdf``; its bytes kept when every card changed, for ``changed-cards.pdf``.  Content
    without units has no ``cards.pdf`` (as content without powers has no ``powers.pdf``): one from
    an earlier build goes when the build commits, if it is still the file cardgen wrote."""
    units = sorted(run.ctx.content.units)
    if not units:
        return
    impose_sheet(run, "cards.pdf", units, [], keep=run.changed == units)


def _power_cards(run: CardRun) -> None:
    if run.ctx.content.powers:
        impose_sheet(run, "powers.pdf", [], sorted(run.ctx.content.powers))


def _groups(run: CardRun) -> None:
    for group_id in run.groups:
        impose_group(run, group_id)


def _changed_cards(run: CardRun) -> None:
    write_changed(run.ctx, run.changed, run.jobs, run.faces, run.unit_page, run.imposed.get("cards.pdf"))


def _png(run: CardRun) -> None:
    # lazy: PIL, pypdfium2, only with --png
    from cardgen.cards.png import export_png

    if run.options.png_dpi:
        export_png(run.jobs, run.faces, run.ctx.out_dir / "png", run.options.png_dpi, run.ctx.staging(),
                   keep=lambda name: run.ctx.keep(f"png/{name}"), failed=run.ctx.misfits)


def shop_faces(run: CardRun) -> ShopFaces:
    """The deck's faces rendered with the print shop's bleed and inks (black in CMYK, ``print.css``;
    the home sheets keep theirs, so no face is shared with them), once per run: the print-shop
    files and the press sheets share them."""
    if run.shop is not None:
        return run.shop
    ctx, options = run.ctx, replace(run.options, bleed_mm=run.options.print_shop_bleed_mm)
    portraits, roots = model_portraits(ctx)
    deck = {job.owner: dict(job.start).get(TITLE, 0) for job in run.jobs if job.kind == "power"}
    jobs = [replace(titled(job, deck.get(job.owner, 0), 0) if job.kind == "power" else job,
                    owner=f"print-shop/{job.owner}")
            for job in plan_faces(ctx.content, options, ctx.tool, ctx.derived, ctx.theme, portraits, roots, press=True)]
    render_faces(ctx, jobs, keep_going=True)
    unit_page, power_page = page_settings(ctx.content, options)
    run.shop = ShopFaces(jobs, FaceStore(ctx.cache, jobs, ctx.content), unit_page, power_page, *print_shop_profile(ctx, options))
    return run.shop


def _profile_key(shop: ShopFaces) -> str | None:
    return hashlib.sha256(shop.profile).hexdigest() if shop.profile else None


def _print_shop(run: CardRun) -> None:
    """``print-shop/``: one card per page, one file per face kind."""
    # lazy: pikepdf, only with --print-shop
    from cardgen.cards.printshop import print_shop_pdf

    shop = shop_faces(run)
    for name, (of_kind, page) in print_shop_plan(shop.jobs, shop.unit_page, shop.power_page).items():
        def make(of_kind: list = of_kind, page: FacePage = page, name: str = name) -> bytes:
            return print_shop_pdf((shop.faces[job.key] for job in of_kind), page, shop.profile, shop.condition, name)
        impose_once(run.ctx, name, ([job.key for job in of_kind], repr(page), shop.condition, imposer_code(),
                                    _profile_key(shop)), make, shows=[job.key for job in of_kind])


def _press_sheets(run: CardRun) -> None:
    """``print-shop/press-SHEET-cards.pdf`` and ``-powers.pdf`` (``--sheet``): the print shop's faces n-up
    on press sheets, work and turn (:mod:`cardgen.cards.press`)."""
    # lazy: pikepdf, only with --sheet
    from cardgen.cards.press import press_pdf

    shop, sheet = shop_faces(run), run.options.sheet
    assert sheet is not None
    for name, (keys, page) in press_plan(shop.jobs, shop.unit_page, shop.power_page, sheet).items():
        def make(keys: list = keys, page: FacePage = page, name: str = name) -> bytes:
            return press_pdf(FacePairs(shop.faces, keys), page, sheet, shop.profile, shop.condition, name)
        impose_once(run.ctx, name, (keys, repr(page), sheet, shop.condition, imposer_code(), _profile_key(shop)),
                    make, shows=[key for pair in keys for key in pair if key])


def print_shop_profile(ctx: BuildContext, options: CardOptions) -> tuple[bytes | None, str | None]:
    """The output intent's ICC profile and condition: ``--icc FILE`` (a file inside the project,
    checked like every file cardgen reads), else None: the shipped FOGRA39 profile."""
    if options.icc is None:
        return None, None
    return read_file(options.icc, resolve_roots([ctx.project.root])), options.icc.stem


def _one_group(options: CardOptions) -> bool:
    return bool(options.group)


def _every_group(options: CardOptions) -> bool:
    return not options.group


OUTPUTS: list[CardOutput] = [
    CardOutput("figures", lambda options: True, _figures),
    CardOutput("cards.pdf", _every_group, _unit_cards),
    CardOutput("powers.pdf", _every_group, _power_cards),
    CardOutput("groups", lambda options: True, _groups),
    CardOutput("changed-cards.pdf", _every_group, _changed_cards),
    CardOutput("png", lambda options: bool(options.png_dpi), _png),
    CardOutput("print-shop", lambda options: options.print_shop and not options.group, _print_shop),
    CardOutput("press sheets", lambda options: options.print_shop and bool(options.sheet) and not options.group,
               _press_sheets),
]
"""Every card output a build may make, in the order they are made (``cardgen cards --group ID``
makes one group's sheet: ``groups`` then holds just that group)."""


def build_all_cards(ctx: BuildContext) -> None:
    """Render and impose every card output of ``ctx.content`` into ``ctx.out_dir`` (staged in ``ctx.outputs``)."""
    run = card_run(ctx)
    for output in OUTPUTS:
        if output.wanted(run.options):
            output.make(run)


def card_run(ctx: BuildContext) -> CardRun:
    """Plan every face of the build and render those not in the cache."""
    content, options = ctx.content, stamped_options(ctx)
    portraits, roots = model_portraits(ctx)
    only = None
    if options.group:                     # one group's sheet: only the faces it shows are planned
        owners, powers = group_faces(content, options.group)
        only = {*owners, *powers}
    jobs = plan_faces(content, options, ctx.tool, ctx.derived, ctx.theme, portraits, roots, only)
    groups = [options.group] if options.group else sorted(content.groups)
    model_jobs = plan_model_faces(content, options, ctx.tool, ctx.derived, groups, ctx.theme, portraits, roots)
    faces = render_faces(ctx, jobs + model_jobs, keep_going=True)
    unit_page, power_page = page_settings(content, options)
    run = CardRun(ctx, options, jobs, model_jobs, faces, unit_page, power_page, groups)
    even_power_titles(run)
    if not options.group:
        run.changed = changed_units(ctx, jobs)
    return run


def even_power_titles(run: CardRun) -> None:
    """Every power card's title in its sheet's size (:mod:`cardgen.cards.titles`): on the pages of
    ``powers.pdf`` (the deck, whose faces replace the cards' own in ``run.jobs``) and on each group
    sheet's own pages (``run.titles``).  Nothing to do where all titles fit at one step."""
    if not needs_evening(run.faces, run.jobs):
        return
    ctx, options = run.ctx, run.options
    sheet = best_sheet(run.power_page, SheetOptions(crop_marks=options.crop_marks, paper=options.paper),
                       ctx.cache.folder("sheets"))
    listings = {"powers.pdf": sorted(job.owner for job in run.jobs if job.kind == "power")}
    listings.update((group_sheet(options, group), group_faces(ctx.content, group)[1]) for group in run.groups)
    run.titles = even_titles(ctx, run.faces, run.jobs, listings, sheet.per_page)
    deck = run.titles["powers.pdf"]
    run.jobs = [deck.get(job.owner, job) if job.kind == "power" else job for job in run.jobs]
