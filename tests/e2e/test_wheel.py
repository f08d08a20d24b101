"""The built wheel is all cardgen needs: installed with no checkout around, it builds the example content.

How the wheel is built and installed (and why a ``.pth`` file): tests/e2e/conftest.py.
"""

from __future__ import annotations

import json
import sysconfig
import zipfile
from pathlib import Path

from cardgen import __version__
from conftest import PROJECT

from .conftest import run_outside
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

RUN_TIME_DATA = [
    "cardgen/defaults/rules.yaml",
    "cardgen/templates/cards/unit.css",
    "cardgen/templates/rulebook/book.html.j2",
    "cardgen/assets/Grafiken/LICENSE.md",
    "cardgen/assets/Grafiken/Effekt/brand.svg",
    "cardgen/assets/fonts/DejaVuSans.ttf",
    "cardgen/assets/fonts/LICENSE-DejaVu.txt",
    "cardgen/assets/fonts/fonts.css",
    "cardgen/init/scaffold/cardgen.toml",
    "cardgen/init/scaffold/.gitignore",
    "cardgen/init/scaffold/.pre-commit-config.yaml",
    "cardgen/init/scaffold/.github/workflows/cardgen.yml",
    "cardgen/init/scaffold/content/units/sturmtruppe.yaml",
    "cardgen/init/scaffold/theme/fonts/README.txt",
]


def test_the_wheel_holds_everything_cardgen_reads_at_run_time(installed):
    names = set(zipfile.ZipFile(installed[0]).namelist())
    assert [name for name in RUN_TIME_DATA if name not in names] == []
    assert not [n for n in names if n.startswith(("tests/", "content/", "build/", "bench/"))]


def test_the_installed_wheel_is_what_runs(installed, tmp_path):
    bin_dir = installed[1]
    probe = run_outside(bin_dir, tmp_path, "python", "-c",
                        "import json, sys, cardgen; print(json.dumps([cardgen.__file__, sys.path]))")
    module, path = json.loads(probe.stdout)
    assert Path(module).is_relative_to(bin_dir.parent)
    # The test environment's site-packages (named by the .pth) may lie in the checkout's .venv; it
    # holds no cardgen package (the editable install's finder is a .pth of it, which is not run).
    checkout = PROJECT.resolve()
    dependencies = {Path(p).resolve() for p in sysconfig.get_paths().values()}
    assert [p for p in path if p and Path(p).resolve().is_relative_to(checkout)
            and Path(p).resolve() not in dependencies] == []
    assert [p for p in path if p and (Path(p) / "cardgen").exists()
            and not Path(p).resolve().is_relative_to(bin_dir.parent.resolve())] == []
    version = run_outside(bin_dir, tmp_path, "cardgen", "--version")
    assert version.stdout.strip() == f"cardgen {__version__}"


def test_the_installed_wheel_builds_the_example_content(wheel_build):
    """``cardgen build --strict`` in a copy of content/ (conftest.py: the wheel's one cold build of it)."""
    assert wheel_build.returncode == 0, wheel_build.stderr
    out = wheel_build.out
    for name in ("cards.pdf", "powers.pdf", "groups/kampfgruppe_eisenfaust.pdf", "rulebooks/rulebook/Regeln.pdf"):
        assert (out / name).read_bytes().startswith(b"%PDF-"), name


def test_the_installed_wheel_writes_the_scaffold(installed, tmp_path):
    result = run_outside(installed[1], tmp_path, "cardgen", "init", "project")
    assert result.returncode == 0, result.stderr
    for name in (".gitignore", ".pre-commit-config.yaml", ".github/workflows/cardgen.yml", "cardgen.toml",
                 "Regeln/Regelbuch.md", "Grafiken/logo.svg", "content/factions/imperium.yaml"):
        assert (tmp_path / "project" / name).is_file(), name
