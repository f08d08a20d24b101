"""``cardgen build`` and ``cardgen watch``: the command-line side of :mod:`cardgen.build.run`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.commands.options import (add_chapters_option, add_css_option, add_print_shop_option, add_project_options,
                                     add_verbose_option, settings_of)
from cardgen.errors import UsageError, display_path, one_line
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.project.file import CSS_TARGETS
from cardgen import speed
from cardgen.project.settings import Settings, unadopted_line

if TYPE_CHECKING:           # the build's stages: imported by the functions that run them
    from cardgen.build.context import Summary


def step_line(name: str, status: str) -> str:
    """A step as :class:`PlainReporter` prints it."""
    return f"{status:>8}  {one_line(name)}"             # an output's name is made of file names


class PlainReporter:
    """One line per step (CI, pipes); ``lines`` keeps them (the journal of the run prints its steps)."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.lines: list[str] = []

    def step(self, name: str, status: str) -> None:
        line = step_line(name, status)
        self.lines.append(line)
        print(line, file=self.stream, flush=True)

    def close(self) -> None:
        pass


class RichReporter:
    """A progress bar on a terminal (rich; ``console``: rich's own on stdout unless given).  A step's name,
    made of file names, is shown as text: its control characters escaped, and never read as rich's markup
    (``[link=…]`` made a terminal hyperlink of it, an unmatched ``[/b]`` a traceback)."""

    def __init__(self, total: int, console=None):
        # lazy: rich, only on a terminal
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.progress = Progress(TextColumn("{task.description:<40}", markup=False), BarColumn(),
                                 MofNCompleteColumn(), transient=True, console=console)
        self.progress.start()
        self.task = self.progress.add_task("cardgen build", total=total)

    def step(self, name: str, status: str) -> None:
        self.progress.update(self.task, advance=1, description=f"{status} {one_line(name)}"[:40])

    def close(self) -> None:
        self.progress.stop()


def make_reporter(total: int):
    return RichReporter(total) if sys.stdout.isatty() else PlainReporter()


def run_build(args: argparse.Namespace) -> int:
    settings = settings_of(args)
    if settings.unadopted():
        raise UsageError(unadopted_line(settings.project.root))
    build_and_report(settings, command_line=getattr(args, "command_line", None))
    return 0


def build_and_report(settings: Settings, reporter_factory=make_reporter,
                     command_line: list[str] | None = None) -> Summary:
    """``cardgen build``: build, print the warnings, removed outputs and the summary line; the summary.
    ``reporter_factory=None``: no line per step (``cardgen serve``).  With ``command_line`` (the
    ``cardgen`` command itself, :mod:`cardgen.entry`), the run leaves its journal: the same command
    finding nothing changed replays it next time (:mod:`cardgen.speed.journal`)."""
    # lazy: the build's stages (content, cards, rulebooks); every command builds this module's parser
    from cardgen.build.run import build_run
    from cardgen.build.context import CardOptions, CardsDoNotFit
    from cardgen.speed.journal import Recorder

    started = time.perf_counter()
    options = CardOptions(print_shop=True) if settings.print_shop else None
    project = settings.project
    journal = (Recorder(command_line, project.root, settings.content, settings.out, list(settings.css))
               if command_line else None)
    reporters: list = []

    def reporter(total: int):
        reporters.append(reporter_factory(total))
        return reporters[-1]

    try:
        summary = build_run(settings, reporter if reporter_factory else None, options)
    except BaseException as exc:
        if journal:
            journal.forget()
        if isinstance(exc, CardsDoNotFit):           # the rest was written: said as a build says it
            report(exc.summary, settings.verbose, started)
        raise
    report(summary, settings.verbose, started)
    if journal:
        # what the same command prints when it finds nothing changed: every step reused (as it says
        # it, with a reporter that prints steps), what every run says again, nothing removed
        prints_steps = any(hasattr(r, "lines") for r in reporters)
        steps = [("stdout", step_line(name, again)) for name, again in summary.steps] if prints_steps else []
        journal.finish(steps + _said(summary, settings.verbose, again=True),
                       f"built 0, reused {len(summary.built) + len(summary.reused)}, "
                       f"{len(summary.warnings)} warning(s)")
    return summary


