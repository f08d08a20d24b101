"""``CARDGEN_SPEEDUPS`` (cardgen/speed/__init__.py): the speed layer changes how soon the PDFs are made,
never what they are -- the example content built with the layer off gives byte for byte the PDFs of
the session's build with it on (tests/conftest.py arms it in this process, as the command does)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen import speed
from tests.conftest import EXAMPLE

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

CARDGEN = Path(sys.executable).with_name("cardgen")


def pdfs_below(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.pdf")) if ".cache" not in p.parts}


def test_the_example_builds_byte_identical_pdfs_with_the_speed_layer_off(example_build, tmp_path):
    if not speed.enabled("stylesheets"):
        pytest.skip("this run has the speed layer off already: nothing to compare with")
    env = {**os.environ, speed.SWITCH: "0"}
    proc = subprocess.run([str(CARDGEN), "build", "--content", str(EXAMPLE), "--out", str(tmp_path / "out")],
                          cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    off, on = pdfs_below(tmp_path / "out"), pdfs_below(example_build.out)
    assert sorted(off) == sorted(on) and len(on) >= 5
    assert [name for name in on if off[name] != on[name]] == []


@pytest.mark.parametrize("value, on", [
    (None, set(speed.SPEEDUPS)), ("1", set(speed.SPEEDUPS)), ("0", set()), ("off", set()),
    ("journal,warm", {"journal", "warm"}), ("-journal, -forkserver", set(speed.SPEEDUPS) - {"journal", "forkserver"}),
])
def test_the_switch(monkeypatch, value, on):
    if value is None:
        monkeypatch.delenv(speed.SWITCH, raising=False)
    else:
        monkeypatch.setenv(speed.SWITCH, value)
    assert {name for name in speed.SPEEDUPS if speed.enabled(name)} == on
