"""cardgen.site.reuse: a site build after one unit changed renders only the pages whose record changed and
gives the very bytes of a cold build of the changed content, the whole folder; a build with nothing
changed renders no page and keeps Pagefind's index; a damaged entry is made again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import EXAMPLE
from cardgen.site.reuse import KIND
from cardgen.site.write import file_hashes
from .conftest import build_result

pytestmark = pytest.mark.pdf          # the example's card figures (their faces from the shared edition's cache)


@pytest.fixture
def built(example_site, tmp_path) -> tuple[Path, Path]:
    """A copy of the example content and an output folder holding the shared edition's cache; built once."""
    content = shutil.copytree(EXAMPLE, tmp_path / "content")
    out = tmp_path / "out"
    shutil.copytree(example_site.parent / ".cache", out / ".cache")
    first = build_result(tmp_path, out, content)
    assert first.pages > 50
    return content, out


def rename_unit(content: Path) -> None:
    path = content / "units" / "aschenoger.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nname: Aschenoger\n" in text
    path.write_text(text.replace("\nname: Aschenoger\n", "\nname: Aschenriese\n"), encoding="utf-8")


def test_nothing_changed_renders_nothing_and_keeps_the_index(built, tmp_path):
    content, out = built
    before = file_hashes(out / "site")
    again = build_result(tmp_path, out, content)
    assert (again.rendered, again.indexed) == (0, False)
    assert file_hashes(out / "site") == before


def test_one_unit_edited_gives_the_bytes_of_a_cold_build(built, tmp_path):
    content, out = built
    rename_unit(content)
    edited = build_result(tmp_path, out, content)
    assert 0 < edited.rendered < edited.pages and edited.indexed
    assert "Aschenriese" in (out / "site" / "einheit" / "aschenoger.html").read_text(encoding="utf-8")
    cold_out = tmp_path / "cold"
    shutil.copytree(out / ".cache", cold_out / ".cache", ignore=shutil.ignore_patterns(KIND))
    cold = build_result(tmp_path, cold_out, content)
    assert cold.rendered == cold.pages and cold.indexed
    assert file_hashes(out / "site") == file_hashes(cold_out / "site")


def test_a_damaged_entry_is_rendered_again(built, tmp_path):
    content, out = built
    before = file_hashes(out / "site")
    entry = next((out / ".cache" / KIND).glob("*.html"))
    entry.write_bytes(entry.read_bytes()[:-20] + b"<p>not what was kept")
    again = build_result(tmp_path, out, content)
    assert again.rendered == 1
    assert file_hashes(out / "site") == before
