"""Issue 27 (13): ``cardgen init`` writes all or nothing.  A folder it cannot write is named before
anything is written; a write failing part-way (the tests run as root, so the writer is made to fail
on its Nth file, half-written) removes every file and folder init made, names the path in one line,
and leaves the next ``cardgen init`` nothing in its way."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from cardgen.init import start as init
from cardgen.commands.main import main


def run_init(capsys, target: Path) -> tuple[int, str, str]:
    code = main(["init", str(target)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def full_disk_at(monkeypatch):
    """``full_disk_at(n)``: the nth file init writes gets half its bytes, then 'No space left on device'."""
    def arm(failing: int) -> list[Path]:
        written: list[Path] = []
        original = init.write_new

        def write_new(path: Path, data: bytes, *made: list[Path]) -> None:
            written.append(path)
            if len(written) == failing:
                original(path, data[: len(data) // 2], *made)
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            original(path, data, *made)
        monkeypatch.setattr(init, "write_new", write_new)
        return written
    return arm


def test_a_write_failing_part_way_removes_what_init_made(tmp_path, capsys, monkeypatch, full_disk_at):
    monkeypatch.chdir(tmp_path)
    written = full_disk_at(9)
    code, out, err = run_init(capsys, Path("spiel"))
    failed = written[-1]
    assert (code, out) == (1, "")
    assert err == (f"{failed}: No space left on device; nothing written "
                   "(what cardgen init had written is removed)\n")
    assert not (tmp_path / "spiel").exists()
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    code, _, err = run_init(capsys, Path("spiel"))
    assert (code, err) == (0, "")


def test_an_existing_folder_keeps_only_what_was_there(tmp_path, capsys, full_disk_at):
    target = tmp_path / "spiel"
    (target / "notes").mkdir(parents=True)
    (target / "notes" / "ideen.txt").write_text("mine", encoding="utf-8")
    full_disk_at(len(init.scaffold_files()))           # the very last file fails
    code, _, err = run_init(capsys, target)
    assert code == 1 and err.count("\n") == 1 and "nothing written" in err
    assert tree(target) == ["notes", "notes/ideen.txt"]
    assert (target / "notes" / "ideen.txt").read_text(encoding="utf-8") == "mine"


def test_a_folder_that_cannot_be_written_is_named_before_anything_is_written(tmp_path, capsys, monkeypatch):
    target = tmp_path / "spiel"
    target.mkdir()
    (target / "content").mkdir()
    refused = target / "content"
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: Path(path) != refused and real_access(path, mode, **kw))
    code, _, err = run_init(capsys, target)
    assert code == 1
    assert err == f"{refused}: not a writable folder; nothing written\n"
    assert tree(target) == ["content"]


def test_a_file_where_the_project_folder_would_go_is_named(tmp_path, capsys):
    blocker = tmp_path / "datei"
    blocker.write_text("x", encoding="utf-8")
    code, _, err = run_init(capsys, blocker / "spiel")
    assert code == 1
    assert err == f"{blocker}: not a writable folder; nothing written\n"


# --- issue 29: --missing-only in an existing repository --------------------------------------------


def test_missing_only_plans_to_keep_what_exists_and_write_the_rest(tmp_path):
    scaffold = init.scaffold_files()
    (tmp_path / "Regeln").mkdir()
    (tmp_path / "Regeln" / "Regelbuch.md").write_text("# mine\n", encoding="utf-8")
    (tmp_path / "cardgen.toml").symlink_to(tmp_path / "nirgends")          # a dangling link: exists, kept
    plan = init.plan_files(tmp_path, scaffold, missing_only=True)
    kept = [Path("Regeln/Regelbuch.md"), Path("cardgen.toml")]
    assert sorted(Path(rel) for rel in plan.keep) == kept and plan.conflicts == []
    assert sorted(plan.write + plan.keep) == sorted(scaffold)
    everything = init.plan_files(tmp_path, scaffold)                      # without: nothing, both named
    assert (everything.write, everything.keep) == ([], [])
    assert [path for path, _ in everything.conflicts] == [tmp_path / "Regeln/Regelbuch.md", tmp_path / "cardgen.toml"]


def test_missing_only_still_stops_at_a_file_where_a_folder_belongs(tmp_path):
    (tmp_path / "cardgen.toml").write_text("# mine\n", encoding="utf-8")
    (tmp_path / "theme").write_text("a file", encoding="utf-8")
    plan = init.plan_files(tmp_path, init.scaffold_files(), missing_only=True)
    assert (plan.write, plan.keep, plan.conflicts) == ([], [], [(tmp_path / "theme", "is a file where a folder belongs")])


def test_missing_only_failing_part_way_removes_only_what_it_made(tmp_path, capsys, full_disk_at):
    (tmp_path / "Regeln").mkdir()
    (tmp_path / "Regeln" / "Regelbuch.md").write_text("# mine\n", encoding="utf-8")
    (tmp_path / "cardgen.toml").write_text("# mine\n", encoding="utf-8")
    full_disk_at(5)
    code = main(["init", str(tmp_path), "--missing-only"])
    assert code == 1 and "nothing written" in capsys.readouterr().err
    assert tree(tmp_path) == ["Regeln", "Regeln/Regelbuch.md", "cardgen.toml"]
    assert (tmp_path / "cardgen.toml").read_text(encoding="utf-8") == "# mine\n"
