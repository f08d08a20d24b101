"""What the render workers' forkserver imports before it forks a worker (:mod:`cardgen.cards.workers`):
the renderer, and WeasyPrint with it.

multiprocessing's forkserver forgives a preload that raises ``ImportError`` and dies of any other
error -- and a build whose forkserver died ends in an ``EOFError`` traceback instead of the reason.
WeasyPrint raises ``OSError`` where it cannot open Pango or HarfBuzz.  So an import that fails here
is let go: the forkserver runs on without the renderer, each worker imports it when it takes its
first face and fails as a build without a forkserver would, with the real error (one line for an
``OSError``, :func:`cardgen.cli.main`).
"""

from __future__ import annotations

import contextlib

with contextlib.suppress(Exception):    # the worker imports it again and reports what went wrong
    import cardgen.cards.render  # noqa: F401
