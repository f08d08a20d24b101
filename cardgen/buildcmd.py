"""``cardgen build`` and ``cardgen watch``: the command-line side of :mod:`cardgen.build`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cardgen.build import build
from cardgen.cli import os_error_line
from cardgen.errors import CardgenError
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR


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
    summary = build(args.content, args.out, strict=args.strict, reporter_factory=make_reporter)
    for warning in summary.warnings:
        print(warning, file=sys.stderr)
    for name in summary.removed:
        print(f"{'removed':>8}  {name}")
    seconds = time.perf_counter() - started
    print(f"built {len(summary.built)}, reused {len(summary.reused)}, "
          f"{len(summary.warnings)} warning(s) in {seconds:.2f} s")
    return 0


def run_watch(args: argparse.Namespace) -> int:
    """Rebuild on every saved change (debounced), printing each result."""
    # lazy: only `cardgen watch` needs it (and tests replace watchfiles.watch)
    from watchfiles import watch

    def once() -> None:
        try:
            run_build(args)
        except CardgenError as exc:
            for line in exc.lines():
                print(line, file=sys.stderr)
        except OSError as exc:                       # e.g. a file vanished while it was read
            print(f"cardgen: {os_error_line(exc)}", file=sys.stderr)

    once()
    print(f"watching {args.content} (Ctrl+C to stop)")
    for _ in watch(args.content, TEMPLATES_DIR, ASSETS_DIR, debounce=400, step=100,
                   watch_filter=lambda change, path: "/.cache/" not in path and not path.endswith(".tmp")):
        once()
    return 0


def add_parser(sub) -> None:
    for name, func, text in (("build", run_build, "validate, then build every output (incremental)"),
                             ("watch", run_watch, "rebuild on every saved change")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--content", type=Path, default=Path("content"), metavar="DIR",
                       help="content folder (default: ./content)")
        p.add_argument("--out", type=Path, default=Path("build"), metavar="DIR",
                       help="output folder (default: ./build)")
        p.add_argument("--strict", action="store_true", help="warnings fail the build")
        p.set_defaults(func=func)
