"""Where cardgen finds its own files (templates, assets, fonts, defaults).

cardgen runs from its checkout (the README's set-up installs it editable),
so the project folders ``templates/`` and ``assets/`` sit beside the package.
"""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent
TEMPLATES_DIR = PROJECT_DIR / "templates"
ASSETS_DIR = PROJECT_DIR / "assets"
ICONS_DIR = ASSETS_DIR / "Grafiken"
FONTS_DIR = ASSETS_DIR / "fonts"
DEFAULTS_DIR = PACKAGE_DIR / "defaults"
