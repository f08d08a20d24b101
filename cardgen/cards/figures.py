"""The card faces a rulebook shows as figures (``{{ card: ID }}``), from the card stage itself.

:class:`CardFaces` answers the rulebook's card directive
(:mod:`cardgen.rulebook.card_figure`): which ids are cards, and for an id and
a side the face's own PDF, its size and its callouts -- read from the face
cache the card stage fills (:class:`~cardgen.cards.faces.FaceStore`), so
a figure is the very render the card PDFs are imposed from.  A face not in
the cache (``cardgen rulebook`` without a build before) is rendered and kept
there, by the same jobs and the same function as in a build.

``cardgen build`` hands the rulebooks its own (``BuildContext.faces``, set by
the card stage); ``cardgen rulebook`` makes one for the document's content
(:func:`standalone_faces`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.build.cache import digest
from cardgen.cards.faces import CALLOUTS, FaceStore
from cardgen.cards.planning import FaceJob, model_portraits, plan_faces, stamped_options
from cardgen.content.model import Content
from cardgen.build.context import make_context
from cardgen.geometry import Callout
from cardgen.project.file import Project
from cardgen.rules.derive import derive
from cardgen.look.theme import Theme


@dataclass(frozen=True)
class FaceArt:
    """One face as a figure shows it: its PDF, its trim size and where its numbered elements lie."""

    key: str
    pdf: bytes
    width_mm: float
    height_mm: float
    callouts: tuple[Callout, ...]


class CardFaces:
    """The faces of every unit (front, back) and power card, by id; see the module docstring."""

    def __init__(self, jobs: Iterable[FaceJob], store: FaceStore) -> None:
        self.jobs = {(job.owner, job.kind): job for job in jobs if "/" not in job.owner}   # no group models
        self.store = store
        self._art: dict[tuple[str, str], FaceArt] = {}

    def ids(self) -> list[str]:
        return sorted({owner for owner, _ in self.jobs})

    def kind_of(self, card_id: str) -> str | None:
        """``unit``, ``power`` or None (no such card)."""
        if (card_id, "power") in self.jobs:
            return "power"
        return "unit" if (card_id, "front") in self.jobs else None

    def art(self, card_id: str, side: str) -> FaceArt:
        """The face of ``card_id`` (``side``: front, back or power); read once, however often a
        rulebook shows it (every figure of it holds the same bytes, drawn as one form)."""
        if (card_id, side) not in self._art:
            self._art[(card_id, side)] = self._read(card_id, side)
        return self._art[(card_id, side)]

    def _read(self, card_id: str, side: str) -> FaceArt:
        job = self.jobs[(card_id, side)]
        pdf, callouts = self.store[job.key], self._callouts(job.key)
        if callouts is None:                      # a face cached before callouts were kept
            face = self.store.render(job.key)
            pdf, callouts = face.pdf, face.callouts
        return FaceArt(job.key, pdf, job.page.width_mm, job.page.height_mm, callouts)

    def _callouts(self, key: str) -> tuple[Callout, ...] | None:
        try:
            rows = json.loads(self.store.cache.get("faces", key, CALLOUTS) or b"null")
            return None if rows is None else tuple(Callout(int(r[0]), str(r[1]), *map(float, r[2:6])) for r in rows)
        except (ValueError, TypeError, IndexError):
            return None

    def keys(self, card_ids: Iterable[str]) -> str:
        """One digest of the faces of ``card_ids`` (for a rulebook's cache key: a figure changes with them)."""
        wanted = set(card_ids)
        return digest(sorted((owner, kind, job.key) for (owner, kind), job in self.jobs.items() if owner in wanted))


def standalone_faces(content: Content, project: Project, theme: Theme,
                     tool: str | None = None) -> tuple[CardFaces, list[str]]:
    """Faces for ``cardgen rulebook``: planned as a build plans them (portraits, the project's card
    stamp and theme), cached in the project's output folder; and the warnings of preparing them
    (``tool``: the caller's toolchain digest where it has one, not made again)."""
    ctx = make_context(project, content, derive(content), project.out, theme=theme)
    ctx.tool_digest = tool or ctx.tool_digest
    portraits, roots = model_portraits(ctx)
    jobs = plan_faces(content, stamped_options(ctx), ctx.tool, ctx.derived, theme, portraits, roots)
    return CardFaces(jobs, FaceStore(ctx.cache, jobs, content)), list(ctx.summary.warnings)


def rulebook_faces(faces: CardFaces | None, content: object, project: Project | None,
                   theme: Theme | None, tool: str | None = None) -> tuple[CardFaces | None, list[str]]:
    """The faces a rulebook's card figures show: the build's, else standalone ones for loaded content."""
    if faces is not None or not isinstance(content, Content):
        return faces, []
    return standalone_faces(content, project or Project(root=Path.cwd()), theme or Theme(), tool)
