"""Running ``cardgen build`` or ``cardgen rulebook`` as the command runs it, to see whether it built or
replayed its journal: shared by the journals' tests (tests/speed/test_journal.py,
tests/speed/test_bookjournal.py) and the staleness checks (tests/security/test_journal_staleness.py)."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cardgen.build.run
from cardgen import entry
from cardgen.speed import journal


@dataclass
class Run:
    code: int
    out: str
    err: str
    built: bool         # the build ran (False: replayed from the journal)


def journal_project(built, tmp_path: Path, monkeypatch) -> Path:
    """A built project (``built``: a shared build's content and output) as a designer's folder
    (content/, build/) and the working folder; its files were just copied, so the journal's 2 s
    guard is off unless a test puts it back."""
    root = tmp_path / "mein-spiel"
    shutil.copytree(built.content, root / "content")
    shutil.copytree(built.out, root / "build")
    monkeypatch.chdir(root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(journal, "RACY_NS", 0)
    without_the_checkout(monkeypatch)
    return root


def cardgen_build(monkeypatch, capsys, *options: str) -> Run:
    """``cardgen build OPTIONS`` as the command runs it (cardgen.entry), in this process."""
    return command_run(monkeypatch, capsys, cardgen.build.run, "build_run", ["build", *options])


def command_run(monkeypatch, capsys, module: Any, function: str, argv: list[str]) -> Run:
    """``cardgen ARGV`` as the command runs it (cardgen.entry), in this process; built: whether
    ``module.function`` (the command's work) ran."""
    ran: list[bool] = []
    real = getattr(module, function)
    monkeypatch.setattr(module, function, lambda *a, **k: ran.append(True) or real(*a, **k))
    capsys.readouterr()
    code = entry.main(argv)
    out, err = capsys.readouterr()
    return Run(code, out, err, bool(ran))


def without_the_checkout(monkeypatch) -> None:
    """This checkout taken off ``sys.path``, which the journals watch.  pytest puts the checkout there,
    and the suite's other worker writes into it (build/, outputs of the example) while a test's runs go
    on: a change a journal rightly sees, which is not the test's.  A user's import path holds installed
    packages; cardgen's modules are found through the package itself, so the checkout can go."""
    checkout = str(Path(__file__).resolve().parents[2])
    monkeypatch.setattr(sys, "path", [p for p in sys.path if not (p == checkout or p.startswith(checkout + os.sep))
                                      or "site-packages" in p])
