"""The project's fonts, usable by family name in every stylesheet.

Every ``.ttf``, ``.otf``, ``.woff`` and ``.woff2`` below the project's font
folders (:attr:`cardgen.project.file.Project.fonts`) is opened with fontTools
(a WeasyPrint dependency) to read its family, weight and style, and becomes
one ``@font-face`` rule.  A stylesheet that says ``font-family: "Nova
Round"`` then gets that font embedded without writing ``@font-face``
itself.  The rules name each file by its absolute ``file:`` URL; the PDF
fetcher reads it only because the project root is an allowed root of every
themed document (:attr:`cardgen.look.theme.Theme.roots`).

Font files come from pull requests: they are listed with
:func:`cardgen.safefs.walk_files` (no link out of the folder), read through
:func:`cardgen.safefs.read_file` with a size cap, and at most
:data:`MAX_FONT_FILES` are used.  A file that cannot be read or parsed is a
warning naming it, never a failed build; so is a *damaged* font, one whose tables fontTools cannot
decompile (:func:`check_tables`, before anything reads or synthesises from it): it is not used, and
its family falls back as for a face the project does not have -- to the family's other faces, else
to the stylesheet's next ``font-family``.  The bold and italic faces a family lacks are made by
:mod:`cardgen.fonts.synth` and added to these rules (:func:`cardgen.look.theme.theme_for`).
"""

from __future__ import annotations

import contextlib
import io
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.errors import Problem
from cardgen.look.css import css_string
from cardgen.safefs import FileRefused, read_file, resolve_roots, walk_files

FONT_SUFFIXES = (".ttf", ".otf", ".woff", ".woff2", ".TTF", ".OTF", ".WOFF", ".WOFF2")
MAX_FONT_FILES = 64                    # font files of one project
MAX_FONT_BYTES = 20 * 1024 * 1024      # one font file (the PDF fetcher's limit for any resource)
MAX_FAMILY_CHARS = 100
ITALIC_BIT = 0x01                      # OS/2 fsSelection
MAC_ITALIC_BIT = 0x02                  # head.macStyle
NAME_FAMILY, NAME_TYPOGRAPHIC_FAMILY = 1, 16
CHECKED_TABLES = ("head", "hhea", "maxp", "OS/2", "post", "cmap", "hmtx", "loca", "glyf", "CFF ")
"""The tables besides ``name`` that synthesis (:mod:`cardgen.fonts.synth`) and the PDF's font reader need."""
MAX_REASON_CHARS = 160                 # of fontTools' message about a damaged table


class DamagedFont(ValueError):
    """A font fontTools opens but one of whose tables it cannot decompile."""

    def __init__(self, table: str, exc: Exception, family: str = "") -> None:
        super().__init__(f"table {table!r}: {failure(exc)}")
        self.family = family


@dataclass(frozen=True)
class FontFace:
    """One font file and what the ``@font-face`` rule says about it."""

    path: Path
    family: str
    weight: int = 400
    style: str = "normal"

    def rule(self) -> str:
        """The ``@font-face`` rule (safe inside ``<style>``: no ``<`` survives :func:`css_string`)."""
        return (f"@font-face {{ font-family: {css_string(self.family)}; src: url({css_string(self.path.as_uri())}); "
                f"font-weight: {self.weight}; font-style: {self.style}; }}")


def failure(exc: Exception) -> str:
    """What fontTools said about a hostile file, in one short line."""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return text if len(text) <= MAX_REASON_CHARS else text[:MAX_REASON_CHARS - 1] + "…"


@contextlib.contextmanager
def fonttools_quiet():
    """fontTools' log silenced (a damaged name table logs a line per record, 65,000 of them): what
    matters about a hostile font is said once, in cardgen's warning."""
    logger = logging.getLogger("fontTools")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(level)


