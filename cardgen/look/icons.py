"""cardgen's own icon set (``assets/Grafiken``) and the stable keys that name it.

Templates ask for icons by key (``icon("size.groß")``) so that a redrawn or
moved file changes one line here, not every template.  Content files name
icons by relative path (``icon: Effekt/brand.svg``); :func:`icon_path`
resolves such a path safely inside the set.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote
from pathlib import Path, PurePosixPath

from cardgen.errors import RenderError, did_you_mean, shortened
from cardgen.paths import ICONS_DIR
from cardgen.safefs import name_too_long
from cardgen.vocabulary import MOVEMENTS, POWER_DURATIONS, POWER_RANGES, POWER_TARGETS, SIZES, UNIT_TYPE_NAMES

ICON_SET_DIR: Path = ICONS_DIR

_MARKERS = ("brennen", "feuerbereitschaft", "gift", "nachladen", "panik", "schnell", "schock",
            "tarnung", "verteidigung")
_WEAPON = ("stärke", "schaden", "reichweite", "nachladen", "indirekt", "radius", "unhandlich")
_ARMOR = ("schutz", "schadensreduktion", "schild")
_EFFECTS = ("adaptiv", "aufreißen", "brand", "erschütterung", "explosiv", "giftig", "panzerbrechend",
            "robust", "schrapnell", "strukturschädigend", "strukturverstärkt", "trauma")
_CARD = ("punkte", "aktionspunkte", "trefferpunkte", "ausrüstung", "eigenschaft", "einmalnutzung",
         "geschwindigkeit")


def _build() -> dict[str, str]:
    """Every key → relative file name (POSIX, below :data:`ICON_SET_DIR`)."""
    icons: dict[str, str] = {"logo": "logo.svg"}
    icons.update({f"type.{k}": f"Modell/{v}.svg" for k, v in UNIT_TYPE_NAMES.items()})
    icons.update({f"size.{k}": f"Größe/{k}.svg" for k in SIZES})
    icons.update({f"movement.{k}": f"Bewegung/{k}.svg" for k in MOVEMENTS})
    icons.update({f"marker.{k}": f"Marker/{k}.svg" for k in _MARKERS})
    icons.update({f"weapon.{k}": f"Waffe/{k}.svg" for k in _WEAPON})
    icons.update({f"weapon.dauerfeuer.{n}": f"Waffe/dauerfeuer_{n}.svg" for n in range(1, 5)})
    icons.update({f"armor.{k}": f"Rüstung/{k}.svg" for k in _ARMOR})
    icons.update({f"effect.{k}": f"Effekt/{k}.svg" for k in _EFFECTS})
    icons.update({f"model.{k}": f"Modell/{k}.svg" for k in ("gefahrenbereich", "wahrnehmungsbereich")})
    icons.update({f"card.{k}": f"Karte/{k}.svg" for k in _CARD})
    icons.update({
        "power.aktionspunkte": "Kraft/aktionspunkte.svg",
        "power.attribut": "Kraft/attribut.svg",
        "power.tp_verlust.misslingen": "Kraft/tp_verlust.svg",
        "power.tp_verlust.immer": "Kraft/tp_verlust_immer.svg",
    })
    for group, words in (("ziel", POWER_TARGETS), ("reichweite", POWER_RANGES), ("dauer", POWER_DURATIONS)):
        icons.update({f"power.{group}.{w}": f"Kraft/{group}_{w}.svg" for w in words})
    icons.update({f"school.{k}": f"Schule/{k}.svg" for k in ("elementar", "geist")})
    return icons


ICONS: dict[str, str] = _build()
"""Stable key → icon file relative to :data:`ICON_SET_DIR` (enum words as in the content model)."""


def _locate(relative: str) -> Path | str:
    """The file of ``relative`` in the icon set, or why there is none."""
    pure = PurePosixPath(str(relative).replace("\\", "/"))
    shown = shortened(relative)
    if not pure.parts or pure.is_absolute() or ".." in pure.parts or any(":" in p for p in pure.parts):
        return (f"icon '{shown}' must be a name relative to the icon set, like 'Effekt/brand.svg' "
                "(no absolute path, no '..')")
    base = ICON_SET_DIR.resolve()
    if name_too_long(base / pure):               # names no file; is_file() would raise ENAMETOOLONG
        return f"no icon '{shown}' in the icon set"
    path = (base / pure).resolve()
    if not path.is_relative_to(base):
        return f"icon '{shown}' leaves the icon set"
    if not path.is_file():
        return f"no icon '{shown}' in the icon set" + did_you_mean(pure.as_posix(), all_icons())
    return path


def icon_problem(relative: str) -> str | None:
    """Why ``relative`` names no file of the icon set, or ``None`` if it does.

    An absolute name, a name with ``..`` (or a drive) and a name whose real
    path leaves the set are refused like a missing file; a missing file gets
    a did-you-mean from the set's ``.svg`` files.  ``validate`` reports these
    with file, line and field (:func:`cardgen.content.resolve.check_icons`)."""
    found = _locate(relative)
    return found if isinstance(found, str) else None


def icon_path(relative: str) -> Path:
    """The file of the relative icon name ``relative`` (e.g. ``"Effekt/brand.svg"``).

    Raises :class:`RenderError` for an absolute name, a name that leaves the
    icon set (``..``) or a file that does not exist.
    """
    found = _locate(relative)
    if isinstance(found, str):
        raise RenderError(f"{found} ({ICON_SET_DIR})")
    return found


@lru_cache(maxsize=None)
def icon_uri(relative: str) -> str:
    """The ``file://`` URI of :func:`icon_path` (for ``<img src>`` in templates).

    Remembered per process (a card shows dozens of icons; a missing icon
    raises and is not remembered)."""
    return icon_path(relative).as_uri()


def icon(key: str) -> str:
    """The ``file://`` URI of the icon named by ``key`` in :data:`ICONS`."""
    try:
        relative = ICONS[key]
    except KeyError:
        raise RenderError(f"unknown icon key '{key}'{did_you_mean(key, ICONS)}") from None
    return icon_uri(relative)


_INK = re.compile(r'(fill|stroke)="#000(?:000)?"')
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@lru_cache(maxsize=None)
def tinted_icon(key: str, colour: str) -> str:
    """The icon named by ``key`` drawn in ``colour`` (``#rrggbb``) instead of black, as a
    ``data:`` URI: the white column headings on the card's striped bars.

    Our icons draw with ``fill="#000"`` and ``stroke="#000"`` only; those are
    replaced, so a tinted icon is the same drawing in another ink."""
    if not _COLOUR.fullmatch(colour):
        raise RenderError(f"icon colour '{colour}' must be #rrggbb")
    try:
        relative = ICONS[key]
    except KeyError:
        raise RenderError(f"unknown icon key '{key}'{did_you_mean(key, ICONS)}") from None
    svg = icon_path(relative).read_text(encoding="utf-8")
    return "data:image/svg+xml," + quote(_INK.sub(lambda m: f'{m.group(1)}="{colour}"', svg))


def all_icons() -> list[str]:
    """Sorted relative names (POSIX) of every ``.svg`` in the icon set."""
    if not ICON_SET_DIR.is_dir():
        return []
    return sorted(p.relative_to(ICON_SET_DIR).as_posix() for p in ICON_SET_DIR.rglob("*.svg"))
