"""The forkserver's start (cardgen.cards.preload): importing it arms the speed layer and imports the
renderer; a renderer that cannot be imported is let go, so the forkserver lives on.  Each check runs
in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.pdf          # imports WeasyPrint in a fresh interpreter (make test-fast leaves it out)

REPORT = """
import json, sys
{before}
import cardgen.cards.preload
from cardgen import speed
print(json.dumps([bool(speed._installed), "cardgen.cards.render" in sys.modules]))
"""
NO_WEASYPRINT = """
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name == "weasyprint":
            raise OSError("cannot load library 'libpango-1.0-0'")
sys.meta_path.insert(0, Refuse())
"""


def _run(before: str = "") -> list[bool]:
    result = subprocess.run([sys.executable, "-c", REPORT.format(before=before)], capture_output=True, text=True,
                            check=True, timeout=120)
    return json.loads(result.stdout)


def test_importing_it_arms_the_speed_layer_and_imports_the_renderer():
    assert _run() == [True, True]


def test_a_renderer_that_cannot_be_imported_is_let_go():
    assert _run(NO_WEASYPRINT) == [True, False]


LAYOUT = """
import json, sys
import cardgen.rulebook.preload
from cardgen import speed
print(json.dumps([bool(speed._installed), "cardgen.pdf.parts" in sys.modules, "cardgen.cards.render" in sys.modules]))
"""


def test_the_rulebook_s_preload_imports_weasyprint_s_wrappers_and_not_the_card_renderer():
    result = subprocess.run([sys.executable, "-c", LAYOUT], capture_output=True, text=True, check=True, timeout=120)
    assert json.loads(result.stdout) == [True, True, False]
