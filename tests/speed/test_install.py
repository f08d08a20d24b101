"""Nothing is patched when a module of cardgen is imported (issue 28): only :func:`cardgen.speed.install`,
called by the ``cardgen`` command, a render worker and the test suite, arms the speed layer -- and with
``CARDGEN_SPEEDUPS=0`` it changes nothing either.  Each check runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardgen import speed

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

ENTRY_POINTS = ("cardgen.__main__", "cardgen.cards.preload", "cardgen.rulebook.preload", "cardgen.cards.preload_warm")
"""Modules whose import is what starts a process's work (``python -m cardgen``, the forkserver's start)."""

STATE = """
import ctypes.util, gc, json, pkgutil, sys, importlib
import cardgen
def state():
    import weasyprint, weasyprint.css, weasyprint.text.ffi, pyphen
    return {"ffi": type(weasyprint.text.ffi.ffi._parsed_types).__name__, "find_library": ctypes.util.find_library.__module__, "meta_path": len(sys.meta_path),
            "css": weasyprint.css.CSS is weasyprint.CSS, "hdcache": type(pyphen.hdcache).__name__,
            "gc": list(gc.get_threshold())}
{body}
"""
IMPORT_ALL = """
before = {"find_library": ctypes.util.find_library.__module__, "meta_path": len(sys.meta_path),
          "gc": list(gc.get_threshold())}
for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
    if info.name not in %r:
        importlib.import_module(info.name)
after = state()
print(json.dumps({"before": before, "after": after}))
""" % (ENTRY_POINTS,)
INSTALL = """
from cardgen import speed
speed.install()
import cardgen.pdf.wrapper
print(json.dumps(state()))
"""


def run(body: str, **env: str) -> dict:
    environment = {k: v for k, v in os.environ.items() if k != "CARDGEN_SPEEDUPS"} | env
    proc = subprocess.run([sys.executable, "-c", STATE.replace("{body}", body)], capture_output=True, text=True,
                          env=environment)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def test_importing_every_module_of_cardgen_changes_no_other_library():
    seen = run(IMPORT_ALL)
    assert seen["before"] == {"find_library": "ctypes.util", "meta_path": seen["before"]["meta_path"],
                              "gc": [700, 10, 10]}
    assert seen["after"] == {"find_library": "ctypes.util", "meta_path": seen["before"]["meta_path"],
                             "css": True, "hdcache": "dict", "gc": [700, 10, 10],
                             "ffi": "dict"}


def test_install_arms_the_speed_layer_and_its_hooks_take_themselves_out():
    plain = run("print(json.dumps(state()))")
    armed = run(INSTALL)
    assert armed == {**plain, "css": False, "hdcache": "_Dictionaries", "gc": [700, 10, speed.OLDEST_EVERY],
                     "ffi": "ArrayTypes"}


def test_a_lasting_process_keeps_pythons_collector_and_its_render_workers_do_not():
    """``cardgen watch`` and ``serve`` build again and again: the oldest generation is collected as
    Python sets it there, while a render worker forked from them (its initializer calls ``install()``
    again) collects it rarely, as any process that ends with its build."""
    lasting = run("""
from cardgen import speed
speed.install(lasting=True)
import cardgen.pdf.wrapper
before = state()
speed.install()                     # a render worker forked from it: cardgen.speed.workers.start_worker
print(json.dumps([before, state()]))
""")
    assert lasting == [{**run(INSTALL), "gc": [700, 10, 10]}, run(INSTALL)]


@pytest.mark.parametrize("value", ["0", "-stylesheets,-hyphenation,-libraries,-gc,-arraytypes"])
def test_with_the_switch_off_install_changes_nothing(value):
    assert run(INSTALL, CARDGEN_SPEEDUPS=value) == run("print(json.dumps(state()))")
