"""The built wheel is all cardgen needs: installed with no checkout around, it builds the example content.

The wheel is built from a copy of the checkout's files (``git ls-files``
plus untracked files git does not ignore, or without git a copy that leaves
out ``.venv``, ``build`` and the caches): setuptools writes a ``build/``
folder next to ``pyproject.toml``, which must never be the checkout's own
(that is cardgen's output folder).  It is built with ``--no-build-isolation``
against the pinned setuptools of the test environment, so no network is
needed, and installed with ``--no-deps`` into a fresh virtual environment
under ``tmp_path``.

**Why a ``.pth`` file.**  Installing cardgen's dependencies (WeasyPrint,
pydantic, pikepdf ...) into the fresh environment would take a minute and
need the network.  Instead the fresh environment gets one ``.pth`` file
naming the test environment's site-packages: Python appends those folders
to ``sys.path`` *after* the fresh environment's own site-packages, so the
dependencies are found there while ``import cardgen`` finds the wheel's
copy first.  A ``.pth`` line only adds a folder: the ``.pth`` files inside
it (the test environment's editable install of cardgen, which points at the
checkout) are not run.  The test asserts both: ``cardgen.__file__`` lies in
the fresh environment and no folder of the checkout is on its ``sys.path``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from cardgen import __version__
from conftest import EXAMPLE, PROJECT

NOT_COPIED = {".venv", "build", "dist", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
              ".hypothesis"}
RUN_TIME_DATA = [
    "cardgen/defaults/rules.yaml",
    "cardgen/templates/cards/unit.css",
    "cardgen/templates/rulebook/book.html.j2",
    "cardgen/assets/Grafiken/LICENSE.md",
    "cardgen/assets/Grafiken/Effekt/brand.svg",
    "cardgen/assets/fonts/DejaVuSans.ttf",
    "cardgen/assets/fonts/LICENSE-DejaVu.txt",
    "cardgen/assets/fonts/fonts.css",
    "cardgen/scaffold/cardgen.toml",
    "cardgen/scaffold/.gitignore",
    "cardgen/scaffold/.pre-commit-config.yaml",
    "cardgen/scaffold/.github/workflows/cardgen.yml",
    "cardgen/scaffold/content/units/sturmtruppe.yaml",
    "cardgen/scaffold/theme/fonts/README.txt",
]


def copy_checkout(dest: Path) -> Path:
    """The checkout's source files copied to ``dest`` (what a clone would hold, plus new files)."""
    if (PROJECT / ".git").exists() and shutil.which("git"):
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=PROJECT, check=True, capture_output=True).stdout
        for name in filter(None, listed.decode("utf-8").split("\0")):
            source = PROJECT / name
            if source.is_file():                 # a tracked file deleted in the work tree is skipped
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest / name)
    else:
        shutil.copytree(PROJECT, dest, ignore=lambda folder, names: [
            n for n in names if n in NOT_COPIED or n.endswith(".egg-info")])
    return dest


def build_wheel(source: Path, dist: Path) -> Path:
    """``pip wheel`` of ``source`` into ``dist``; offline when setuptools is in this environment."""
    isolation = ["--no-build-isolation", "--no-index"] if importlib.util.find_spec("setuptools") else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", str(dist),
                    str(source)], check=True, capture_output=True, cwd=source)
    (wheel,) = dist.glob("cardgen-*.whl")
    return wheel


def make_venv(where: Path, wheel: Path) -> Path:
    """A fresh virtual environment with the wheel installed; dependencies reached through a ``.pth``."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    ours = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (site / "zz_test_dependencies.pth").write_text("".join(f"{p}\n" for p in ours), encoding="utf-8")
    return where / "bin"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the wheel, the fresh environment's bin folder)."""
    root = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(copy_checkout(root / "src"), root / "dist")
    return wheel, make_venv(root / "venv", wheel)


def run_outside(bin_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """``args[0]`` of the fresh environment's bin folder, run in ``cwd`` (outside the checkout)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


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


def test_the_installed_wheel_builds_the_example_content(installed, tmp_path):
    shutil.copytree(EXAMPLE, tmp_path / "content")
    result = run_outside(installed[1], tmp_path, "cardgen", "build", "--strict")
    assert result.returncode == 0, result.stderr
    out = tmp_path / "build"
    for name in ("cards.pdf", "powers.pdf", "groups/kampfgruppe_eisenfaust.pdf", "rulebooks/rulebook/Regeln.pdf"):
        assert (out / name).read_bytes().startswith(b"%PDF-"), name


def test_the_installed_wheel_writes_the_scaffold(installed, tmp_path):
    result = run_outside(installed[1], tmp_path, "cardgen", "init", "project")
    assert result.returncode == 0, result.stderr
    for name in (".gitignore", ".pre-commit-config.yaml", ".github/workflows/cardgen.yml", "cardgen.toml",
                 "Regeln/Regelbuch.md", "Grafiken/logo.svg", "content/factions/imperium.yaml"):
        assert (tmp_path / "project" / name).is_file(), name
