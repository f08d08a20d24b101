"""A theme's Jinja templates within bounds (issue 40, finding 5).

A theme template (``theme/templates/``) is code from a pull request.  Jinja's sandbox kept it from
Python's internals, but nested ``range()`` loops hung ``cardgen build --strict`` for ever,
``'x' * 10**13`` was a MemoryError traceback and two 100 MB strings joined took 3.2 GB.  Each
render now has a budget (:mod:`cardgen.sandbox`): each such template ends the command with one line
naming the template and its line, exit 1, no traceback -- in a process whose address space is
capped at 1 GiB (cardgen's rulebook command runs in 512 MiB), so a template that got its memory
would end in a MemoryError instead of the budget's line; a loop that ran on would fail the test
at its subprocess's timeout.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cardgen.sandbox.budget import MAX_CHARS, MAX_RANGE, MAX_STEPS
from conftest import FIXTURES, unit

pytestmark = pytest.mark.pdf          # the build lays out its cards

ADDRESS_SPACE = 1024 * 1024 * 1024
TEMPLATE = "theme/templates/rulebook/book.html.j2"
TOO_MANY_CHARS = f"would make more than {MAX_CHARS:,} characters in one render"
LOOPING = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"


def project(root: Path, body: str, units: bool = True) -> Path:
    """A project at ``root``: a rulebook, one unit (unless not ``units``), and a theme whose rulebook
    template has ``body`` on line 2."""
    shutil.copytree(FIXTURES / "rules", root / "content")
    (root / "content" / "units").mkdir()
    if units:
        (root / "content" / "units" / "probe.yaml").write_text(
            yaml.safe_dump(unit("probe", weapons=["pistole"])), encoding="utf-8")
    (root / "content" / "rulebook").mkdir()
    (root / "content" / "rulebook" / "Regeln.md").write_text("# Regeln\n\nText.\n", encoding="utf-8")
    (root / "cardgen.toml").write_text("", encoding="utf-8")
    (root / TEMPLATE).parent.mkdir(parents=True)
    (root / TEMPLATE).write_text(f"<html><body>\n{body}\n</body></html>\n", encoding="utf-8")
    return root


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def cardgen(root: Path, *args: str) -> subprocess.CompletedProcess:
    """``cardgen ARGS`` in ``root``, its address space capped; a hang fails the test after a minute."""
    command = Path(sys.executable).with_name("cardgen")
    return subprocess.run([str(command), *args], cwd=root, capture_output=True, text=True, timeout=60,
                          preexec_fn=_capped)


def one_line(proc: subprocess.CompletedProcess, message: str) -> None:
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0, proc.stderr
    assert proc.stderr.strip() == f"template rulebook/book.html.j2 ({TEMPLATE}, line 2): {message}"


MEMORY_HUNGRY = {
    "times-10**13": ("{{ 'x' * 10**13 }}", "10,000,000,000,000"),
    "two-100MB": ("{% set a = 'x' * 100000000 %}{% set b = 'y' * 100000000 %}{{ a ~ b }}", "100,000,000"),
    "joined": ("{% set a = 'x' * 30000000 %}{{ a ~ a }}", "60,000,000"),
    "list-times": ("{{ [1, 2, 3] * 100000000 }}", "3,200,000,000"),
    "format-width": ("{{ '{:>999999999}'.format(1) }}", "1,000,000,007"),
    "percent-width": ('{{ "%999999999d" % 1 }}', "1,000,000,018"),
    "join-filter": ("{{ range(1000)|join('x' * 1000000) }}", "1,001,000,008"),
    "center": ("{{ 'x'|center(999999999) }}", "1,000,000,008"),
    "ljust": ("{{ 'x'.ljust(999999999) }}", "1,000,000,008"),
}


DRIVER = """
import contextlib, io, json, os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from cardgen.entry import main
results = {{}}
for name, folder in json.loads(sys.argv[1]).items():
    os.chdir(folder)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = main(["rulebook", "content/rulebook/Regeln.md", "--out", "Regeln.pdf"])
        except BaseException as exc:
            code = type(exc).__name__
    results[name] = [code, err.getvalue()]
print(json.dumps(results))
"""


def test_memory_hungry_theme_templates_are_one_line_naming_them(tmp_path):
    """Each refused before its value is made, all in one process whose address space is capped at
    1 GiB (before: MemoryError tracebacks, and 3.2 GB for the two 100 MB strings)."""
    folders = {name: str(project(tmp_path / name, body)) for name, (body, _) in MEMORY_HUNGRY.items()}
    folders["range-list"] = str(project(tmp_path / "range-list", "{{ range(10**9)|list }}"))
    proc = subprocess.run([sys.executable, "-c", DRIVER.format(cap=ADDRESS_SPACE), json.dumps(folders)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    for name, (_, at_once) in MEMORY_HUNGRY.items():
        one_line(subprocess.CompletedProcess([], results[name][0], "", results[name][1]), f"{TOO_MANY_CHARS} (at least {at_once} at "
                 "once); look for a string or list multiplied, joined, padded or grown in a loop")
    one_line(subprocess.CompletedProcess([], results["range-list"][0], "", results["range-list"][1]), f"range() of more than {MAX_RANGE:,} numbers")
    assert not list(tmp_path.glob("*/Regeln.pdf"))


def test_a_looping_theme_template_ends_a_strict_build(tmp_path):
    """The finding's own case: nested loops in the rulebook's theme template hung ``build --strict``
    (a minute's timeout fails the test instead)."""
    proc = cardgen(project(tmp_path, LOOPING, units=False), "build", "--strict")      # no cards: quicker
    one_line(proc, f"more than {MAX_STEPS:,} loop steps and calls in one render; look for nested loops or a "
                   "macro that calls itself")
    assert not (tmp_path / "out" / "rulebooks").exists()
