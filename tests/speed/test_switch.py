"""``CARDGEN_SPEEDUPS`` (cardgen/speed/__init__.py): which speedups a value of the switch turns on.

That the layer changes how soon the PDFs are made, never what they are, is checked on the whole example:
tests/e2e/test_build.py's ``test_two_cold_builds_are_byte_identical`` compares the session's build (layer
on, as the command arms it) with the installed wheel's cold build with ``CARDGEN_SPEEDUPS=0``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardgen import speed

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


EXIT = "import gc, json; from cardgen import speed; speed.at_exit(); print(json.dumps(gc.get_freeze_count() > 0))"


@pytest.mark.parametrize(("switch", "frozen"), [("1", True), ("-exit", False), ("0", False)])
def test_the_exit_speedup_freezes_the_objects_only_when_on(switch, frozen):
    """``exit``: :func:`cardgen.speed.at_exit` moves the objects out of the collector's reach (in a process
    of its own: this one goes on)."""
    proc = subprocess.run([sys.executable, "-c", EXIT], capture_output=True, text=True, check=True, timeout=60,
                          env={**os.environ, "CARDGEN_SPEEDUPS": switch})
    assert json.loads(proc.stdout) is frozen
