"""cardgen.site.search: Pagefind's binary found without importing it, run on a folder of pages, in an
environment of its own."""

from __future__ import annotations

import json

import pytest

from cardgen.errors import RenderError
from cardgen.site import search


def test_the_binary_is_found_in_the_installed_package():
    binary = search.pagefind_binary()
    assert binary.is_file() and binary.parent.name == "pagefind_bin"


def test_a_folder_of_pages_is_indexed_in_german_whatever_the_environment_says(tmp_path, monkeypatch):
    (tmp_path / "a.html").write_text('<html lang="de"><body><main data-pagefind-body><h1 id="t">Titel</h1>'
                                     "<p>Die Seherin schwebt über Geländeteilen.</p></main></body></html>",
                                     encoding="utf-8")
    monkeypatch.setenv("PAGEFIND_OUTPUT_SUBDIR", "elsewhere")      # not handed on to Pagefind
    search.index_site(tmp_path)
    entry = json.loads((tmp_path / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert list(entry["languages"]) == ["de"]
    assert not (tmp_path / "elsewhere").exists()


def test_a_missing_package_is_named(monkeypatch):
    monkeypatch.setattr(search.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(RenderError, match=r"pip install 'pagefind\[bin\]'"):
        search.pagefind_binary()


def test_a_failing_run_says_why(tmp_path, monkeypatch):
    fake = tmp_path / "pagefind"
    fake.write_text("#!/bin/sh\necho 'Error: no pages here' >&2\nexit 3\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setattr(search, "pagefind_binary", lambda: fake)
    with pytest.raises(RenderError, match=r"failed \(exit 3\): Error: no pages here"):
        search.index_site(tmp_path)
