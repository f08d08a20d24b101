"""``cardgen build`` and ``cardgen watch``: the command-line side of :mod:`cardgen.build`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cardgen.build import build
from cardgen.cards.printshop import print_shop_bleed
from cardgen.cli import add_css_option, add_print_shop_option, add_project_options, project_of, reload_project
from cardgen.context import CardOptions, Summary, icon_set_line
from cardgen.errors import display_path
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.project import CSS_TARGETS
from cardgen.serve.worker import BuildWorker, watch_changes


class PlainReporter:
    """One line per step (CI, pipes)."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout

    def step(self, name: str, status: str) -> None:
        print(f"{status:>8}  {name}", file=self.stream, flush=True)

    def close(self) -> None:
        pass


class RichReporter:
    """A progress bar on a terminal (rich)."""

    def __init__(self, total: int):
        # lazy: rich, only on a terminal
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.progress = Progress(TextColumn("{task.description:<40}"), BarColumn(), MofNCompleteColumn(),
                                 transient=True)
        self.progress.start()
        self.task = self.progress.add_task("cardgen build", total=total)

    def step(self, name: str, status: str) -> None:
        self.progress.update(self.task, advance=1, description=f"{status} {name}"[:40])

    def close(self) -> None:
        self.progress.stop()


def make_reporter(total: int):
    return RichReporter(total) if sys.stdout.isatty() else PlainReporter()


def run_build(args: argparse.Namespace) -> int:
    build_and_report(args)
    return 0


def build_and_report(args: argparse.Namespace, reporter_factory=make_reporter) -> Summary:
    """``cardgen build``: build, print the warnings, removed outputs and the summary line; the summary.
    ``reporter_factory=None``: no line per step (``cardgen serve``)."""
    started = time.perf_counter()
    options = CardOptions(print_shop=True, bleed_mm=print_shop_bleed(None)) if args.print_shop else None
    summary = build(args.content, args.out, strict=args.strict, reporter_factory=reporter_factory,
                    project=project_of(args), extra_css=args.css, card_options=options)
    for warning in summary.warnings:
        print(warning, file=sys.stderr)
    for name in summary.removed:
        print(f"{'removed':>8}  {name}")
    if summary.icon_set:
        print(icon_set_line(summary.icon_set))
    seconds = time.perf_counter() - started
    print(f"built {len(summary.built)}, reused {len(summary.reused)}, "
          f"{len(summary.warnings)} warning(s) in {seconds:.2f} s", flush=True)
    return summary


def rebuild(args: argparse.Namespace, reporter_factory=make_reporter) -> Summary:
    """One build of the warm worker: the project file read again (it may have changed; the folders
    watched are those of the first), then :func:`build_and_report`."""
    reload_project(args)
    return build_and_report(args, reporter_factory)


def watched_paths(args: argparse.Namespace) -> list[Path]:
    """What a rebuild may read: the content, cardgen's templates and icons, and of the project its
    file, theme folder, asset folders, stylesheets and the rulebooks' folders (those that exist)."""
    project = project_of(args)
    paths = [Path(args.content), TEMPLATES_DIR, ASSETS_DIR, *map(Path, args.css)]
    if project.file is not None:
        paths += [project.file, *project.assets, *project.fonts]
        paths += [p for target in CSS_TARGETS for p in project.stylesheets(target)]
        paths += [project.theme] if project.theme is not None else []
        paths += sorted({source.parent for source in project.rulebook_sources() or ()})
    seen: dict[Path, None] = {}
    for path in paths:
        if path.exists():
            seen.setdefault(path.absolute(), None)
    return list(seen)


def run_watch(args: argparse.Namespace) -> int:
    """Rebuild on every saved change (debounced), printing each result: the warm worker of
    :mod:`cardgen.serve.worker`, in the foreground."""
    worker = BuildWorker(lambda: rebuild(args))
    worker.run_once()
    # lazy: WeasyPrint; importing it warms this process up once, so the workers forked for each rebuild start warm
    import cardgen.cards.warm  # noqa: F401

    print(f"watching {display_path(args.content)} (Ctrl+C to stop)")
    for _ in watch_changes(watched_paths(args), args.out):
        worker.run_once()
    return 0


def add_parser(sub) -> None:
    for name, func, text in (("build", run_build, "validate, then build every output (incremental)"),
                             ("watch", run_watch, "rebuild on every saved change")):
        p = sub.add_parser(name, help=text)
        add_project_options(p, strict_help="warnings fail the build")
        add_css_option(p, "for every document of the build")
        add_print_shop_option(p)
        p.set_defaults(func=func)

