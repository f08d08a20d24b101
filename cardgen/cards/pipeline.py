"""The card stage of a build: views → faces (cached, in parallel) → sheets.

1. plan: one job per face (unit front, unit back, power card) with a cache
   key over everything the face shows and how it is drawn (the view data,
   page size and bleed, minimum font size, templates, icons, fonts, cardgen,
   the project's theme: :meth:`cardgen.theme.Theme.digest`);
2. render: faces whose key is not in the cache are rendered, in a process
   pool when there are enough of them; every face is its own small PDF;
3. impose: ``cards.pdf`` (unit cards), ``powers.pdf`` (power cards), one
   ``groups/<id>.pdf`` per group (cover page, one card per model -- a model
   with its own name, picture or loadout gets its own faces, any other
   shows its unit's --, its powers, then the reference pages) and ``changed-cards.pdf`` (the unit cards whose faces changed
   since the last successful build); an output whose faces and options are
   unchanged is not imposed again;
4. optionally PNG files of every face and deck sheets (``--png DPI``).

Outputs go through :class:`cardgen.outputs.Outputs` (all or nothing).
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, overload

from cardgen.cache import Cache, digest
from cardgen.cards import imposer_code
from cardgen.cards.group_view import group_cover, group_reference, model_values
from cardgen.cards.power_view import power_card
from cardgen.speed.workers import pool_context, start_worker
from cardgen.cards.view import unit_card
from cardgen.content.model import Content
from cardgen.content.schema import GroupModel
from cardgen.context import BuildContext, CardOptions
from cardgen.errors import RenderError
from cardgen.geometry import DEFAULT_PAPER, FacePage, cover_page
from cardgen.rules.derive import Derived
from cardgen.theme import Theme

if TYPE_CHECKING:
    from cardgen.cards.portrait import Portrait
    from cardgen.cards.face import Face

CALLOUTS = ".callouts.json"         # beside a cached face: where its numbered elements lie
WARNINGS = ".warnings.json"         # beside a cached face: what rendering it said
PARALLEL_FROM = 2                   # fewer missing faces render in-process (unless a forkserver is ready)


@dataclass(frozen=True)
class FaceJob:
    owner: str                      # unit or power id; "<group id>/<index>" for a group model's own card
    kind: str                       # front, back, power
    card: object
    page: FacePage
    min_font_pt: float
    key: str
    theme: Theme = Theme()
    roots: tuple[Path, ...] = ()    # more folders the face may read (the prepared portraits)


def page_settings(content: Content, options: CardOptions) -> tuple[FacePage, FacePage]:
    """The face pages of unit cards and of power cards (the ruleset's sizes, the bleed option)."""
    sizes = content.checked_ruleset().cards
    return (FacePage(sizes.unit.width_mm, sizes.unit.height_mm, options.bleed_mm),
            FacePage(sizes.power.width_mm, sizes.power.height_mm, options.bleed_mm))


def plan_faces(content: Content, options: CardOptions, tool: str, derived: Derived,
               theme: Theme | None = None, portraits: Mapping[str, Portrait] | None = None,
               roots: tuple[Path, ...] = ()) -> list[FaceJob]:
    """One job per face: every unit's front and back, every power card.  ``portraits`` by unit id
    (:func:`model_portraits`), ``roots`` the folders they are in."""
    theme = theme or Theme()
    portraits = portraits or {}
    unit_page, power_page = page_settings(content, options)
    min_font = content.checked_ruleset().cards.min_font_pt
    jobs = []
    for unit_id in sorted(content.units):
        card = unit_card(derived.units[unit_id], content, portrait=portraits.get(unit_id), stamp=options.stamp)
        jobs += _unit_faces(unit_id, card, unit_page, min_font, tool, theme, roots)
    for power_id in sorted(content.powers):
        power = power_card(content.powers[power_id], content)
        jobs.append(FaceJob(power_id, "power", power, power_page, min_font,
                            digest("face", tool, theme.digest(), "power", repr(power_page), min_font, repr(power)),
                            theme))
    return jobs


def _unit_faces(owner: str, card: object, page: FacePage, min_font: float, tool: str, theme: Theme,
                roots: tuple[Path, ...]) -> list[FaceJob]:
    """The front and back job of one unit card (its key covers everything the faces show)."""
    return [FaceJob(owner, kind, card, page, min_font,
                    digest("face", tool, theme.digest(), kind, repr(page), min_font, repr(card)), theme, roots)
            for kind in ("front", "back")]


def has_own_card(member: GroupModel) -> bool:
    """Whether a group model's card differs from its unit's plain card (own name, picture or loadout)."""
    return member.name is not None or member.image is not None or member.loadout is not None


def model_owner(group_id: str, index: int, member: GroupModel) -> str:
    """The face owner of a group's model: its own card's, else its unit's."""
    return f"{group_id}/{index}" if has_own_card(member) else member.unit


def plan_model_faces(content: Content, options: CardOptions, tool: str, derived: Derived, groups: list[str],
                     theme: Theme | None = None, portraits: Mapping[str, Portrait] | None = None,
                     roots: tuple[Path, ...] = ()) -> list[FaceJob]:
    """The faces of the group models with a card of their own: their name, their picture
    (else the unit's), their loadout's values."""
    theme = theme or Theme()
    portraits = portraits or {}
    unit_page, _ = page_settings(content, options)
    min_font = content.checked_ruleset().cards.min_font_pt
    jobs = []
    for group_id in groups:
        for index, member in enumerate(content.groups[group_id].models):
            owner = model_owner(group_id, index, member)
            if owner == member.unit:
                continue
            card = model_card(member, owner, content, derived, portraits, options.stamp)
            jobs += _unit_faces(owner, card, unit_page, min_font, tool, theme, roots)
    return jobs


def model_card(member: GroupModel, owner: str, content: Content, derived: Derived,
               portraits: Mapping[str, Portrait], stamp: str = ""):
    """The card view of a group's model with a card of its own (``owner``: ``<group>/<index>``):
    its name, its picture (else its unit's), its loadout's values."""
    return unit_card(model_values(member, derived), content, portrait=portraits.get(owner, portraits.get(member.unit)),
                     model_name=member.name, stamp=stamp)


def model_portraits(ctx: BuildContext) -> tuple[Mapping[str, Portrait], tuple[Path, ...]]:
    """The prepared portraits (by unit id and by "<group id>/<index>") and the folder they are in."""
    # lazy: PIL, only when cards are made
    from cardgen.cards.portrait import portrait_root, prepare_portraits

    return prepare_portraits(ctx), (portrait_root(ctx),)


def step_count(content: Content) -> int:
    """Reporter steps of the card stage: every face plus the sheets."""
    own = sum(has_own_card(m) for g in content.groups.values() for m in g.models)
    return 2 * (len(content.units) + own) + len(content.powers) + 3 + len(content.groups)


def planned_outputs(content: Content, options: CardOptions | None = None) -> list[tuple[str, str]]:
    """Every output file the card stage will write (name below OUT, what makes it), for the clash check."""
    options = options or CardOptions()
    if options.group:
        planned = [(f"groups/{options.group}.pdf", f"group '{options.group}'")]
    else:
        planned = [("cards.pdf", "the unit cards"), ("powers.pdf", "the power cards"),
                   ("changed-cards.pdf", "the changed unit cards")]
        planned += [(f"groups/{g}.pdf", f"group '{g}'") for g in sorted(content.groups)]
    if options.png_dpi:
        # lazy: PIL, pypdfium2, only with --png
        from cardgen.cards.png import DECK_COLUMNS, DECK_ROWS, DECKS, SIDES

        owners = {"front": sorted(content.units), "back": sorted(content.units), "power": sorted(content.powers)}
        for kind, ids in owners.items():
            planned += [(f"png/{i}-{SIDES[kind]}.png", f"the PNG of '{i}'") for i in ids]
            sheets = -(-len(ids) // (DECK_COLUMNS * DECK_ROWS))
            planned += [(f"png/deck-{DECKS[kind]}-{n}.png", "a PNG deck sheet") for n in range(1, sheets + 1)]
    if options.print_shop and not options.group:
        from cardgen.cards.printshop import print_shop_names

        planned += [(name, "the print-shop files") for name in print_shop_names(bool(content.units),
                                                                                 bool(content.powers))]
    return planned


def _render_safely(job: FaceJob):
    """One face (in a worker process): its Face, or the error message."""
    # lazy: WeasyPrint, not needed when every face is cached
    from cardgen.cards.render import render_face

    try:
        return render_face(job.kind, job.card, job.page, job.min_font_pt, job.theme, extra_roots=job.roots)
    except RenderError as exc:
        return str(exc)


def render_here(jobs: list[FaceJob]) -> list:
    """``jobs`` rendered one after another in this process: each a Face, or its error message."""
    return [_render_safely(job) for job in jobs]


class FaceStore:
    """Face PDFs by key, read from the cache when asked (never all in memory).

    A face whose cache entry turns out damaged when read (its bytes no longer
    match the hash stored with them) is rendered again, here and now."""

    def __init__(self, cache: Cache, jobs: Iterable[FaceJob] = ()):
        self.cache = cache
        self.jobs = {job.key: job for job in jobs}

    def __getitem__(self, key: str) -> bytes:
        data = self.cache.get("faces", key)
        if data is not None:
            return data
        return self.render(key).pdf

    def render(self, key: str) -> Face:
        """Render the face of ``key`` now and keep it (and its callouts) in the cache."""
        job = self.jobs.get(key)
        if job is None:
            raise RenderError(f"the cached face {key} vanished during the build; build again")
        result = _render_safely(job)
        if isinstance(result, str):
            raise RenderError(result)
        store_face(self.cache, key, result)
        return result


def store_face(cache: Cache, key: str, face: Face) -> None:
    """Keep a rendered face: its PDF and, beside it, its callouts (:data:`CALLOUTS`), which the
    rulebook's card figures read (:mod:`cardgen.cards.figures`), and its warnings (:data:`WARNINGS`),
    which every build that reuses it reports again (``--strict`` fails on a warm cache too)."""
    cache.put("faces", key, json.dumps(list(face.warnings)).encode(), WARNINGS)
    cache.put("faces", key, json.dumps([astuple(c) for c in face.callouts]).encode(), CALLOUTS)
    cache.put("faces", key, face.pdf)


def cached_warnings(cache: Cache, key: str) -> tuple[str, ...] | None:
    """The warnings kept with the cached face ``key``; None where there are none kept (a face
    cached before they were, or a damaged entry): then the face is rendered again."""
    try:
        said = json.loads(cache.get("faces", key, WARNINGS) or b"null")
    except ValueError:
        return None
    if not isinstance(said, list) or not all(isinstance(line, str) for line in said):
        return None
    return tuple(said)


def render_faces(ctx: BuildContext, jobs: list[FaceJob]) -> FaceStore:
    """Every face rendered into the cache (all errors collected); the store reads them back."""
    cache, summary = ctx.cache, ctx.summary
    faces = FaceStore(cache, jobs)
    missing = []
    for job in jobs:
        cache.record(f"face:{job.owner}:{job.kind}", job.key)
        said = cached_warnings(cache, job.key) if cache.has("faces", job.key) else None
        if said is None:                            # not stored whole, under this very key
            missing.append(job)
            continue
        for warning in said:                        # a reused face says again what its render said
            ctx.warn(f"card '{job.owner}' ({job.kind}): {warning}")
        summary.add(f"{job.owner} ({job.kind})", built=False)
        ctx.step(f"{job.owner} {job.kind}", "reused")
    workers = max(1, min(os.cpu_count() or 1, len(missing)))
    context = pool_context() if missing else None
    if missing and context is None:
        # lazy: WeasyPrint; imported once, before the workers fork
        import cardgen.cards.render  # noqa: F401
    if missing and (context is not None or (len(missing) >= PARALLEL_FROM and workers > 1)):
        try:
            with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=start_worker,
                                     initargs=(os.getpid(),)) as pool:
                results = list(pool.map(_render_safely, missing, chunksize=min(4, len(missing) // workers)))
        except (BrokenProcessPool, EOFError):       # a worker (or the forkserver) ended: the time limit, the OOM killer?
            raise RenderError("a render worker ended before its faces were done (over the time limit, "
                              "killed, or out of memory?); nothing was written -- build again") from None
    else:
        results = render_here(missing)
    errors = []
    for job, result in zip(missing, results):
        if isinstance(result, str):
            errors.append(result)
            continue
        store_face(cache, job.key, result)
        for warning in result.warnings:
            ctx.warn(f"card '{job.owner}' ({job.kind}): {warning}")
        summary.add(f"{job.owner} ({job.kind})", built=True)
        ctx.step(f"{job.owner} {job.kind}", "rendered")
    if errors:
        raise RenderError("\n".join(errors))
    return faces


class FacePairs(Sequence[tuple[bytes, "bytes | None"]]):
    """(front, back or None) face PDFs by key, read from the face store only when the imposer takes
    them, a sheet at a time: 1000 units' faces are never all in memory."""

    def __init__(self, faces: FaceStore, keys: list[tuple[str, str | None]]) -> None:
        self.faces, self.keys = faces, keys

    def __len__(self) -> int:
        return len(self.keys)

    def _pair(self, keys: tuple[str, str | None]) -> tuple[bytes, bytes | None]:
        front, back = keys
        return self.faces[front], None if back is None else self.faces[back]

    @overload
    def __getitem__(self, index: int) -> tuple[bytes, bytes | None]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[bytes, bytes | None]]: ...

    def __getitem__(self, index: int | slice) -> tuple[bytes, bytes | None] | list[tuple[bytes, bytes | None]]:
        if isinstance(index, slice):
            return [self._pair(keys) for keys in self.keys[index]]
        return self._pair(self.keys[index])


def _unit_pairs(jobs: list[FaceJob], faces: FaceStore, units: list[str]) -> FacePairs:
    by = {(j.owner, j.kind): j.key for j in jobs if j.kind != "power"}
    return FacePairs(faces, [(by[(u, "front")], by[(u, "back")]) for u in units])


def _power_faces(jobs, faces, powers: list[str]) -> FacePairs:
    by = {j.owner: j.key for j in jobs if j.kind == "power"}
    return FacePairs(faces, [(by[p], None) for p in powers])


def render_cover(cover, paper: str = DEFAULT_PAPER, theme: Theme | None = None) -> bytes:
    """The cover page of a group sheet (a GroupCover view) as a PDF, styled by the theme's ``groups``."""
    return _group_page("cover.html.j2", paper, theme, group=cover)


def render_reference(reference, paper: str = DEFAULT_PAPER, theme: Theme | None = None) -> bytes:
    """The reference pages of a group sheet (a GroupReference view), styled like its cover."""
    return _group_page("reference.html.j2", paper, theme, reference=reference)


def _group_page(template: str, paper: str, theme: Theme | None, **values) -> bytes:
    """A group sheet's own pages (``template`` with ``values``) as a PDF, styled by the theme's ``groups``."""
    # lazy: WeasyPrint, only when a group sheet is imposed
    from cardgen.cards.render import CARDS_TEMPLATES
    from cardgen.pdf import render_pdf

    return render_pdf(group_page_html(template, paper, theme, **values), CARDS_TEMPLATES,
                      theme.roots if theme else ()).pdf


def group_page_html(template: str, paper: str, theme: Theme | None, **values) -> str:
    """The HTML of a group sheet's own pages (``cover.html.j2`` or ``reference.html.j2``): what
    :func:`_group_page` lays out and ``cardgen serve`` shows."""
    # lazy: the render module imports WeasyPrint
    from cardgen.cards.render import render_template

    return render_template(template, {"group": "group.css"}, theme=theme, target="groups",
                           page=cover_page(paper), **values)


def _sheet(ctx: BuildContext, name: str, key_parts, make) -> None:
    """Impose one output unless it exists with the same key as last time."""
    key = digest(name, key_parts)
    ctx.cache.record(f"sheet:{name}", key)
    built = not ctx.cache.unchanged(f"sheet:{name}", key, ctx.out_dir / name)
    if built:
        ctx.staging().stage(ctx.out_dir / name, make())
    else:
        ctx.cache.carry(f"chunk:{name}:")          # its recorded chunks stay for the next edit
    ctx.summary.add(name, built=built)
    ctx.step(name, "built" if built else "reused")


def group_faces(content: Content, group_id: str) -> tuple[list[str], list[str]]:
    """The face owners of a group's models in roster order (one card per model) and their powers."""
    models = content.groups[group_id].models
    owners = [model_owner(group_id, index, member) for index, member in enumerate(models)]
    powers = sorted({p for m in models for p in content.units[m.unit].powers})
    return owners, powers


def stamped_options(ctx: BuildContext) -> CardOptions:
    """The build's card options with the project's card stamp (:meth:`Project.card_stamp`)."""
    stamp = ctx.project.card_stamp()
    return replace(ctx.options, stamp=stamp) if stamp != ctx.options.stamp else ctx.options


def build_all_cards(ctx: BuildContext) -> None:
    """Render and impose every card output of ``ctx.content`` into ``ctx.out_dir`` (staged in ``ctx.outputs``)."""
    content, options, cache = ctx.content, stamped_options(ctx), ctx.cache
    derived = ctx.derived
    theme = ctx.theme
    portraits, roots = model_portraits(ctx)
    jobs = plan_faces(content, options, ctx.tool, derived, theme, portraits, roots)
    groups = [options.group] if options.group else sorted(content.groups)
    model_jobs = plan_model_faces(content, options, ctx.tool, derived, groups, theme, portraits, roots)
    faces = render_faces(ctx, jobs + model_jobs)
    from cardgen.cards.figures import CardFaces   # lazy: it imports this module

    ctx.faces = CardFaces(jobs, faces)             # the rulebooks' card figures show these very faces
    unit_page, power_page = page_settings(content, options)
    sheet_opts = (options.layout, options.crop_marks, options.paper, theme.digest(),   # the theme styles covers
                  imposer_code())
    keys = {(j.owner, j.kind): j.key for j in jobs + model_jobs}
    stamp = ctx.project.stamp()

    imposed: dict[str, bytes] = {}

    def sheet(name, units, powers, cover=None, reference=None, keep=False):
        parts = (sheet_opts, [keys[(u, k)] for u in units for k in ("front", "back")],
                 [keys[(p, "power")] for p in powers], repr(cover), repr(reference))

        def make() -> bytes:
            # lazy: pikepdf (and WeasyPrint for a sheet not laid out before), only when a card changed
            from cardgen.cards.impose import ChunkCache, append_pdf, impose

            pdf = b""
            if units or cover:
                pairs = _unit_pairs(jobs + model_jobs, faces, units)
                pdf = impose(pairs, unit_page, options.layout, options.crop_marks,
                             cover=render_cover(cover, options.paper, theme) if cover else None,
                             store=cache.folder("sheets"), paper=options.paper, names=pairs.keys,
                             chunks=ChunkCache(cache, name))
            if powers:
                pairs = _power_faces(jobs, faces, powers)
                pdf = append_pdf(pdf, impose(pairs, power_page, "grid", options.crop_marks,
                                             store=cache.folder("sheets"), paper=options.paper, names=pairs.keys,
                                             chunks=ChunkCache(cache, f"{name}:powers")))
            if reference:
                pdf = append_pdf(pdf, render_reference(reference, options.paper, theme))
            if keep:
                imposed[name] = pdf
            return pdf
        _sheet(ctx, name, parts, make)

    def group_sheet(group_id: str) -> None:
        group = content.groups[group_id]
        owners, powers = group_faces(content, group_id)
        sheet(f"groups/{group_id}.pdf", owners, powers, group_cover(group, content, derived, stamp),
              group_reference(group, content, derived, stamp))

    if options.group:
        group_sheet(options.group)
    else:
        changed = changed_units(ctx, jobs)
        sheet("cards.pdf", sorted(content.units), [], keep=changed == sorted(content.units))
        if content.powers:
            sheet("powers.pdf", [], sorted(content.powers))
        for group_id in groups:
            group_sheet(group_id)
        write_changed(ctx, changed, jobs, faces, unit_page, imposed.get("cards.pdf"))
    if options.png_dpi:
        # lazy: PIL, pypdfium2, only with --png
        from cardgen.cards.png import export_png
        export_png(jobs, faces, ctx.out_dir / "png", options.png_dpi, ctx.staging())
    if options.print_shop and not options.group:
        # lazy: pikepdf, only with --print-shop
        from cardgen.cards.printshop import print_shop_pdf, print_shop_plan

        for name, (of_kind, page) in print_shop_plan(jobs, unit_page, power_page).items():
            _sheet(ctx, name, ([job.key for job in of_kind], repr(page)),
                   lambda of_kind=of_kind, page=page: print_shop_pdf((faces[job.key] for job in of_kind), page))


def changed_units(ctx: BuildContext, jobs: list[FaceJob]) -> list[str]:
    """The unit cards whose faces differ from the last successful build (each card's key recorded)."""
    changed = []
    for unit_id in sorted(ctx.content.units):
        key = digest([j.key for j in jobs if j.owner == unit_id and j.kind != "power"], ctx.options.layout)
        name = f"card:{unit_id}"
        ctx.cache.record(name, key)
        if ctx.cache.previous.get(name) != key:
            changed.append(unit_id)
    return changed


def write_changed(ctx: BuildContext, changed: list[str], jobs: list[FaceJob], faces: FaceStore,
                  unit_page: FacePage, all_cards: bytes | None = None) -> None:
    """``changed-cards.pdf``: the ``changed`` unit cards.  When every card changed (a cold build)
    and ``cards.pdf`` was imposed in this run (``all_cards``), it is those very bytes: the same
    cards imposed with the same options, so they are not imposed a second time."""
    options, cache = ctx.options, ctx.cache
    target = ctx.out_dir / "changed-cards.pdf"
    ctx.summary.changed = changed
    if changed and all_cards is not None and changed == sorted(ctx.content.units):
        ctx.staging().stage(target, all_cards)
    elif changed:
        # lazy: pikepdf (and WeasyPrint for a sheet not laid out before), only when a card changed
        from cardgen.cards.impose import impose

        ctx.staging().stage(target, impose(_unit_pairs(jobs, faces, changed), unit_page, options.layout,
                                         options.crop_marks, store=cache.folder("sheets"), paper=options.paper))
    else:
        ctx.staging().remove(target)
    ctx.step("changed-cards.pdf", f"{len(changed)} changed")


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

    return impose(_unit_pairs(jobs, faces, unit_ids), unit_page, ctx.options.layout, ctx.options.crop_marks,
                  paper=ctx.options.paper)
