"""The processes that lay a book's chapters out, and keep each chapter laid out until it is numbered.

A chapter's page count does not depend on the numbers its margin boxes show, so a chapter is laid
out once (a ``lay`` job: its pages' facts come back, the layout stays in the process that made it),
and numbered and written when every chapter's count is known (a ``write`` job, sent to that same
process: :meth:`cardgen.pdf.parts.PartLaidOut.renumber` makes only the margin boxes again).  A chapter whose
count is known before (from the cache) is laid out, numbered and written in one job (``lay_write``).
A ``probe`` job cascades the probe of a book's structure, before the book is cut
(:mod:`cardgen.rulebook.structure`).  A ``check`` job cascades a document to tell whether the cuts kept from the last build, or found from the
book's structure, still hold (:class:`~cardgen.rulebook.chapters.SplitCheck`); where that document is the
chapter a ``lay`` job lays out, the check goes with that job and reads the layout's own styles.

:class:`ChapterPool` runs the jobs: in worker processes where there are several jobs and cores, or
the command started a forkserver that has WeasyPrint imported (one job too)
(each worker takes the next free job; a ``write`` waits for the worker holding its chapter), else
here, one after the other.  Each job's result is what :func:`run_job` returns.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, Union

from cardgen.pdf import timelimit
from cardgen.errors import RenderError
from cardgen.pdf.records import Cascade, PageFacts
from cardgen.rulebook.chapters import SplitChanged, SplitCheck, fits, still_fits
from cardgen.safefs import Roots
from cardgen.pdf.timelimit import EXIT_WORKER_TIMEOUT, time_limit_for_a_worker, timeout_message

if TYPE_CHECKING:
    from cardgen.pdf.parts import PartLaidOut


@dataclass(frozen=True)
class ChapterLayout:
    """One chapter laid out and numbered: its PDF, its pages' facts and what was said and read making it."""

    pdf: bytes
    facts: tuple[PageFacts, ...]
    warnings: tuple[str, ...] = ()
    read: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lay:
    """Lay chapter ``index`` out (``html``) and keep it; the result is its pages' facts.  ``check``: a
    :class:`Check` of this very document, told from the layout's own cascade (no second one:
    :func:`~cardgen.rulebook.chapters.checked_by_layout`)."""

    index: int
    html: str
    check: SplitCheck | None = None


@dataclass(frozen=True)
class Write:
    """Number the kept chapter ``index`` from ``first_page`` of ``total`` and write it (a :class:`ChapterLayout`)."""

    index: int
    first_page: int
    total: int


@dataclass(frozen=True)
class LayWrite:
    """:class:`Lay` and :class:`Write` in one job."""

    index: int
    html: str
    first_page: int
    total: int
    check: SplitCheck | None = None


@dataclass(frozen=True)
class Check:
    """Check that the cuts kept from the last split, or found from the book's structure, still fit
    (:func:`~cardgen.rulebook.chapters.still_fits`), beside the layout of its chapter; the job raises
    :class:`~cardgen.rulebook.chapters.SplitChanged` if not.  Its ``index`` is below every chapter's (-1, -2, …)."""

    check: SplitCheck
    index: int = -1


@dataclass(frozen=True)
class Probe:
    """Cascade the probe of a book's structure (:func:`~cardgen.rulebook.structure.probe_html`), before the
    book is cut: in a worker, whose WeasyPrint the chapters' layouts need anyway, the command needs none.
    The result is its :class:`~cardgen.pdf.records.Cascade`."""

    html: str
    index: int = -1000


Job = Union[Lay, Write, LayWrite, Check, Probe]


def written(laid_out: PartLaidOut, first_page: int, total: int) -> ChapterLayout:
    """``laid_out`` numbered from ``first_page`` of ``total``, and written."""
    laid_out.renumber(first_page, total)
    rendered = laid_out.write()
    facts = tuple(laid_out.page_facts(number) for number in range(laid_out.page_count))
    return ChapterLayout(rendered.pdf, facts, rendered.warnings, rendered.read, rendered.notes)


def run_job(job: Job, roots: Roots, kept: dict[int, PartLaidOut]) -> tuple[PageFacts, ...] | ChapterLayout | Cascade:
    """Do ``job``; ``kept`` holds the chapters this process laid out."""
    if isinstance(job, Write):
        return written(kept[job.index], job.first_page, job.total)
    if isinstance(job, Check):
        if not still_fits(job.check, roots):
            raise SplitChanged(f"chapter {job.check.index + 1} shows a new break or obstacle")
        return ()
    # lazy: WeasyPrint, only in the process that lays a chapter out (or probes a book's structure)
    from cardgen.pdf.parts import cascade, load_part

    if isinstance(job, Probe):
        return cascade(job.html, roots)

    laid_out = load_part(job.html, roots)
    if job.check is not None and not fits(job.check, laid_out.cascade()):
        raise SplitChanged(f"chapter {job.check.index + 1} shows a new break or obstacle")
    kept[job.index] = laid_out
    if isinstance(job, LayWrite):
        return written(laid_out, job.first_page, job.total)
    return tuple(laid_out.page_facts(number) for number in range(laid_out.page_count))


