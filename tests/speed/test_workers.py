"""The render workers' forkserver (cardgen/speed/workers.py): started by ``cardgen build`` and ``cardgen cards``
before they read the content; their own process never imports WeasyPrint where it renders nothing itself,
and the cards come out byte for byte as from workers forked from the build's process."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.build.run import build
from cardgen.cards import PRELOAD
from cardgen.speed import workers

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "small"
COMMAND = ("import json, sys\n"
           "from cardgen.entry import main\n"
           "code = main([sys.argv[3], '--content', sys.argv[1], '--out', sys.argv[2]])\n"
           "from cardgen.speed import workers\n"
           "print(json.dumps({'code': code, 'forkserver': workers.early_context() is not None,\n"
           "                  'weasyprint': 'weasyprint' in sys.modules}))\n")


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
@pytest.mark.parametrize("command_name", ["build", "cards"])
def test_cardgen_build_renders_in_the_forkserver_and_never_imports_weasyprint_itself(tmp_path, command_name):
    """After a unit's edit (the sheets are laid out by the cold build before it) the build's process
    only reads, plans and imposes: the faces are rendered by workers of the forkserver."""
    if (multiprocessing.cpu_count() or 1) < 2:
        pytest.skip("the forkserver starts only where there are two cores or more")
    content = shutil.copytree(SMALL, tmp_path / "content")

    def command() -> dict:
        proc = subprocess.run([sys.executable, "-c", COMMAND, str(content), str(tmp_path / "server"), command_name],
                              capture_output=True, text=True, check=True)
        return json.loads(proc.stdout.splitlines()[-1])
    assert command()["forkserver"]
    unit = content / "units" / "probe.yaml"
    unit.write_text(unit.read_text(encoding="utf-8").replace("name: Probekrieger", "name: Neuer Krieger"),
                    encoding="utf-8")
    assert command() == {"code": 0, "forkserver": True, "weasyprint": False}

    build(content, tmp_path / "forked")             # a build called as a function: forked from this process
    for name in ("cards.pdf", "powers.pdf"):
        assert (tmp_path / "server" / name).read_bytes() == (tmp_path / "forked" / name).read_bytes()


RULEBOOK = ("import json, sys\n"
            "from cardgen.entry import main\n"
            "code = main(['rulebook', sys.argv[1], '--out', sys.argv[2]])\n"
            "from cardgen.speed import workers\n"
            "print(json.dumps({'code': code, 'forkserver': workers.early_context() is not None,\n"
            "                  'weasyprint': 'weasyprint' in sys.modules}))\n")
BOOK = ("# Regeln\n\n[[toc]]\n\n## Bewegung\n\nEin Modell bewegt sich.\n\n## Kampf\n\nSiehe [Bewegung](#bewegung).\n\n"
        "Nahkampf zuerst.\n\nDann Fernkampf.\n\n## Moral\n\nMut.\n")


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
def test_a_rulebook_is_cut_and_laid_out_in_the_forkserver_and_the_command_never_imports_weasyprint(tmp_path):
    """``cardgen rulebook`` (by chapters) starts the forkserver first: a cold book's structure is probed
    (its cascade) and its chapters laid out there, an edit inside one chapter checked (its cascade) and laid
    out there; with nothing changed, nothing imports WeasyPrint at all.
    The book comes out as a whole-book layout of the same text has it (tests/rulebook/test_bychapter.py)."""
    if (multiprocessing.cpu_count() or 1) < 2:
        pytest.skip("the forkserver starts only where there are two cores or more")
    book, out = tmp_path / "Regeln.md", tmp_path / "out" / "Regeln.pdf"
    book.write_text(BOOK, encoding="utf-8")

    def command() -> dict:
        proc = subprocess.run([sys.executable, "-c", RULEBOOK, str(book), str(out)], capture_output=True, text=True,
                              check=True, cwd=tmp_path)
        return json.loads(proc.stdout.splitlines()[-1])
    assert command() == {"code": 0, "forkserver": True, "weasyprint": False}      # cold: probed in a worker
    first = out.read_bytes()
    assert command() == {"code": 0, "forkserver": True, "weasyprint": False}      # no change
    assert out.read_bytes() == first
    book.write_text(BOOK.replace("Nahkampf zuerst.", "Nahkampf immer zuerst."), encoding="utf-8")
    assert command() == {"code": 0, "forkserver": True, "weasyprint": False}      # inside one chapter edited
    assert out.read_bytes() != first and b"%PDF" in out.read_bytes()[:8]


def test_no_forkserver_on_one_core_and_only_one(monkeypatch):
    started = []
    monkeypatch.setattr(workers, "usable_cores", lambda: 1)
    monkeypatch.setattr("multiprocessing.forkserver.ensure_running", lambda: started.append(1))
    workers.start_early(PRELOAD)
    assert workers.early_context() is None and started == []
    monkeypatch.setattr(workers, "usable_cores", lambda: 2)
    workers.start_early(PRELOAD)
    workers.start_early(PRELOAD)
    assert started == [1]
    assert workers.early_context().get_start_method() == "forkserver"


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
def test_a_renderer_that_cannot_be_imported_is_one_line_not_a_traceback(tmp_path):
    """WeasyPrint without its libraries raises OSError on import: in the forkserver that must not end
    the forkserver (the build would die of an EOFError), but be the build's one-line error."""
    if (multiprocessing.cpu_count() or 1) < 2:
        pytest.skip("the forkserver starts only where there are two cores or more")
    fake = tmp_path / "fake" / "weasyprint"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text('raise OSError("cannot load library \'libpango-1.0-0\'")\n', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "cardgen", "build", "--content", str(SMALL), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tmp_path / "fake")})
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "EOFError" not in proc.stderr
    assert "libpango-1.0-0" in proc.stderr
    assert not (tmp_path / "out" / "cards.pdf").exists()


