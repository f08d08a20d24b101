"""The wheel of the checkout, installed in a fresh environment, and its cold build of the example content
(shared by tests/e2e/test_wheel.py and test_build.py).

The wheel is built from a copy of the checkout's files (``git ls-files``
plus untracked files git does not ignore, or without git a copy that leaves
out ``.venv``, ``build`` and the caches), so the wheel is what a clone
gives.  It is built with ``--no-build-isolation`` against the pinned
flit_core of the test environment (which writes nothing into the source:
test_make_install.py), so no network is needed, and installed with ``--no-deps`` into a fresh virtual environment
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
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from conftest import EXAMPLE, PROJECT, files_of, shared_once
# The card stage's shared builds of content/ (fold and duplex), for the acceptance tests moved here;
# under xdist each is made once per run whichever folder asks first (shared_once).
from tests.cards.conftest import example_duplex, example_fold, small_content  # noqa: F401

NOT_COPIED = {".venv", "build", "dist", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
              ".hypothesis"}


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
    """``pip wheel`` of ``source`` into ``dist``; offline when flit_core is in this environment."""
    isolation = ["--no-build-isolation", "--no-index"] if importlib.util.find_spec("flit_core") else []
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


def git_repository(dest: Path) -> Path:
    """A copy of the checkout at ``dest``, committed as a git repository of its own: ``git status
    --ignored`` there sees everything a wheel's build or an install writes into it."""
    source = copy_checkout(dest)
    for args in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"]):
        subprocess.run(["git", *args], cwd=source, check=True, capture_output=True)
    return source


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(the wheel, the fresh environment's bin folder, the copy of the checkout it was built from, a git
    repository of its own: READ ONLY): one per test run (shared by the xdist workers).  The copy is a
    repository so that test_make_install.py checks on this one build that ``pip install CHECKOUT``
    (a wheel's build, then its install) leaves the checkout as it was."""
    def make(root: Path) -> dict:
        source = git_repository(root / "src")
        wheel = build_wheel(source, root / "dist")
        return {"wheel": str(wheel), "bin": str(make_venv(root / "venv", wheel)), "source": str(source)}

    _, made = shared_once(tmp_path_factory, "wheel", make)
    return Path(made["wheel"]), Path(made["bin"]), Path(made["source"])


def run_outside(bin_dir: Path, cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``args[0]`` of the fresh environment's bin folder, run in ``cwd`` (outside the checkout), with
    the variables ``env`` added to the environment."""
    env = {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")},
           **(env or {})}
    return subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


@dataclass(frozen=True)
class WheelBuild:
    """``cardgen build --strict`` of a copy of content/ by the installed wheel, cold, in a fresh process,
    in a folder of its own, with another SOURCE_DATE_EPOCH and time zone and the speed layer off
    (``CARDGEN_SPEEDUPS=0``): READ ONLY."""

    returncode: int
    stderr: str
    out: Path                           # the build's output folder (``build`` beside the copied content)


@pytest.fixture(scope="session")
def wheel_build(installed, tmp_path_factory) -> Iterator[WheelBuild]:
    """One cold build of the example content by the installed wheel per test run (shared by the xdist
    workers): the wheel's test checks what it made, test_build.py that it is byte for byte the
    checkout's own cold build (``example_build``) although the folder, the code's place, the time, the
    time zone and the speed layer (off here, on there) differ.  One cold build proves all of it: a
    separate build with only the speed layer off cost a fourth cold build of the example per run, and
    a difference is still named by its PDF (the speed layer's own tests then tell which part).
    Unchanged at the end of the session."""
    def make(root: Path) -> dict:
        project = root / "elsewhere"
        shutil.copytree(EXAMPLE, project / "content")
        result = run_outside(installed[1], project, "cardgen", "build", "--strict",
                             env={"SOURCE_DATE_EPOCH": "1234567890", "TZ": "Pacific/Kiritimati",
                                  "CARDGEN_SPEEDUPS": "0"})
        return {"returncode": result.returncode, "stderr": result.stderr}

    root, made = shared_once(tmp_path_factory, "wheel-build", make)
    built = WheelBuild(made["returncode"], made["stderr"], root / "elsewhere" / "build")
    before = files_of(built.out) if built.out.is_dir() else {}
    yield built
    assert (files_of(built.out) if built.out.is_dir() else {}) == before, \
        "a test changed the shared wheel build: copy it to tmp_path before changing anything"
