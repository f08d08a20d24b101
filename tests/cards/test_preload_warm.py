"""The start of ``cardgen serve``'s forkserver (cardgen.cards.preload_warm): what preload does, and the
renderer warmed up once, so every worker it forks starts warm.  Runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.pdf          # renders the sample faces (make test-fast leaves it out)

REPORT = """
import json, sys
from cardgen.cards import warm
calls = []
original = warm.warm_up
def counted():
    calls.append(original())
    return calls[-1]
warm.warm_up = counted
import cardgen.cards.preload_warm
from cardgen import speed
print(json.dumps([bool(speed._installed), "cardgen.cards.render" in sys.modules, calls]))
"""


def test_importing_it_warms_the_renderer_up_once():
    result = subprocess.run([sys.executable, "-c", REPORT], capture_output=True, text=True, check=True, timeout=300)
    assert json.loads(result.stdout) == [True, True, [True]]
