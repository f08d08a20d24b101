"""``cardgen export battlescribe``: the example content into OUT/battlescribe/, the revision it gets."""

from __future__ import annotations

from cardgen.commands.export import data_revision
from cardgen.errors import display_path
from cardgen.project.settings import load_settings
from conftest import EXAMPLE


def test_export_writes_the_files_twice_the_same(cli, tmp_path):
    out = tmp_path / "out"
    code, text, err = cli("export", "battlescribe", "--content", EXAMPLE, "--out", out, "--revision", "7")
    assert code == 0 and "wrote 6 files" in text and "(revision 7)" in text
    assert err.startswith("cardgen: warning: rulebook ") and err.count("\n") == 1
    assert err.endswith("/rulebook/Regeln.md is not built (" + display_path(out / "rulebooks/rulebook/Regeln.pdf")
                        + " missing; run cardgen build first): no entry cites its pages\n")
    folder = out / "battlescribe"
    first = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert set(first) == {"Universalis.gst", "glutorden.cat", "imperium.cat", "index.xml", "Universalis.bsi",
                          "Universalis.bsr"}
    assert b'revision="7"' in first["imperium.cat"]
    assert cli("export", "battlescribe", "--content", EXAMPLE, "--out", out, "--revision", "7")[0] == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == first


def test_without_a_version_the_revision_is_1_with_a_warning(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("export", "battlescribe", "--content", EXAMPLE, "--out", tmp_path / "out")
    assert code == 0 and "warning: no version in cardgen.toml and no git tag; revision 1" in err


def test_the_revision_comes_from_the_project_s_version(tmp_path):
    (tmp_path / "cardgen.toml").write_text('version = "1.2"\n', encoding="utf-8")
    assert data_revision(load_settings(tmp_path), None) == (1_002_000, None)
    assert data_revision(load_settings(tmp_path), 5) == (5, None)


def test_a_bad_revision_is_refused(cli, tmp_path):
    code, _, err = cli("export", "battlescribe", "--content", EXAMPLE, "--out", tmp_path, "--revision", "-1")
    assert code == 1 and "--revision must be 0–" in err


def test_broken_content_writes_nothing(cli, tmp_path):
    (tmp_path / "content" / "units").mkdir(parents=True)
    (tmp_path / "content" / "units" / "x.yaml").write_text("id: x\n", encoding="utf-8")
    code, _, _ = cli("export", "battlescribe", "--content", tmp_path / "content", "--out", tmp_path / "out",
                     "--revision", "1")
    assert code == 1 and not (tmp_path / "out" / "battlescribe").exists()
