"""Every process cardgen starts: the render workers, their forkserver, multiprocessing's resource tracker.

One module owns them, and with them two promises:

**No code of the project is ever imported by them.**  Python puts the working folder first on the
import path of a process started with ``-c`` -- and multiprocessing starts its forkserver and its
resource tracker so -- which would import a ``yaml.py``, ``pyphen.py``, ``weasyprint.py`` or a
``cardgen/`` (even a ``multiprocessing/``) of the folder a build runs in: code of a pull request
running in CI.  :func:`isolate_imports`, called before any of them starts, sets ``PYTHONSAFEPATH``
for every process cardgen starts (Python then puts no working or script folder on the path) and
takes out of ``PYTHONPATH`` every entry that is relative or lies at, inside or above the working
folder -- except the folder the running cardgen itself was imported from.  (``python -m cardgen``
in a hostile folder imports that folder's ``cardgen`` before cardgen runs at all: use the
``cardgen`` command, or ``python -P -m cardgen``.)

**No process outlives the build.**  A render worker of a forkserver is the forkserver's child, not
the build's, and it holds the forkserver's "alive" pipe open: killed with SIGKILL, the build left the
forkserver waiting for its workers and the workers waiting for their parent, the forkserver -- all of
them forever.  :func:`die_with_build` therefore watches the build's own process (a pidfd where Linux
has one, else by polling), whoever forked the worker; once the workers have ended, the forkserver and
the resource tracker see their pipes close and end too.

**The forkserver.**  :func:`start_early`, the first step of ``cardgen build`` and ``cardgen cards``,
starts multiprocessing's forkserver before cardgen's own modules are loaded: it imports the renderer
(:data:`cardgen.cards.PRELOAD`) on the second core while the build reads the content on the first, and then forks
each render worker with WeasyPrint already imported (measured: ``docs/benchmarks.md``).  It starts only
where there are two cores or more and where multiprocessing has a forkserver (not on Windows).
:func:`pool_context` says where a build's render pool takes its workers from.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import multiprocessing.context
import os
import select
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

from cardgen import speed

PR_SET_PDEATHSIG = 1                # prctl(2): the signal a process gets when its parent dies
PARENT_POLL_S = 0.5                 # where there is no pidfd: how often a worker checks that the build lives
PACKAGE_HOME = Path(__file__).resolve().parents[2]
"""The folder the running cardgen package was imported from."""

_started: list[multiprocessing.context.BaseContext] = []


def isolate_imports(cwd: str | None = None) -> None:
    """Keep the working folder (and anything at, inside or above it) off the import path of every
    Python process cardgen starts from now on (their environment is this process's)."""
    os.environ["PYTHONSAFEPATH"] = "1"
    entries = os.environ.get("PYTHONPATH")
    if entries is None:
        return
    kept = [entry for entry in entries.split(os.pathsep) if _importable_from(entry, cwd or os.getcwd())]
    if kept:
        os.environ["PYTHONPATH"] = os.pathsep.join(kept)
    else:
        del os.environ["PYTHONPATH"]


def _importable_from(entry: str, cwd: str) -> bool:
    """Whether a child process may import from ``entry`` of ``PYTHONPATH``."""
    if not entry or not os.path.isabs(entry):
        return False
    try:
        folder, here = Path(entry).resolve(), Path(cwd).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    if folder == PACKAGE_HOME:
        return True
    return not (folder == here or folder in here.parents or here in folder.parents)


def usable_cores() -> int:
    """The cores this process may run on (``taskset`` counted, unlike :func:`os.cpu_count`)."""
    with contextlib.suppress(AttributeError, OSError):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def start_early(preload: list[str]) -> None:
    """Start the forkserver (once per process) where it pays, importing ``preload`` (the modules the
    stage that forks the workers names: :data:`cardgen.cards.PRELOAD`); the build's pool takes it
    (:func:`pool_context`)."""
    if _started or usable_cores() < 2 or not speed.enabled("forkserver"):
        return
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:                  # no forkserver on this platform: workers are forked or spawned
        return
    try:
        isolate_imports()
    except OSError:                     # (a working folder that is gone): the build says what is wrong
        return
    # lazy: the forkserver module, only here
    from multiprocessing import forkserver

    context.set_forkserver_preload(preload)
    try:
        forkserver.ensure_running()
    except OSError:                     # (a working folder that is gone): the build says what is wrong
        return
    _started.append(context)


def early_context() -> multiprocessing.context.BaseContext | None:
    """The forkserver :func:`start_early` started, or None."""
    return _started[0] if _started else None


def pool_context(preload: list[str], warm: list[str]) -> multiprocessing.context.BaseContext | None:
    """Where the render pool's workers come from.

    On the main thread: from the forkserver ``cardgen build`` or ``cardgen cards`` started as
    its first step (:func:`start_early`), which has imported WeasyPrint meanwhile; otherwise
    (``watch``, a build called as a function) forked from this process (None: the default),
    WeasyPrint imported first.  On any other thread -- ``cardgen serve`` builds on a thread beside
    its web server's -- from a forkserver that imports WeasyPrint and warms the renderer up once
    (``warm``: :data:`cardgen.cards.WARM_PRELOAD`; ``preload`` with the speedup ``warm`` off) and forks each worker, because forking a process that runs other
    threads can hand the worker a lock one of them held."""
    isolate_imports()
    if threading.current_thread() is threading.main_thread():
        return early_context()
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(warm if speed.enabled("warm") else preload)
    return context


@contextlib.contextmanager
def forking(context: multiprocessing.context.BaseContext | None) -> Iterator[None]:
    """Around starting workers from ``context`` (None: the default): where they are forked from this
    process -- ``cardgen watch``, a build called as a function -- the garbage collector's objects are
    frozen while they start (:func:`gc.freeze`), so that a worker's collections never walk the objects
    it inherited, and so never copy the memory pages they lie in (a page a fork shares is copied when
    it is written, and a collection writes to every object it walks); unfrozen after, so this process
    collects as before (the speedup ``freeze``).  Workers of a forkserver inherit nothing of this
    process: nothing to do."""
    method = (context or multiprocessing.get_context()).get_start_method()
    if method != "fork" or not speed.enabled("freeze"):
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def start_worker(build: int) -> None:
    """Pool worker initializer: the speed layer armed (:func:`cardgen.speed.install`: a forkserver
    only imports), and :func:`die_with_build`."""
    speed.install()
    die_with_build(build)


def die_with_build(build: int) -> None:
    """End this worker when the build's process ``build`` ends, however it ends -- also where the
    worker's parent is a forkserver, which would wait for the worker.

    Linux: the kernel sends SIGTERM when the worker's parent dies (``PR_SET_PDEATHSIG``); a thread
    waits on a pidfd of the build (or, where there is none, checks every :data:`PARENT_POLL_S`)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() == 1 or not _alive(build):     # it ended before the lines above
        os._exit(1)
    pidfd = None
    with contextlib.suppress(OSError, AttributeError):
        pidfd = os.pidfd_open(build)

    def watch() -> None:
        if pidfd is not None:
            select.select([pidfd], [], [])      # readable once the build's process has ended
        else:
            while _alive(build):
                time.sleep(PARENT_POLL_S)
        os._exit(1)

    threading.Thread(target=watch, name="cardgen-build-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError, IndexError):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    return True
