"""The card stage, step 3: faces on paper.

A :class:`CardRun` holds what one build's card outputs are made from (its planned and rendered faces,
pages and options); :func:`impose_once` imposes one output unless it exists with the same key as last
time; :func:`impose_sheet` makes unit and power cards, a group's cover and reference pages into one
PDF; :func:`write_changed` writes ``changed-cards.pdf``.  Which outputs a build makes is the registry
of :mod:`cardgen.cards.pipeline`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from cardgen.build.cache import digest
from cardgen.cards import imposer_code
from cardgen.cards.faces import FaceStore, ShopFaces, power_pairs, render_faces, unit_pairs
from cardgen.cards.group_view import group_cover, group_reference
from cardgen.cards.planning import (FaceJob, group_faces, group_sheet, model_portraits, page_settings,
                                    plan_faces, stamped_options)
from cardgen.build.context import BuildContext, CardOptions
from cardgen.geometry import DEFAULT_PAPER, FacePage, cover_page
from cardgen.look.theme import Theme

if TYPE_CHECKING:           # the PDF layer imports WeasyPrint: only when a group sheet is imposed
    from cardgen.pdf.wrapper import LaidOut


@dataclass
class CardRun:
    """One build's card outputs' inputs: ``jobs`` (units and powers) and ``model_jobs`` (group models
    with a card of their own) with their rendered ``faces``; ``changed`` the unit cards whose faces
    changed since the last build; ``imposed`` the bytes of sheets kept for a later output; ``shop`` the
    print shop's faces, once rendered (:func:`cardgen.cards.pipeline.shop_faces`); ``titles`` the power
    faces an output shows instead of the deck's (``jobs``), by output and power: their titles evened
    out with their own pages' (:mod:`cardgen.cards.titles`)."""

    ctx: BuildContext
    options: CardOptions
    jobs: list[FaceJob]
    model_jobs: list[FaceJob]
    faces: FaceStore
    unit_page: FacePage
    power_page: FacePage
    groups: list[str]
    changed: list[str] = field(default_factory=list)
    imposed: dict[str, bytes] = field(default_factory=dict)
    shop: ShopFaces | None = None
    titles: dict[str, dict[str, FaceJob]] = field(default_factory=dict)

    def power_jobs(self, output: str, powers: list[str]) -> list[FaceJob]:
        """The faces of ``powers`` as ``output`` shows them: its own evened-out titles, else the deck's."""
        deck = {job.owner: job for job in self.jobs if job.kind == "power"}
        own = self.titles.get(output, {})
        return [own.get(power, deck[power]) for power in powers]

    def key(self, owner: str, kind: str) -> str:
        """The face key of ``owner``'s ``kind`` face."""
        return self.keys[(owner, kind)]

    @property
    def keys(self) -> dict[tuple[str, str], str]:
        return {(j.owner, j.kind): j.key for j in self.jobs + self.model_jobs}

    @property
    def sheet_options(self) -> tuple:
        """What every sheet's key includes besides its faces (the theme styles the covers)."""
        options = self.options
        return (options.layout, options.crop_marks, options.paper, self.ctx.theme.digest(), imposer_code(),
                self.ctx.content.words["falten"])


def impose_once(ctx: BuildContext, name: str, key_parts: object, make: Callable[[], bytes],
                shows: Iterable[str] = ()) -> None:
    """Impose one output (``make()``) unless it exists with the same key as last time; one that
    ``shows`` a face that does not fit is kept as it was (:meth:`~cardgen.build.context.BuildContext.keep`)."""
    if ctx.showing_misfits(shows):
        ctx.keep(name)
        return
    key = digest(name, key_parts)
    ctx.cache.record(f"sheet:{name}", key)
    built = not ctx.cache.unchanged(f"sheet:{name}", key, ctx.out_dir / name)
    if built:
        ctx.staging().stage(ctx.out_dir / name, make())
    else:
        ctx.cache.carry(f"chunk:{name}:")          # its recorded chunks stay for the next edit
    ctx.summary.add(name, built=built)
    ctx.step(name, "built" if built else "reused")