def _dying(job):
    """A render worker that is killed while it renders (as by the OOM killer)."""
    os._exit(9)


def test_a_worker_killed_while_it_renders_is_one_line_and_writes_nothing(tmp_path, monkeypatch):
    from cardgen.cards import faces as pipeline
    from cardgen.errors import RenderError

    monkeypatch.setattr(pipeline, "_render_safely", _dying)
    with pytest.raises(RenderError, match="a render worker ended before its faces were done"):
        build(SMALL, tmp_path / "out")
    assert not (tmp_path / "out" / "cards.pdf").exists()


def test_the_usable_cores_are_those_the_process_may_run_on(monkeypatch):
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert workers.usable_cores() == 1
    monkeypatch.delattr(workers.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 3)
    assert workers.usable_cores() == 3


def _freeze_count(connection) -> None:
    import gc

    connection.send(gc.get_freeze_count())
    connection.close()


def test_workers_forked_from_this_process_inherit_the_objects_frozen_and_this_process_goes_on_collecting():
    """``freeze`` (cardgen.speed.workers.forking): a worker forked meanwhile starts with this process's
    objects out of its collector's reach (its collections copy none of the pages it shares); this
    process's objects are collected again afterwards; a forkserver's or a spawned worker inherits
    nothing, so nothing is frozen for it."""
    import gc

    fork = multiprocessing.get_context("fork")
    here, there = fork.Pipe()
    assert gc.get_freeze_count() == 0
    with workers.forking(None):
        assert gc.get_freeze_count() > 0
        child = fork.Process(target=_freeze_count, args=(there,))
        child.start()
    assert gc.get_freeze_count() == 0
    inherited = here.recv()
    child.join(30)
    assert inherited > 0
    for context in (multiprocessing.get_context("spawn"), multiprocessing.get_context("forkserver")):
        with workers.forking(context):
            assert gc.get_freeze_count() == 0


def test_the_freeze_speedup_is_off_with_its_switch(monkeypatch):
    import gc

    monkeypatch.setenv("CARDGEN_SPEEDUPS", "-freeze")
    with workers.forking(None):
        assert gc.get_freeze_count() == 0
