"""German hyphenation from single-level patterns (hyph-utf8's ``hyph-de-1996``), not pyphen's own.

WeasyPrint hyphenates text of ``lang="de"`` with pyphen, and pyphen's German dictionaries
(``hyph_de_DE.dic``, ``hyph_de_AT.dic``, ``hyph_de_CH.dic``: LibreOffice's, the same patterns
three times) are *two-level* files written for libhyphen: about 69,000 compound words with their
joints (``wurf1er1gebnis``), then ``NEXTLEVEL``, then the syllable patterns.  libhyphen keeps the
levels apart and applies only the longest pattern at each point; pyphen knows no levels and
applies every pattern of both parts, so it breaks where no German dictionary would: ``Fa-r-be``,
``Wur-f-er-geb-nis``, ``Scha-den-s-pro-fil``, ``Pan-ze-r-faust``, ``hal-b-en``.  Which region
``lang="de"`` picks (pyphen: ``de`` is ``de_AT``, the first file found) makes no difference.

cardgen points every German language tag of pyphen at ``assets/hyphenation/hyph_de_1996.dic``:
the TeX hyphenation patterns for the reformed (1996/2006) spelling from hyph-utf8 (MIT licence,
its header kept in the file), plain single-level Liang patterns -- the kind pyphen implements --
and the patterns Chromium, the designer's puppeteer export, hyphenates German with.  They give
``Far-be``, ``Wurf-er-geb-nis``, ``Scha-dens-pro-fil``.  The speed layer's dictionary cache
(:mod:`cardgen.speed.hyphenation`) keys its entries by the file's bytes, so it caches these
patterns like any other.

Compounds written with a hyphen (``Fern-/Nahkampf``) break at the hyphen; a soft hyphen
(``&shy;``) in the text is honoured wherever ``hyphens`` is not ``none`` (CSS: a word with one
is broken only there).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pyphen

from cardgen.paths import ASSETS_DIR

GERMAN_PATTERNS = ASSETS_DIR / "hyphenation" / "hyph_de_1996.dic"
GERMAN_TAGS = ("de", "de_DE", "de_AT", "de_CH")      # pyphen's keys of its German files


def use_german_patterns(module: ModuleType | None = None) -> None:
    """Let pyphen (or ``module``, a stand-in in tests) hyphenate every German tag with
    :data:`GERMAN_PATTERNS`; idempotent, called by :func:`cardgen.pdf.wrapper.load_document` before
    each layout."""
    target: Any = module or pyphen
    for tag in GERMAN_TAGS:
        target.LANGUAGES[tag] = GERMAN_PATTERNS