def impose_sheet(run: CardRun, name: str, units: list[str], powers: list[str], cover: object = None,
                 reference: object = None, keep: bool = False) -> None:
    """The output ``name``: the cards of ``units`` (after ``cover``), then of ``powers``, then the
    ``reference`` pages; its bytes kept in ``run.imposed`` with ``keep``.  In the duplex layout every
    part has an even number of pages (:func:`~cardgen.cards.impose.impose`), so the reference pages
    start a sheet of their own.  A group sheet (``cover`` or ``reference``) has every page portrait:
    its landscape card sheets are drawn turned (:class:`~cardgen.cards.impose.Imposer`)."""
    options, cache, theme = run.options, run.ctx.cache, run.ctx.theme
    keys = run.keys
    power_jobs = run.power_jobs(name, powers)
    portrait = bool(cover or reference)     # a group sheet: its own pages are portrait, so are its sheets
    faces = [keys[(u, k)] for u in units for k in ("front", "back")] + [job.key for job in power_jobs]
    parts = (run.sheet_options, faces[:2 * len(units)], faces[2 * len(units):], repr(cover), repr(reference))

    def make() -> bytes:
        # lazy: pikepdf (and WeasyPrint for a sheet not laid out before), only when a card changed
        from cardgen.cards.impose import ChunkCache, impose
        from cardgen.cards.placement import append_pdf

        pdf = b""
        if units or cover:
            pairs = unit_pairs(run.jobs + run.model_jobs, run.faces, units)
            pdf = impose(pairs, run.unit_page, options.layout, options.crop_marks,
                         cover=render_cover(cover, options.paper, theme) if cover else None,
                         store=cache.folder("sheets"), paper=options.paper, names=pairs.keys,
                         chunks=ChunkCache(cache, name), portrait=portrait,
                         fold_label=run.ctx.content.words["falten"])
        if powers:
            pairs = power_pairs(power_jobs, run.faces, powers)
            pdf = append_pdf(pdf, impose(pairs, run.power_page, "grid", options.crop_marks,
                                         store=cache.folder("sheets"), paper=options.paper, names=pairs.keys,
                                         chunks=ChunkCache(cache, f"{name}:powers"),
                                         blank_backs=options.layout == "duplex", portrait=portrait))
        if reference:
            pdf = append_pdf(pdf, render_reference(reference, options.paper, theme))
        if keep:
            run.imposed[name] = pdf
        return pdf
    impose_once(run.ctx, name, parts, make, shows=faces)


def impose_group(run: CardRun, group_id: str) -> None:
    """``groups/<id>.pdf`` (a roster's ``rosters/<id>.pdf``): the cover, one card per model, the group's
    powers, the reference pages."""
    ctx = run.ctx
    group = ctx.content.groups[group_id]
    owners, powers = group_faces(ctx.content, group_id)
    stamp = ctx.project.stamp()
    cover = group_cover(group, ctx.content, ctx.derived, stamp, run.options.roster_points)
    impose_sheet(run, group_sheet(run.options, group_id), owners, powers, cover,
                 group_reference(group, ctx.content, ctx.derived, stamp))


def render_cover(cover, paper: str = DEFAULT_PAPER, theme: Theme | None = None) -> bytes:
    """The cover page of a group sheet (a GroupCover view) as a PDF, styled by the theme's ``groups``."""
    return _group_page("cover.html.j2", paper, theme, group=cover)


def render_reference(reference, paper: str = DEFAULT_PAPER, theme: Theme | None = None) -> bytes:
    """The reference pages of a group sheet (a GroupReference view), styled like its cover.

    Laid out again while an entry heads a column in the middle of its section without its bar
    (:func:`~cardgen.cards.columns.continued_entries`).  With more than one page, the last page is
    balanced against the page before (:func:`~cardgen.cards.columns.last_page_start`), kept only
    when it needs no more pages than before."""
    # lazy: WeasyPrint, only when a group sheet is imposed
    from cardgen.cards.columns import last_page_start

    laid_out = _reference_layout(reference, paper, theme, None)
    pages = [laid_out.boxes(n) for n in range(laid_out.page_count)]
    start = last_page_start(pages)
    if start is not None:
        balanced = _reference_layout(reference, paper, theme, start)
        if balanced.page_count == laid_out.page_count:
            laid_out = balanced
    return laid_out.write().pdf


def _reference_layout(reference, paper: str, theme: Theme | None, last_page: str | None) -> LaidOut:
    """The reference pages laid out, the last page opening at entry ``last_page`` (None: where the
    columns run out), until every entry heading a column inside its section carries its bar: marking
    one only lengthens the entry at a column's top, so the set only grows and the loop ends (at
    most once per entry)."""
    # lazy: WeasyPrint, only when a group sheet is imposed
    from cardgen.cards.columns import continued_entries
    from cardgen.cards.render import CARDS_TEMPLATES
    from cardgen.pdf.wrapper import load_document

    continued: frozenset[str] = frozenset()
    entries = sum(len(section.entries) for section in reference.sections)
    for _ in range(entries + 1):
        html = group_page_html("reference.html.j2", paper, theme, reference=reference, continued=continued,
                               last_page=last_page)
        laid_out = load_document(html, CARDS_TEMPLATES, theme.roots if theme else ())
        found = continued | continued_entries(laid_out.boxes(n) for n in range(laid_out.page_count))
        if found == continued:
            break
        continued = found
    return laid_out