def _serve(connection: Connection, roots: Roots, build: int, limit: float) -> None:
    """A worker: run jobs until told to stop (``None``); an error goes back as the result."""
    # lazy: the render processes' set-up, only in a worker
    from cardgen.speed.workers import start_worker

    start_worker(build)
    time_limit_for_a_worker(limit)
    kept: dict[int, PartLaidOut] = {}
    while True:
        job = connection.recv()
        if job is None:
            return
        try:
            result: Any = run_job(job, roots, kept)
        except BaseException as exc:    # noqa: BLE001 -- handed to the build, which raises it
            result = exc
        try:
            connection.send(result)
        except Exception as exc:        # noqa: BLE001 -- an error that cannot be pickled: its words
            connection.send(RenderError(f"{type(result).__name__}: {result}" if isinstance(result, BaseException)
                                        else f"a chapter's result could not be sent back ({exc})"))


def _forkserver_started() -> bool:
    """Whether the command started the forkserver (:func:`cardgen.speed.workers.start_early`): it has
    imported WeasyPrint meanwhile, so that even one chapter is laid out quicker there than here, where
    WeasyPrint is not imported yet (nor needed, if no chapter is laid out)."""
    # lazy: the render processes' module, only where a chapter is laid out
    from cardgen.speed.workers import early_context

    return early_context() is not None


class ChapterPool:
    """Runs jobs for one book (see the module docstring); use as a context manager."""

    def __init__(self, roots: Roots, workers: int) -> None:
        self.roots = roots
        self.workers = workers
        self.kept: dict[int, PartLaidOut] = {}
        self.connections: list[Connection] = []
        self.processes: list[Any] = []
        self.holder: dict[int, int] = {}            # chapter → the worker that keeps it
        self.layouts = 0                            # chapters laid out (for the tests and the bench)

    def __enter__(self) -> ChapterPool:
        return self

    def __exit__(self, *exc: object) -> None:
        for connection in self.connections:
            try:
                connection.send(None)
            except OSError:
                pass
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()

    def _start(self, count: int) -> None:
        # lazy: the render processes, only for a book of several chapters
        from cardgen.cards import PRELOAD, WARM_PRELOAD
        from cardgen.speed.workers import forking, pool_context

        context: Any = pool_context(PRELOAD, WARM_PRELOAD) or multiprocessing.get_context()
        while len(self.connections) < count:
            here, there = context.Pipe()
            process = context.Process(target=_serve, args=(there, self.roots, os.getpid(), timelimit.MAX_RENDER_SECONDS), daemon=True)
            with forking(context):
                process.start()
            there.close()
            self.connections.append(here)
            self.processes.append(process)

    def cascade(self, html: str) -> Cascade:
        """The cascade of the probe ``html`` (a :class:`Probe` job): in a worker where the chapters will be
        laid out in workers -- the command then never imports WeasyPrint -- else here."""
        job = Probe(html)
        result = self.run([job], parallel=True)[job.index]
        assert isinstance(result, Cascade)
        return result

    def run(self, jobs: list[Job], parallel: bool = False) -> dict[int, Any]:
        """Each job's result, by chapter; ``parallel``: in the workers, even one job, where the book's
        chapters would be laid out in workers (several cores)."""
        self.layouts += sum(isinstance(job, (Lay, LayWrite)) for job in jobs)
        here = [job for job in jobs if isinstance(job, Write) and job.index in self.kept]
        elsewhere = [job for job in jobs if job not in here]
        results = {job.index: run_job(job, self.roots, self.kept) for job in here}
        if self.workers < 2 or (len(elsewhere) < 2 and not parallel and not self.connections and not _forkserver_started()):
            for job in elsewhere:
                self.holder.pop(job.index, None)
                results[job.index] = run_job(job, self.roots, self.kept)
            return results
        self._start(self.workers if parallel else min(self.workers, len(elsewhere)))
        return {**results, **self._run_in_workers(elsewhere)}

    def _ended(self, worker: int) -> RenderError:
        """Why worker ``worker`` ended mid-job: the time limit's one line, or what else it may be."""
        process = self.processes[worker]
        process.join(5)
        if process.exitcode == EXIT_WORKER_TIMEOUT:
            return RenderError(timeout_message(timelimit.MAX_RENDER_SECONDS))
        return RenderError("a layout worker ended before its chapter was done (killed, or out of memory?); "
                           "nothing was written -- build again")

    def _run_in_workers(self, jobs: list[Job]) -> dict[int, Any]:
        pending = list(jobs)
        busy: dict[int, Job] = {}
        results: dict[int, Any] = {}
        while pending or busy:
            for worker in range(len(self.connections)):
                if worker not in busy:
                    job = next((j for j in pending if self.holder.get(j.index, worker) == worker
                                or not isinstance(j, Write)), None)
                    if job is not None:
                        pending.remove(job)
                        if not isinstance(job, Write):
                            self.kept.pop(job.index, None)
                        busy[worker] = job
                        self.connections[worker].send(job)
            # a worker's end shows on its sentinel: its pipe may stay open in a sibling forked after it
            ready = wait([self.connections[w] for w in busy] + [self.processes[w].sentinel for w in busy])
            for worker in [w for w in busy if self.processes[w].sentinel in ready
                           and not self.connections[w].poll()]:
                raise self._ended(worker)
            for worker in [w for w in busy if self.connections[w] in ready]:
                job = busy.pop(worker)
                try:
                    result = self.connections[worker].recv()
                except (EOFError, OSError):
                    raise self._ended(worker) from None
                if isinstance(result, BaseException):
                    raise result
                self.holder[job.index] = worker
                results[job.index] = result
        return results
