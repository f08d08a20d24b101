"""German hyphenation (cardgen/pdf/hyphenation.py): pyphen's own German files break words wrongly; the
single-level hyph-de-1996 patterns cardgen points German at do not, also through the speed cache."""

from __future__ import annotations

import types
from pathlib import Path

import pyphen
import pytest

from cardgen.pdf.hyphenation import GERMAN_PATTERNS, GERMAN_TAGS, use_german_patterns
from cardgen.speed import hyphenation as cache

# words of the designer's tables and text: (pyphen's own German file, cardgen's patterns)
WORDS = [
    ("Farbe", "Fa-r-be", "Far-be"),
    ("Wurfergebnis", "Wur-f-er-geb-nis", "Wurf-er-geb-nis"),
    ("Schadensprofil", "Scha-den-s-pro-fil", "Scha-dens-pro-fil"),
    ("Panzerfaust", "Pan-ze-r-faust", "Pan-zer-faust"),
    ("Dauerfeuer", "Dau-e-r-feu-er", "Dau-er-feu-er"),
]
RIGHT = {"Ergebnis": "Er-geb-nis", "Symbol": "Sym-bol", "Kürzel": "Kür-zel", "Infanterie": "In-fan-te-rie",
         "schweben": "schwe-ben", "passiv": "pas-siv", "Rüstungswurf": "Rüs-tungs-wurf",
         "Fortschritt": "Fort-schritt", "Trefferpunkte": "Tref-fer-punk-te"}


def pyphens_own_german() -> Path:
    """pyphen's own German file (the first region it ships), whatever LANGUAGES says now."""
    return next(path for path in pyphen.dictionaries.iterdir() if path.name.startswith("hyph_de"))


@pytest.mark.parametrize(("word", "wrong", "right"), WORDS)
def test_pyphens_own_german_file_breaks_wrongly_which_is_why_cardgen_has_its_own(word, wrong, right):
    """The cause: a two-level LibreOffice file read as one level.  Should pyphen learn the levels,
    this fails and cardgen.pdf.hyphenation can go."""
    own = pyphen.Pyphen(filename=pyphens_own_german())
    assert "NEXTLEVEL" in pyphens_own_german().read_text(encoding="latin-1")
    assert own.inserted(word) == wrong


@pytest.mark.parametrize(("word", "wrong", "right"), WORDS)
def test_cardgens_patterns_break_at_the_syllables(word, wrong, right):
    assert pyphen.Pyphen(filename=GERMAN_PATTERNS).inserted(word) == right


@pytest.mark.parametrize("word", sorted(RIGHT))
def test_the_table_words_break_right(word):
    assert pyphen.Pyphen(filename=GERMAN_PATTERNS).inserted(word) == RIGHT[word]


def test_every_german_tag_is_pointed_at_cardgens_patterns():
    stand_in = types.SimpleNamespace(LANGUAGES={"de": Path("x"), "fr": Path("y")})
    use_german_patterns(stand_in)
    use_german_patterns(stand_in)                                          # idempotent
    assert stand_in.LANGUAGES == {**{tag: GERMAN_PATTERNS for tag in GERMAN_TAGS}, "fr": Path("y")}


def test_weasyprints_lookup_of_lang_de_finds_them():
    """WeasyPrint asks ``pyphen.Pyphen(lang=pyphen.language_fallback(style lang))``."""
    use_german_patterns()
    for lang in ("de", "de-DE", "de-AT", "de-CH"):
        hyphenator = pyphen.Pyphen(lang=pyphen.language_fallback(lang))
        assert hyphenator.inserted("Farbe") == "Far-be", lang


def test_the_license_travels_with_the_patterns():
    head = GERMAN_PATTERNS.read_text(encoding="utf-8").split("\n", 60)
    assert head[0] == "UTF-8"
    assert any("name: MIT" in line for line in head) and any("Copyright" in line for line in head)


def test_the_speed_cache_gives_the_same_breaks_as_pyphens_parse(tmp_path):
    parsed = pyphen.HyphDict(GERMAN_PATTERNS)
    cache.store(GERMAN_PATTERNS, parsed, tmp_path / "hyphenation")
    loaded = cache.load(GERMAN_PATTERNS, tmp_path / "hyphenation")
    assert loaded is not None and loaded is not parsed
    assert loaded.patterns == parsed.patterns and loaded.maxlen == parsed.maxlen
    for word in [*RIGHT, *(w for w, _, _ in WORDS), "Panzerabwehrkanone", "Bewegungsreichweite"]:
        assert loaded.positions(word) == parsed.positions(word), word
