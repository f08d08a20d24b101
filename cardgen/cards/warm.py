"""The card renderer warmed up once in a process that forks render workers (switch ``warm``).

The first face a process renders costs about 0.65 s, each later one about
0.15 s (measured 2026-11-25 on a 100-unit set): compiling the face templates,
parsing cardgen's card stylesheets, registering the embedded fonts, and
WeasyPrint's first use of Pango, HarfBuzz and fontconfig (cffi parses every C
type it names the first time).  A worker forked from a process that has done
all that once starts warm.

* ``cardgen serve`` builds on a thread beside its web server, so its render
  workers come from a forkserver (:func:`cardgen.speed.workers.pool_context`);
  the forkserver starts with :mod:`cardgen.cards.preload_warm`, which warms it up.
* ``cardgen watch`` forks its workers from its own process, which calls
  :func:`warm_up` once before its first build.
* A one-shot ``cardgen build`` does not warm up: its workers would wait for the
  warm-up as long as it saves them.

:func:`warm_up` renders a unit's front and back and a power card of ``cardgen
init``'s own example content (package data), in memory, and throws them away:
nothing is written, and the faces a build renders afterwards are byte for byte
those of a cold process (``tests/cards/test_warm.py``).  A warm-up that fails
(it should not: the example content is checked by the tests) only leaves the
process cold.
"""

from __future__ import annotations

from cardgen.build.cache import toolchain_digest
from cardgen.cards.faces import render_here
from cardgen.cards.planning import FaceJob, plan_faces
from cardgen.build.context import CardOptions
from cardgen.errors import CardgenError
from cardgen.paths import PACKAGE_DIR
from cardgen.stages import load_and_derive

SAMPLE_CONTENT = PACKAGE_DIR / "init" / "scaffold" / "content"


def warm_up() -> bool:
    """Render one face of each kind of the sample content in this process; False if that failed."""
    try:
        content, derived = load_and_derive(SAMPLE_CONTENT)
        sample: dict[str, FaceJob] = {}
        for job in plan_faces(content, CardOptions(), toolchain_digest(), derived):
            sample.setdefault(job.kind, job)
        results = render_here(list(sample.values()))
    except (CardgenError, OSError):
        return False
    return not any(isinstance(result, str) for result in results)