def report(summary: Summary, verbose: bool, started: float) -> None:
    """Print what a build said (notes, warnings, removed outputs) and its counts."""
    for stream, line in _said(summary, verbose):
        print(line, file=sys.stderr if stream == "stderr" else sys.stdout)
    counts = f"built {len(summary.built)}, reused {len(summary.reused)}, {len(summary.warnings)} warning(s)"
    print(f"{counts} in {time.perf_counter() - started:.2f} s", flush=True)


def _said(summary: Summary, verbose: bool, again: bool = False) -> list[tuple[str, str]]:
    """The lines a build prints after its steps, each with its stream: notes, warnings, the outputs it
    removed, the pictures from cardgen's icon set; each on one line (a font's family, an output's name).
    ``again``: those a run of the same command finding nothing changed prints (the journal's)."""
    from cardgen.build.context import icon_set_line

    said = [("stdout", note) for note in (summary.notes_again if again else summary.notes)]
    said += [("stderr", warning) for warning in summary.warnings]
    said += [] if again else [("stdout", f"{'removed':>8}  {name}") for name in summary.removed]
    said += [("stdout", icon_set_line(summary.icon_set, verbose))] if summary.icon_set else []
    said += [("stdout", chapters_line(name, *laid)) for name, laid in summary.chapters.items()] if verbose and not again else []
    return [(stream, one_line(line)) for stream, line in said]


def chapters_line(name: str, laid_out: tuple[int, ...], count: int) -> str:
    """``chapters  rulebooks/Regeln.pdf: laid out 2, 4 of 5`` (``-v``): which chapters of a book this run laid
    out, counted from 1; the others came from the chapter cache (:mod:`cardgen.rulebook.bychapter`)."""
    which = ", ".join(str(i + 1) for i in laid_out) or "none"
    return f"{'chapters':>8}  {name}: laid out {which} of {count}"


def rebuild(settings: Settings, reporter_factory=make_reporter) -> Summary:
    """One build of the warm worker: the project file read again (it may have changed; the folders
    watched are those of the first), then :func:`build_and_report`."""
    return build_and_report(settings.reload(), reporter_factory)


def watched_paths(settings: Settings) -> list[Path]:
    """What a rebuild may read: the content, cardgen's templates and icons, and of the project its
    file, theme folder, asset folders, stylesheets and the rulebooks' folders (those that exist)."""
    project = settings.project
    paths = [settings.content, TEMPLATES_DIR, ASSETS_DIR, *settings.css]
    if project.file is not None:
        paths += [project.file, *project.assets, *project.fonts]
        paths += [p for target in CSS_TARGETS for p in project.stylesheets(target)]
        paths += [project.theme] if project.theme is not None else []
        paths += sorted({source.parent for source in project.rulebook_sources() or ()})
        paths += [project.root / "translations"] if project.translations else []     # the PO files (cardgen.i18n)
    seen: dict[Path, None] = {}
    for path in paths:
        if path.exists():
            seen.setdefault(path.absolute(), None)
    return list(seen)


def run_watch(args: argparse.Namespace) -> int:
    """Rebuild on every saved change (debounced), printing each result: the warm worker of
    :mod:`cardgen.serve.worker`, in the foreground."""
    # lazy: the warm worker and its file watcher, only for watch
    from cardgen.serve.worker import BuildWorker, changes_from_now

    if speed.enabled("warm"):
        # lazy: WeasyPrint; this process warmed up once, the workers forked for each build start warm
        from cardgen.cards.warm import warm_up

        warm_up()

    settings = settings_of(args)
    worker = BuildWorker(lambda: rebuild(settings))
    changes = changes_from_now(watched_paths(settings), settings.out)   # a save during the first build counts
    worker.run_once()
    print(f"watching {display_path(settings.content)} (Ctrl+C to stop)")
    for _ in changes:
        worker.run_once()
    return 0


def add_parser(sub) -> None:
    for name, func, text in (("build", run_build, "validate, then build every output (incremental)"),
                             ("watch", run_watch, "rebuild on every saved change")):
        p = sub.add_parser(name, help=text)
        add_project_options(p, strict_help="warnings fail the build")
        add_css_option(p, "for every document of the build")
        add_print_shop_option(p)
        add_chapters_option(p)
        add_verbose_option(p)
        p.add_argument("--draft", action="store_true", default=None,
                       help="rulebooks as drafts: the TODO notes shown, and in each translation every block "
                            "printed in the source's words (its entry fuzzy or missing) marked in the margin")
        p.set_defaults(func=func)

