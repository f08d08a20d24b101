"""Shared test helpers: the CLI in-process, fixture content, the user's rulebook."""

from __future__ import annotations

import contextlib
import difflib
import json
import shutil
import signal
import threading
from pathlib import Path

import pytest
import yaml

from cardgen.cli import main
from cardgen.errors import display_path

PROJECT = Path(__file__).resolve().parents[1]
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = PROJECT.parent / "shared"
REGELBUCH = SHARED / "rulebook" / "Regelbuch.md"


@pytest.fixture
def regelbuch() -> str:
    """The user's rulebook text (skipped where ../shared is absent, as in a user's clone)."""
    if not REGELBUCH.is_file():
        pytest.skip(f"the user's rulebook is not beside this clone ({REGELBUCH}); CI always has it")
    return REGELBUCH.read_text(encoding="utf-8")


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run ``cardgen ARGS`` in-process from the project folder; return (code, out, err)."""
    monkeypatch.chdir(PROJECT)

    def run(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture
def rules_content(tmp_path):
    """A copy of tests/fixtures/rules; ``add(kind, data)`` writes one more object."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "rules", root)

    def add(kind: str, data: dict) -> Path:
        path = root / kind / f"{data['id']}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return path

    add.root = root
    return add


def unit(unit_id: str = "probe", **fields) -> dict:
    """A valid infantry unit (KO 5), overridden by ``fields``."""
    data = {"id": unit_id, "name": unit_id.title(), "faction": "test", "type": "infanterie",
            "size": "mittel", "movement": "beine",
            "attributes": {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 4},
            "speed": 10, "hit_points": 10}
    data.update(fields)
    return data


@pytest.fixture
def show(cli, rules_content):
    """``show(unit_dict)`` → the parsed ``cardgen show --json`` of that unit."""

    def run(data: dict) -> dict:
        rules_content("units", data)
        code, out, err = cli("show", data["id"], "--json", "--content", rules_content.root)
        assert code == 0, err
        return json.loads(out)

    return run


@contextlib.contextmanager
def no_hang(seconds: int = 30):
    """Fail (instead of hanging CI) when the body runs longer than ``seconds`` (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum, frame):
        pytest.fail(f"no result after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def strip_root(text: str, root: Path) -> str:
    """``text`` with the folder ``root`` taken off the file names in it, however they are shown
    (absolute, or relative to the working folder where that is shorter: the checkout may lie anywhere)."""
    return text.replace(f"{root}/", "").replace(f"{display_path(root)}/", "")


def pytest_addoption(parser):
    parser.addoption("--update-snapshots", action="store_true",
                     help="write tests/snapshots/ anew from what the code makes now (then review the diff)")


@pytest.fixture
def snapshot(request):
    """``snapshot(name, text)``: ``text`` must equal ``tests/snapshots/<name>``.

    HTML of card faces and rulebook fragments is compared whole, not by
    substrings.  After an intended change run ``make test`` once with
    ``--update-snapshots`` (``.venv/bin/python -m pytest --update-snapshots``)
    and review the snapshot diff in git like any other change."""
    update = request.config.getoption("--update-snapshots")

    def check(name: str, text: str) -> None:
        path = SNAPSHOTS / name
        text = text.replace(str(PROJECT), "<cardgen>")        # icon and stylesheet paths of this checkout
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        if not path.is_file():
            pytest.fail(f"no snapshot {path.relative_to(PROJECT)}; run pytest --update-snapshots and review it")
        expected = path.read_text(encoding="utf-8")
        if text != expected:
            diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                f"snapshots/{name}", "now", n=2))
            pytest.fail(f"{name} differs from its snapshot (pytest --update-snapshots if intended):\n"
                        + diff[:6000])
    return check
