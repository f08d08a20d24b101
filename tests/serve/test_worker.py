"""The warm worker (cardgen.serve.worker): one build per request, its outcome as a status; an error ends
the build, never the worker; the watch filter leaves out the build's own writes."""

from __future__ import annotations

from cardgen.build.context import Summary
from cardgen.errors import RenderError
from cardgen.serve.worker import BuildWorker, Status, bug_line, keep_change


def test_a_build_that_succeeds_is_current_with_its_warnings():
    seen = []
    worker = BuildWorker(lambda: Summary(built=["a.pdf"], reused=["b.pdf", "c.pdf"], warnings=["w"]),
                         listener=lambda: seen.append(worker.status.state))
    assert worker.run_once() == Status("current", ("w",), "built 1, reused 2, 1 warning(s)", 1)
    assert seen == ["rendering", "current"]


def test_an_error_and_a_bug_fail_the_build_not_the_worker(capsys):
    steps = iter([RenderError("card 'x' (front): too long"), ZeroDivisionError("division by zero")])

    def step():
        raise next(steps)

    worker = BuildWorker(step)
    assert worker.run_once() == Status("failed", ("card 'x' (front): too long",), "", 1)
    status = worker.run_once()
    assert (status.state, status.number) == ("failed", 2)
    assert status.lines == ("cardgen: internal error in the build (a bug in cardgen, please report it): "
                            "ZeroDivisionError: division by zero",)
    err = capsys.readouterr().err
    assert "card 'x' (front): too long" in err and "Traceback" in err


def test_bug_line_is_one_line():
    assert bug_line(ValueError("a\nb"), "x") == (
        "cardgen: internal error in x (a bug in cardgen, please report it): ValueError: a\\nb")


def test_the_watch_filter_leaves_out_the_builds_own_writes(tmp_path):
    keep = keep_change(tmp_path / "out")
    assert keep(None, str(tmp_path / "content" / "units" / "a.yaml"))
    for own in ("out/cards.pdf", "out", "content/.cache/x", "content/a.yaml.tmp", ".git/index"):
        assert not keep(None, str(tmp_path / own)), own
