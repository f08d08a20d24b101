"""``cardgen watch`` and the two build reporters (plain lines for CI, a rich progress bar on a terminal).

``watchfiles.watch`` is replaced by a scripted sequence of changes: each
yielded change set is one save by the designer, and the test edits the
content between them, as he would.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest
import watchfiles
import yaml
from rich.console import Console

from cardgen.commands import build as buildcmd
from conftest import one_unit_content, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


@pytest.fixture
def small(tmp_path):
    """tests/fixtures/rules with one unit: a build renders two faces."""
    return one_unit_content(tmp_path / "content")


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


def scripted_watch(*edits, first_built: Path | None = None):
    """A stand-in for watchfiles.watch: before each yielded change, run the next edit.

    ``cardgen watch`` watches from before its first build on: with ``first_built``, the first edit
    waits until that file exists (the first build has read the content and written its outputs)."""
    seen: dict = {}

    def watch(*paths, **options):
        seen["paths"], seen["options"] = paths, options
        for number, edit in enumerate(edits):
            while number == 0 and first_built is not None and not first_built.exists():
                time.sleep(0.01)
            edit()
            yield {(watchfiles.Change.modified, "edited")}
    watch.seen = seen
    return watch


def test_watch_rebuilds_after_each_change_and_survives_a_broken_save(cli, small, tmp_path, monkeypatch):
    probe = small / "units" / "probe.yaml"

    def rename() -> None:
        probe.write_text(yaml.safe_dump(unit("probe", name="Späher")), encoding="utf-8")

    def break_it() -> None:
        probe.write_text("id: probe\nname: [kaputt\n", encoding="utf-8")

    def repair() -> None:
        probe.write_text(yaml.safe_dump(unit("probe", name="Kundschafter")), encoding="utf-8")

    watch = scripted_watch(rename, break_it, repair, first_built=tmp_path / "out" / "cards.pdf")
    monkeypatch.setattr(watchfiles, "watch", watch)
    code, out, err = cli("watch", "--content", small, "--out", tmp_path / "out")
    assert code == 0
    summaries = [line for line in out.splitlines() if line.startswith("built ")]
    assert len(summaries) == 3                        # the first build, the rename, the repair
    assert out.count("rendered  probe front") == 3     # each good save re-rendered the card
    assert all(line.startswith("built 3, reused 0,") for line in summaries)
    assert "Kundschafter" in pdf_text(tmp_path / "out" / "cards.pdf")
    assert f"watching {small} (Ctrl+C to stop)" in out
    assert err.strip().endswith("units/probe.yaml:3:1: invalid YAML: expected ',' or ']', but got '<stream end>'")
    assert err.count("\n") == 1                       # the broken save: one line, and watch went on
    assert small in watch.seen["paths"]
    keep = watch.seen["options"]["watch_filter"]
    assert not keep(watchfiles.Change.modified, f"{tmp_path}/out/.cache/faces/x.pdf")
    assert not keep(watchfiles.Change.added, f"{small}/units/.cardgen-1-probe.yaml.x.tmp")
    assert keep(watchfiles.Change.modified, str(small / "units" / "probe.yaml"))


def test_make_reporter_chooses_by_terminal(monkeypatch):
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert isinstance(buildcmd.make_reporter(3), buildcmd.PlainReporter)


def test_plain_reporter_prints_one_line_per_step():
    stream = io.StringIO()
    reporter = buildcmd.PlainReporter(stream)
    reporter.step("cards.pdf", "built")
    reporter.step("sturmtruppe front", "reused")
    reporter.close()
    assert stream.getvalue().splitlines() == ["   built  cards.pdf", "  reused  sturmtruppe front"]


def test_rich_reporter_counts_every_step_and_leaves_no_bar(monkeypatch):
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    monkeypatch.setattr("rich.progress.get_console", lambda: console)
    reporter = buildcmd.RichReporter(3)
    for name in ("probe front", "probe back", "cards.pdf"):
        reporter.step(name, "built")
    task = reporter.progress.tasks[0]
    assert (task.completed, task.total) == (3, 3)
    assert task.description == "built cards.pdf"
    reporter.close()
    assert reporter.progress.finished


def test_watch_sees_a_save_made_during_its_first_build(tmp_path):
    """Issue 27.4: ``cardgen watch`` started its watcher only after its first build, so a save made
    while that build ran was never built.  Real watchfiles, real processes: the unit is renamed as
    soon as the first build has read it (it reports its first rendered face)."""
    content = one_unit_content(tmp_path / "content")
    out = tmp_path / "out"
    proc = subprocess.Popen([str(Path(sys.executable).with_name("cardgen")), "watch", "--content", str(content),
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("rendered"):
                break
        probe = content / "units" / "probe.yaml"
        probe.write_text(yaml.safe_dump(unit("probe", name="Nachzügler")), encoding="utf-8")
        deadline = time.monotonic() + 60                # a bound, not a speed requirement
        while time.monotonic() < deadline:
            if (out / "cards.pdf").exists() and "Nachzügler" in pdf_text(out / "cards.pdf"):
                break
            time.sleep(0.2)
        assert "Nachzügler" in pdf_text(out / "cards.pdf")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