def _group_page(template: str, paper: str, theme: Theme | None, **values) -> bytes:
    """A group sheet's own pages (``template`` with ``values``) as a PDF, styled by the theme's ``groups``."""
    # lazy: WeasyPrint, only when a group sheet is imposed
    from cardgen.cards.render import CARDS_TEMPLATES
    from cardgen.pdf.wrapper import render_pdf

    return render_pdf(group_page_html(template, paper, theme, **values), CARDS_TEMPLATES,
                      theme.roots if theme else ()).pdf


def group_page_html(template: str, paper: str, theme: Theme | None, **values) -> str:
    """The HTML of a group sheet's own pages (``cover.html.j2`` or ``reference.html.j2``): what
    :func:`_group_page` lays out and ``cardgen serve`` shows."""
    # lazy: the render module imports WeasyPrint
    from cardgen.cards.render import render_template

    return render_template(template, {"group": "group.css"}, theme=theme, target="groups",
                           page=cover_page(paper), **values)


def changed_units(ctx: BuildContext, jobs: list[FaceJob]) -> list[str]:
    """The unit cards whose faces differ from the last successful build (each card's key recorded;
    a card that does not fit keeps the key of its last good build, so it counts as changed once it fits)."""
    changed = []
    for unit_id in sorted(ctx.content.units):
        faces = [j.key for j in jobs if j.owner == unit_id and j.kind != "power"]
        key = digest(faces, ctx.options.layout)
        name = f"card:{unit_id}"
        if ctx.showing_misfits(faces):
            ctx.cache.carry(name, exact=True)
        else:
            ctx.cache.record(name, key)
        if ctx.cache.previous.get(name) != key:
            changed.append(unit_id)
    return changed


def write_changed(ctx: BuildContext, changed: list[str], jobs: list[FaceJob], faces: FaceStore,
                  unit_page: FacePage, all_cards: bytes | None = None) -> None:
    """``changed-cards.pdf``: the ``changed`` unit cards.  When every card changed (a cold build)
    and ``cards.pdf`` was imposed in this run (``all_cards``), it is those very bytes: the same
    cards imposed with the same options, so they are not imposed a second time.  No card changed: it
    goes, unless the run changes nothing at all (:meth:`~cardgen.build.outputs.Outputs.remove`): building
    twice is building once, and the journal of a build holds for the run after it."""
    options, cache = ctx.options, ctx.cache
    target = ctx.out_dir / "changed-cards.pdf"
    ctx.summary.changed = changed
    if ctx.showing_misfits(key for pair in unit_pairs(jobs, faces, changed).keys for key in pair if key):
        ctx.keep("changed-cards.pdf")
        return
    if changed and all_cards is not None and changed == sorted(ctx.content.units):
        ctx.staging().stage(target, all_cards)
    elif changed:
        # lazy: pikepdf (and WeasyPrint for a sheet not laid out before), only when a card changed
        from cardgen.cards.impose import impose

        ctx.staging().stage(target, impose(unit_pairs(jobs, faces, changed), unit_page, options.layout,
                                         options.crop_marks, store=cache.folder("sheets"), paper=options.paper,
                                         fold_label=ctx.content.words["falten"]))
    else:                                            # a run that changes nothing leaves it as it was
        ctx.staging().remove(target, unless_idle=True)
    if ctx.content.units:                            # content without units: no card outputs to speak of
        ctx.step("changed-cards.pdf", f"{len(changed)} changed", again="0 changed")


def unit_cards_pdf(ctx: BuildContext, unit_ids: list[str]) -> bytes:
    """The unit cards of ``unit_ids`` (in that order) on sheets, as ``ctx.options`` lay them out
    (``cardgen diff --cards``); faces come from, and go into, ``ctx.cache``."""
    portraits, roots = model_portraits(ctx)
    wanted = set(unit_ids)
    jobs = [job for job in plan_faces(ctx.content, stamped_options(ctx), ctx.tool, ctx.derived, ctx.theme, portraits, roots)
            if job.owner in wanted and job.kind != "power"]
    faces = render_faces(ctx, jobs)
    unit_page, _ = page_settings(ctx.content, ctx.options)
    # lazy: pikepdf, WeasyPrint
    from cardgen.cards.impose import impose

    return impose(unit_pairs(jobs, faces, unit_ids), unit_page, ctx.options.layout, ctx.options.crop_marks,
                  paper=ctx.options.paper, fold_label=ctx.content.words["falten"])
