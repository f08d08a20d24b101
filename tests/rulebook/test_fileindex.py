"""The file index of a rulebook's picture lookup: names folded, skipped folders left out, a cap."""

from __future__ import annotations

from cardgen.rulebook.fileindex import SKIPPED_FOLDERS, FileIndex


def test_names_are_folded_and_skipped_folders_are_not_walked(tmp_path):
    for name in ("Grafiken/W12_weiß.svg", "Regeln/w12_WEISS.svg", "build/w12_weiß.svg", ".git/w12_weiß.svg"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("<svg/>", encoding="utf-8")
    assert {"build", ".git"} <= SKIPPED_FOLDERS
    index = FileIndex.build([tmp_path])
    assert index.named("w12_weiß.svg") == [tmp_path / "Grafiken" / "W12_weiß.svg", tmp_path / "Regeln" / "w12_WEISS.svg"]
    assert not index.truncated
