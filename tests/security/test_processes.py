"""Issue 27, points 1 and 5: no process cardgen starts imports code from the project, and none
outlives the build's process, however that ends.

A folder holding ``yaml.py``, ``pyphen.py``, ``weasyprint.py``, ``cardgen/__init__.py`` and even a
``multiprocessing/__init__.py`` that write a marker file when imported: ``cardgen build``, ``cards``,
``watch`` and ``serve`` run in it (and below it, with it as the project root) and the marker never
appears, and the PDFs are those of a clean folder.  The render workers of a forkserver are the
forkserver's children and held it open: a ``cardgen build`` or ``serve`` killed with SIGKILL left the
forkserver, the resource tracker and the workers alive forever."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.speed import workers

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "tests" / "fixtures" / "cards" / "small"
CARDGEN = Path(sys.executable).with_name("cardgen")
HOSTILE_MODULES = ("yaml", "pyphen", "weasyprint", "jinja2", "pikepdf", "numpy", "sitecustomize", "usercustomize")
HOSTILE_PACKAGES = ("cardgen", "multiprocessing", "matplotlib")
LINUX = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
TWO_CORES = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the forkserver and the pool start only on two cores")


def plant(folder: Path, marker: Path) -> None:
    """Python files that would each leave ``marker`` behind if any process imported them."""
    code = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    for name in HOSTILE_MODULES:
        (folder / f"{name}.py").write_text(code, encoding="utf-8")
    for name in HOSTILE_PACKAGES:
        (folder / name).mkdir(exist_ok=True)
        (folder / name / "__init__.py").write_text(code, encoding="utf-8")


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}
    env.update(extra)
    return env


@pytest.fixture()
def hostile(tmp_path):
    """A project root with planted modules, a working folder below it with more, and the content."""
    root = tmp_path / "repo"
    work = root / "sub"
    work.mkdir(parents=True)
    marker = tmp_path / "MARKER"
    plant(root, marker)
    plant(work, marker)
    (root / "cardgen.toml").write_text('content = "content"\nout = "build"\n', encoding="utf-8")
    shutil.copytree(SMALL, root / "content")
    return root, work, marker


@pytest.fixture(scope="module")
def clean_cards(tmp_path_factory) -> Path:
    """The cards of the fixture content built in a folder holding nothing but it: what every run below
    must print byte for byte."""
    out = tmp_path_factory.mktemp("clean") / "out"
    subprocess.run([str(CARDGEN), "cards", "--content", str(SMALL), "--out", str(out)], cwd=out.parent,
                   env=environment(), check=True, capture_output=True)
    return out


@TWO_CORES
@pytest.mark.parametrize("command, places", [("build", ("work", "root")), ("cards", ("work",))])
def test_build_and_cards_import_nothing_from_the_project(hostile, clean_cards, command, places):
    """Run from below the project root (the planted files in both the working folder and the root)
    and, for build, from the root itself (the working folder is the root)."""
    root, work, marker = hostile
    for place in places:
        proc = subprocess.run([str(CARDGEN), command], cwd=work if place == "work" else root, capture_output=True,
                              text=True, env=environment())
        assert proc.returncode == 0, proc.stderr
        assert not marker.exists(), marker.read_text()
        for name in ("cards.pdf", "powers.pdf"):
            assert (root / "build" / name).read_bytes() == (clean_cards / name).read_bytes()
        shutil.rmtree(root / "build")


def test_the_children_environment_keeps_only_paths_away_from_the_working_folder(tmp_path, monkeypatch):
    elsewhere = tmp_path / "lib"
    elsewhere.mkdir()
    work = tmp_path / "work"
    (work / "inner").mkdir(parents=True)
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    paths = ["", ".", "rel", str(work), str(work / "inner"), str(tmp_path), str(elsewhere), str(workers.PACKAGE_HOME)]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    workers.isolate_imports(str(work))
    assert os.environ["PYTHONSAFEPATH"] == "1"
    assert os.environ["PYTHONPATH"].split(os.pathsep) == [str(elsewhere), str(workers.PACKAGE_HOME)]
    monkeypatch.setenv("PYTHONPATH", f".{os.pathsep}{work}")
    workers.isolate_imports(str(work))
    assert "PYTHONPATH" not in os.environ


@TWO_CORES
def test_a_sitecustomize_on_pythonpath_runs_in_no_process_cardgen_starts(tmp_path):
    """Issue 40.2: ``PYTHONPATH`` naming the checkout (a CI step that set it so).  Python itself runs the
    repository's ``sitecustomize.py`` in the ``cardgen`` command, before cardgen can do anything; the
    processes cardgen starts (forkserver, resource tracker) go without it.  Each one that runs it writes
    its process id."""
    repo = tmp_path / "repo"
    repo.mkdir()
    marker = tmp_path / "MARKER"
    (repo / "sitecustomize.py").write_text(f"import os\nopen({str(marker)!r}, 'a').write(f'{{os.getpid()}}\\n')\n",
                                           encoding="utf-8")
    proc = subprocess.Popen([str(CARDGEN), "cards", "--content", str(SMALL), "--out", "out"], cwd=repo,
                            env=environment(PYTHONPATH=str(repo)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert set(marker.read_text(encoding="utf-8").split()) == {str(proc.pid)}


@TWO_CORES
def test_watch_imports_nothing_from_the_project(hostile):
    root, work, marker = hostile
    proc = subprocess.Popen([str(CARDGEN), "watch"], cwd=work, env=environment(), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(lambda: (root / "build" / "cards.pdf").exists(), proc)
        unit = root / "content" / "units" / "probe.yaml"
        unit.write_text(unit.read_text(encoding="utf-8").replace("Probekrieger", "Neuer Krieger"), encoding="utf-8")
        before = (root / "build" / "cards.pdf").stat().st_mtime_ns
        wait_for(lambda: (root / "build" / "cards.pdf").stat().st_mtime_ns != before, proc)
    finally:
        stop(proc)
    assert not marker.exists(), marker.read_text()


@TWO_CORES
def test_serve_imports_nothing_from_the_project(hostile):
    root, work, marker = hostile
    proc = subprocess.Popen([str(CARDGEN), "serve", "--port", "0"], cwd=work, env=environment(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(lambda: (root / "build" / "cards.pdf").exists(), proc)
    finally:
        stop(proc)
    assert not marker.exists(), marker.read_text()


def wait_for(condition, proc: subprocess.Popen, limit_s: float = 120) -> None:
    """Until ``condition()`` holds; a bound, not a speed requirement."""
    deadline = time.monotonic() + limit_s
    while not condition():
        if proc.poll() is not None:
            raise AssertionError(f"the command ended ({proc.returncode}): {proc.stdout.read() if proc.stdout else ''}")
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.1)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# --- 5. every process ends with the build's -------------------------------------------------------


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` now."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*/children"):
            try:
                children = {int(c) for c in task.read_text().split()}
            except OSError:
                continue
            todo.extend(children - found)
            found |= children
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")                      # a zombie has ended; only its reaping is left


def many_units(content: Path, count: int) -> None:
    probe = (content / "units" / "probe.yaml").read_text(encoding="utf-8")
    for number in range(count):
        text = probe.replace("id: probe", f"id: probe_{number}").replace("Probekrieger", f"Krieger {number}")
        (content / "units" / f"probe_{number}.yaml").write_text(text, encoding="utf-8")


@LINUX
@TWO_CORES
@pytest.mark.parametrize("command", ["build", "serve"])
def test_no_process_outlives_a_killed_command(tmp_path, command):
    content = shutil.copytree(SMALL, tmp_path / "content")
    many_units(content, 40)
    args = [str(CARDGEN), command, "--content", str(content), "--out", str(tmp_path / "out")]
    if command == "serve":
        args += ["--port", "0"]
    proc = subprocess.Popen(args, cwd=tmp_path, env=environment(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        # the forkserver, the resource tracker and two render workers (rendering: 80 faces are missing)
        while len(seen) < 4 and proc.poll() is None and time.monotonic() < deadline:
            seen |= descendants(proc.pid)
            time.sleep(0.02)
        assert len(seen) >= 4, f"the command never started its workers: {seen}"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 15                # a bound, not a speed requirement
        while any(alive(p) for p in seen) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [p for p in seen if alive(p)] == []
    finally:
        for pid in seen:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
