"""Each speedup of cardgen's speed layer (cardgen/speed/) measured with its switch, on the case it targets.

For every speedup, the same command runs with the whole layer on and with just that speedup off
(``CARDGEN_SPEEDUPS=-name``), interleaved (on, off, on, off ...), so that a machine's drift hits both
alike; the row gives both medians and the gain, (off - on) / off.  A speedup that gains less than
3 % of its case goes (docs/decisions/0058-speed-layer.md).  Used by ``bench/run.py --only speedups``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

HYPHENATED = ("from cardgen import speed; speed.install(); from cardgen.pdf.wrapper import render_pdf; "
              "render_pdf('<html lang=de><body style=\"hyphens: auto; width: 28mm\">Panzerabwehrkanonen "
              "Geländewagenbesatzung Bewegungsreichweite Rüstungswurftabelle</body></html>', '.')")
IMPORT = "from cardgen import speed; speed.install(); import cardgen.pdf.wrapper"
REBUILDS = ("import statistics, sys, time\nfrom pathlib import Path\nfrom cardgen import speed\nspeed.install()\n"
            "from cardgen.build.run import build\ncontent, out, unit = map(Path, sys.argv[1:4])\nbuild(content, out)\n"
            "original = unit.read_text(encoding='utf-8')\ntimes = []\nfor n in range(3):\n"
            "    unit.write_text(original.replace('\\nname: ', f'\\nname: F{n} ', 1), encoding='utf-8')\n"
            "    started = time.perf_counter()\n    build(content, out)\n    times.append(time.perf_counter() - started)\n"
            "unit.write_text(original, encoding='utf-8')\nprint(statistics.median(times))\n")
"""A process that builds 100 units, then rebuilds them three times, one unit edited each time, as ``cardgen
watch`` does (workers forked from a process that holds the content, the renderer and the build's state):
the median rebuild's seconds."""


def interleaved(runs: int, name: str, prepare: Callable[[], None], measure: Callable[[], float]) -> tuple[float, float]:
    """Median seconds with the layer on and with speedup ``name`` off, runs interleaved."""
    on, off = [], []
    for _ in range(runs):
        for switch, into in (("1", on), (f"-{name}", off)):
            os.environ["CARDGEN_SPEEDUPS"] = switch
            try:
                prepare()
                into.append(measure())
            finally:
                os.environ.pop("CARDGEN_SPEEDUPS", None)
    return statistics.median(on), statistics.median(off)


def speedup_rows(work: Path, runs: int, timed, generate, cardgen: list[str], project: Path,
                 progress: Callable[[str], None]) -> list[tuple[str, str, str, str]]:
    """(speedup and case, on, off, gain) rows."""
    rows = []

    def add(name: str, case: str, on: float, off: float) -> None:
        gain = (off - on) / off if off else 0.0
        verdict = "keep" if gain >= 0.03 else "UNDER 3 %: remove"
        rows.append((f"`{name}`: {case}", f"{on:.3f} s", f"{off:.3f} s", f"{gain:+.1%} ({verdict})"))

    def seconds(cmd: list[str], cwd: Path = project) -> Callable[[], float]:
        return lambda: timed(cmd, cwd)[0]

    progress("speedups: libraries")
    add("libraries", "a process importing WeasyPrint",
        *interleaved(runs, "libraries", lambda: None, seconds([sys.executable, "-c", IMPORT])))
    progress("speedups: hyphenation")
    timed([sys.executable, "-c", HYPHENATED], work)                 # the dictionary kept in the user's cache
    add("hyphenation", "a process's first hyphenated text",
        *interleaved(runs, "hyphenation", lambda: None, seconds([sys.executable, "-c", HYPHENATED], work)))
    progress("speedups: stylesheets")
    content, out = work / "speed-content", work / "speed-out"
    shutil.copytree(project / "content", content)
    cold = seconds([*cardgen, "build", "--content", str(content), "--out", str(out)])

    def no_output() -> None:
        shutil.rmtree(out, ignore_errors=True)
    add("stylesheets", "example content, cold build (44 faces)", *interleaved(runs, "stylesheets", no_output, cold))
    progress("speedups: gc")
    add("gc", "example content, cold build (44 faces)", *interleaved(runs, "gc", no_output, cold))
    repo = work / "speed-repo"
    gen = generate(100, repo / "content")
    here = [*cardgen, "build"]
    timed(here, repo)
    unit = sorted((gen / "units").glob("*.yaml"))[0]
    original = unit.read_text(encoding="utf-8")
    edits = iter(range(1, 10_000))

    def edit_unit() -> None:
        unit.write_text(original.replace("\nname: ", f"\nname: S{next(edits)} ", 1), encoding="utf-8")
    progress("speedups: forkserver")
    add("forkserver", "100 units, one unit changed", *interleaved(runs, "forkserver", edit_unit, seconds(here, repo)))

    book_folder = work / "speed-rulebook"
    book_folder.mkdir()
    book = book_folder / "Regelbuch.md"
    regelbuch = project.parent / "shared" / "rulebook" / "Regelbuch.md"
    rulebook = [*cardgen, "rulebook", "--assets", str(project / "cardgen" / "assets"), "--assets", str(regelbuch.parent),
                "--out", str(book_folder / "Regelbuch.pdf"), str(book)]

    def edit_book() -> None:
        book.write_text(regelbuch.read_text(encoding="utf-8").replace(
            "## Gelände\n", f"## Gelände\n\nAbsatz {next(edits)}.\n", 1), encoding="utf-8")
    if regelbuch.is_file():
        edit_book()
        timed(rulebook, book_folder)                                  # every chapter cached
        add("forkserver", "Regelbuch.md by chapters, one paragraph edited",
            *interleaved(runs, "forkserver", edit_book, seconds(rulebook, book_folder)))
        progress("speedups: gc")
        whole = [*rulebook, "--no-chapters"]
        add("gc", "Regelbuch.md laid out whole (`--no-chapters`)",
            *interleaved(runs, "gc", edit_book, seconds(whole, book_folder)))
        progress("speedups: arraytypes")

        def edit_book_cold() -> None:
            edit_book()
            shutil.rmtree(book_folder / "build" / ".cache" / "chapters", ignore_errors=True)
        add("arraytypes", "Regelbuch.md by chapters, cold (no chapter cached)",
            *interleaved(runs, "arraytypes", edit_book_cold, seconds(rulebook, book_folder)))
        progress("speedups: exit")
        add("exit", "Regelbuch.md by chapters, one paragraph edited",
            *interleaved(runs, "exit", edit_book, seconds(rulebook, book_folder)))
        timed(rulebook, book_folder)                                  # the last edit built: no change now
        add("exit", "Regelbuch.md by chapters, no change",
            *interleaved(runs, "exit", lambda: None, seconds(rulebook, book_folder)))

    progress("speedups: freeze")
    rebuilt = work / "speed-rebuilt"

    def rebuilds() -> float:
        proc = subprocess.run([sys.executable, "-c", REBUILDS, str(gen), str(rebuilt), str(unit)], cwd=repo,
                              capture_output=True, text=True, check=True)
        return float(proc.stdout.split()[-1])
    add("freeze", "100 units, one unit changed, built again in the same process (as `watch`)",
        *interleaved(runs, "freeze", lambda: None, rebuilds))

    def settled() -> None:          # a build after the edits, then the journal's 2 s guard
        timed(here, repo)
        time.sleep(2.1)
    progress("speedups: journal")
    edit_unit()
    timed(here, repo)
    add("journal", "100 units, no change", *interleaved(runs, "journal", settled, seconds(here, repo)))
    progress("speedups: warm")
    from serve import serve_seconds     # bench/serve.py, beside this script

    on, off = [], []
    for number in range(runs):
        for switch, into in (("1", on), ("-warm", off)):
            os.environ["CARDGEN_SPEEDUPS"] = switch
            folder = work / f"serve-{number}{switch}"
            folder.mkdir()
            try:
                into.append(serve_seconds(project, folder, 1)[1])
            finally:
                os.environ.pop("CARDGEN_SPEEDUPS", None)
    add("warm", "serve: edit → updated PDFs", statistics.median(on), statistics.median(off))
    return rows
