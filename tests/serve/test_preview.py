"""cardgen.serve.preview: the content as last saved, loaded into a snapshot, and its documents."""

from __future__ import annotations

import pytest

from cardgen.build.cache import Cache
from cardgen.serve.preview import Preview, face_document, group_document, load_snapshot, rulebook_document
from cardgen.project.settings import load_settings
from conftest import small_project


@pytest.fixture
def settings(tmp_path):
    content = small_project(tmp_path / "content")
    (content / "groups" / "trupp.yaml").write_text(
        "id: trupp\nname: Trupp\nfaction: test\nmodels:\n- {unit: probe, leader: true}\n- {unit: seher, name: Ada}\n",
        encoding="utf-8")
    return load_settings(tmp_path, content=content, out=tmp_path / "out")


@pytest.fixture
def good(settings, tmp_path):
    return load_snapshot(settings, Cache(tmp_path / "cache"), 1, None)


def break_unit(settings):
    (settings.content / "units" / "werfer.yaml").write_text("id: werfer\nname: [kaputt\n", encoding="utf-8")


def test_a_snapshot_of_valid_content(good, settings):
    assert (good.generation, good.errors, good.stale) == (1, (), False)
    assert sorted(good.content.units) == ["probe", "seher", "werfer"]
    assert sorted(good.derived.units) == ["probe", "seher", "werfer"]
    assert list(good.content.groups) == ["trupp"] and list(good.content.powers) == ["gedankenblitz"]
    assert good.rulebooks == ((settings.content / "rulebook" / "Regeln.md", "rulebooks/rulebook/Regeln.pdf"),)
    assert good.face_roots is not None


def test_a_broken_file_first_is_a_snapshot_of_no_content_with_the_error(settings, tmp_path):
    break_unit(settings)
    snapshot = load_snapshot(settings, Cache(tmp_path / "cache"), 1, None)
    assert (snapshot.content, snapshot.derived, snapshot.stale) == (None, None, True)
    (line,) = snapshot.errors
    assert line.endswith("units/werfer.yaml:3:1: invalid YAML: expected ',' or ']', but got '<stream end>'")
    assert face_document(snapshot, "front", "werfer") is None


def test_a_broken_file_later_keeps_the_last_content(good, settings, tmp_path):
    break_unit(settings)
    snapshot = load_snapshot(settings, Cache(tmp_path / "cache"), 2, good)
    assert snapshot.generation == 2 and snapshot.stale
    assert snapshot.content is good.content and snapshot.derived is good.derived
    assert snapshot.rulebooks == good.rulebooks
    assert len(snapshot.errors) == 1 and "units/werfer.yaml:3:1: invalid YAML" in snapshot.errors[0]


def test_preview_reload_counts_the_generations_up(settings, tmp_path):
    preview = Preview(settings, tmp_path / "cache")
    assert preview.snapshot.generation == 1
    break_unit(settings)
    assert (preview.reload().generation, preview.snapshot.stale) == (2, True)


@pytest.mark.parametrize("kind, owner, shown", [
    ("front", "probe", "Probekrieger"),
    ("back", "probe", "Ein Modell zum Prüfen der Karten."),
    ("power", "gedankenblitz", "Gedankenblitz"),
    ("front", "trupp/1", "Ada"),                   # a group's model with its own name has its own card
])
def test_face_documents(good, kind, owner, shown):
    html = face_document(good, kind, owner)
    assert html.startswith("<!DOCTYPE html>") and shown in html


@pytest.mark.parametrize("kind, owner", [
    ("power", "probe"), ("front", "gedankenblitz"), ("side", "probe"), ("front", "trupp/2"),
    ("front", "trupp/0"),                          # a plain model: its unit's card
    ("front", "trupp/x"), ("front", "keine/0"),
    ("front", "trupp/²"), ("front", "trupp/١"),  # digits to str.isdigit, not to int() or to cardgen
])
def test_no_such_face(good, kind, owner):
    assert face_document(good, kind, owner) is None


def test_group_and_rulebook_documents(good):
    cover, roots = group_document(good, "trupp", "cover")
    assert "Trupp" in cover and roots is not None
    assert group_document(good, "trupp", "back") is None and group_document(good, "keine", "cover") is None
    html, _, warnings = rulebook_document(good, "rulebooks/rulebook/Regeln.pdf")
    assert "Probekrieger" in html and warnings == ()
    assert rulebook_document(good, "rulebooks/nichts.pdf") is None
