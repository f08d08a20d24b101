"""``cardgen build`` and ``cardgen watch``: the command-line side of :mod:`cardgen.build`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cardgen.build import build
from cardgen.cards.printshop import print_shop_bleed
from cardgen.cli import (add_css_option, add_print_shop_option, add_project_options, os_error_line, project_of,
                         reload_project)
from cardgen.context import CardOptions, icon_set_line
from cardgen.errors import CardgenError, display_path
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.project import CSS_TARGETS


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
    started = time.perf_counter()
    options = CardOptions(print_shop=True, bleed_mm=print_shop_bleed(None)) if args.print_shop else None
    summary = build(args.content, args.out, strict=args.strict, reporter_factory=make_reporter,
                    project=project_of(args), extra_css=args.css, card_options=options)
    for warning in summary.warnings:
        print(warning, file=sys.stderr)
    for name in summary.removed:
        print(f"{'removed':>8}  {name}")
    if summary.icon_set:
        print(icon_set_line(summary.icon_set))
    seconds = time.perf_counter() - started
    print(f"built {len(summary.built)}, reused {len(summary.reused)}, "
          f"{len(summary.warnings)} warning(s) in {seconds:.2f} s")
    return 0


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
    """Rebuild on every saved change (debounced), printing each result; the project file is read
    again before each build (the folders watched are those of the first)."""
    # lazy: only `cardgen watch` needs it (and tests replace watchfiles.watch)
    from watchfiles import watch

    def once() -> None:
        try:
            reload_project(args)
            run_build(args)
        except CardgenError as exc:
            for line in exc.lines():
                print(line, file=sys.stderr)
        except OSError as exc:                       # e.g. a file vanished while it was read
            print(f"cardgen: {os_error_line(exc)}", file=sys.stderr)

    once()
    out = str(Path(args.out).absolute())

    def keep(change, path: str) -> bool:             # never our own writes: no build triggers the next
        return ("/.cache/" not in path and not path.endswith(".tmp") and "/.git/" not in path
                and path != out and not path.startswith(out + "/"))

    print(f"watching {display_path(args.content)} (Ctrl+C to stop)")
    for _ in watch(*watched_paths(args), debounce=400, step=100, watch_filter=keep):
        once()
    return 0


def add_parser(sub) -> None:
    for name, func, text in (("build", run_build, "validate, then build every output (incremental)"),
                             ("watch", run_watch, "rebuild on every saved change")):
        p = sub.add_parser(name, help=text)
        add_project_options(p, strict_help="warnings fail the build")
        add_css_option(p, "for every document of the build")
        add_print_shop_option(p)
        p.set_defaults(func=func)

