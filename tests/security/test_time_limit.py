"""Rendering one document is capped in time (issue 8: "caps on size, depth and time").

Deeply nested flex boxes in a rulebook's raw HTML take WeasyPrint
exponential time (12 levels never finish); the cap turns that hang into one
error line.  The cap is lowered here so the test is quick; what is checked
is that the build stops with a clear message, not how fast anything is.
"""

from __future__ import annotations

import signal

import pytest

from cardgen import pdf
from cardgen.rulebook.build import build_rulebook

NESTED_FLEX = "# Regeln\n\n## Kästen\n\n" + '<div style="display: flex">' * 14 + "x" + "</div>" * 14 + "\n"


@pytest.fixture
def quick_limit(monkeypatch):
    monkeypatch.setattr(pdf, "MAX_RENDER_SECONDS", 0.25)


def test_a_rulebook_that_would_hang_stops_with_one_clear_error(tmp_path, quick_limit):
    source = tmp_path / "Regeln.md"
    source.write_text(NESTED_FLEX, encoding="utf-8")
    with pytest.raises(pdf.RenderTimeout, match=r"took longer than 0\.25 s; look for deeply nested boxes"):
        build_rulebook(source, tmp_path / "Regeln.pdf")
    assert not (tmp_path / "Regeln.pdf").exists()


def test_the_cli_prints_the_time_limit_as_one_line(cli, tmp_path, quick_limit):
    source = tmp_path / "Regeln.md"
    source.write_text(NESTED_FLEX, encoding="utf-8")
    code, out, err = cli("rulebook", source, "--out", tmp_path / "Regeln.pdf")
    assert code == 1
    assert err.strip().count("\n") == 0 and "took longer than 0.25 s" in err


def test_an_alarm_of_the_caller_survives_the_limit(tmp_path):
    rang = []
    old = signal.signal(signal.SIGALRM, lambda *_: rang.append(True))
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        pdf.render_pdf("<p>kurz</p>", tmp_path)
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < left <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert rang == []
