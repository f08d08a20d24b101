"""Shared, expensive builds of the card tests: each made once per test run, shared by the xdist workers
(``shared_once`` of tests/conftest.py), the example content's from the one cold ``example_build`` there.
All of them are read only."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

PROJECT = Path(__file__).resolve().parents[2]
EXAMPLE = PROJECT / "content"
CARD_FIXTURES = PROJECT / "tests" / "fixtures" / "cards"
SMALL = CARD_FIXTURES / "small"
MM = 72 / 25.4                      # PDF points per millimetre


@lru_cache(maxsize=None)
def show_json(content: Path, unit_id: str) -> dict:
    """``cardgen show ID --json --content DIR`` (in-process)."""
    from cardgen.commands.main import main
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


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """(width, height) in PDF points of every page's MediaBox (inherited or its own), in page order.

    Read with pikepdf: pypdf spends a second and more parsing the object streams of a deck's sheets."""
    import pikepdf
    with pikepdf.open(path) as document:
        return [(float(box[2]) - float(box[0]), float(box[3]) - float(box[1]))
                for box in (page.mediabox for page in document.pages)]


def flat(text: str) -> str:
    """Text with hyphenation breaks joined and all whitespace collapsed to single spaces."""
    text = re.sub(r"[\u2010\u00ad-]\s*\n\s*", "", text)
    return " ".join(text.split())


def shared_cardgen(tmp_path_factory, name: str, *args, warm: Path | None = None, drop: str | None = None):
    """``cardgen ARGS`` run once per test run (:func:`conftest.shared_once`: under xdist the workers share
    it), in this process but printing as ``python -m cardgen`` would (:func:`conftest.run_in_process`).
    ``{out}`` in ARGS stands for its output folder, which starts as a copy of ``warm`` (a build's output
    folder, its face cache included) when given, less its subfolder ``drop``.  Yields (code, out, err, OUT);
    OUT is read only: it must be unchanged at the end of the session."""
    from conftest import files_of, run_in_process, shared_once

    def make(root: Path) -> dict:
        out = root / "out"
        if warm is not None:
            shutil.copytree(warm, out)
            if drop:
                shutil.rmtree(out / drop, ignore_errors=True)
        code, stdout, stderr = run_in_process(*(out if a == "{out}" else a for a in args))
        return {"code": code, "stdout": stdout, "stderr": stderr}

    root, data = shared_once(tmp_path_factory, name, make)
    out = root / "out"
    before = files_of(out)
    yield data["code"], data["stdout"], data["stderr"], out
    assert files_of(out) == before, f"a test changed the shared build {name}: copy it to tmp_path first"


@pytest.fixture(scope="session")
def example_fold(example_build):
    """The session's cold build of content/ (tests/conftest.py), fold layout: (code, out, err, OUT).

    ``err`` is what ``cardgen`` prints to stderr: the build's warnings and anything else written there."""
    warnings = "".join(f"{warning}\n" for warning in example_build.summary.warnings)
    return 0, example_build.stdout, warnings + example_build.stderr, example_build.out


@pytest.fixture(scope="session")
def example_duplex(example_build, tmp_path_factory):
    """``cardgen cards --layout duplex`` on content/, from the fold build's face cache (faces do not
    depend on the layout; the sheets and changed-cards.pdf do): (code, out, err, OUT), one per test run."""
    yield from shared_cardgen(tmp_path_factory, "example-duplex", "cards", "--content", EXAMPLE, "--out", "{out}",
                              "--layout", "duplex", warm=example_build.out)


@pytest.fixture(scope="session")
def print_shop_build(tmp_path_factory):
    """``cardgen cards --crop-marks --print-shop --sheet SRA3`` (no ``--bleed``: the print shop's 3 mm;
    the press sheets too) on the small fixture content (three unit cards and a power card: every face is rendered anew with bleed, so the
    example's 36 would cost a cold build): (code, out, err, OUT), one per test run (shared by the xdist
    workers).  Read apart by tests/cards/printed.py's helpers."""
    yield from shared_cardgen(tmp_path_factory, "print-shop", "cards", "--content", SMALL, "--out", "{out}",
                              "--crop-marks", "--print-shop", "--sheet", "SRA3")


@pytest.fixture(scope="session")
def group_build(example_fold, tmp_path_factory):
    """``cardgen cards --group kampfgruppe_eisenfaust`` (reusing the fold build's face cache, without its
    groups/ folder), one per test run."""
    yield from shared_cardgen(tmp_path_factory, "group", "cards", "--content", EXAMPLE, "--out", "{out}",
                              "--group", "kampfgruppe_eisenfaust", warm=example_fold[3], drop="groups")


@pytest.fixture(scope="session")
def small_build(tmp_path_factory):
    """``cardgen cards --png 40`` on the small fixture content, one per test run."""
    yield from shared_cardgen(tmp_path_factory, "small", "cards", "--content", SMALL, "--out", "{out}", "--png", 40)


@pytest.fixture(scope="session")
def small_content():
    from cardgen.stages import load_content
    return load_content(SMALL)


@pytest.fixture(scope="session")
def example_content():
    from cardgen.stages import load_content
    return load_content(EXAMPLE)
