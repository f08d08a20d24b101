"""Running ``cardgen build`` as the command runs it, to see whether it built or replayed its journal:
shared by the journal's tests (tests/speed/test_journal.py) and its staleness checks
(tests/security/test_journal_staleness.py)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

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
    return root


def cardgen_build(monkeypatch, capsys, *options: str) -> Run:
    """``cardgen build OPTIONS`` as the command runs it (cardgen.entry), in this process."""
    ran: list[bool] = []
    real = cardgen.build.run.build_run
    monkeypatch.setattr(cardgen.build.run, "build_run", lambda *a, **k: ran.append(True) or real(*a, **k))
    capsys.readouterr()
    code = entry.main(["build", *options])
    out, err = capsys.readouterr()
    return Run(code, out, err, bool(ran))
