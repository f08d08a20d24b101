"""Issue 27 (10): a reader that stops reading (``cardgen list | head -1``) ends nothing and prints
nothing: the command runs to its end, exits with its own code, and says nothing about the pipe.

Each command here runs as the designer runs it (``python -m cardgen``) with its output going into a
pipe whose reading end is closed before the command starts, so every write meets a gone reader."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from conftest import FIXTURES, PROJECT, unit
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


def run_into_closed_pipe(*args: str, stream: str = "stdout") -> tuple[int, str]:
    """(exit code, what went to the other stream) of ``cardgen ARGS`` writing ``stream`` into a gone reader."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        other = {"stdout": "stderr", "stderr": "stdout"}[stream]
        done = subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=PROJECT, timeout=120,
                              **{stream: write_end, other: subprocess.PIPE}, stdin=subprocess.DEVNULL)
    finally:
        os.close(write_end)
    return done.returncode, getattr(done, other).decode("utf-8", "replace")


def content_with_units(root: Path, count: int) -> Path:
    """tests/fixtures/rules with ``count`` units (``list`` prints one line each)."""
    shutil.copytree(FIXTURES / "rules", root)
    (root / "units").mkdir()
    for number in range(count):
        (root / "units" / f"u{number}.yaml").write_text(yaml.safe_dump(unit(f"u{number}")), encoding="utf-8")
    return root


def test_list_into_a_gone_reader_exits_0_quietly(tmp_path):
    content = content_with_units(tmp_path / "content", 3)
    code, err = run_into_closed_pipe("list", "--content", str(content))
    assert (code, err) == (0, "")


def test_schema_into_a_gone_reader_exits_0_quietly():
    code, err = run_into_closed_pipe("schema")
    assert (code, err) == (0, "")


def test_a_stream_whose_reader_is_gone_drops_every_later_write():
    """What wraps stderr as well as stdout: the first broken write silences the descriptor."""
    from cardgen.commands.pipes import QuietStream

    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(write_end, "w", encoding="utf-8") as raw:
        stream = QuietStream(raw)
        for _ in range(100):
            stream.write("x" * 1000 + "\n")
        stream.flush()
        assert stream.gone
        assert stream.write("more") == 4
