"""The card stage, step 2: every face whose key is not in the cache rendered (in a process pool when
there are enough of them, :mod:`cardgen.speed.workers`), each its own small PDF, kept in the build
cache with its callouts and its warnings; :class:`FaceStore` reads them back one at a time and
:class:`FacePairs` hands them to the imposer a sheet at a time; :class:`ShopFaces` are the print shop's.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import astuple, dataclass
from typing import TYPE_CHECKING, Any, overload

from cardgen.pdf import timelimit
from cardgen.build.cache import Cache
from cardgen.cards import PRELOAD, WARM_PRELOAD
from cardgen.cards.misfit import FitError, Misfit, misfit_problem
from cardgen.cards.planning import FaceJob
from cardgen.content.model import Content
from cardgen.build.context import BuildContext
from cardgen.errors import Problem, RenderError
from cardgen.geometry import FacePage
from cardgen.speed.workers import forking, pool_context, start_worker, usable_cores
from cardgen.pdf.timelimit import time_limit_for_a_worker, timeout_message

if TYPE_CHECKING:
    from cardgen.cards.face import Face

CALLOUTS = ".callouts.json"         # beside a cached face: where its numbered elements lie
WARNINGS = ".warnings.json"         # beside a cached face: what rendering it said
MISFIT = ".misfit.json"             # in place of a face that does not fit: its box and floor, not rendered again
STEPS = ".steps.json"               # beside a cached power face: the fit step each box ended at
PARALLEL_FROM = 2                   # fewer missing faces render in-process (unless a forkserver is ready)


def _render_safely(job: FaceJob):
    """One face (in a worker process): its Face, its :class:`~cardgen.cards.misfit.Misfit` when it does
    not fit, or the error message."""
    # lazy: WeasyPrint, not needed when every face is cached
    from cardgen.cards.render import render_face

    try:
        return render_face(job.kind, job.card, job.page, job.min_font_pt, job.theme, extra_roots=job.roots,
                           press=job.press, owner=job.owner, start=job.start)
    except FitError as exc:
        return exc.misfit
    except RenderError as exc:
        return str(exc)


def misfit_of(job: FaceJob, misfit: Misfit, content: Content | None) -> Problem | None:
    """The problem of a face that does not fit, at the content field to shorten (None without content)."""
    return misfit_problem(misfit, job.card, content) if content is not None else None


def render_here(jobs: list[FaceJob]) -> list:
    """``jobs`` rendered one after another in this process: each a Face, or its error message."""
    return [_render_safely(job) for job in jobs]


class FaceStore:
    """Face PDFs by key, read from the cache when asked (never all in memory).

    A face whose cache entry turns out damaged when read (its bytes no longer
    match the hash stored with them) is rendered again, here and now.  ``failed``: the faces of
    this build that do not fit (key → their problem), never asked for again; ``content``: what
    names the field of a face that turns out not to fit when rendered here; ``steps``: the fit steps
    of the power faces :func:`render_faces` saw, by key (what :mod:`cardgen.cards.titles` reads)."""

    def __init__(self, cache: Cache, jobs: Iterable[FaceJob] = (), content: Content | None = None):
        self.cache = cache
        self.jobs = {job.key: job for job in jobs}
        self.content = content
        self.failed: dict[str, Problem] = {}
        self.steps: dict[str, dict[str, int]] = {}

    def __getitem__(self, key: str) -> bytes:
        data = self.cache.get("faces", key)
        if data is not None:
            return data
        return self.render(key).pdf

    def add(self, other: FaceStore) -> None:
        """Take the jobs and fit steps of ``other`` (faces rendered later in the same build)."""
        self.jobs.update(other.jobs)
        self.steps.update(other.steps)
        self.failed.update(other.failed)

    def render(self, key: str) -> Face:
        """Render the face of ``key`` now and keep it (and its callouts) in the cache."""
        job = self.jobs.get(key)
        if job is None:
            raise RenderError(f"the cached face {key} vanished during the build; build again")
        if key in self.failed:
            raise RenderError(self.failed[key].format())
        result = _render_safely(job)
        if isinstance(result, Misfit):
            problem = misfit_of(job, result, self.content)
            raise FitError(result, problem.format() if problem else "")
        if isinstance(result, str):
            raise RenderError(result)
        store_face(self.cache, key, result, steps=job.kind == "power")
        return result


def store_face(cache: Cache, key: str, face: Face, steps: bool = False) -> None:
    """Keep a rendered face: its PDF and, beside it, its callouts (:data:`CALLOUTS`), which the
    rulebook's card figures read (:mod:`cardgen.cards.figures`), and its warnings (:data:`WARNINGS`),
    which every build that reuses it reports again (``--strict`` fails on a warm cache too); with
    ``steps`` (a power card) its fit steps (:data:`STEPS`), which even out the titles of a sheet
    (:mod:`cardgen.cards.titles`) without rendering the face again."""
    if steps:
        cache.put("faces", key, json.dumps(dict(face.steps)).encode(), STEPS)
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


def cached_steps(cache: Cache, key: str) -> dict[str, int] | None:
    """The fit steps kept with the cached power face ``key`` (box → step, boxes at step 0 left out);
    None where none are kept (a face cached before they were, or a damaged entry)."""
    try:
        steps = json.loads(cache.get("faces", key, STEPS) or b"null")
    except ValueError:
        return None
    if not isinstance(steps, dict) or not all(type(step) is int for step in steps.values()):
        return None
    return steps


def _start_render_worker(build: int, limit: float, ended: Any) -> None:
    """A render worker's start: as every worker's (:func:`~cardgen.speed.workers.start_worker`), and the
    build's time limit, which ends it quietly, setting ``ended`` (the build then says the limit's line)."""
    start_worker(build)
    time_limit_for_a_worker(limit, ended)


def render_faces(ctx: BuildContext, jobs: list[FaceJob], keep_going: bool = False) -> FaceStore:
    """Every face rendered into the cache (all errors collected); the store reads them back.

    A face that does not fit is an error at the field to shorten (:mod:`cardgen.cards.misfit`);
    with ``keep_going`` (a build) it stops only the outputs that show it: its problem goes into
    ``ctx.misfits`` and the store's ``failed``, and the build goes on.  Any other error ends it."""
    cache, summary = ctx.cache, ctx.summary
    faces = FaceStore(cache, jobs, ctx.content)
    missing = []
    said: dict[int, tuple[str, ...]] = {}           # every face's warnings, by its job (id)
    errors: list[str] = []
    for job in jobs:
        cache.record(job.record_name, job.key)
        known = cached_misfit(cache, job)
        if known is not None:                       # it did not fit with this very key: it still does not
            _misfit(ctx, faces, job, known, keep_going, errors)
            continue
        summary.steps.append((f"{job.owner} {job.kind}{job.started}", "reused"))     # in the jobs' order
        warnings = cached_warnings(cache, job.key) if cache.has("faces", job.key) else None
        if warnings is not None and job.kind == "power":
            steps = cached_steps(cache, job.key)
            if steps is None:                       # its fit steps not kept: rendered again to know them
                warnings = None
            else:
                faces.steps[job.key] = steps
        if warnings is None:                        # not stored whole, under this very key
            missing.append(job)
            continue
        said[id(job)] = warnings                    # said again
        summary.add(f"{job.owner} ({job.kind}{job.started})", built=False)
        ctx.step(f"{job.owner} {job.kind}{job.started}", "reused", again=None)
    workers = max(1, min(usable_cores(), len(missing)))
    context = pool_context(PRELOAD, WARM_PRELOAD) if missing else None
    if missing and context is None:
        # lazy: WeasyPrint; imported once, before the workers fork
        import cardgen.cards.render  # noqa: F401
    if missing and (context is not None or (len(missing) >= PARALLEL_FROM and workers > 1)):
        try:
            ended = (context or multiprocessing.get_context()).Event()
            limit = timelimit.MAX_RENDER_SECONDS
            with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_render_worker,
                                     initargs=(os.getpid(), limit, ended)) as pool:
                with forking(context):              # the workers start on the first of the jobs handed over
                    rendered = pool.map(_render_safely, missing, chunksize=min(4, len(missing) // workers))
                results = list(rendered)
        except (BrokenProcessPool, EOFError):       # a worker (or the forkserver) ended: the time limit, the OOM killer?
            if ended.is_set():
                raise RenderError(timeout_message(limit)) from None
            raise RenderError("a render worker ended before its faces were done (killed, or out of memory?); "
                              "nothing was written -- build again") from None
    else:
        results = render_here(missing)
    for job, result in zip(missing, results):
        if isinstance(result, Misfit):
            cache.put("faces", job.key, json.dumps([result.box, result.floor_pt, result.note]).encode(), MISFIT)
            _misfit(ctx, faces, job, result, keep_going, errors)
            continue
        if isinstance(result, str):
            errors.append(result)
            continue
        store_face(cache, job.key, result, steps=job.kind == "power")
        if job.kind == "power":
            faces.steps[job.key] = dict(result.steps)
        said[id(job)] = result.warnings
        for note in result.notes:                   # about the machine: said once, not counted, not cached
            ctx.summary.note(note, again=False)
        summary.add(f"{job.owner} ({job.kind}{job.started})", built=True)
        ctx.step(f"{job.owner} {job.kind}{job.started}", "rendered", again=None)
    # in the jobs' order, whether cached or rendered: a run that renders some faces says what the next
    # run, finding them all cached, says again, in the same order (the journal's replay prints it)
    for line in face_warnings((f"card '{job.owner}' ({job.kind})", warning)
                              for job in jobs for warning in said.get(id(job), ())):
        ctx.warn(line)
    if errors:
        raise RenderError("\n".join(dict.fromkeys(errors)))   # one stylesheet fault fails every face alike
    return faces


def cached_misfit(cache: Cache, job: FaceJob) -> Misfit | None:
    """The misfit kept for the face of ``job`` (its key did not fit before), or None."""
    if not cache.has("faces", job.key, MISFIT):
        return None
    try:
        box, floor_pt, note = json.loads(cache.get("faces", job.key, MISFIT) or b"null")
        return Misfit(job.owner, job.kind, str(box), float(floor_pt), str(note))
    except (ValueError, TypeError):
        return None


def _misfit(ctx: BuildContext, faces: FaceStore, job: FaceJob, misfit: Misfit, keep_going: bool,
            errors: list[str]) -> None:
    """A face that does not fit: its problem into ``ctx.misfits`` (``keep_going``), else into ``errors``."""
    problem = misfit_problem(misfit, job.card, ctx.content)
    if keep_going:
        faces.failed[job.key] = ctx.misfits[job.key] = problem
        ctx.step(f"{job.owner} {job.kind}", "misfit", again=None)     # a run with a misfit fails: no journal
    else:
        errors.append(problem.format())


def face_warnings(said: Iterable[tuple[str, str]], named: int = 3) -> list[str]:
    """One line per distinct warning of the faces (``said``: (face, warning) in build order): one face's
    as ``card 'x' (front): …``; one that several faces gave -- a theme's missing ``@import`` reaches
    every face -- once, with its count and the first ``named`` faces (``… (132 faces: card 'a' (front),
    …)``), so that one mistake is one line and the preview still finds a face it names."""
    by_warning: dict[str, dict[str, None]] = {}
    for face, warning in said:
        by_warning.setdefault(warning, {})[face] = None
    lines = []
    for warning, named_faces in by_warning.items():
        faces = list(named_faces)
        if len(faces) == 1:
            lines.append(f"{faces[0]}: {warning}")
        else:
            shown = ", ".join(faces[:named]) + (", …" if len(faces) > named else "")
            lines.append(f"{warning} ({len(faces)} faces: {shown})")
    return lines


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


def unit_pairs(jobs: list[FaceJob], faces: FaceStore, units: list[str]) -> FacePairs:
    """The (front, back) faces of ``units``, in that order."""
    by = {(j.owner, j.kind): j.key for j in jobs if j.kind != "power"}
    return FacePairs(faces, [(by[(u, "front")], by[(u, "back")]) for u in units])


def power_pairs(jobs: list[FaceJob], faces: FaceStore, powers: list[str]) -> FacePairs:
    """The faces of the power cards ``powers`` (no backs), in that order."""
    by = {j.owner: j.key for j in jobs if j.kind == "power"}
    return FacePairs(faces, [(by[p], None) for p in powers])


@dataclass(frozen=True)
class ShopFaces:
    """The deck's faces as the print shop gets them (rendered with its bleed), shared by the
    print-shop files and the press sheets: face jobs, faces by key, the two face pages and the
    output intent's profile and condition (None: the shipped FOGRA39)."""

    jobs: list[FaceJob]
    faces: FaceStore
    unit_page: FacePage
    power_page: FacePage
    profile: bytes | None
    condition: str | None
