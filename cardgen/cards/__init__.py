"""Unit cards and power cards: view models, templates, fitting, imposition.

Stages: :mod:`view` / :mod:`power_view` / :mod:`group_view` (what a card
shows) → :mod:`render` (one face → HTML → one-page PDF, with :mod:`fit`
shrinking text that does not fit) → :mod:`impose` (faces on paper sheets (A4 by default), laid out by :mod:`sheetlayout`, drawn by :mod:`placement`) →
:mod:`png` (PNG faces and deck sheets); :mod:`pipeline` runs them with the
build cache, :mod:`command` is ``cardgen cards``.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

PRELOAD = ["cardgen.cards.preload"]
"""What a render workers' forkserver imports before it forks a worker: the renderer, WeasyPrint with it
(:mod:`cardgen.cards.preload`, which lets a failed import go instead of ending the forkserver).  The card
stage names its forkserver's start; the speed layer that starts it (:mod:`cardgen.speed.workers`) is
given the names and imports nothing above it."""
WARM_PRELOAD = ["cardgen.cards.preload_warm"]
"""What ``cardgen serve``'s forkserver imports: the renderer, warmed up once (:mod:`cardgen.cards.preload_warm`)."""

IMPOSER_FILES = ("impose.py", "sheetlayout.py", "placement.py", "pdfwriter.py", "recording.py", "press.py",
                 "../pdf/fonts.py")


@functools.lru_cache(maxsize=1)
def imposer_code() -> str:
    """SHA-256 of the imposer's own code (:data:`IMPOSER_FILES`): part of every sheet's key and of
    every recorded chunk's, so a changed imposer imposes again.  Read, not imported: pikepdf stays
    unloaded when no sheet changed."""
    here = Path(__file__).parent
    return hashlib.sha256(b"".join((here / name).read_bytes() for name in IMPOSER_FILES)).hexdigest()
