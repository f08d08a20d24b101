"""The time limit on laying out or writing one document: a hang on hostile HTML or CSS becomes one line.

Apart from :mod:`cardgen.pdf.wrapper` (which applies it), so that a process that only waits for its layout
workers -- a rulebook rebuilt chapter by chapter -- knows the limit without importing WeasyPrint.
"""

from __future__ import annotations

import contextlib
import os
import threading
from typing import Any, Iterator

MAX_RENDER_SECONDS = 300.0                  # laying out or writing one document (the user's
                                            # 52-page rulebook takes about 4 s)


EXIT_TIMEOUT = 1                            # the exit code of a process ended by the time limit
EXIT_WORKER_TIMEOUT = 124                   # ... of a layout worker so ended: its parent says the line
_worker_limit: list[float] = []             # in a layout worker: the build's limit (the worker says nothing)
_worker_ended: list[Any] = []               # ... and what it sets before it ends so (an Event), if anything


def time_limit_for_a_worker(seconds: float, ended: Any = None) -> None:
    """In a layout or render worker process: every document gets the build's limit ``seconds`` (a worker
    of a forkserver does not share the build's module state), and the limit ends the worker with
    :data:`EXIT_WORKER_TIMEOUT` and writes nothing -- ``ended`` (a multiprocessing Event, for a pool that
    does not tell its workers' exit codes) is set first: the build that waits for it says the one line
    (:func:`timeout_message`)."""
    _worker_limit[:] = [seconds]
    _worker_ended[:] = [ended] if ended is not None else []


def timeout_message(seconds: float) -> str:
    """The one line a document over the time limit ends its process with."""
    return (f"cardgen: laying out a document took longer than {seconds:g} s; look for deeply nested boxes "
            "(flex, grid, tables) or huge spans in its raw HTML or CSS")


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """End this process with one line (:func:`timeout_message`) if the body takes longer than ``seconds``.

    Some raw HTML and CSS (deeply nested flex boxes, huge spans) take WeasyPrint exponential time;
    the limit turns that hang into one error.  A watchdog thread waits beside the body and, once the
    time is up, writes the line to stderr and ends the process (exit 1): no signal and no exception is
    raised into whatever code runs at that moment (a signal handler's exception once surfaced inside a
    garbage collector's callback).  A worker (:func:`time_limit_for_a_worker`) ends quietly, and the
    build that waits for it says the line (:func:`cardgen.cards.faces.render_faces`,
    :class:`cardgen.rulebook.chapterpool.ChapterPool`); the build's own process so ended has committed
    no output (every output is staged and put in place only at the end).  It applies on the main
    thread of a process (the command, each render worker); a build on another thread (``cardgen
    serve``'s) runs unlimited rather than end the server."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    done = threading.Event()
    seconds = _worker_limit[0] if _worker_limit else seconds

    def watch() -> None:
        if not done.wait(seconds):
            if _worker_limit:
                for ended in _worker_ended:
                    ended.set()
                os._exit(EXIT_WORKER_TIMEOUT)
            os.write(2, (timeout_message(seconds) + "\n").encode())
            os._exit(EXIT_TIMEOUT)

    threading.Thread(target=watch, name="cardgen-time-limit", daemon=True).start()
    try:
        yield
    finally:
        done.set()
