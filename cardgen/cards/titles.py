"""Power cards' titles in one size per sheet (issue 42.7).

Each power card fits its own name: a long name steps down (the title box's fit steps, ``fit-1`` …
``fit-7``), a short one stays at the full size, so neighbours on a printed sheet differed.  Here
every title on one sheet gets the size of the sheet's longest: the largest size at which all of
its titles fit, which is the highest fit step any of them needed alone.

*Sheet* is one printed page: a page of ``powers.pdf``, a page of a group sheet's power cards (a
group prints its own subset, so its pages have their own neighbours).  The deck's faces -- the
cards of ``powers.pdf`` -- are also the ones every single-card output shows (PNGs, the rulebook's
card figures, the print-shop files, whose faces start at the deck's step), so one power card looks
the same wherever it is printed alone.

How: every power face is rendered as it fits alone first (its *natural* step, kept beside the
cached face, :data:`cardgen.cards.faces.STEPS`); a card whose page needs a higher step is rendered
once more with its title starting there (:attr:`FaceJob.start`, its own key), and cached like any
face.  The step is only a class (``fit-N``): what a step means is the stylesheet's, so an author's
``theme/powers.css`` still decides the sizes (and a theme's template without a ``Titel`` box has
nothing to even out).  Where every title fits at one step (the example's usual case) nothing is
rendered twice and the sheets are not even looked at.  A power card that does not fit keeps its deck
face's key on every sheet (its key in the store's ``failed``): it is not rendered again, and the outputs
that show it are kept as they were (issue 42.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from cardgen.build.cache import digest
from cardgen.cards.faces import FaceStore, render_faces
from cardgen.cards.planning import FaceJob
from cardgen.build.context import BuildContext

TITLE = "Titel"                     # the fit box of a power card's name (templates/cards/power.html.j2)
MAX_ROUNDS = 8                      # a step only grows, and there are 8 of them


def page_steps(powers: Sequence[str], per_page: int, natural: Mapping[str, int]) -> dict[str, int]:
    """The title step of each of ``powers`` (in sheet order, ``per_page`` a page): the highest
    ``natural`` step (the step its title needs alone) among the cards of its page."""
    steps: dict[str, int] = {}
    for start in range(0, len(powers), max(1, per_page)):
        page = powers[start:start + per_page]
        step = max(natural.get(power, 0) for power in page)
        steps.update((power, step) for power in page)
    return steps


def titled(job: FaceJob, step: int, natural: int) -> FaceJob:
    """``job`` with its title starting at ``step``; ``job`` itself where its title ends there alone."""
    if step <= natural:
        return job
    return replace(job, start=((TITLE, step),), key=digest(job.key, TITLE, step))


def title_step(faces: FaceStore, job: FaceJob) -> int:
    """The step the title of a rendered power face ended at."""
    return faces.steps.get(job.key, {}).get(TITLE, 0)


def even_titles(ctx: BuildContext, faces: FaceStore, jobs: Sequence[FaceJob], listings: Mapping[str, Sequence[str]],
                per_page: int) -> dict[str, dict[str, FaceJob]]:
    """The face of every power on each of ``listings`` (output name → its powers in sheet order), its
    title evened out with its page's; ``jobs`` the powers' own (rendered into ``faces``).  Faces not
    rendered yet are rendered into ``faces``.  A title that still had to step further than its page
    (a theme's odd stylesheet) raises the step of its card and the pages are worked out again."""
    own = {job.owner: job for job in jobs if job.kind == "power"}
    alone = {owner: title_step(faces, job) for owner, job in own.items()}
    needed = dict(alone)
    chosen: dict[str, dict[str, FaceJob]] = {}
    for _ in range(MAX_ROUNDS):
        chosen = {name: {power: own[power] if own[power].key in faces.failed      # does not fit: stays
                         else titled(own[power], step, alone[power])              # the deck's, its outputs kept
                         for power, step in page_steps(list(powers), per_page, needed).items()}
                  for name, powers in listings.items()}
        fresh = {job.key: job for listing in chosen.values() for job in listing.values()
                 if job.key not in faces.steps and job.key not in faces.failed}
        if fresh:
            faces.add(render_faces(ctx, list(fresh.values()), keep_going=True))
        ended = {power: title_step(faces, job) for listing in chosen.values() for power, job in listing.items()
                 if title_step(faces, job) > dict(job.start).get(TITLE, alone[power])}
        if not ended:
            break
        needed.update(ended)
    return chosen


def needs_evening(faces: FaceStore, jobs: Sequence[FaceJob]) -> bool:
    """Whether the power titles of ``jobs`` ended at more than one step (else every sheet is even)."""
    return len({title_step(faces, job) for job in jobs if job.kind == "power"}) > 1
