"""cardgen benchmark: medians over repeated runs, printed as a Markdown table.

    .venv/bin/python bench/run.py [--runs 3] [--quick] [--scale 10,100,1000] [--skip-chromium]
                                  [--skip-typst] [--only example,site,serve,edit,rulebook,scale,speedups,startup]
                                  [--baseline OTHER_CHECKOUT/.venv/bin/python]

Every run is a fresh ``python -m cardgen`` process (start-up included), with cardgen's modules
compiled once before (as an installed package has them; ``PYTHONDONTWRITEBYTECODE`` is dropped
from the runs' environment).  Figures:

* the example content (content/): cold full build into a fresh output folder,
  and a rebuild with no change;
* the web edition of the example content (``cardgen site``): cold into a fresh output folder, and
  again after one unit's name was edited (every page and the search index written again);
* a generated 100-unit set (bench/generate.py) in a folder laid out as a designer's repository
  (``content/``, ``build/``, ``cardgen build`` run in it): a rebuild after editing one unit's name
  (target <= 1.2 s); the first rebuild with no change after a build (replayed from the journal the
  build left, cardgen/speed/journal.py, target <= 0.25 s) and a rebuild with no change after that
  (replayed too);
* ``cardgen serve`` on the example content (bench/serve.py): from saving a
  unit to the refreshed preview page, and to the warm worker's updated PDFs;
* the user's rulebook alone (``cardgen rulebook ../shared/rulebook/Regelbuch.md
  --assets cardgen/assets``), where ../shared exists;
* the scale series: generated sets of 10 / 100 / 1000 units (--quick: 10 and
  100), cold; time per unit and growth factor;
* ``cardgen balance`` (the balance report, build/balance.pdf) on the example content (target <= 10 s)
  and on a generated 1000-unit set (target <= 20 s);
* each speedup of the speed layer (cardgen/speed/) on the case it targets, with the layer on and
  with that speedup off, interleaved (bench/speedups.py): a second table.

Each time is the median of --runs runs (the 1000-unit set: at least 3, as
--runs says), and so is the CPU time beside it (user + system of every
process of the run: the pool's workers included, so it can exceed the wall
time; on a busy machine it is the steadier figure).  ``--only`` runs some of
the groups of figures (``edit`` is the 100-unit incremental pair).  Peak memory is the largest resident set of any process of the
run (the card build renders faces in a process pool), from
``getrusage(RUSAGE_CHILDREN)`` in a small wrapper process that times the
command and then waits for every process it started, also those that outlive
it (``cardgen build``'s forkserver, :mod:`cardgen.speed.workers`); the table
shows the largest over the runs.

Where ``chromium`` / ``chromium-browser`` / ``google-chrome`` is on PATH, the
same HTML (bench/html.py: the rulebook's book HTML; the unit faces of a
generated set, one face per page) is printed with ``chromium --headless
--print-to-pdf`` and the ratio cardgen / Chromium is shown.  Note that the
cardgen figure of a generated set also renders its 8 power cards and imposes
the sheets; Chromium only prints the faces.

Where the ``typst`` wheel is installed (``pip install typst``; tested with
0.15.x, not a dependency of cardgen), the scale series also times Typst
compiling the same unit faces, one per page, as a reference for the physical
limit: our own drawing of the card in Typst (bench/typst/unit_card.typ: the
same blocks, text, icons and pictures) from cardgen's card views, which
``bench/html.py typst`` dumps to JSON once before the runs
(bench/typst_card.py compiles them, a fresh process per run: start-up and
import included, like Chromium's).  The row shows the ratio cardgen / Typst.

Only public tools are used; nothing here is asserted by the test suite.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
GROUPS = "example,site,serve,edit,rulebook,scale,balance,speedups,startup"
CARDGEN = [sys.executable, "-m", "cardgen"]
REGELBUCH = PROJECT.parent / "shared" / "rulebook" / "Regelbuch.md"
# The wrapper every command runs under: it times the command until the command itself exits, then --
# being a "subreaper" (Linux), which its orphaned descendants are handed to -- waits for every process
# the command started, also those that outlive it (cardgen build's forkserver, whose workers it waits
# for), so that getrusage(RUSAGE_CHILDREN) holds the CPU time of all of them and the largest resident
# set of any of them.
RUSAGE_WRAPPER = ("import ctypes, os, resource, subprocess, sys, time\n"
                  "if sys.platform.startswith('linux'):\n"
                  "    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)    # PR_SET_CHILD_SUBREAPER\n"
                  "started = time.perf_counter()\n"
                  "code = subprocess.run(sys.argv[1:]).returncode\n"
                  "seconds = time.perf_counter() - started\n"
                  "while True:\n"
                  "    try:\n"
                  "        os.wait()\n"
                  "    except ChildProcessError:\n"
                  "        break\n"
                  "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
                  "print('Wall seconds:', seconds, file=sys.stderr)\n"
                  "print('Maximum resident set size (kbytes):', usage.ru_maxrss, file=sys.stderr)\n"
                  "print('User time (seconds):', usage.ru_utime, file=sys.stderr)\n"
                  "print('System time (seconds):', usage.ru_stime, file=sys.stderr)\n"
                  "sys.exit(code)\n")


def _load(name: str):
    # bench/ holds html.py, so bench/ must not go on sys.path (it would hide the stdlib's html)
    spec = importlib.util.spec_from_file_location(f"bench_{name}", PROJECT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _load("generate").generate
typst_card = _load("typst_card")


def timed(cmd: list[str], cwd: Path = PROJECT) -> tuple[float, float, float]:
    """Wall seconds of ``cmd``, peak RSS (MiB) of the largest process and CPU seconds of ``cmd`` and of
    every process it started (:data:`RUSAGE_WRAPPER`)."""
    proc = subprocess.run([sys.executable, "-c", RUSAGE_WRAPPER, *cmd], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    seconds = float(re.findall(r"Wall seconds:\s*([\d.]+)", proc.stderr)[-1])
    match = re.search(r"Maximum resident set size \(kbytes\):\s*(\d+)", proc.stderr)
    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\):\s*([\d.]+)", proc.stderr))
    return seconds, (int(match.group(1)) / 1024 if match else float("nan")), cpu or float("nan")


def median_of(runs: int, prepare, cmd: list[str], cwd: Path = PROJECT) -> tuple[float, float, float]:
    """Median seconds, largest peak RSS and median CPU seconds over ``runs`` runs, ``prepare()`` before each."""
    times, peaks, cpus = [], [], []
    for _ in range(runs):
        prepare()
        seconds, peak, cpu = timed(cmd, cwd)
        times.append(seconds)
        peaks.append(peak)
        cpus.append(cpu)
    return statistics.median(times), max(peaks), statistics.median(cpus)


def rulebook_chapter_rows(runs: int, work: Path, chromium_s: float | None,
                          baseline: str | None = None) -> list[tuple[str, str, str, str]]:
    """The user's rulebook chapter by chapter (issue 32) beside the whole-book layout, interleaved (each
    run times every variant once, in turn): cold (no chapter cached) on 1 core, 2 cores and all cores
    (``taskset``), whole on 2 cores; then one paragraph edited (target <= 0.8 s) and no change.
    ``chromium_s``: headless Chromium's time for the same book, for the ratio (target <= 1.0).
    ``baseline``: another checkout's Python, whose chapter-wise figures are timed beside these (``-P``: its
    own cardgen; in a folder of its own, so each checkout keeps its own cache)."""
    folder = work / "rulebook-edit"
    folder.mkdir(exist_ok=True)
    book = folder / "Regelbuch.md"
    original = REGELBUCH.read_text(encoding="utf-8")
    book.write_text(original, encoding="utf-8")
    pythons = {"": [*CARDGEN], **({" (baseline)": [baseline, "-P", "-m", "cardgen"]} if baseline else {})}
    homes = {"": PROJECT, " (baseline)": work / "rulebook-baseline"}
    homes[" (baseline)"].mkdir(exist_ok=True)
    args = ["rulebook", "--assets", str(PROJECT / "cardgen" / "assets"), "--assets", str(REGELBUCH.parent),
            "--out", str(work / "chapters.pdf"), str(book)]
    taskset = shutil.which("taskset")
    cores = os.cpu_count() or 1
    pinned = {1: ["taskset", "-c", "0"], 2: ["taskset", "-c", "0,1"]} if taskset else {}
    fresh = ["env", "CARDGEN_SPEEDUPS=-journal"]      # a layout each time: no replay of the last run (bookjournal)
    variants: dict[str, tuple[list[str], Path]] = {
        "whole, 2 cores": ([*fresh, *pinned.get(2, []), *CARDGEN, *args, "--no-chapters"], PROJECT)}
    for who, cardgen in pythons.items():
        for n in (1, 2):
            if n in pinned and n <= cores:
                variants[f"chapters cold, {n} core{'s' if n > 1 else ''}{who}"] = (
                    [*fresh, *pinned[n], *cardgen, *args, "--chapters"], homes[who])
        variants[f"chapters cold, all {cores} cores{who}"] = ([*fresh, *cardgen, *args, "--chapters"], homes[who])
    measured: dict[str, list[tuple[float, float, float]]] = {name: [] for name in variants}
    for _ in range(runs):
        for name, (cmd, home) in variants.items():
            shutil.rmtree(home / "build" / ".cache" / "chapters", ignore_errors=True)
            measured[name].append(timed(cmd, home))
    figures = {name: (statistics.median(t for t, _, _ in m), max(p for _, p, _ in m), statistics.median(c for _, _, c in m))
               for name, m in measured.items()}
    whole = figures["whole, 2 cores"][0]
    rows = []
    for name, (t, m, cpu) in figures.items():
        note = "the reference" if name.startswith("whole") else f"×{t / whole:.2f} of whole"
        if chromium_s and "2 cores" in name:
            note += f"; ×{t / chromium_s:.2f} of Chromium ({secs(chromium_s)})"
            if name.startswith("chapters"):
                note += f", target ≤ 1.0: {'met' if t <= chromium_s else 'MISSED'}"
        who = " (baseline)" if name.endswith(" (baseline)") else ""
        one = figures.get(f"chapters cold, 1 core{who}")
        if one and name.startswith("chapters") and "1 core" not in name:
            note += f"; ×{t / one[0]:.2f} of 1 core"
        rows.append((f"Regelbuch.md {name}", secs_cpu(t, cpu), mib(m), note))
    chapters = {who: [*pinned.get(2, []), *cardgen, *args, "--chapters"] for who, cardgen in pythons.items()}
    for who, cmd in chapters.items():
        timed(cmd, homes[who])
    edits = iter(range(1, 1000))
    edited: dict[str, list[tuple[float, float, float]]] = {who: [] for who in pythons}
    unchanged: dict[str, list[tuple[float, float, float]]] = {who: [] for who in pythons}
    for _ in range(runs):
        book.write_text(original.replace("## Gelände\n", f"## Gelände\n\nAbsatz {next(edits)}.\n", 1), encoding="utf-8")
        for who, cmd in chapters.items():
            edited[who].append(timed(cmd, homes[who]))
        for who, cmd in chapters.items():
            unchanged[who].append(timed(cmd, homes[who]))
    for who in pythons:
        t, m, cpu = (statistics.median(x[0] for x in edited[who]), max(x[1] for x in edited[who]),
                     statistics.median(x[2] for x in edited[who]))
        rows.append((f"Regelbuch.md by chapters: one paragraph edited, 2 cores{who}", secs_cpu(t, cpu), mib(m),
                     f"×{t / whole:.2f} of whole; target ≤ 0.8 s: {'met' if t <= 0.8 else 'MISSED'}"))
        t, m, cpu = (statistics.median(x[0] for x in unchanged[who]), max(x[1] for x in unchanged[who]),
                     statistics.median(x[2] for x in unchanged[who]))
        rows.append((f"Regelbuch.md by chapters: no change, 2 cores{who}", secs_cpu(t, cpu), mib(m),
                     f"×{t / whole:.2f} of whole"))
    return rows


def startup_rows(runs: int, work: Path, baseline: str | None) -> list[tuple[str, str, str, str]]:
    """Each command's start-up: ``cardgen --version``, ``validate`` and ``show`` of the example content,
    ``rulebook --chapters`` with nothing changed and ``build`` with nothing changed (the journal off: every
    step read and checked) -- beside ``baseline`` (another checkout's Python, its ``cardgen`` imported
    from there: ``-P``), interleaved.  Each checkout runs in a folder of its own (its own ``build/`` and
    cache: the two toolchains' cache keys differ).  A CPU gain under 3 % of the baseline is no gain."""
    content, assets = PROJECT / "content", PROJECT / "cardgen" / "assets"
    source = REGELBUCH.read_text(encoding="utf-8") if REGELBUCH.is_file() else "# Titel\n\n## Kapitel\n"
    cases = {"--version": ["--version"],
             "validate (example)": ["validate", "--content", str(content)],
             "show a unit (example)": ["show", "--content", str(content), "aschenoger"],
             "rulebook --chapters, no change": ["rulebook", "--assets", str(assets), "--assets", str(REGELBUCH.parent),
                                                "--out", "Regelbuch.pdf", "--chapters", "Regelbuch.md"],
             "build, no change (journal off)": ["build", "--content", str(content), "--out", "build"]}
    pythons = {"this": sys.executable, **({"baseline": baseline} if baseline else {})}
    folders = {who: work / f"startup-{who}" for who in pythons}

    def run(who: str, args: list[str]) -> tuple[float, float, float]:
        return timed(["env", "CARDGEN_SPEEDUPS=-journal", pythons[who], "-P", "-m", "cardgen", *args], folders[who])
    for who, folder in folders.items():                  # caches filled: what is timed is start-up and checking
        folder.mkdir()
        (folder / "Regelbuch.md").write_text(source, encoding="utf-8")
        for args in cases.values():
            run(who, args)
    measured: dict[tuple[str, str], list[tuple[float, float, float]]] = {(c, w): [] for c in cases for w in pythons}
    for _ in range(runs):
        for case, args in cases.items():
            for who in pythons:
                measured[case, who].append(run(who, args))
    rows = []
    for case in cases:
        this = measured[case, "this"]
        t, m, cpu = statistics.median(x[0] for x in this), max(x[1] for x in this), statistics.median(x[2] for x in this)
        note = ""
        if baseline:
            base = measured[case, "baseline"]
            base_t, base_cpu = statistics.median(x[0] for x in base), statistics.median(x[2] for x in base)
            gain = 1 - cpu / base_cpu
            note = (f"baseline {secs_cpu(base_t, base_cpu)}; CPU gain {gain * 100:+.1f} %"
                    f"{'' if gain >= 0.03 else ' (under 3 %: no gain)'}")
        rows.append((f"start-up: cardgen {case}", secs_cpu(t, cpu), mib(m), note))
    return rows


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def print_seconds(command, runs: int) -> tuple[float, int]:
    """Median time of ``command(pdf, folder)`` (another engine printing to ``pdf``, with ``folder`` a
    fresh temporary folder for its own files) over ``runs`` runs, and the fewest pages of any run
    (0: a run made no PDF)."""
    times, pages = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            pdf = Path(folder) / "out.pdf"
            times.append(timed(command(pdf, Path(folder)))[0])
            pages.append(pdf_pages(pdf))
    return statistics.median(times), min(pages)


def chromium_command(exe: str, html: Path):
    """Headless Chromium printing ``html`` (its profile in the run's folder)."""
    return lambda pdf, folder: [exe, "--headless", "--disable-gpu", "--no-sandbox", "--disable-background-networking",
                                "--disable-component-update", "--disable-sync", "--no-first-run",
                                f"--user-data-dir={folder}/profile", "--no-pdf-header-footer",
                                f"--print-to-pdf={pdf}", html.as_uri()]


def typst_command(data: Path):
    """Typst compiling the card views ``data`` (bench/typst_card.py, a fresh process)."""
    return lambda pdf, folder: [sys.executable, str(PROJECT / "bench" / "typst_card.py"), str(data), str(pdf)]


def engine_note(engine: str, command, runs: int, cardgen_s: float, expected: int, unit: str) -> str:
    """``ENGINE T (N unit), ratio R``; a run that printed fewer than ``expected`` pages (every face;
    for a rulebook, which Chromium paginates its own way, any page) is no comparison: then the note
    says so and gives no ratio."""
    seconds, pages = print_seconds(command, runs)
    if pages < expected:
        return f"{engine} FAILED: {pages} of {expected} {unit} printed (after {secs(seconds)}), no ratio"
    return f"{engine} {secs(seconds)} ({pages} {unit}), ratio cardgen/{engine} {cardgen_s / seconds:.2f}"


def pdf_pages(pdf: Path) -> int:
    if shutil.which("pdfinfo") is None or not pdf.is_file():
        return 0
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.M)
    return int(match.group(1)) if match else 0


