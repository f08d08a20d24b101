"""The build cache (cardgen.build.cache): entries checked against their key and hash, damaged ones dropped;
keys as digests of canonical JSON; the manifest's output names kept below the output folder."""

from __future__ import annotations

import hashlib

import pytest

from cardgen.build.cache import Cache, digest, safe_output_name


def test_digest_is_the_sha256_of_canonical_json():
    assert digest("face", {"b": 1, "a": "ß"}) == hashlib.sha256('["face",{"a":"ß","b":1}]'.encode()).hexdigest()
    assert digest("a", 1) != digest("a", "1")


def test_an_entry_comes_back_as_stored(tmp_path):
    cache = Cache(tmp_path)
    cache.put("faces", "k1", b"%PDF-1.7 eins")
    assert cache.has("faces", "k1") and cache.get("faces", "k1") == b"%PDF-1.7 eins"
    assert cache.get("faces", "k2") is None and not cache.has("faces", "k2")


def test_a_damaged_entry_is_missing_and_removed(tmp_path):
    cache = Cache(tmp_path)
    cache.put("faces", "k1", b"%PDF-1.7 eins")
    path = cache.path("faces", "k1")
    path.write_bytes(path.read_bytes().replace(b"eins", b"zwei"))
    assert cache.get("faces", "k1") is None
    assert not path.exists()


def test_an_entry_stored_under_another_key_is_not_taken(tmp_path):
    cache = Cache(tmp_path)
    cache.put("faces", "k1", b"data")
    cache.path("faces", "k1").rename(cache.path("faces", "k2"))
    assert cache.get("faces", "k2") is None


@pytest.mark.parametrize("name, safe", [("cards.pdf", True), ("gruppen/trupp.pdf", True), ("", False),
                                        ("/etc/x", False), ("../x", False), ("a/./b", False),
                                        (".cache/manifest.json", False), ("a\\b", False)])
def test_safe_output_name(name, safe):
    assert safe_output_name(name) is safe


def test_the_toolchain_digest_follows_cardgens_own_code(tmp_path, monkeypatch):
    """Two cardgens of one version (a CI installing from a git branch) are two toolchains: a changed
    module renders every face and book anew instead of replaying what the old code made."""
    import cardgen.build.cache as cache

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "derive.py").write_text("POINTS = 1\n", encoding="utf-8")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"compiled")
    monkeypatch.setattr(cache, "PACKAGE_DIR", tmp_path)
    before, toolchain = cache.source_digest(), cache.toolchain_digest()
    (tmp_path / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"compiled again")    # not code
    assert cache.source_digest() == before
    (tmp_path / "rules" / "derive.py").write_text("POINTS = 2\n", encoding="utf-8")
    assert cache.source_digest() != before and cache.toolchain_digest() != toolchain


def test_the_toolchain_digest_follows_the_libraries_weasyprint_draws_with(monkeypatch):
    """cardgen pins its own requirements, not WeasyPrint's: another fontTools subsets the fonts otherwise
    (other bytes), so a face or chapter cached with the old one is not what a cold build makes
    (issue 40, finding 11)."""
    import importlib.metadata

    import cardgen.build.cache as cache

    before, real = cache.toolchain_digest(), importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "0.1" if name.lower() == "fonttools" else real(name))
    assert cache.toolchain_digest() != before