def read_face(path: Path, data: bytes) -> FontFace:
    """Family, weight and style of the font ``data`` (from ``path``), its tables checked
    (:func:`check_tables`); ValueError when it is no font, DamagedFont when it is a damaged one."""
    # lazy: fontTools, only when a project has fonts
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    with fonttools_quiet():
        try:
            font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0)
            names = font["name"]
            family = (names.getDebugName(NAME_TYPOGRAPHIC_FAMILY) or names.getDebugName(NAME_FAMILY) or "").strip()
        except Exception as exc:  # noqa: BLE001 -- fontTools' own errors on a hostile file, whatever they are
            raise ValueError(failure(exc)) from None
        family = "".join(c for c in family if c.isprintable())[:MAX_FAMILY_CHARS]
        if not family:
            raise ValueError("it names no font family")
        check_tables(font, family)
    weight = int(font["OS/2"].usWeightClass) if "OS/2" in font else 400
    italic = "OS/2" in font and bool(font["OS/2"].fsSelection & ITALIC_BIT)
    italic = italic or ("head" in font and bool(font["head"].macStyle & MAC_ITALIC_BIT))
    weight = min(max(round(weight / 100) * 100, 100), 900) if weight else 400
    return FontFace(path, family, weight, "italic" if italic else "normal")


def check_tables(font, family: str = "") -> None:
    """Each of :data:`CHECKED_TABLES` the lazily opened ``font`` has decompiled now, so that a damaged
    one is found here, once, and not as a traceback in synthesis: DamagedFont for the first that fails
    (any exception: fontTools raises what it meets).  The glyphs' outlines are read by synthesis."""
    for tag in CHECKED_TABLES:
        try:
            if tag in font:
                font[tag]
        except Exception as exc:  # noqa: BLE001 -- fontTools' own errors on a hostile file, whatever they are
            raise DamagedFont(tag, exc, family) from None


def find_fonts(folders: Iterable[Path], roots: Iterable[Path]) -> tuple[list[FontFace], list[Problem]]:
    """Every usable font below ``folders`` (sorted by path) and a warning for each one that is not."""
    real_roots = resolve_roots(roots)
    faces: list[FontFace] = []
    problems: list[Problem] = []

    def warn(path: Path, message: str) -> None:
        problems.append(Problem(str(path), 0, 0, "", message, "warning"))

    files: list[Path] = []
    for folder in folders:
        if not Path(folder).is_dir():
            continue
        found, skipped = walk_files(folder, FONT_SUFFIXES, roots=real_roots)
        files += [f for f in found if f not in files]
        for entry in skipped:
            warn(entry.path, f"font not used: {entry.reason}")
    if len(files) > MAX_FONT_FILES:
        warn(Path(folders_shown(folders)), f"{len(files)} font files; only the first {MAX_FONT_FILES} are used")
        files = files[:MAX_FONT_FILES]
    damaged: list[tuple[Path, DamagedFont]] = []
    for path in files:
        try:
            faces.append(read_face(path, read_file(path, real_roots, MAX_FONT_BYTES)))
        except FileRefused as exc:
            warn(path, f"font not used: {exc.reason}")
        except DamagedFont as exc:
            damaged.append((path, exc))
        except ValueError as exc:
            warn(path, f"font not used: not a font file fontTools can read ({exc})")
    for path, fault in damaged:
        warn(path, f"damaged font ({fault}); {fallback(fault.family, faces)}")
    return faces, problems


def fallback(family: str, faces: list[FontFace]) -> str:
    """Where the text of ``family`` goes without its damaged face (as for any face the project lacks)."""
    if any(face.family == family for face in faces):
        return f"its family {family} falls back to its other faces"
    return f"its family {family} falls back to the next font of the stylesheet's font-family"


def folders_shown(folders: Iterable[Path]) -> str:
    return ", ".join(str(f) for f in folders)


def font_face_rules(faces: Iterable[FontFace]) -> str:
    """The ``@font-face`` rules of ``faces``, one a line."""
    return "\n".join(face.rule() for face in faces)
