"""Reading files from untrusted folders (cardgen.safefs): real paths inside the allowed roots, regular
files only, a walk that reports what it passed over, virtual URLs for the PDF.  (Hostile files, by
issue: tests/security/.)"""

from __future__ import annotations

import hashlib
import os

import pytest

from cardgen.safefs import (
    FileRefused, Roots, Skipped, check_file, file_digest, read_file, resolve_roots, walk_files,
)


@pytest.fixture
def folder(tmp_path):
    inner, outside = tmp_path / "inner", tmp_path / "outside"
    (inner / "units").mkdir(parents=True)
    outside.mkdir()
    (inner / "units" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    (outside / "secret.yaml").write_text("geheim\n", encoding="utf-8")
    (inner / "units" / "link.yaml").symlink_to(outside / "secret.yaml")
    (inner / "units" / "leer.yaml").symlink_to(inner / "fehlt.yaml")
    (inner / "ordner.yaml").mkdir()
    return inner


@pytest.mark.parametrize("name, reason", [
    ("units/link.yaml", "its real path lies outside the allowed folders"),
    ("units/leer.yaml", "a link to nothing (dangling symlink)"),
    ("units/fehlt.yaml", "no such file"),
    ("ordner.yaml", "a folder, not a regular file"),
])
def test_check_file_refuses_with_a_reason(folder, name, reason):
    with pytest.raises(FileRefused) as refused:
        check_file(folder / name, resolve_roots([folder]))
    assert refused.value.reason == reason


def test_a_regular_file_inside_is_read_and_digested(folder):
    roots = resolve_roots([folder])
    assert read_file(folder / "units" / "a.yaml", roots) == b"id: a\n"
    assert file_digest(folder / "units" / "a.yaml", roots) == hashlib.sha256(b"id: a\n").hexdigest()
    assert file_digest(folder / "units" / "fehlt.yaml", roots) == "refused: no such file"


def test_walk_files_lists_matching_files_and_what_it_passed_over(folder):
    found, skipped = walk_files(folder, (".yaml",))
    assert found == [folder / "units" / "a.yaml"]
    assert skipped == [Skipped(folder / "ordner.yaml", "a folder, not a regular file"),
                       Skipped(folder / "units" / "leer.yaml", "a link to nothing (dangling symlink)"),
                       Skipped(folder / "units" / "link.yaml", "its real path lies outside the allowed folders")]


def test_roots_give_virtual_urls_and_back(tmp_path):
    roots = Roots.build(tmp_path / "doc", [tmp_path / "bilder"])
    assert roots.url(tmp_path / "bilder" / "a b.png") == "file:///.cardgen/r1/a%20b.png"
    assert roots.url(tmp_path / "doc") == "file:///.cardgen/doc/"
    assert roots.path("/.cardgen/r1/a b.png") == (tmp_path / "bilder" / "a b.png").resolve()
    assert roots.path("/etc/passwd") is None and roots.path("/.cardgen/r9/x") is None
    assert roots.url(tmp_path / "woanders.png") == (tmp_path / "woanders.png").as_uri()
    assert os.fspath(roots.named[0][1]) == os.fspath((tmp_path / "doc").resolve())
