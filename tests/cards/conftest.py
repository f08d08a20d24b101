"""Shared, expensive builds of the card tests (each built once per session)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

PROJECT = Path(__file__).resolve().parents[2]
EXAMPLE = PROJECT / "content"
CARD_FIXTURES = PROJECT / "tests" / "fixtures" / "cards"
SMALL = CARD_FIXTURES / "small"
MM = 72 / 25.4                      # PDF points per millimetre


def run_cardgen(*args) -> tuple[int, str, str]:
    """``python -m cardgen ARGS`` in a subprocess from the project folder: (code, out, err)."""
    done = subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], cwd=PROJECT,
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


@lru_cache(maxsize=None)
def show_json(content: Path, unit_id: str) -> dict:
    """``cardgen show ID --json --content DIR`` (in-process)."""
    from cardgen.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["show", unit_id, "--json", "--content", str(content)])
    assert code == 0, err.getvalue()
    return json.loads(out.getvalue())


def load_yaml(content: Path, kind: str) -> dict[str, dict]:
    """Every object of one kind in a content folder, by id (read straight from the YAML)."""
    folder = content / kind
    items = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        items[data["id"]] = data
    return items


def pdf_text(path_or_bytes, first: int | None = None, last: int | None = None) -> str:
    """``pdftotext`` of a PDF file or PDF bytes (pages ``first``..``last``)."""
    args = ["pdftotext"]
    if first:
        args += ["-f", str(first)]
    if last:
        args += ["-l", str(last)]
    if isinstance(path_or_bytes, (bytes, bytearray)):
        done = subprocess.run(args + ["-", "-"], input=bytes(path_or_bytes), capture_output=True, check=True)
    else:
        done = subprocess.run(args + [str(path_or_bytes), "-"], capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def flat(text: str) -> str:
    """Text with hyphenation breaks joined and all whitespace collapsed to single spaces."""
    text = re.sub(r"[\u2010\u00ad-]\s*\n\s*", "", text)
    return " ".join(text.split())


def run_many(*arg_lists) -> list[tuple[int, str, str]]:
    """Several ``python -m cardgen`` runs side by side: [(code, out, err)]."""
    procs = [subprocess.Popen([sys.executable, "-m", "cardgen", *map(str, args)], cwd=PROJECT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for args in arg_lists]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        results.append((proc.returncode, out, err))
    return results


@pytest.fixture(scope="session")
def example_builds(tmp_path_factory):
    """``cardgen cards`` on content/, fold and duplex built once (side by side): layout → (code, out, err, OUT)."""
    builds = {}

    def build(layout: str):
        if not builds:
            layouts = ("fold", "duplex")
            outs = [tmp_path_factory.mktemp(f"example-{name}") for name in layouts]
            results = run_many(*(["cards", "--content", EXAMPLE, "--out", out, "--layout", name]
                                 for name, out in zip(layouts, outs)))
            for name, out, result in zip(layouts, outs, results):
                builds[name] = (*result, out)
        return builds[layout]

    return build


@pytest.fixture(scope="session")
def example_fold(example_builds):
    return example_builds("fold")


@pytest.fixture(scope="session")
def example_duplex(example_builds):
    return example_builds("duplex")


@pytest.fixture(scope="session")
def group_build(example_fold, tmp_path_factory):
    """``cardgen cards --group kampfgruppe_eisenfaust`` (reusing the fold build's face cache)."""
    out = tmp_path_factory.mktemp("group")
    shutil.rmtree(out)
    shutil.copytree(example_fold[3], out)
    shutil.rmtree(out / "groups", ignore_errors=True)
    code, stdout, stderr = run_cardgen("cards", "--content", EXAMPLE, "--out", out,
                                       "--group", "kampfgruppe_eisenfaust")
    return code, stdout, stderr, out


@pytest.fixture(scope="session")
def small_build(tmp_path_factory):
    """``cardgen cards --png 40`` on the small fixture content."""
    out = tmp_path_factory.mktemp("small")
    code, stdout, stderr = run_cardgen("cards", "--content", SMALL, "--out", out, "--png", 40)
    return code, stdout, stderr, out


@pytest.fixture(scope="session")
def small_content():
    from cardgen.stages import load_content
    return load_content(SMALL)


@pytest.fixture(scope="session")
def example_content():
    from cardgen.stages import load_content
    return load_content(EXAMPLE)
