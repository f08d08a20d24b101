"""A rendered face, as a render worker hands it back to the build.

Apart from :mod:`cardgen.cards.render`, which makes it: the build's process
takes faces from the workers without importing the renderer (and WeasyPrint
with it), which a result of a class of that module would make it do
(:mod:`cardgen.speed.workers`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.geometry import Callout


@dataclass(frozen=True)
class Face:
    """A rendered face: its one-page PDF, WeasyPrint's warnings, its callouts, the notes about the
    machine (:data:`cardgen.pdf.wrapper.SYSTEM_NOTES`) rendering it gave, and the fit step each box
    ended at (box name, step; a box at step 0 is not listed)."""

    pdf: bytes
    warnings: tuple[str, ...]
    callouts: tuple[Callout, ...] = ()
    notes: tuple[str, ...] = ()
    steps: tuple[tuple[str, int], ...] = ()
