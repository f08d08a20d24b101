"""Where cardgen finds its own files (cardgen.paths): package data, as real folders."""

from __future__ import annotations

from pathlib import Path

import cardgen
from cardgen import paths


def test_the_package_folder_is_the_imported_package():
    assert paths.PACKAGE_DIR == Path(cardgen.__file__).resolve().parent


def test_every_folder_lies_in_the_package_and_holds_what_cardgen_reads():
    assert paths.TEMPLATES_DIR == paths.PACKAGE_DIR / "templates"
    assert paths.CARDS_TEMPLATES == paths.TEMPLATES_DIR / "cards"
    assert paths.ICONS_DIR == paths.ASSETS_DIR / "Grafiken" and paths.FONTS_DIR == paths.ASSETS_DIR / "fonts"
    assert (paths.CARDS_TEMPLATES / "unit_front.html.j2").is_file()
    assert (paths.TEMPLATES_DIR / "rulebook" / "book.css").is_file()
    assert (paths.FONTS_DIR / "fonts.css").is_file()
    assert (paths.DEFAULTS_DIR / "rules.yaml").is_file()
    assert paths.ICONS_DIR.is_dir()
