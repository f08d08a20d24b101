"""The warm worker: the normal incremental build (:func:`cardgen.build.run.build`), run again after
every saved change -- shared by ``cardgen watch`` and ``cardgen serve``.

``cardgen watch`` runs it in the foreground, one build per change set;
``cardgen serve`` runs it on one background thread beside the web server
(:meth:`BuildWorker.start`), so WeasyPrint, the fonts, the icons and the
hyphenation dictionary stay loaded between builds, and the preview page shows
what the last build said (:class:`Status`).  Requests that arrive while a build
runs are folded into one more build afterwards.  A content or render error
ends that build, never the worker; so does any other exception (a bug in
cardgen): it is reported in one line, its traceback follows on stderr, the
status says ``failed`` (never ``current``), and the next saved change builds
again.

:func:`watch_changes` is the one file watcher of both commands (watchfiles,
debounced); it never reports the build's own writes (``OUT``, caches, ``.tmp``
files, ``.git``), so no build triggers the next.
"""

from __future__ import annotations

import queue
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from cardgen.safefs import os_error_line
from cardgen.build.context import Summary
from cardgen.errors import CardgenError, one_line

WATCH_STEP_MS = 50                  # how often watchfiles looks for the end of a burst of changes


@dataclass(frozen=True)
class Status:
    """What the worker is doing, for the preview page.

    ``state``: ``waiting`` (nothing built yet), ``rendering``, ``current`` (the
    PDFs match the files as last saved) or ``failed`` (the last build stopped:
    the PDFs are those of the build before); ``off`` for ``cardgen serve --no-build``.
    ``lines``: the errors of a failed build, the warnings of a current one; ``summary``: ``built N, reused M``;
    ``number`` counts finished builds."""

    state: str = "waiting"
    lines: tuple[str, ...] = ()
    summary: str = ""
    number: int = 0


class BuildWorker:
    """Runs ``step`` (a build that reports and returns its :class:`~cardgen.build.context.Summary`) once
    per request; ``listener`` is called after every change of :attr:`status`."""

    def __init__(self, step: Callable[[], Summary], listener: Callable[[], None] = lambda: None):
        self.step = step
        self.listener = listener
        self.status = Status()
        self._wanted = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> Status:
        """One build, now, in this thread: errors are printed (stderr) and kept, never raised."""
        self._set(Status("rendering", self.status.lines, self.status.summary, self.status.number))
        trace = ""
        try:
            summary = self.step()
        except CardgenError as exc:
            lines = exc.lines()
            self._set(Status("failed", tuple(lines), "", self.status.number + 1))
        except OSError as exc:                       # e.g. a file vanished while it was read
            lines = [f"cardgen: {os_error_line(exc)}"]
            self._set(Status("failed", tuple(lines), "", self.status.number + 1))
        except Exception as exc:  # noqa: BLE001 -- a bug: reported, and the worker keeps watching
            lines = [bug_line(exc, "the build")]
            trace = traceback.format_exc()
            self._set(Status("failed", tuple(lines), "", self.status.number + 1))
        else:
            done = f"built {len(summary.built)}, reused {len(summary.reused)}, {len(summary.warnings)} warning(s)"
            self._set(Status("current", tuple(summary.warnings), done, self.status.number + 1))
            return self.status
        for line in lines:
            print(line, file=sys.stderr, flush=True)
        if trace:
            print(trace, end="", file=sys.stderr, flush=True)
        return self.status

    def start(self) -> None:
        """Build in the background from now on: at once, then after each :meth:`request`."""
        self._wanted.set()
        self._thread = threading.Thread(target=self._loop, name="cardgen-build-worker", daemon=True)
        self._thread.start()

    def request(self) -> None:
        """Ask for one more build (the status says ``rendering`` until it is done)."""
        if self.status.state != "rendering":
            self._set(Status("rendering", self.status.lines, self.status.summary, self.status.number))
        self._wanted.set()

    def stop(self, timeout: float | None = None) -> None:
        """End the background thread after the build it is running (if any)."""
        self._stopped.set()
        self._wanted.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _loop(self) -> None:
        while True:
            self._wanted.wait()
            if self._stopped.is_set():
                return
            self._wanted.clear()
            self.run_once()

    def _set(self, status: Status) -> None:
        self.status = status
        self.listener()


def bug_line(exc: BaseException, what: str) -> str:
    """One line about an exception that is not a :class:`~cardgen.errors.CardgenError`: a bug."""
    return one_line(f"cardgen: internal error in {what} (a bug in cardgen, please report it): "
                    f"{type(exc).__name__}: {exc}")


def keep_change(out: Path) -> Callable[[object, str], bool]:
    """The watch filter: every change but the build's own writes below ``out``, caches, ``.tmp``
    files and ``.git``."""
    folder = str(Path(out).absolute())

    def keep(change: object, path: str) -> bool:
        return ("/.cache/" not in path and not path.endswith(".tmp") and "/.git/" not in path
                and path != folder and not path.startswith(folder + "/"))
    return keep


def watch_changes(paths: Iterable[Path], out: Path, debounce_ms: int = 400,
                  stop: threading.Event | None = None) -> Iterator[set]:
    """Each set of saved changes below ``paths`` (debounced), until ``stop`` is set."""
    # lazy: only watch and serve need it (and tests replace watchfiles.watch)
    import watchfiles

    keep = keep_change(out)
    if stop is None:                                 # (tests replace watchfiles.watch by a stand-in)
        yield from watchfiles.watch(*paths, debounce=debounce_ms, step=WATCH_STEP_MS, watch_filter=keep)
    else:
        yield from watchfiles.watch(*paths, debounce=debounce_ms, step=WATCH_STEP_MS, watch_filter=keep,
                                    stop_event=stop)


def changes_from_now(paths: Iterable[Path], out: Path) -> Iterator[set]:
    """:func:`watch_changes`, its watcher started now, on a thread of its own, so that a save made
    while the caller builds (the first build of ``cardgen watch`` above all) is not missed.

    The watcher is read once per change set the caller takes: it reads again when the caller asks
    for the next one (after its build), and watchfiles keeps what was saved meanwhile for that read."""
    found: queue.Queue = queue.Queue()
    taken = threading.Semaphore(0)

    def run() -> None:
        try:
            for change in watch_changes(paths, out):
                found.put(change)
                taken.acquire()
        except BaseException as exc:  # noqa: BLE001 -- handed to the caller's thread, raised there
            found.put(exc)
            return
        found.put(None)

    threading.Thread(target=run, name="cardgen-watch", daemon=True).start()

    def feed() -> Iterator[set]:
        while (item := found.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield item
            taken.release()
    return feed()