def dump_input(kind: str, source: Path, target: Path, *extra: str) -> Path:
    """What cardgen renders, for another engine: the HTML for Chromium to print (same input for both),
    or the card views for Typst (``typst``)."""
    subprocess.run([sys.executable, str(PROJECT / "bench" / "html.py"), kind, str(source), str(target), *extra],
                   check=True, cwd=PROJECT, capture_output=True)
    return target


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def secs(t: float) -> str:
    return f"{t:.2f} s"


def secs_cpu(t: float, cpu: float) -> str:
    return f"{t:.2f} s (CPU {cpu:.2f} s)"


def mib(m: float) -> str:
    return f"{m:.0f} MiB"


def with_bytecode() -> None:
    """Measure cardgen as installed: with its modules compiled once (pip and pipx compile an installed
    package), not compiled from source in every process, as where ``PYTHONDONTWRITEBYTECODE`` is set
    (this workplace sets it; importing cardgen then takes about 0.03 s longer)."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(PROJECT / "cardgen")], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, the median is shown (default 3)")
    parser.add_argument("--quick", action="store_true", help="scale series 10 and 100 only")
    parser.add_argument("--scale", default=None, help="unit counts of the scale series (default 10,100,1000)")
    parser.add_argument("--skip-chromium", action="store_true")
    parser.add_argument("--skip-typst", action="store_true")
    parser.add_argument("--only", default=GROUPS, help=f"groups of figures to run (default {GROUPS})")
    parser.add_argument("--baseline", default=None, metavar="PYTHON",
                        help="startup, rulebook: another checkout's Python (its .venv/bin/python), timed beside this one")
    args = parser.parse_args()
    only = set(args.only.split(","))
    if only - set(GROUPS.split(",")):
        parser.error(f"--only: unknown {', '.join(sorted(only - set(GROUPS.split(','))))} (choose from {GROUPS})")
    runs = max(1, args.runs)
    scale = [int(x) for x in (args.scale or ("10,100" if args.quick else "10,100,1000")).split(",") if x]
    exe = None if args.skip_chromium else chromium()
    with_bytecode()
    use_typst = not args.skip_typst and typst_card.available()
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    rows: list[tuple[str, str, str, str]] = []
    speed_rows: list[tuple[str, str, str, str]] = []

    def fresh(out: Path):
        return lambda: shutil.rmtree(out, ignore_errors=True)

    def build_cmd(content: Path, out: Path) -> list[str]:
        return [*CARDGEN, "build", "--content", str(content), "--out", str(out)]

    def progress(text: str) -> None:
        print(f"[bench] {text}", file=sys.stderr, flush=True)

    try:
        # the example content
        if "example" in only:
            progress("example content")
            content, out = work / "content", work / "out"
            shutil.copytree(PROJECT / "content", content)
            t, m, cpu = median_of(runs, fresh(out), build_cmd(content, out))
            rows.append(("example content: cold full build", secs_cpu(t, cpu), mib(m), "cards, powers, groups, Regeln.pdf"))
            t, m, cpu = median_of(runs, lambda: None, build_cmd(content, out))
            rows.append(("example content: no change", secs_cpu(t, cpu), mib(m), ""))

        # the web edition: cold, and after one unit edited
        if "site" in only:
            progress("cardgen site")
            content, out = work / "site-content", work / "site-out"
            shutil.copytree(PROJECT / "content", content)
            site_cmd = [*CARDGEN, "site", "--content", str(content), "--out", str(out)]
            t, m, cpu = median_of(runs, fresh(out), site_cmd)
            rows.append(("example content: cardgen site, cold", secs_cpu(t, cpu), mib(m),
                         "77 pages, card figures, Pagefind's index"))
            unit = content / "units" / "sturmtruppe.yaml"
            original = unit.read_text(encoding="utf-8")
            site_edits = iter(range(1, 10_000))
            t, m, cpu = median_of(runs, lambda: unit.write_text(
                original.replace("\nname: ", f"\nname: X{next(site_edits)} ", 1), encoding="utf-8"), site_cmd)
            rows.append(("example content: cardgen site, one unit edited", secs_cpu(t, cpu), mib(m),
                         "its name: the pages that show it rendered, Pagefind run (cardgen.site.reuse); "
                         "a card figure of the rulebook: its face rendered again (WeasyPrint)"))
            unit.write_text(original, encoding="utf-8")
            other = content / "units" / "aschenoger.yaml"
            other_text = other.read_text(encoding="utf-8")
            t, m, cpu = median_of(runs, lambda: other.write_text(
                other_text.replace("\nname: ", f"\nname: X{next(site_edits)} ", 1), encoding="utf-8"), site_cmd)
            rows.append(("example content: cardgen site, one unit edited, not a card figure", secs_cpu(t, cpu), mib(m),
                         "its name: the pages that show it rendered, Pagefind run"))
            t, m, cpu = median_of(runs, lambda: None, site_cmd)
            rows.append(("example content: cardgen site, no change", secs_cpu(t, cpu), mib(m),
                         "no page rendered, Pagefind's index kept"))

        # cardgen serve: edit → refreshed preview, edit → updated PDFs (warm worker)
        if "serve" in only:
            progress("cardgen serve")
            from serve import serve_seconds     # bench/serve.py, beside this script

            preview_s, pdf_s = serve_seconds(PROJECT, work, runs)
            rows.append(("serve: edit → refreshed preview", secs(preview_s), "-", "example content, one unit renamed"))
            rows.append(("serve: edit → updated PDFs", secs(pdf_s), "-", "the warm worker's incremental build"))

        # a generated 100-unit set: incremental, as a designer runs it: `cardgen build` in his repository
        if "edit" in only:
            progress("100 units, incremental")
            repo = work / "mein-spiel"
            gen = generate(100, repo / "content")
            here = [*CARDGEN, "build"]
            timed(here, repo)                                    # warm the cache
            unit = sorted((gen / "units").glob("*.yaml"))[0]
            original = unit.read_text(encoding="utf-8")
            edits = iter(range(1, 10_000))

            def edit_unit() -> None:
                unit.write_text(original.replace("\nname: ", f"\nname: X{next(edits)} ", 1), encoding="utf-8")
            t, m, cpu = median_of(runs, edit_unit, here, repo)
            rows.append(("100 units: one unit changed", secs_cpu(t, cpu), mib(m),
                         f"target ≤ 1.2 s: {'met' if t <= 1.2 else 'MISSED'}"))
            def after_an_edit() -> None:    # each: an edit, a build at once, then the first no-change run timed
                edit_unit()
                timed(here, repo)
            t, m, cpu = median_of(runs, after_an_edit, here, repo)
            rows.append(("100 units: no change, first run after a build", secs_cpu(t, cpu), mib(m),
                         "replayed from the journal the build left (the unit saved just before it: known by its "
                         f"digest); target ≤ 0.25 s: {'met' if t <= 0.25 else 'MISSED'}"))
            t, m, cpu = median_of(runs, lambda: None, here, repo)
            rows.append(("100 units: no change again", secs_cpu(t, cpu), mib(m),
                         f"replayed from the journal; target ≤ 0.25 s: {'met' if t <= 0.25 else 'MISSED'}"))

        # the user's rulebook
        if "rulebook" in only:
            if REGELBUCH.is_file():
                progress("the user's rulebook")
                rb_out = work / "Regelbuch.pdf"
                t, m, cpu = median_of(runs, lambda: None, ["env", "CARDGEN_SPEEDUPS=-journal", *CARDGEN, "rulebook",
                                                           str(REGELBUCH), "--assets",
                                                           "cardgen/assets", "--out", str(rb_out), "--no-chapters"])
                note = f"{pdf_pages(rb_out)} pages" if pdf_pages(rb_out) else ""
                chromium_s = None
                if exe:
                    html = dump_input("rulebook", REGELBUCH, work / "rulebook.html", "--assets", "cardgen/assets")
                    note += "; " + engine_note("Chromium", chromium_command(exe, html), runs, t, 1, "pages")
                    chromium_s, printed = print_seconds(chromium_command(exe, html), runs)
                    chromium_s = chromium_s if printed else None
                rows.append(("user's rulebook (Regelbuch.md)", secs_cpu(t, cpu), mib(m), note.lstrip("; ")))
                rows += rulebook_chapter_rows(runs, work, chromium_s, args.baseline)
                progress("serve: the user's rulebook edited")
                from serve import serve_rulebook_seconds     # bench/serve.py, beside this script

                preview_s, pdf_s = serve_rulebook_seconds(PROJECT, work, REGELBUCH, runs)
                rows.append(("serve: Regelbuch.md edited → refreshed preview", secs(preview_s), "-",
                             "one paragraph added; target: at once"))
                rows.append(("serve: Regelbuch.md edited → updated PDF", secs(pdf_s), "-",
                             f"{secs(pdf_s - preview_s)} after the preview; target ≤ 1 s later: "
                             f"{'met' if pdf_s - preview_s <= 1.0 else 'MISSED'}"))
            else:
                rows.append(("user's rulebook (Regelbuch.md)", "-", "-", f"{REGELBUCH} not found"))

        # the scale series
        if "scale" in only:
            previous = None
            for n in scale:
                progress(f"{n} units, cold")
                gen = generate(n, work / f"content-{n}")
                out_n = work / f"out-{n}"
                t, m, cpu = median_of(runs, fresh(out_n), build_cmd(gen, out_n))
                note = f"{t / n * 1000:.0f} ms/unit"
                if previous:
                    note += f", ×{t / previous[1]:.1f} time for ×{n / previous[0]:.0f} units"
                if exe:
                    html = dump_input("cards", gen, work / f"cards-{n}.html")
                    note += "; " + engine_note("Chromium", chromium_command(exe, html), runs, t, 2 * n, "faces")
                if use_typst:
                    data = dump_input("typst", gen, work / f"cards-{n}.json")
                    note += "; " + engine_note("Typst", typst_command(data), runs, t, 2 * n, "faces")
                elif not args.skip_typst:
                    note += "; Typst not installed (pip install typst)"
                rows.append((f"{n} generated units: cold", secs_cpu(t, cpu), mib(m), note))
                previous = (n, t)
                shutil.rmtree(out_n, ignore_errors=True)

        # cardgen balance: the example content and 1000 generated units
        if "balance" in only:
            for label, count, target in (("example content", 0, 10.0), ("1000 generated units", 1000, 20.0)):
                progress(f"cardgen balance, {label}")
                source = PROJECT / "content" if not count else generate(count, work / f"balance-{count}")
                out_b = work / f"balance-out-{count}"
                t, m, cpu = median_of(runs, lambda: None,
                                      [*CARDGEN, "balance", "--content", str(source), "--out", str(out_b)])
                rows.append((f"balance: {label}", secs_cpu(t, cpu), mib(m),
                             f"{pdf_pages(out_b / 'balance.pdf')} pages; target ≤ {target:g} s: "
                             f"{'met' if t <= target else 'MISSED'}"))

        # each command's start-up, beside a baseline checkout's
        if "startup" in only:
            progress("start-up of each command")
            rows += startup_rows(runs, work, args.baseline)

        # each speedup with its switch (bench/speedups.py)
        if "speedups" in only:
            speed_rows = _load("speedups").speedup_rows(work, runs, timed, generate, CARDGEN, PROJECT, progress)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    browser_line = "Chromium not installed"
    if exe:
        version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
        browser_line = version or exe
    elif args.skip_chromium:
        browser_line = "Chromium skipped (--skip-chromium)"
    print(f"cardgen benchmark, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
    typst_note = (f"Typst {typst_card.version()} (PyPI wheel)" if use_typst else
                  "Typst skipped (--skip-typst)" if args.skip_typst else "Typst not installed")
    print(f"machine: {cpu_model()}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}; "
          f"Python {platform.python_version()}; {browser_line}; {typst_note}")
    print(f"each time: median of {runs} runs (fresh process); peak memory: largest resident set of any "
          f"process the command started (also those that outlive it), max over the runs (getrusage); "
          f"CPU: of all of them\n")
    print("| figure | time (CPU) | peak memory | notes |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if speed_rows:
        print("\n| speedup: the case it targets | layer on | this speedup off | gain |\n|---|---|---|---|")
        for row in speed_rows:
            print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
