"""What installing cardgen leaves behind: nothing in the checkout, and only what each command needs.

Both tests work on a copy of the checkout made a git repository of its own (``git_repository``: what a
clone would hold, plus new files; the first one on the copy the run's shared wheel, ``installed``, is
built from), so ``git status --ignored`` sees everything an install writes.

- ``pip install`` of the checkout into a fresh virtual environment leaves the checkout as it was: no
  ``build/`` (cardgen's output folder), no ``*.egg-info`` (flit_core builds out of tree, pyproject.toml).
- The Makefile's own set-up, run for real into a fresh environment: ``make build``'s install brings no
  test tool, ``make test``'s adds them.  It installs cardgen's dependencies as a newcomer's first
  ``make build`` does (from the registry, or pip's cache), about 40 s of CPU.

Both are marked ``install``: ``make test-fast`` leaves them out, like the PDF tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import git_repository

TEST_TOOLS = ("pytest", "mypy", "ruff")


def left_behind(source: Path) -> list[str]:
    """What git sees changed, new or ignored in ``source``."""
    return subprocess.run(["git", "status", "--porcelain", "--ignored"], cwd=source, check=True,
                          capture_output=True, text=True).stdout.splitlines()


def tools_in(venv: Path) -> list[str]:
    """Which of the test tools the environment's Python can import."""
    probe = subprocess.run([venv / "bin" / "python", "-c", "import importlib.util, sys; "
                            f"print(' '.join(m for m in {TEST_TOOLS!r} if importlib.util.find_spec(m)))"],
                           check=True, capture_output=True, text=True)
    return probe.stdout.split()


@pytest.mark.install
def test_pip_install_of_the_checkout_leaves_it_as_it_was(installed):
    """``pip install CHECKOUT`` is ``pip wheel`` then an install of the wheel: the build is what could
    write into the checkout (done offline with the test environment's pinned flit_core).  The run's one
    wheel (tests/e2e/conftest.py: ``installed``) was built and installed so from a copy of the checkout."""
    _, bin_dir, source = installed
    assert (bin_dir / "cardgen").is_file()
    assert left_behind(source) == []
    assert not (source / "build").exists()


@pytest.mark.install
def test_make_build_installs_no_test_tool_and_make_test_adds_them(tmp_path):
    source = git_repository(tmp_path / "checkout")
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MAKEFLAGS")}

    def make(target: str) -> None:
        done = subprocess.run(["make", "-s", f"VENV={venv}", f"PYTHON={sys._base_executable}", target],
                              cwd=source, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]

    make(f"{venv}/.installed")             # what `make build` installs before it builds
    assert (venv / "bin" / "cardgen").is_file()
    assert tools_in(venv) == []
    make(f"{venv}/.test-tools")            # what `make test` and `make test-fast` add
    assert tools_in(venv) == list(TEST_TOOLS)
    assert left_behind(source) == []


@pytest.mark.pdf
def test_make_build_names_the_outputs_it_made(example_build):
    """The lines ``make build`` ends with name files the example's build writes (``cardgen build`` and
    ``cardgen balance``): a renamed output cannot leave the newcomer a stale path."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    named = {word.rstrip(",.") for line in makefile.splitlines() if line.strip().startswith("@echo")
             for word in line.split() if word.startswith("build/")}
    assert named >= {"build/cards.pdf", "build/balance.pdf"}
    made = {f"build/{p.relative_to(example_build.out)}" for p in example_build.out.rglob("*.pdf")}
    assert sorted(named - {"build/balance.pdf"} - made) == []
    assert "cardgen balance --content content --out build" in makefile      # writes build/balance.pdf
