"""cardgen benchmark: medians over repeated runs, printed as a Markdown table.

    .venv/bin/python bench/run.py [--runs 3] [--scale 10,100,1000] [--skip-chromium]

Figures (each the median of --runs runs, each run a fresh process):
  cold full build of the example content; no-change rebuild; one unit changed;
  the user's rulebook alone (../shared/rulebook/Regelbuch.md, if present);
  generated content sets of 10 / 100 / 1000 units: cold time and peak memory
  (largest resident set of any process of the run).
Where Chromium is installed, the same HTML is printed with headless
Chromium's --print-to-pdf and the ratio cardgen / Chromium is shown.
Only public tools are used; nothing here is asserted by the test suite.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate  # noqa: E402

PROJECT = Path(__file__).resolve().parents[1]
CARDGEN = [sys.executable, "-m", "cardgen"]
REGELBUCH = PROJECT.parent / "shared" / "rulebook" / "Regelbuch.md"


def timed(cmd: list[str], cwd: Path = PROJECT) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of the largest process of ``cmd`` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def median_of(runs: int, prepare, cmd: list[str]) -> tuple[float, float]:
    times, peaks = [], []
    for _ in range(runs):
        prepare()
        seconds, peak = timed(cmd)
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), max(peaks)


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def chromium_seconds(html: Path, runs: int) -> float | None:
    """Median time of headless Chromium printing ``html`` to PDF."""
    exe = chromium()
    if exe is None:
        return None
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--no-first-run",
                   f"--user-data-dir={profile}", "--no-pdf-header-footer",
                   f"--print-to-pdf={profile}/out.pdf", html.as_uri()]
            times.append(timed(cmd)[0])
    return statistics.median(times)


def dump_html(kind: str, source: Path, target: Path) -> Path:
    """The HTML cardgen renders, for Chromium to print (same input for both)."""
    subprocess.run([sys.executable, str(PROJECT / "bench" / "html.py"), kind, str(source), str(target)],
                   check=True, cwd=PROJECT)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", default="10,100,1000")
    parser.add_argument("--skip-chromium", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    rows: list[tuple[str, str, str, str]] = []

    def fresh(out: Path):
        return lambda: shutil.rmtree(out, ignore_errors=True)

    content = work / "content"
    shutil.copytree(PROJECT / "content", content)
    out = work / "out"
    build = [*CARDGEN, "build", "--content", str(content), "--out", str(out)]
    t, m = median_of(args.runs, fresh(out), build)
    rows.append(("example content, cold full build", f"{t:.2f} s", f"{m:.0f} MiB", ""))
    t, m = median_of(args.runs, lambda: None, build)
    rows.append(("example content, no change", f"{t:.2f} s", f"{m:.0f} MiB", ""))
    unit = sorted((content / "units").glob("*.yaml"))[0]
    original = unit.read_text(encoding="utf-8")

    def touch_unit():
        edits = touch_unit.count = getattr(touch_unit, "count", 0) + 1
        unit.write_text(original.replace("\nname: ", f"\nname: X{edits} ", 1), encoding="utf-8")
    t, m = median_of(args.runs, touch_unit, build)
    rows.append(("example content, one unit changed", f"{t:.2f} s", f"{m:.0f} MiB", ""))
    unit.write_text(original, encoding="utf-8")

    exe = None if args.skip_chromium else chromium()
    if REGELBUCH.is_file():
        rb_out = work / "Regelbuch.pdf"
        t, m = median_of(args.runs, lambda: None, [*CARDGEN, "rulebook", str(REGELBUCH), "--assets", "assets",
                                                   "--out", str(rb_out)])
        ratio = ""
        if exe:
            c = chromium_seconds(dump_html("rulebook", REGELBUCH, work / "rulebook.html"), args.runs)
            ratio = f"Chromium {c:.2f} s, ratio {t / c:.2f}"
        rows.append(("user's rulebook", f"{t:.2f} s", f"{m:.0f} MiB", ratio))

    previous = None
    for n in [int(x) for x in args.scale.split(",") if x]:
        gen = generate(n, work / f"content-{n}")
        out_n = work / f"out-{n}"
        cmd = [*CARDGEN, "build", "--content", str(gen), "--out", str(out_n)]
        t, m = median_of(args.runs, fresh(out_n), cmd)
        note = f"{t / n * 1000:.0f} ms/unit"
        if previous:
            note += f", ×{t / previous[1]:.1f} time for ×{n / previous[0]:.0f} units"
        if exe:
            c = chromium_seconds(dump_html("cards", gen, work / f"cards-{n}.html"), args.runs)
            note += f"; Chromium {c:.2f} s, ratio {t / c:.2f}"
        rows.append((f"{n} generated units, cold", f"{t:.2f} s", f"{m:.0f} MiB", note))
        previous = (n, t)

    print(f"cardgen benchmark, {date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, median of {args.runs} runs\n")
    print("| figure | time | peak memory | notes |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
