"""What a no-change build found, file by file (cardgen/speed/snapshot.py): its plan repeated finds the same
entries until a file is added, written or re-linked.  The journal's own runs are tests/speed/test_journal.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.speed import snapshot
from cardgen.speed.snapshot import Snapshot, TooMany, output_snapshot


def _folder(root: Path) -> Path:
    (root / "units").mkdir(parents=True)
    (root / "units" / "probe.yaml").write_text("id: probe\n", encoding="utf-8")
    (root / "__pycache__").mkdir()
    return root


def _walked(root: Path, **options) -> Snapshot:
    snap = Snapshot()
    snap.walk(str(root), **options)
    return snap


def test_the_plan_repeated_finds_the_same_entries_until_a_file_changes(tmp_path):
    root = _folder(tmp_path / "project")
    first = _walked(root, skip=[str(root / "skipped")])
    again = Snapshot.again(first.plan)
    assert again.entries == first.entries and str(root / "units" / "probe.yaml") in first.entries
    (root / "skipped").mkdir()                            # a path the plan leaves out: only its folder changed
    assert str(root / "skipped") not in Snapshot.again(first.plan).entries
    (root / "units" / "new.yaml").write_text("id: new\n", encoding="utf-8")
    assert Snapshot.again(first.plan).entries != first.entries


def test_a_file_written_with_the_same_size_and_time_is_seen_by_its_status_change_time(tmp_path):
    root = _folder(tmp_path / "project")
    unit = root / "units" / "probe.yaml"
    first = _walked(root)
    info = unit.stat()
    unit.write_text("id: prova\n", encoding="utf-8")      # the same size
    os.utime(unit, ns=(info.st_atime_ns, info.st_mtime_ns))  # the modification time put back
    entry = Snapshot.again(first.plan).entries[str(unit)]
    assert entry is not None and entry[1:3] == first.entries[str(unit)][1:3]
    assert entry[3] > first.entries[str(unit)][3]         # the status-change time cannot be put back
    assert Snapshot.again(first.plan).newest_ns() == entry[3]


def test_caches_are_left_out_only_when_asked_and_an_environment_is_too_many(tmp_path, monkeypatch):
    root = _folder(tmp_path / "project")
    assert str(root / "__pycache__") in _walked(root).entries
    assert str(root / "__pycache__") not in _walked(root, skip_caches=True).entries
    (root / ".venv").mkdir()
    with pytest.raises(TooMany):
        _walked(root)
    monkeypatch.setattr(snapshot, "MAX_ENTRIES", 1)       # the folder and its one file: two
    with pytest.raises(TooMany):
        _walked(tmp_path / "project" / "units")


def test_a_re_pointed_output_link_changes_the_output_snapshot(tmp_path):
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    link = tmp_path / "out"
    link.symlink_to(tmp_path / "a")
    before = output_snapshot(link)
    link.unlink()
    link.symlink_to(tmp_path / "b")
    assert Snapshot.again(before.plan).links != before.links
