"""Rendering one document is capped in time (issue 8: "caps on size, depth and time").

Deeply nested flex boxes in a rulebook's raw HTML take WeasyPrint exponential time (12 levels never
finish); the cap turns that hang into one error line.  The cap is a watchdog that ends the process
(issue 28: no signal or exception is raised into foreign code), so each check runs in a process of
its own, with the cap lowered so the test is quick; what is checked is that the command stops with a
clear message, not how fast anything is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from cardgen.pdf import wrapper as pdf
from cardgen.pdf import timelimit
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

NESTED_FLEX = "# Regeln\n\n## Kästen\n\n" + '<div style="display: flex">' * 14 + "x" + "</div>" * 14 + "\n"
LOWERED = ("import sys\nfrom cardgen.pdf import timelimit\ntimelimit.MAX_RENDER_SECONDS = 0.25\n"
           "from cardgen.entry import main\nsys.exit(main(sys.argv[1:]))\n")


def cardgen_with_a_quick_limit(*args: object, cwd=None, limit: float = 0.25) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LOWERED.replace("0.25", str(limit)), *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=300)


def test_a_rulebook_that_would_hang_stops_with_one_clear_line(tmp_path):
    source = tmp_path / "Regeln.md"
    source.write_text(NESTED_FLEX, encoding="utf-8")
    proc = cardgen_with_a_quick_limit("rulebook", source, "--out", tmp_path / "Regeln.pdf")
    assert proc.returncode == 1
    assert proc.stderr.strip().count("\n") == 0, proc.stderr
    assert "took longer than 0.25 s; look for deeply nested boxes" in proc.stderr
    assert not (tmp_path / "Regeln.pdf").exists()


SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "small"
FORKED = ("import sys\nfrom pathlib import Path\nfrom cardgen import speed; from cardgen.pdf import timelimit\nspeed.install()\n"
          "timelimit.MAX_RENDER_SECONDS = 0.001\nfrom cardgen.build.run import build\nfrom cardgen.errors import RenderError\n"
          "try:\n    build(Path(sys.argv[1]), Path(sys.argv[2]))\nexcept RenderError as exc:\n    print(exc)\n"
          "    sys.exit(7)\n")


def test_render_workers_over_the_limit_end_quietly_and_the_build_says_the_limit():
    """A build called as a function forks its render workers (they share its limit, a millisecond here:
    every face is over it): each ends quietly, and the build's error is the limit's one line -- not the
    workers' lines and then the pool's "a render worker ended"."""
    import tempfile

    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.run([sys.executable, "-c", FORKED, str(SMALL), out], capture_output=True, text=True,
                              timeout=300)
        assert (proc.returncode, proc.stderr) == (7, ""), proc.stderr
        assert proc.stdout.strip() == timelimit.timeout_message(0.001)
        assert not (Path(out) / "cards.pdf").exists()


def test_card_faces_over_the_limit_end_cardgen_cards_with_one_line(tmp_path):
    """The forkserver's render workers get the build's limit too (they share none of its module state):
    no face gets made (without it they all were, and the build's own sheet layout stopped it later)."""
    proc = cardgen_with_a_quick_limit("cards", "--content", SMALL, "--out", tmp_path / "out", cwd=tmp_path, limit=0.001)
    assert proc.returncode == 1
    assert proc.stderr.strip() == timelimit.timeout_message(0.001), proc.stderr
    assert not (tmp_path / "out" / "cards.pdf").exists()
    assert [p.name for p in (tmp_path / "out").rglob("*.pdf") if "faces" in p.parts] == []


def test_a_build_whose_rulebook_would_hang_writes_nothing(tmp_path):
    content = tmp_path / "content"
    (content / "rulebook").mkdir(parents=True)
    (content / "rulebook" / "Regeln.md").write_text(NESTED_FLEX, encoding="utf-8")
    for kind in ("units", "weapons"):
        (content / kind).mkdir()
    proc = cardgen_with_a_quick_limit("build", "--content", content, "--out", tmp_path / "out", cwd=tmp_path)
    assert proc.returncode == 1
    assert "took longer than 0.25 s" in proc.stderr
    written = sorted((tmp_path / "out").rglob("*.pdf")) if (tmp_path / "out").exists() else []
    assert written == []


FOREIGN = """
import time
from cardgen.pdf import timelimit
with timelimit.time_limit(0.2):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:      # code that catches everything, as a gc callback might
        try:
            time.sleep(0.01)
        except BaseException as exc:
            print("caught", type(exc).__name__, flush=True)
print("survived", flush=True)
"""


def test_the_limit_raises_nothing_into_the_code_that_runs():
    """The old SIGALRM limit raised its exception into whatever code ran (a gc callback, Popen.__del__);
    the watchdog ends the process instead: the running code never sees anything."""
    proc = subprocess.run([sys.executable, "-c", FOREIGN], capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (timelimit.EXIT_TIMEOUT, "")
    assert proc.stderr.strip() == timelimit.timeout_message(0.2)


def test_a_document_inside_the_limit_leaves_no_watchdog_and_no_signal(tmp_path):
    handler = signal.getsignal(signal.SIGALRM)
    assert pdf.render_pdf("<p>kurz</p>", tmp_path).pdf.startswith(b"%PDF")
    assert signal.getsignal(signal.SIGALRM) is handler
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    watchdogs = [t for t in threading.enumerate() if t.name == "cardgen-time-limit"]
    for watchdog in watchdogs:
        watchdog.join(timeout=10)                   # it ends as soon as the body is done
    assert [t for t in watchdogs if t.is_alive()] == []


def test_off_the_main_thread_the_limit_does_not_end_the_process():
    """serve's builds run on a thread beside its web server: a slow book there must not end the server."""
    seen = []

    def body() -> None:
        with timelimit.time_limit(0.01):
            threading.Event().wait(0.2)
        seen.append(os.getpid())
    worker = threading.Thread(target=body)
    worker.start()
    worker.join()
    assert seen == [os.getpid()]
