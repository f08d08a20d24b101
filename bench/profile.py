"""Where a cold chapter build of the user's rulebook spends its CPU, beside the whole book: issue 48's profile table.

    .venv/bin/python bench/profile.py [RAW ...]

Without ``RAW``: records one ``CARDGEN_SPEEDUPS=-journal cardgen rulebook --no-chapters`` run and one
``--chapters`` run of ``../shared/rulebook/Regelbuch.md`` (the chapter cache emptied, in a temporary folder)
with ``py-spy record --subprocesses -r 100 -f raw`` (py-spy on PATH or in the venv: ``pip install py-spy``,
for measuring only, not a dependency), then prints the table, a column each; with ``RAW`` files: the table of
those py-spy raw files.
Samples of threads waiting (the workers' watch threads, a pool waiting for its workers) are left out;
each other sample counts for the first step below whose frame it holds.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
REGELBUCH = PROJECT.parent / "shared" / "rulebook" / "Regelbuch.md"
IDLE = ("Condition.wait", "watch (", "select (", "Event.wait", "wait (")
STEPS = (
    ("imports (the command, the forkserver's preload)", ("_find_and_load", "start_worker")),
    ("cutting the book (`split_book`, the structure's probe)", ("split_book", "split_by_structure")),
    ("writing PDF: fonts (subsetting; assembling: sharing, merging)", ("fonts.py",)),
    ("writing PDF: painting pages, serialising, putting the book together",
     ("write_pdf", "assemble (", "written (", "save_deterministic")),
    ("layout (WeasyPrint)", ("layout_document", "_render", "build_formatting_structure", "_build_layout_context",
                             "renumber", "load_part", "render (")),
)


def table(*raws: Path, names: tuple[str, ...] = ()) -> str:
    """The profile table of the py-spy raw files ``raws``, a column each (headed ``names``, else the files')."""
    columns = [_counts(raw) for raw in raws]
    heads = names or tuple(raw.name for raw in raws)
    rows = []
    for name, _ in (*STEPS, ("other", ())):
        cells = [f"{c[name]} ({100 * c[name] / max(1, sum(c.values())):.1f} %)" for c in columns]
        rows.append(f"| {name} | {' | '.join(cells)} |")
    return "\n".join([f"| where the CPU goes | {' | '.join(heads)} |", "|---|" + "---|" * len(columns), *rows,
                      f"| in all | {' | '.join(str(sum(c.values())) for c in columns)} |"])


def _counts(raw: Path) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    for line in raw.read_text(encoding="utf-8").splitlines():
        stack, _, number = line.rpartition(" ")
        stack = re.sub(r'process \d+:"[^"]*";?', "", stack)      # a command line may hold a ';'
        if any(word in stack.split(";")[-1] for word in IDLE):
            continue
        writing = "fonts.py" in stack and any(w in stack for w in ("write_pdf", "assemble", "share_fonts"))
        step = next((name for name, marks in STEPS if (writing if marks == ("fonts.py",) else
                                                      any(mark in stack for mark in marks))), "other")
        counts[step] += int(number)
    return counts


def record(into: Path, how: str) -> Path:
    """A py-spy raw file of one cold ``cardgen rulebook`` run of the user's book, ``how``: ``--chapters`` or
    ``--no-chapters``."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    shutil.copy(REGELBUCH, into / "Regelbuch.md")
    shutil.rmtree(into / "build", ignore_errors=True)
    raw = into / f"profile{how}.raw"
    subprocess.run([spy, "record", "--subprocesses", "-r", "100", "-f", "raw", "-o", str(raw), "--",
                    sys.executable, "-m", "cardgen", "rulebook", "--assets", str(PROJECT / "cardgen" / "assets"),
                    "--assets", str(REGELBUCH.parent), "--out", str(into / "Regelbuch.pdf"), str(into / "Regelbuch.md"),
                    how], cwd=into, env={**os.environ, "CARDGEN_SPEEDUPS": "-journal"}, check=True,
                   capture_output=True)
    return raw


def main() -> None:
    if len(sys.argv) > 1:
        print(table(*map(Path, sys.argv[1:])))
        return
    with tempfile.TemporaryDirectory() as folder:
        print(table(record(Path(folder), "--no-chapters"), record(Path(folder), "--chapters"),
                    names=("whole book", "by chapters")))


if __name__ == "__main__":
    main()
