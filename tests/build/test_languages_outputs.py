"""``cardgen export battlescribe`` in every language (issue 45, point 3): each translation's BattleScribe
data into ``OUT/<lang>/battlescribe/``, the translated names and rules texts under the source's ids (so
a roster made with the German data opens with the English).  Reuses the translated project of
:mod:`tests.build.test_languages` (built once; each test here exports into a copy)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import polib
import pytest

from tests.build.test_languages import cardgen_in, copy_of, translated_build

__all__ = ["translated_build"]          # the shared session fixture, used below


def entries(cat: Path) -> dict[str, str]:
    """id → name of every element of a catalogue or game system that has both."""
    return {e.get("id", ""): e.get("name", "") for e in ET.parse(cat).iter() if e.get("id") and e.get("name")}


def test_each_language_gets_its_own_battlescribe_data_with_the_same_ids(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    code, out, err = cardgen_in(project, "export", "battlescribe", "--revision", "3")
    assert code == 0, err
    assert "wrote 5 files to build/battlescribe (revision 3)" in out
    assert "wrote 5 files to build/en/battlescribe (revision 3)" in out
    german, english = entries(project / "build/battlescribe/test.cat"), entries(project / "build/en/battlescribe/test.cat")
    assert set(english) == set(german)                           # same ids: rosters stay valid across languages
    assert "Test Warrior" in english.values() and "Probekrieger" not in english.values()
    assert "Probekrieger" in german.values() and "Test Warrior" not in german.values()
    system = entries(project / "build/en/battlescribe/Universalis.gst")
    assert "Battle Frenzy" in system.values() and set(system) == set(entries(project / "build/battlescribe/Universalis.gst"))
    # the English entries cite the English rulebook's pages (built); untranslated entries are said, per PO file
    assert "is not built" not in err and b"<publication " in (project / "build/en/battlescribe/Universalis.gst").read_bytes()
    assert "translations/en/content.po: warning: 0 fuzzy and " in err and " missing entries printed" in err


def test_a_broken_po_entry_stops_the_export_before_anything_is_written(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path, build=False)
    po = polib.pofile(str(project / "translations/en/content.po"))
    entry = next(e for e in po if e.msgctxt == "traits/rausch/rules")
    entry.msgstr = "Until the end of the round **CC** +2."            # emphasis the German does not have
    po.save()
    code, out, err = cardgen_in(project, "export", "battlescribe", "--revision", "3")
    assert code == 1 and "translations/en/content.po:" in err, err
    assert not (project / "build" / "battlescribe").exists() and not (project / "build" / "en").exists()


@pytest.mark.pdf
def test_cards_png_writes_each_language_s_pngs(translated_build, tmp_path):
    project = copy_of(translated_build[0], tmp_path)
    code, out, err = cardgen_in(project, "cards", "--png", "30")
    assert code == 0, err
    german = sorted(p.relative_to(project / "build/png") for p in (project / "build/png").rglob("*.png"))
    english = sorted(p.relative_to(project / "build/en/png") for p in (project / "build/en/png").rglob("*.png"))
    assert german and english == german
    front = next(p for p in german if "probe" in str(p))
    assert (project / "build/en/png" / front).read_bytes() != (project / "build/png" / front).read_bytes()
    for name in ("cards.pdf", "powers.pdf"):          # the language's cards as its build made them, untouched
        assert (project / "build/en" / name).read_bytes() == (translated_build[0] / "build/en" / name).read_bytes()
    assert (project / "build/en/rulebooks/Regeln/Regeln.pdf").is_file()   # and its rulebook kept (the build's)
