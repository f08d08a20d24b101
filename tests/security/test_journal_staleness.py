"""The journal (cardgen/journal.py) never replays a build whose inputs changed behind its back:
a link re-pointed, a rulebook in a folder named ``__pycache__``, a font installed system-wide."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardgen.build import cache
from tests.speed.journal_runs import cardgen_build, journal_project
from cardgen.fonts.system import font_view

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SYSTEM_FONT = next((Path(p) for p in (font_view().font_files if font_view() else ()) if p.endswith(".ttf")), None)


@pytest.fixture
def project(small_project_build, tmp_path, monkeypatch) -> Path:
    """The small project, built, as the working folder."""
    return journal_project(small_project_build, tmp_path, monkeypatch)


def recorded(monkeypatch, capsys, *options: str) -> None:
    """Build until the run is recorded, and check that the next one replays."""
    cardgen_build(monkeypatch, capsys, *options)
    cardgen_build(monkeypatch, capsys, *options)
    assert not cardgen_build(monkeypatch, capsys, *options).built


def test_an_output_link_re_pointed_builds_into_the_new_folder(project, monkeypatch, capsys, tmp_path):
    link = tmp_path / "ausgabe"
    link.symlink_to(project / "build")
    recorded(monkeypatch, capsys, "--out", str(link))
    empty = tmp_path / "leer"
    empty.mkdir()
    link.unlink()
    link.symlink_to(empty)
    run = cardgen_build(monkeypatch, capsys, "--out", str(link))
    assert run.built and run.code == 0 and (empty / "cards.pdf").is_file()


def test_a_content_link_re_pointed_builds_the_new_content(project, monkeypatch, capsys, tmp_path):
    link = tmp_path / "inhalt"
    link.symlink_to(project / "content")
    recorded(monkeypatch, capsys, "--content", str(link))
    other = tmp_path / "anderer-inhalt"
    shutil.copytree(project / "content", other)
    unit = other / "units" / "probe.yaml"
    unit.write_text(unit.read_text(encoding="utf-8").replace("name: Probekrieger", "name: Stoßtrupp"),
                    encoding="utf-8")
    link.unlink()
    link.symlink_to(other)
    run = cardgen_build(monkeypatch, capsys, "--content", str(link))
    assert run.built and run.code == 0 and "built 0," not in run.out


def test_a_rulebook_below_a_folder_named_pycache_is_looked_at(project, monkeypatch, capsys):
    book = project / "docs" / "__pycache__" / "Regeln.md"
    book.parent.mkdir(parents=True)
    book.write_text("# Regeln\n\nErste Fassung.\n", encoding="utf-8")
    (project / "cardgen.toml").write_text('rulebooks = ["docs/__pycache__/*.md"]\n', encoding="utf-8")
    recorded(monkeypatch, capsys)
    book.write_text("# Regeln\n\nZweite Fassung.\n", encoding="utf-8")
    run = cardgen_build(monkeypatch, capsys)
    assert run.built and run.code == 0 and "built 0," not in run.out


@pytest.fixture
def font_folder(tmp_path, monkeypatch) -> Path:
    """A fontconfig configuration of the system's plus one more font folder (empty so far)."""
    if SYSTEM_FONT is None:
        pytest.skip("no .ttf font known to fontconfig")
    folder = tmp_path / "system-fonts"
    folder.mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<fontconfig>\n<include ignore_missing="yes">/etc/fonts/fonts.conf'
                    f'</include>\n<dir>{folder}</dir>\n<cachedir>{tmp_path / "fc-cache"}</cachedir>\n'
                    f'</fontconfig>\n', encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))
    return folder


def test_a_font_installed_system_wide_builds(project, font_folder, monkeypatch, capsys):
    recorded(monkeypatch, capsys)
    shutil.copy(SYSTEM_FONT, font_folder / "Neu.ttf")
    run = cardgen_build(monkeypatch, capsys)
    assert run.built and run.code == 0


def test_a_font_installed_system_wide_changes_every_key(font_folder):
    """The faces rendered with the old fallback font are not reused (their keys change)."""
    before = cache.toolchain_digest()
    assert cache.toolchain_digest() == before
    shutil.copy(SYSTEM_FONT, font_folder / "Neu.ttf")
    assert cache.toolchain_digest() != before


def test_another_fontconfig_file_builds(project, font_folder, monkeypatch, capsys, tmp_path):
    recorded(monkeypatch, capsys)
    other = tmp_path / "other.conf"
    other.write_text(Path(os.environ["FONTCONFIG_FILE"]).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(other))
    assert cardgen_build(monkeypatch, capsys).built
