"""All-or-nothing output (cardgen.build.outputs): staged files appear only on commit, stale outputs go, two
outputs on one file are refused before anything is rendered.  (Faults mid-commit: tests/security/.)"""

from __future__ import annotations

import os

import pytest

from cardgen.atomic import OutputError
from cardgen.build.cache import Cache
from cardgen.build.outputs import Outputs, check_collisions


def test_staged_files_appear_on_commit_and_stale_ones_go(tmp_path):
    out = tmp_path / "out"
    first = Outputs(out, Cache(out))
    first.stage(out / "cards.pdf", b"eins")
    first.stage(out / "gruppen" / "alt.pdf", b"alt")
    assert not (out / "cards.pdf").exists()
    first.commit()
    assert (out / "cards.pdf").read_bytes() == b"eins" and (out / "gruppen" / "alt.pdf").exists()
    second = Outputs(out, Cache(out))
    second.stage(out / "cards.pdf", b"zwei")
    second.commit()
    assert (out / "cards.pdf").read_bytes() == b"zwei"
    assert second.removed == ["gruppen/alt.pdf"] and not (out / "gruppen").exists()
    assert sorted(os.listdir(out)) == [".cache", "cards.pdf"]


def test_discard_leaves_the_previous_build(tmp_path):
    (tmp_path / "cards.pdf").write_bytes(b"alt")
    outputs = Outputs(tmp_path)
    outputs.stage(tmp_path / "cards.pdf", b"neu")
    outputs.discard()
    assert os.listdir(tmp_path) == ["cards.pdf"] and (tmp_path / "cards.pdf").read_bytes() == b"alt"


def test_a_target_outside_the_output_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match="leads out of the output folder"):
        Outputs(tmp_path / "out").stage(tmp_path / "woanders.pdf", b"x")


def test_two_outputs_on_one_file_are_refused():
    check_collisions([("cards.pdf", "cards"), ("regeln.pdf", "Regeln.md")])
    with pytest.raises(OutputError) as clash:
        check_collisions([("Regeln.pdf", "Regeln.md"), ("regeln.pdf", "regeln.md"), ("a", "x"), ("a/b.pdf", "y")])
    assert str(clash.value).splitlines() == [
        "output clash: Regeln.md and regeln.md both write regeln.pdf (the same file as Regeln.pdf on macOS and "
        "Windows); rename one of them",
        "output clash: x writes the file a, where y needs a folder for a/b.pdf; rename one of them"]
