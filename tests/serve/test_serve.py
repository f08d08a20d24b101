"""``cardgen serve``: the pages over HTTP, reload on save, the warm worker's state, the defences.

One server on a one-unit content copy serves the module (its tests restore what
they edit); each wait is bounded and nothing is timed."""

from __future__ import annotations

import http.client
import re
import shutil
import subprocess

import pytest
import yaml

from conftest import EXAMPLE, one_unit_content, unit
from .running import Server, serving, wait_for

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(server, content): ``cardgen serve`` with its build worker on tests/fixtures/rules plus one unit."""
    root = tmp_path_factory.mktemp("serve")
    content = one_unit_content(root / "content")
    with serving(content, root / "out") as server:
        yield server, content


def probe_page(server: Server) -> str:
    return server.text("/unit/probe")


def test_index_and_card_page_show_the_faces_from_the_cards_templates(served):
    server, _ = served
    index = server.text("/")
    assert '<a href="/unit/probe">Probe</a>' in index
    page = probe_page(server)
    assert 'srcdoc="&lt;!DOCTYPE html&gt;' in page            # the face's own document, embedded whole
    frames = re.findall(r"<iframe [^>]*srcdoc=[^>]*>", page)
    assert len(frames) == 2 and all('scrolling="no"' in f for f in frames)   # no scroll bars for a rounded pixel
    assert "class=&#34;card front infanterie&#34;" in page    # unit_front.html.j2
    assert "class=&#34;card back" in page                     # unit_back.html.j2
    stylesheets = re.findall(r"/files/\d+/[\w/]+\.css", page)
    assert any(s.endswith("/card.css") for s in stylesheets) and any(s.endswith("/unit.css") for s in stylesheets)
    for url in stylesheets:
        status, kind, body = server.get(url)
        assert (status, kind) == (200, "text/css")
    assert "file://" not in page                               # every URL mapped to the server
    assert server.get("/_static/live.js")[0] == 200 and 'src="/_static/live.js"' in page


def test_saving_a_unit_changes_the_page_and_the_worker_rebuilds_the_pdf(served, tmp_path):
    server, content = served
    probe = content / "units" / "probe.yaml"
    before = probe.read_text(encoding="utf-8")
    wait_for("first build", lambda: server.live()["state"] == "current")
    builds = server.live()["build"]
    try:
        probe.write_text(yaml.safe_dump(unit("probe", name="Späher")), encoding="utf-8")
        wait_for("page with the new name", lambda: "Späher" in probe_page(server))
        wait_for("finished build", lambda: server.live()["build"] > builds and server.live()["state"] == "current")
        assert "PDFs current (built " in probe_page(server)
        cards = content.parent / "out" / "cards.pdf"
        text = subprocess.run(["pdftotext", str(cards), "-"], check=True, capture_output=True, text=True).stdout
        assert "Späher" in text
    finally:
        probe.write_text(before, encoding="utf-8")
        wait_for("page restored", lambda: "Späher" not in probe_page(server))


def test_a_broken_file_shows_its_error_on_the_page_and_the_server_lives_on(served):
    server, content = served
    probe = content / "units" / "probe.yaml"
    before = probe.read_text(encoding="utf-8")
    try:
        probe.write_text("id: probe\nname: [kaputt\n", encoding="utf-8")
        wait_for("the error on the page", lambda: "invalid YAML" in probe_page(server))
        page = probe_page(server)
        assert re.search(r"units/probe\.yaml:3:1: invalid YAML: expected &#39;,&#39; or &#39;\]&#39;", page)
        assert '<article class="item has-problems">' in page  # at the card it concerns
        assert "Probe" in page                                # the last valid state stays in view
        wait_for("failed build", lambda: server.live()["state"] == "failed")
    finally:
        probe.write_text(before, encoding="utf-8")
    wait_for("error gone", lambda: "invalid YAML" not in probe_page(server))
    wait_for("build current again", lambda: server.live()["state"] == "current")


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example", ""])
def test_a_foreign_host_header_is_refused(served, host):
    server, _ = served
    status, _, body = server.get("/", host=host)
    assert status == 403 and b"loopback" in body


@pytest.mark.parametrize("path", ["/files/0/../../../../etc/passwd", "/files/0/%2e%2e/%2e%2e/etc/passwd",
                                  "/files/0/", "/files/0/fonts", "/files/0/.hidden", "/files/99/x.css",
                                  "/_static/page.html.j2", "/unit/nobody", "/doc/rulebooks/../../x.md"])
def test_paths_outside_the_served_files_are_refused(served, path):
    server, _ = served
    server.text("/unit/probe")                                # names the folders it uses
    status, _, body = server.get(path)
    assert status in (400, 404), body[:200]
    assert b"root:" not in body


def test_every_answer_keeps_the_page_to_this_server(served):
    server, _ = served
    connection_headers = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection_headers.request("GET", "/")
    response = connection_headers.getresponse()
    policy = response.getheader("Content-Security-Policy")
    connection_headers.close()
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert response.getheader("X-Content-Type-Options") == "nosniff"


def test_example_content_groups_and_rulebook_without_a_build(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(EXAMPLE, content)
    with serving(content, tmp_path / "out", "--no-build") as server:
        index = server.text("/")
        assert 'href="/group/kampfgruppe_eisenfaust"' in index
        assert 'href="/rulebook/rulebooks/rulebook/Regeln.pdf"' in index
        group = server.text("/group/kampfgruppe_eisenfaust")
        assert 'src="/doc/group/kampfgruppe_eisenfaust/cover"' in group
        assert "Kampfgruppe" in server.text("/doc/group/kampfgruppe_eisenfaust/cover")
        book = server.text("/doc/rulebooks/rulebook/Regeln.pdf")
        assert "<h2" in book and "file://" not in book
        assert 'href="/balance/report"' in index and 'src="/doc/balance"' in server.text("/balance/report")
        report = server.text("/doc/balance")
        assert "data:image/svg+xml;base64," in report and "file://" not in report
        assert not (tmp_path / "out" / "cards.pdf").exists()            # --no-build: no PDFs
