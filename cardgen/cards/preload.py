"""The start of the render workers' forkserver (:mod:`cardgen.speed.workers`), which only imports: the
speed layer armed (:func:`cardgen.speed.install`), then the renderer, and WeasyPrint with it.  Like
``cardgen/__main__.py``, importing this module is what starts a process's work.

multiprocessing's forkserver forgives a preload that raises ``ImportError`` and dies of any other
error -- and a build whose forkserver died ends in an ``EOFError`` traceback instead of the reason.
WeasyPrint raises ``OSError`` where it cannot open Pango or HarfBuzz.  So an import that fails here
is let go: the forkserver runs on without the renderer, each worker imports it when it takes its
first face and fails as a build without a forkserver would, with the real error (one line for an
``OSError``, :func:`cardgen.commands.main.main`).
"""

from __future__ import annotations

import contextlib

from cardgen import speed

speed.install()                         # an entry point, as cardgen/__main__.py is: the speed layer armed
with contextlib.suppress(Exception):    # the worker imports it again and reports what went wrong
    import cardgen.cards.render  # noqa: F401
    import cardgen.pdf.parts  # noqa: F401  (a rulebook's chapters)
