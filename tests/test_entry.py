"""The ``cardgen`` command's entry (cardgen.entry): the import path made safe for every process it starts,
a no-change build replayed from the journal first, the render workers started early for a build, then the
command line.  (The whole command in real processes: tests/security/, tests/e2e/.)"""

from __future__ import annotations

import os

import pytest

from cardgen import entry, speed
from cardgen.commands import pipes
from cardgen.commands import main as commands_main
from cardgen.speed import journal, workers


class Calls(list):
    replay: int | None = None       # what the journal's replay returns (None: no replay)


@pytest.fixture
def calls(monkeypatch):
    seen = Calls()
    monkeypatch.setattr(pipes, "quiet_pipes", lambda: seen.append("quiet"))
    monkeypatch.setattr(journal, "replay", lambda args: seen.append(("replay", args)) or seen.replay)
    monkeypatch.setattr(workers, "start_early", lambda preload: seen.append(("workers", preload[0])))
    monkeypatch.setattr(speed, "at_exit", lambda: seen.append("exit"))
    monkeypatch.setattr(commands_main, "main", lambda args, journal: seen.append(("run", args, journal)) or 3)
    monkeypatch.setattr(speed, "enabled", lambda name: True)
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    if "PYTHONPATH" in os.environ:                      # restored after the test: entry may shorten it
        monkeypatch.setenv("PYTHONPATH", os.environ["PYTHONPATH"])
    return seen


def test_a_build_tries_the_journal_then_starts_the_workers_then_runs(calls):
    assert entry.main(["build", "--strict"]) == 3
    assert calls == ["quiet", ("replay", ["build", "--strict"]), ("workers", "cardgen.cards.preload"),
                     ("run", ["build", "--strict"], True), "exit"]
    assert os.environ["PYTHONSAFEPATH"] == "1"


def test_a_replayed_build_runs_nothing_else(calls):
    calls.replay = 0
    assert entry.main(["build"]) == 0
    assert calls == ["quiet", ("replay", ["build"])]


def test_a_rulebook_tries_its_journal_first(calls):
    assert entry.main(["rulebook", "R.md"]) == 3
    assert calls == ["quiet", ("replay", ["rulebook", "R.md"]), ("workers", "cardgen.rulebook.preload"),
                     ("run", ["rulebook", "R.md"], True), "exit"]


@pytest.mark.parametrize("args, early", [(["cards"], "cardgen.cards.preload"), (["list"], None), ([], None)])
def test_other_commands_run_without_the_journal(calls, args, early):
    """``cards`` starts the render workers' forkserver; the speed layer's end runs as every command ends."""
    assert entry.main(args) == 3
    assert calls == ["quiet", *([("workers", early)] if early else []), ("run", args, True), "exit"]


def test_a_rulebook_laid_out_whole_starts_no_workers(calls):
    assert entry.main(["rulebook", "--no-chapters", "R.md"]) == 3
    assert calls == ["quiet", ("replay", ["rulebook", "--no-chapters", "R.md"]),
                     ("run", ["rulebook", "--no-chapters", "R.md"], True), "exit"]
