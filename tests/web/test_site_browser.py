"""The web edition in a real browser (Debian's headless Chromium, installed by the tests' set-up) at
360 × 740: no page scrolls sideways; Pagefind's search, in the browser, finds a unit by a word of its rules
text; a rulebook's raw ``<script>`` does not run."""

from __future__ import annotations

import contextlib
import functools
import json
import http.server
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Iterator
from urllib.parse import parse_qs, quote, unquote, urlsplit

import pytest

from conftest import one_unit_content
from tests.serve.test_browser import chromium
from cardgen.site.write import file_hashes
from .conftest import build_edition

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
               f"--user-data-dir={profile}", "--window-size=360,740", "--dump-dom", url]
    if budget_ms:
        command.insert(-2, f"--virtual-time-budget={budget_ms}")
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


SEARCH = """<!DOCTYPE html><html lang="de"><body><script src="probe-search.js"></script>
<iframe src="/_wait"></iframe></body></html>"""
SEARCH_JS = """(async () => {
  let answer;
  try {
    const pagefind = await import("./pagefind/pagefind.js");
    const found = await pagefind.search(%s);
    const data = await Promise.all(found.results.map((r) => r.data()));
    answer = data.flatMap((d) => [d.url, ...d.sub_results.map((sub) => sub.url)]).join(" ");
  } catch (e) { answer = "error: " + e; }
  await fetch("/_result?" + new URLSearchParams({ answer }));
})();"""
# The harness's frame (/_wait) keeps the page loading -- and so Chromium from dumping it -- until the
# search has reported its answer (/_result), which the server keeps.


@contextlib.contextmanager
def serving(site: Path, answers: list[str] | None = None) -> Iterator[str]:
    """``site`` served on a free port of 127.0.0.1 while the block runs (quietly); ``/_result?answer=``
    appends to ``answers`` and releases ``/_wait`` (which waits at most 60 s)."""
    reported = threading.Event()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            if self.path.startswith("/_result?") and answers is not None:
                answers.append(parse_qs(urlsplit(self.path).query).get("answer", [""])[0])
                reported.set()
            elif self.path == "/_wait":
                reported.wait(60)
            else:
                super().do_GET()
                return
            self.send_response(204)
            self.end_headers()
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


@pytest.mark.parametrize("query, page", [("Passierbarkeit", "/einheit/seherin.html"),
                                         ("Seherin", "/einheit/seherin.html")])
def test_the_search_finds_a_unit_by_a_rules_word_and_by_its_name(example_site, tmp_path, query, page):
    chromium()
    site = tmp_path / "site"
    shutil.copytree(example_site, site)
    (site / "probe-search.html").write_text(SEARCH, encoding="utf-8")
    (site / "probe-search.js").write_text(SEARCH_JS % json.dumps(query), encoding="utf-8")
    answers: list[str] = []
    with serving(site, answers) as url:
        dump_dom(f"{url}/probe-search.html", tmp_path / "profile", 0)
    assert answers and not answers[0].startswith("error"), answers
    assert page in answers[0].split()


def test_a_rulebooks_raw_script_does_not_run(tmp_path):
    """A rulebook from a pull request may hold raw HTML: the pages' Content-Security-Policy lets no inline
    script or handler run (the edition is published on the web)."""
    chromium()
    content = one_unit_content(tmp_path / "content")
    (content / "Regeln.md").write_text(
        "# Regeln\n\n<script>document.title = 'pwned'</script>\n\n"
        "<img src=\"nichts.png\" alt=\"x\" onerror=\"document.body.setAttribute('data-pwned', '1')\">\n\nText.\n",
        encoding="utf-8")
    site = build_edition(tmp_path, tmp_path / "out", content)
    chapter = next((site / "regeln").rglob("kapitel-1.html"))
    assert "<script>document.title" in chapter.read_text(encoding="utf-8")     # the author's HTML is there
    dom = dump_dom(chapter.as_uri(), tmp_path / "profile", 3000)
    title = re.search(r"<title>(.*?)</title>", dom)
    assert title is not None and title[1] == "Regeln – Regeln", dom[:500]
    assert re.search(r"<body[^>]*data-pwned", dom) is None
    assert re.search(r'<div class="book">', dom)          # the page was read and laid out


SERVICE_WORKER_JS = """(async () => {
  let answer;
  try {
    await navigator.serviceWorker.register("sw.js", { scope: "./" });
    await navigator.serviceWorker.ready;
    const names = (await caches.keys()).filter((n) => n.startsWith("cardgen-site-"));
    const kept = await (await caches.open(names[0])).keys();
    answer = names.join(",") + " " + kept.map((r) => new URL(r.url).pathname).sort().join(" ");
  } catch (e) { answer = "error: " + e; }
  await fetch("/_result?" + new URLSearchParams({ answer }));
})();"""


def test_one_visit_keeps_the_whole_edition(example_site, tmp_path):
    """The service worker, once registered, holds every file of the edition in a cache named by its digest."""
    chromium()
    site = tmp_path / "site"
    shutil.copytree(example_site, site)
    (site / "probe-sw.html").write_text(SEARCH.replace("probe-search.js", "probe-sw.js"), encoding="utf-8")
    (site / "probe-sw.js").write_text(SERVICE_WORKER_JS, encoding="utf-8")
    answers: list[str] = []
    with serving(site, answers) as url:
        dump_dom(f"{url}/probe-sw.html", tmp_path / "profile", 0)
    assert answers and not answers[0].startswith("error"), answers
    name, *kept = answers[0].split(" ")
    digest = re.search(r'const CACHE = "([^"]+)"', (site / "sw.js").read_text(encoding="utf-8"))
    assert digest is not None and name == digest[1]
    expected = {"/" + quote(p) for p in file_hashes(example_site) if p != "sw.js"}
    assert set(kept) == expected


def test_a_search_result_jumps_to_its_section(example_site, tmp_path):
    """A rules word found in a chapter leads to the heading it stands under (its id)."""
    chromium()
    site = tmp_path / "site"
    shutil.copytree(example_site, site)
    (site / "probe-search.html").write_text(SEARCH, encoding="utf-8")
    (site / "probe-search.js").write_text(SEARCH_JS % json.dumps("Reaktionen"), encoding="utf-8")
    answers: list[str] = []
    with serving(site, answers) as url:
        dump_dom(f"{url}/probe-search.html", tmp_path / "profile", 0)
    assert answers and not answers[0].startswith("error"), answers
    sections = [u for u in answers[0].split() if u.startswith("/regeln/") and "#" in u]
    assert sections, answers
    for found in sections:
        page, _, anchor = found.partition("#")
        assert f'id="{unquote(anchor)}"' in (site / unquote(page).lstrip("/")).read_text(encoding="utf-8"), found
