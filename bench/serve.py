"""``cardgen serve`` figures for bench/run.py: edit → refreshed preview, edit → updated PDFs (a unit
renamed: :func:`serve_seconds`; a paragraph of the user's rulebook edited: :func:`serve_rulebook_seconds`).

A ``cardgen serve --port 0`` process on a copy of the example content; after its
first build, each run renames one unit and times, from the save, (1) until the
long poll ``/_live`` answers a new generation and the unit's page shows the new
name (what the browser's reload waits for), (2) until the warm worker's build
after it is current (the PDFs are updated).  Medians of the runs."""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Callable


def _get(url: str, timeout: float = 60) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8")


def _text(page: str) -> str:
    """The words of an HTML page, its tags taken out: the rulebook wraps a paragraph's last word in a
    ``<span>`` (cardgen/rulebook/lastword.py), so an edit's words never stood in its HTML as typed --
    which left the bench waiting out :func:`_until`'s bound ("did not answer in time")."""
    return re.sub(r"<[^>]*>", "", page)


def _until(check, bound_s: float = 300) -> None:
    end = time.monotonic() + bound_s
    while not check():
        if time.monotonic() > end:
            raise RuntimeError("cardgen serve did not answer in time")
        time.sleep(0.01)


def _timed_edits(project: Path, content: Path, out: Path, log: Path, runs: int, edit: Callable[[int], str],
                 page: str) -> tuple[float, float]:
    """``cardgen serve`` on ``content``; ``runs`` times: ``edit(n)`` saves a change and returns the words
    it shows on the preview's ``page``; (edit → those words on the page, edit → the build after it
    current), medians."""
    with open(log, "w", encoding="utf-8") as sink:
        process = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--content", str(content), "--out",
                                    str(out), "--port", "0"], cwd=project, stdout=sink, stderr=subprocess.STDOUT)
    try:
        _until(lambda: re.search(r"127\.0\.0\.1:(\d+)/", log.read_text(encoding="utf-8")) is not None)
        port = re.search(r"127\.0\.0\.1:(\d+)/", log.read_text(encoding="utf-8"))[1]   # type: ignore[index]
        base = f"http://127.0.0.1:{port}"

        def live() -> dict:
            return json.loads(_get(f"{base}/_live?generation=-1"))
        _until(lambda: live()["state"] == "current")
        preview, pdfs = [], []
        for n in range(runs):
            before = live()
            started = time.perf_counter()
            words = edit(n)
            _get(f"{base}/_live?generation={before['generation']}&build={before['build']}&state={before['state']}")
            _until(lambda words=words: words in _text(_get(f"{base}{page}")))
            preview.append(time.perf_counter() - started)
            _until(lambda done=before["build"]: (lambda now: now["build"] > done and now["state"] == "current")(live()))
            pdfs.append(time.perf_counter() - started)
        return statistics.median(preview), statistics.median(pdfs)
    finally:
        process.terminate()
        process.wait(timeout=30)


def serve_seconds(project: Path, work: Path, runs: int) -> tuple[float, float]:
    """(edit → refreshed preview, edit → updated PDFs) in seconds, medians of ``runs`` edits (a unit renamed)."""
    content = work / "content-serve"
    shutil.copytree(project / "content", content)
    unit = content / "units" / "sturmtruppe.yaml"
    original = unit.read_text(encoding="utf-8")

    def rename(n: int) -> str:
        name = f"Sturmtruppe {n + 1}"
        unit.write_text(original.replace("name: Sturmtruppe", f"name: {name}", 1), encoding="utf-8")
        return name
    return _timed_edits(project, content, work / "out-serve", work / "serve.log", runs, rename, "/unit/sturmtruppe")


def serve_rulebook_seconds(project: Path, work: Path, book: Path, runs: int) -> tuple[float, float]:
    """(edit → refreshed preview, edit → updated PDF) in seconds, medians of ``runs`` edits of a paragraph
    of ``book`` (the user's Regelbuch.md), served as the rulebook of a copy of the example content (its
    own Regeln.md taken out): the preview is the book's HTML, the PDF the warm worker's build after the
    save -- the book by chapters, every other output unchanged."""
    content = work / "content-serve-book"
    shutil.copytree(project / "content", content)
    (content / "rulebook" / "Regeln.md").unlink()
    served = content / "rulebook" / "Regelbuch.md"
    original = book.read_text(encoding="utf-8")
    served.write_text(original, encoding="utf-8")

    def add_paragraph(n: int) -> str:
        words = f"Absatz {n + 1} im Gelände."
        served.write_text(original.replace("## Gelände\n", f"## Gelände\n\n{words}\n", 1), encoding="utf-8")
        return words
    return _timed_edits(project, content, work / "out-serve-book", work / "serve-book.log", runs, add_paragraph,
                        "/doc/rulebooks/rulebook/Regelbuch.pdf")
