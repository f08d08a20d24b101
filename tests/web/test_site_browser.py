"""The web edition in a real browser (Debian's headless Chromium, installed by the tests' set-up) at
360 × 740: no page scrolls sideways (the search index is checked through its files: test_site_pages.py)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Iterator

import pytest

from tests.serve.test_browser import chromium

pytestmark = pytest.mark.pdf          # renders PDFs (the rulebook's card figures); make test-fast leaves it out

FRAME = """<!DOCTYPE html><html lang="de"><body style="margin:0">
<iframe id="f" src="{page}" width="360" height="740" style="border:0"></iframe>
<script>document.getElementById("f").addEventListener("load", (e) => {{
  const doc = e.target.contentDocument;
  document.body.setAttribute("data-width", String(doc.documentElement.scrollWidth));
  document.body.setAttribute("data-inner", String(e.target.contentWindow.innerWidth));
}});</script></body></html>"""
# Headless Chromium's window is never narrower than 500 px: the page is measured in a frame 360 px wide
# (its own viewport), served from the same origin as the harness.


def dump_dom(url: str, profile: Path, budget_ms: int = 5000) -> str:
    command = [str(chromium()), "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
               f"--user-data-dir={profile}", "--window-size=360,740", f"--virtual-time-budget={budget_ms}",
               "--dump-dom", url]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """``site`` served on a free port of 127.0.0.1 while the block runs (quietly)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("page", ["index.html", "regeln/rulebook-Regeln/kapitel-3.html", "einheit/seherin.html"])
def test_no_horizontal_overflow_at_360_px(example_site, tmp_path, page):
    chromium()
    site = tmp_path / "site"
    shutil.copytree(example_site, site)
    (site / "probe-frame.html").write_text(FRAME.format(page=page), encoding="utf-8")
    with serving(site) as url:
        dom = dump_dom(f"{url}/probe-frame.html", tmp_path / "profile")
    width, inner = re.search(r'data-width="(\d+)"', dom), re.search(r'data-inner="(\d+)"', dom)
    assert width is not None and inner is not None, dom[-2000:]
    assert int(inner[1]) == 360
    assert int(width[1]) <= 360
