"""The render workers' forkserver, started as the first step of ``cardgen build`` and ``cardgen cards``.

A one-shot build's workers used to be forked from the build's own process,
after it had read, checked and derived the content and then imported
WeasyPrint (about 0.28 s) -- one step after the other, on one core, while the
second core waited.  :func:`start_early` starts :mod:`multiprocessing`'s
forkserver instead, before cardgen's own modules are loaded: a process that
imports the renderer (:data:`PRELOAD`) on the second core while the build
reads the content on the first, and then forks each render worker with
WeasyPrint already imported.  The build's own process imports WeasyPrint only
if it renders something itself (a group sheet, a rulebook).  Measured
2026-11-25 on a one-unit edit of 100 units: see the README's benchmark.

It starts only where there are two cores or more (on one core the two would
only take turns) and where :mod:`multiprocessing` has a forkserver (not on
Windows).  A build that renders nothing leaves the forkserver unused.  It ends
by itself when the build's process has ended (as soon as it has imported, if
it still was): ``bench/`` waits for it, so that its time and memory and its
workers' count as the build's.  The forkserver only imports: warming it up with a
sample face (as ``cardgen serve`` does, :mod:`cardgen.cards.warm`) would take
longer than the build needs to get to its faces.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os

PRELOAD = ["cardgen.cards.preload"]
"""What the forkserver imports before it forks a worker: the renderer, WeasyPrint with it
(:mod:`cardgen.cards.preload`, which lets a failed import go instead of ending the forkserver)."""

_started: list[multiprocessing.context.BaseContext] = []


def start_early() -> None:
    """Start the forkserver (once per process) where it pays; the build's pool takes it
    (:func:`early_context`)."""
    if _started or (os.cpu_count() or 1) < 2:
        return
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:                  # no forkserver on this platform: workers are forked or spawned
        return
    # lazy: the forkserver module, only here
    from multiprocessing import forkserver

    context.set_forkserver_preload(PRELOAD)
    try:
        forkserver.ensure_running()
    except OSError:                     # (a working folder that is gone): the build says what is wrong
        return
    _started.append(context)


def early_context() -> multiprocessing.context.BaseContext | None:
    """The forkserver :func:`start_early` started, or None."""
    return _started[0] if _started else None
