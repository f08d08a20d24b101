"""Shared test helpers: the CLI in-process, fixture content, the user's rulebook."""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import difflib
import fcntl
import functools
import io
import json
import logging
import re
import os
import shutil
import signal
import sys
import tempfile
import threading
import warnings
from pathlib import Path
from typing import Callable, Iterator

import pytest
import yaml

from cardgen.paths import PACKAGE_DIR
from cardgen.commands.main import main
from cardgen.build.context import Summary
from cardgen.errors import display_path

PROJECT = Path(__file__).resolve().parents[1]
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = PROJECT.parent / "shared"
EXAMPLE = PROJECT / "content"
REGELBUCH = SHARED / "rulebook" / "Regelbuch.md"


def pytest_configure(config) -> None:
    """The speed layer armed in the test process, as the ``cardgen`` command arms it (cardgen.entry);
    ``CARDGEN_SPEEDUPS=0`` runs the suite without it."""
    from cardgen import speed

    speed.install()
    QUICK[:] = ["not pdf" in (config.getoption("markexpr") or "")]


QUICK = [False]
"""Whether this is ``make test-fast`` (``-m "not pdf"``), set before any test module is imported."""


def fuzz_examples(full: int) -> int:
    """A fuzz test's number of generated examples: ``full`` in the whole suite (``make test``, CI), a
    fifth of it in ``make test-fast``, the quick check while working."""
    return max(20, full // 5) if QUICK[0] else full


PDF_MODULE = re.compile(r"^pytestmark\s*=[^\n]*(?:\n[ \t]+[^\n]*)*pytest\.mark\.pdf", re.M)
"""A test module marked ``pdf`` as a whole (``pytestmark = pytest.mark.pdf``, or in a list of marks)."""


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """In a fast run (``-m "not pdf"``) a module marked ``pdf`` as a whole is not even imported:
    its tests would all be deselected, and importing it (WeasyPrint, pikepdf ...) is most of the
    time such a run would take to collect."""
    if ("not pdf" in (config.getoption("markexpr") or "") and collection_path.suffix == ".py"
            and collection_path.name.startswith("test_")):
        return bool(PDF_MODULE.search(collection_path.read_text(encoding="utf-8"))) or None
    return None


@pytest.fixture(autouse=True)
def _no_pdf_in_a_fast_run(request, monkeypatch):
    """``make test-fast`` (``-m "not pdf"``) runs the tests that render no PDF: one that lays out a
    document all the same fails, naming the marker it lacks (``pytestmark = pytest.mark.pdf``)."""
    if "not pdf" not in (request.config.getoption("markexpr") or "") or request.node.get_closest_marker("pdf"):
        return
    from cardgen.pdf import wrapper as pdf

    def refuse(*args, **kwargs):
        raise AssertionError(f"{request.node.nodeid} renders a PDF: mark it pytest.mark.pdf")
    monkeypatch.setattr(pdf, "load_document", refuse)

# The suite's own cache folder (cardgen keeps parsed hyphenation dictionaries in the user's cache):
# made once by the controlling process before the xdist workers start, inherited by them through
# the environment, removed when the controlling process ends, so no run reads or writes ~/.cache.
if "CARDGEN_TEST_CACHE" not in os.environ:
    os.environ["CARDGEN_TEST_CACHE"] = os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cardgen-test-cache-")
    atexit.register(shutil.rmtree, os.environ["CARDGEN_TEST_CACHE"], ignore_errors=True)


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


def one_unit_content(root: Path) -> Path:
    """A copy of tests/fixtures/rules with one plain unit at ``root``: a build renders two faces."""
    shutil.copytree(FIXTURES / "rules", root)
    (root / "units").mkdir()
    (root / "units" / "probe.yaml").write_text(yaml.safe_dump(unit("probe")), encoding="utf-8")
    return root


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


@dataclasses.dataclass(frozen=True)
class ExampleBuild:
    """One cold ``cardgen build`` of a copy of content/ (or of the small project): READ ONLY for every
    test that uses it (copy ``content`` and ``out``, ``.cache`` included, to build on from there)."""

    content: Path           # the copy of the content that was built
    out: Path               # its output folder, .cache included
    summary: Summary
    stdout: str             # the plain reporter's lines (one per step)
    stderr: str             # everything written to file descriptor 2, render workers included


@contextlib.contextmanager
def _fd_capture():
    """Everything this process and its children write to file descriptors 1 and 2 (and to sys.stdout
    and sys.stderr): yields a dict that holds ``stdout`` and ``stderr`` once the block is done."""
    result: dict[str, str] = {}
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        out_text, err_text = io.StringIO(), io.StringIO()
        os.dup2(out_file.fileno(), 1)
        os.dup2(err_file.fileno(), 2)
        try:
            with contextlib.redirect_stdout(out_text), contextlib.redirect_stderr(err_text):
                yield result
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            for name, file, text in (("stdout", out_file, out_text), ("stderr", err_file, err_text)):
                file.seek(0)
                result[name] = text.getvalue() + file.read().decode("utf-8", "replace")


# The warning filters of a fresh interpreter (python -W and PYTHONWARNINGS aside).
FRESH_WARNING_FILTERS = (("default", DeprecationWarning, "__main__"), ("ignore", DeprecationWarning, ""),
                         ("ignore", PendingDeprecationWarning, ""), ("ignore", ImportWarning, ""),
                         ("ignore", ResourceWarning, ""))


def _show_on_stderr(message, category, filename, lineno, file=None, line=None) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


@contextlib.contextmanager
def _stderr_as_in_a_new_process():
    """Logging and warnings as a fresh ``python -m cardgen`` has them: a log record that no handler
    takes (pytest's capture handlers are set aside) goes to Python's last-resort handler, which
    writes WARNING and up to stderr; a warning is filtered and printed to stderr as by a fresh
    interpreter, not collected by pytest."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    root.handlers = []
    root.setLevel(logging.WARNING)
    try:
        with warnings.catch_warnings():
            warnings.resetwarnings()
            for action, category, module in FRESH_WARNING_FILTERS:
                warnings.filterwarnings(action, category=category, module=module, append=True)
            warnings.showwarning = _show_on_stderr
            yield
    finally:
        root.handlers = handlers
        root.setLevel(level)


def run_in_process(*args) -> tuple[int, str, str]:
    """``cardgen ARGS`` run in this process as ``python -m cardgen ARGS`` runs it from the project folder:
    (exit code, stdout, stderr), stdout and stderr as that process would print them (file descriptors
    1 and 2, render workers included; logging and warnings as in :func:`_stderr_as_in_a_new_process`).
    Without the second or so a new process spends importing WeasyPrint.  Keep real subprocesses for the
    tests of the entry point itself (exit codes, no traceback, signals)."""
    cwd = os.getcwd()
    os.chdir(PROJECT)
    try:
        with _fd_capture() as printed, _stderr_as_in_a_new_process():
            try:
                code = main([str(a) for a in args])
            except SystemExit as exc:       # argparse's --help, --version and usage errors
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
                if isinstance(exc.code, str):
                    print(exc.code, file=sys.stderr)
    finally:
        os.chdir(cwd)
    return code, printed["stdout"], printed["stderr"]


@pytest.fixture(autouse=True)
def _no_forkserver_carried_over(monkeypatch):
    """A test that runs the ``cardgen`` command in this process (:mod:`cardgen.entry`) starts the
    render workers' forkserver (:mod:`cardgen.speed.workers`); the next test's builds fork their
    workers from this process again, as a build called as a function does."""
    from cardgen.speed import workers

    monkeypatch.setattr(workers, "_started", [])


def small_project(root: Path) -> Path:
    """The small fixture content (three units, two of them with a pistol, and a power) at ``root``, with a
    group and a one-page rulebook that lists the units: every kind of output, and a unit edit lays out
    the rulebook again, as in the example content, but in a fraction of its time."""
    shutil.copytree(FIXTURES / "cards" / "small", root)
    (root / "groups").mkdir()
    (root / "groups" / "trupp.yaml").write_text(
        "id: trupp\nname: Trupp\nfaction: test\nmodels:\n- {unit: probe, leader: true}\n- {unit: seher}\n",
        encoding="utf-8")
    (root / "rulebook").mkdir()
    (root / "rulebook" / "Regeln.md").write_text("# Regeln\n\nText.\n\n## Einheiten\n\n{{ list: units }}\n",
                                                 encoding="utf-8")
    return root


def copy_example(root: Path) -> Path:
    """A copy of content/ at ``root``."""
    return shutil.copytree(EXAMPLE, root)


def _cold_build(root: Path, make_content: Callable[[Path], Path] = copy_example) -> dict:
    """Make the content at ``root``/content (a copy of content/ unless ``make_content`` makes another) and
    build it cold into ``root``/out, in this process (the render pool forks from here) with the plain
    reporter; returns what :class:`ExampleBuild` holds, as JSON data."""
    from cardgen.build.run import build
    from cardgen.commands.build import PlainReporter

    content, out = root / "content", root / "out"
    make_content(content)
    with _fd_capture() as printed:
        summary = build(content, out, reporter_factory=lambda total: PlainReporter())
    return {"summary": {**dataclasses.asdict(summary), "icon_set": sorted(summary.icon_set)}, **printed}


def files_of(folder: Path) -> dict[str, tuple[int, int]]:
    """Size and mtime of every file below ``folder``: to check that a shared, read-only build stayed as it was."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def shared_once(tmp_path_factory, name: str, make: Callable[[Path], dict]) -> tuple[Path, dict]:
    """``make(root)`` run once per test run: (``root``, what ``make`` returned, JSON data).

    ``root`` is an empty folder of its own.  Without pytest-xdist it is a new temporary folder.
    Under pytest-xdist every worker is a process of its own (a session fixture runs once per
    worker): the first worker to ask makes it below the workers' common temporary folder, under a
    file lock; the others wait for the lock and read its result.  What ``root`` holds is READ ONLY
    for every test (copy it to build on it)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        root = tmp_path_factory.mktemp(name)
        return root, make(root)
    root = tmp_path_factory.getbasetemp().parent / name
    done = root.parent / f"{name}.json"
    with open(root.parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.is_file():
            return root, json.loads(done.read_text(encoding="utf-8"))
        if root.exists():
            shutil.rmtree(root)
        root.mkdir()
        data = make(root)
        done.write_text(json.dumps(data), encoding="utf-8")
        return root, data


def _shared_build(tmp_path_factory, name: str, make: Callable[[Path], dict]) -> Iterator[ExampleBuild]:
    """The cold build ``make`` once per test run (:func:`shared_once`), checked unchanged at the end."""
    root, data = shared_once(tmp_path_factory, name, make)
    built = ExampleBuild(root / "content", root / "out", Summary(**{**data["summary"], "icon_set": set(data["summary"]["icon_set"])}), data["stdout"], data["stderr"])
    before = files_of(built.out), files_of(built.content)
    yield built
    assert (files_of(built.out), files_of(built.content)) == before, \
        f"a test changed the shared {name}: copy it to tmp_path before changing anything"


@pytest.fixture(scope="session")
def example_build(tmp_path_factory) -> Iterator[ExampleBuild]:
    """The example content built cold once per test run: see :class:`ExampleBuild`.

    Under pytest-xdist the workers share it (:func:`shared_once`).  At the end of the session it
    must be unchanged."""
    yield from _shared_build(tmp_path_factory, "example-build", _cold_build)


@pytest.fixture(scope="session")
def small_project_build(tmp_path_factory) -> Iterator[ExampleBuild]:
    """:func:`small_project` built cold once per test run, like ``example_build`` (READ ONLY): for the
    tests of rebuilds whose point does not need the example content's 44 faces and 16-page rulebook."""
    yield from _shared_build(tmp_path_factory, "small-project-build",
                             functools.partial(_cold_build, make_content=small_project))


@pytest.fixture(scope="session")
def regelbuch_book(tmp_path_factory):
    """(the :class:`~cardgen.rulebook.build.RulebookResult`, its PDF's path) of the user's rulebook built as
    one document (``build_rulebook``'s reference layout, written) once per test run (:func:`shared_once`;
    the result is handed to the other xdist workers pickled): tests/e2e/test_regelbuch.py reads it,
    tests/rulebook/test_bychapter.py compares the chapter-wise layout with it.  READ ONLY.  Skipped where
    ../shared is absent."""
    import pickle

    from cardgen.paths import ASSETS_DIR
    from cardgen.rulebook import build_rulebook

    if not REGELBUCH.is_file():
        pytest.skip(f"the user's rulebook is not beside this clone ({REGELBUCH}); CI always has it")

    def make(root: Path) -> dict:
        result = build_rulebook(REGELBUCH, root / "Regelbuch.pdf", [ASSETS_DIR])
        (root / "result.pickle").write_bytes(pickle.dumps(result))
        return {}

    root, _ = shared_once(tmp_path_factory, "regelbuch-book", make)
    return pickle.loads((root / "result.pickle").read_bytes()), root / "Regelbuch.pdf"


# The fixtures that make their build once per test run (:func:`shared_once`), here and in the conftest.py of
# tests/e2e and tests/cards.
SHARED_BUILDS = frozenset({"example_build", "small_project_build", "installed", "wheel_build", "print_shop_build",
                           "translated_build", "regelbuch_book",
                           "small_build"})


RENDERING_BUILDS = SHARED_BUILDS - {"installed"}
"""The shared builds that render PDFs (``installed`` only installs: the mark ``install``)."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A test that reads a shared build which renders PDFs is a ``pdf`` test however it reads it (the
    build runs in a process of its own, where the fast run's guard cannot see it): ``make test-fast``
    leaves it out -- marked here, before ``-m`` deselects.  Then the test modules that use a build made once
    per test run come first (each module whole, in its order).  pytest-xdist gives the first half of the
    tests to one worker and the second half to the other: so the first worker makes the shared builds while
    the other runs tests that need none, instead of waiting for their lock (the example's cold build alone
    takes ~7 s)."""
    for item in items:
        if RENDERING_BUILDS & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("pdf"):
            item.add_marker(pytest.mark.pdf)
    users = {item.path for item in items if SHARED_BUILDS & set(getattr(item, "fixturenames", ()))}
    items.sort(key=lambda item: item.path not in users)


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
        text = text.replace(str(PACKAGE_DIR), "<cardgen>")    # icon and stylesheet paths of this installation
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
