"""Where cardgen finds its own files: templates, the icon set, fonts and defaults.

They are package data (``cardgen/templates``, ``cardgen/assets``,
``cardgen/defaults``), found with :mod:`importlib.resources`, so an
installed cardgen (``pip install .``, a wheel, ``pipx install <git url>``)
works with no checkout.  WeasyPrint and Jinja read real files, so the
package folder is made available as a path once per process
(:func:`importlib.resources.as_file`; for an ordinary installation that is
the installed folder itself).
"""

import atexit
from contextlib import ExitStack
from importlib.resources import as_file, files
from pathlib import Path

_KEEP = ExitStack()
atexit.register(_KEEP.close)

PACKAGE_DIR: Path = _KEEP.enter_context(as_file(files("cardgen"))).resolve()
TEMPLATES_DIR = PACKAGE_DIR / "templates"
CARDS_TEMPLATES = TEMPLATES_DIR / "cards"
ASSETS_DIR = PACKAGE_DIR / "assets"
ICONS_DIR = ASSETS_DIR / "Grafiken"
FONTS_DIR = ASSETS_DIR / "fonts"
BOOK_CSS = TEMPLATES_DIR / "rulebook" / "book.css"
BASES = {"cardgen": (), "markdown-extended": (TEMPLATES_DIR / "rulebook" / "markdown-extended.css",)}
"""What each ``rulebook_base`` of ``cardgen.toml`` adds after ``book.css`` (in its layer, below the author's CSS)."""
DEFAULTS_DIR = PACKAGE_DIR / "defaults"
