"""The hyphenation dictionaries kept parsed in the user's cache (cardgen/speed/hyphenation.py): the same
patterns as pyphen's own parse, so the same PDF bytes; a damaged or untrusted entry is parsed again."""

from __future__ import annotations

import os
from pathlib import Path

import pyphen
import pytest

from cardgen.pdf import wrapper as pdf
from cardgen.speed import hyphenation

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

TINY = "UTF-8\n1ba\na1b\n2bc\nLEFTHYPHENMIN 1\n"       # a three-pattern dictionary: parsed in no time


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """An empty cache folder standing in for the user's; pyphen's per-process cache emptied around the test."""
    target = tmp_path / "cache" / "hyphenation"
    monkeypatch.setattr(hyphenation, "cache_folder", lambda: target)
    saved = dict.copy(pyphen.hdcache)
    dict.clear(pyphen.hdcache)
    yield target
    dict.clear(pyphen.hdcache)
    dict.update(pyphen.hdcache, saved)


@pytest.fixture
def tiny(tmp_path) -> Path:
    path = tmp_path / "hyph_xx.dic"
    path.write_text(TINY, encoding="utf-8")
    return path


def test_the_speed_layer_installs_the_cache_in_front_of_pyphen():
    assert isinstance(pyphen.hdcache, hyphenation._Dictionaries)      # tests/conftest.py: speed.install()


def test_the_stored_german_dictionary_is_pyphens_own_parse(tmp_path):
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback("de")])
    parsed = pyphen.HyphDict(path)
    hyphenation.store(path, parsed, tmp_path)
    loaded = hyphenation.load(path, tmp_path)
    assert loaded is not None and loaded is not parsed
    assert loaded.patterns == parsed.patterns and loaded.maxlen == parsed.maxlen and loaded.cache == {}
    for word in ("Panzerabwehrkanone", "Rüstungswurf", "Sturmtruppe", "Bewegungsreichweite"):
        assert loaded.positions(word) == parsed.positions(word)


def test_a_document_hyphenates_byte_for_byte_the_same_from_the_cache(folder, monkeypatch, tmp_path):
    """The first render parses the dictionary and stores it; the second reads it (pyphen may not parse)."""
    html = ('<html lang="de"><body style="width: 28mm; hyphens: auto; font-size: 11pt">'
            "Panzerabwehrkanonen Geländewagenbesatzung Bewegungsreichweite Rüstungswurftabelle</body></html>")
    parsed = pdf.render_pdf(html, tmp_path)
    assert any(folder.glob("*.marshal"))
    dict.clear(pyphen.hdcache)

    def no_parse(self, path):
        raise AssertionError("pyphen parsed the dictionary although it is in the cache")
    monkeypatch.setattr(pyphen.HyphDict, "__init__", no_parse)
    cached = pdf.render_pdf(html, tmp_path)
    assert cached.pdf == parsed.pdf


def test_a_damaged_entry_is_parsed_again_and_replaced(folder, tiny):
    first = pyphen.Pyphen(filename=tiny)
    entry = next(folder.glob("*.marshal"))
    good = entry.read_bytes()
    for damage in (good[:-7], good.replace(b"\n\n", b"\n\n\x00", 1), b"cardgen-hyphenation 1\nnonsense"):
        entry.write_bytes(damage)
        assert hyphenation.load(tiny) is None
        dict.clear(pyphen.hdcache)
        again = pyphen.Pyphen(filename=tiny)
        assert again.hd.patterns == first.hd.patterns
        assert entry.read_bytes() == good


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_only_a_private_folder_and_regular_files_are_read(folder, tiny, tmp_path):
    pyphen.Pyphen(filename=tiny)
    entry = next(folder.glob("*.marshal"))
    assert hyphenation.load(tiny) is not None
    folder.chmod(0o770)                                  # another user of the group could have written it
    assert hyphenation.load(tiny) is None
    folder.chmod(0o700)
    moved = tmp_path / "elsewhere.marshal"
    entry.rename(moved)
    entry.symlink_to(moved)                              # never followed
    assert hyphenation.load(tiny) is None


def test_a_changed_dictionary_or_pyphen_version_is_another_entry(folder, tiny, monkeypatch):
    key = hyphenation.entry_key(tiny)
    tiny.write_text(TINY + "3cd\n", encoding="utf-8")
    assert hyphenation.entry_key(tiny) != key
    changed = hyphenation.entry_key(tiny)
    monkeypatch.setattr(pyphen, "__version__", "0.0")
    assert hyphenation.entry_key(tiny) != changed


def test_without_a_cache_folder_pyphen_parses_as_before(tiny, monkeypatch, folder):
    monkeypatch.setattr(hyphenation, "cache_folder", lambda: None)
    assert pyphen.Pyphen(filename=tiny).hd.patterns == pyphen.HyphDict(tiny).patterns
    assert not folder.exists()
