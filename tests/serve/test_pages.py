"""cardgen.serve.pages: what each preview page shows, and its HTML."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgen.build.cache import Cache
from cardgen.errors import display_path
from cardgen.serve.files import ServedFolders
from cardgen.serve.pages import Pages, concerning, render_page
from cardgen.serve.preview import load_snapshot
from cardgen.serve.worker import Status
from cardgen.project.settings import load_settings
from conftest import small_project


@pytest.fixture
def snapshot(tmp_path):
    content = small_project(tmp_path / "content")
    settings = load_settings(tmp_path, content=content, out=tmp_path / "out")
    return load_snapshot(settings, Cache(tmp_path / "cache"), 3, None)


CURRENT = Status("current", ("card 'probe' (front): text overflows",), "built 2, reused 0", 1)


def pages(snapshot, status: Status = CURRENT) -> Pages:
    return Pages(snapshot, status, ServedFolders())


def test_concerning_picks_the_lines_naming_the_card_or_its_files():
    lines = ("card 'probe' (front): zu lang", "card 'probe2' (back): x", "units/probe.yaml:3:1: kaputt",
             "units/probe.yaml.bak:1: nein", "card 'seher' (front): y")
    assert concerning(lines, "probe", ("units/probe.yaml",)) == (
        "card 'probe' (front): zu lang", "units/probe.yaml:3:1: kaputt")
    assert concerning(lines, "", ()) == ()


def test_the_index_lists_units_powers_groups_and_rulebooks_by_section(snapshot):
    view = pages(snapshot).index()
    assert (view.title, view.generation, view.status_text) == ("cardgen serve", 3, "PDFs current (built 2, reused 0)")
    assert [s.title for s in view.sections] == ["Einheiten", "Kräfte", "Gruppen", "Regelbücher", "Balance"]
    assert [(i.title, i.href) for s in view.sections for i in s.items] == [
        ("Probekrieger", "/unit/probe"), ("Seher", "/unit/seher"), ("Werfer", "/unit/werfer"),
        ("Gedankenblitz", "/power/gedankenblitz"), ("Trupp", "/group/trupp"),
        (display_path(snapshot.rulebooks[0][0]), "/rulebook/rulebooks/rulebook/Regeln.pdf"),
        ("Punkte gegen Wirkung", "/balance/report")]
    probe = view.sections[0].items[0]
    assert [f.title for f in probe.faces] == ["Vorderseite", "Rückseite"]
    assert probe.faces[0].problems == ("card 'probe' (front): text overflows",)
    assert (probe.faces[0].width_mm, probe.faces[0].height_mm) == (120.0, 80.0)         # the unit card's page, no bleed
    assert "Probekrieger" in probe.faces[0].srcdoc
    group = view.sections[2].items[0]
    assert (group.faces, group.documents) == ((), ())                     # the index only links a group


def test_one_group_shows_its_cover_and_reference(snapshot):
    view = pages(snapshot).one("group", "trupp")
    (section,) = view.sections
    (item,) = section.items
    assert view.title == "Trupp – cardgen serve"
    assert item.documents == ("/doc/group/trupp/cover", "/doc/group/trupp/reference")


@pytest.mark.parametrize("kind, object_id", [("unit", "nope"), ("power", "probe"), ("rulebook", "x.pdf"),
                                             ("page", "probe")])
def test_no_such_page(snapshot, kind, object_id):
    assert pages(snapshot).one(kind, object_id) is None


@pytest.mark.parametrize("state, text", [
    ("waiting", "PDFs: first build running …"), ("off", "preview only: no PDFs are built (--no-build)"),
    ("failed", "PDFs not updated: the build stopped (see below)"),
])
def test_the_status_line(snapshot, state, text):
    assert pages(snapshot, Status(state, summary="built 1")).view("", []).status_text == text


def test_a_build_error_the_snapshot_also_has_is_shown_once(snapshot):
    stale = replace(snapshot, errors=("units/x.yaml:1:1: kaputt",))
    view = pages(stale, Status("failed", ("units/x.yaml:1:1: kaputt", "other"))).view("t", [])
    assert (view.errors, view.build_lines) == (("units/x.yaml:1:1: kaputt",), ("other",))


def test_the_page_html_escapes_and_frames_without_scripts(snapshot):
    html = render_page(pages(snapshot).one("unit", "probe"))
    assert "<title>Probekrieger – cardgen serve</title>" in html
    assert html.count('<iframe sandbox="allow-same-origin" title="Probekrieger: ') == 2   # no allow-scripts
    assert "<script>" not in html.split("<iframe")[1]                      # the face is in srcdoc, escaped
    assert "srcdoc=\"&lt;!DOCTYPE html&gt;" in html


def test_the_balance_page_frames_the_report(snapshot):
    """cardgen balance's report as a page of the preview (issue 31.3): its frame, and its HTML with the
    plots drawn as pictures; no page for another name."""
    from cardgen.serve.preview import balance_document

    view = pages(snapshot).one("balance", "report")
    assert view is not None and view.sections[0].items[0].documents == ("/doc/balance",)
    assert pages(snapshot).one("balance", "other") is None
    html, roots = balance_document(snapshot)
    assert "Punkte gegen Wirkung" in html and html.count('src="data:image/svg+xml;base64,') >= 2
