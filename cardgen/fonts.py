"""The project's fonts, usable by family name in every stylesheet.

Every ``.ttf``, ``.otf``, ``.woff`` and ``.woff2`` below the project's font
folders (:attr:`cardgen.project.Project.fonts`) is opened with fontTools
(a WeasyPrint dependency) to read its family, weight and style, and becomes
one ``@font-face`` rule.  A stylesheet that says ``font-family: "Nova
Round"`` then gets that font embedded without writing ``@font-face``
itself.  The rules name each file by its absolute ``file:`` URL; the PDF
fetcher reads it only because the project root is an allowed root of every
themed document (:attr:`cardgen.theme.Theme.roots`).

Font files come from pull requests: they are listed with
:func:`cardgen.safefs.walk_files` (no link out of the folder), read through
:func:`cardgen.safefs.read_file` with a size cap, and at most
:data:`MAX_FONT_FILES` are used.  A file that cannot be read or parsed is a
warning naming it, never a failed build.  The bold and italic faces a family lacks are made by
:mod:`cardgen.fontsynth` and added to these rules (:func:`cardgen.theme.theme_for`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.errors import Problem
from cardgen.css import css_string
from cardgen.safefs import FileRefused, read_file, resolve_roots, walk_files

FONT_SUFFIXES = (".ttf", ".otf", ".woff", ".woff2", ".TTF", ".OTF", ".WOFF", ".WOFF2")
MAX_FONT_FILES = 64                    # font files of one project
MAX_FONT_BYTES = 20 * 1024 * 1024      # one font file (the PDF fetcher's limit for any resource)
MAX_FAMILY_CHARS = 100
ITALIC_BIT = 0x01                      # OS/2 fsSelection
MAC_ITALIC_BIT = 0x02                  # head.macStyle
NAME_FAMILY, NAME_TYPOGRAPHIC_FAMILY = 1, 16


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


def read_face(path: Path, data: bytes) -> FontFace:
    """Family, weight and style of the font ``data`` (from ``path``); ValueError when it is no font."""
    # lazy: fontTools, only when a project has fonts
    from fontTools.ttLib import TTFont, TTLibError  # type: ignore[import-untyped]

    try:
        font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0)
        names = font["name"]
        family = (names.getDebugName(NAME_TYPOGRAPHIC_FAMILY) or names.getDebugName(NAME_FAMILY) or "").strip()
        weight, italic = 400, False
        if "OS/2" in font:
            weight = int(font["OS/2"].usWeightClass)
            italic = bool(font["OS/2"].fsSelection & ITALIC_BIT)
        if "head" in font:
            italic = italic or bool(font["head"].macStyle & MAC_ITALIC_BIT)
    except (TTLibError, KeyError, AttributeError, ValueError, IndexError, TypeError, OSError, ImportError) as exc:
        raise ValueError(str(exc) or type(exc).__name__) from None
    except Exception as exc:  # noqa: BLE001 -- fontTools' own errors on a hostile file
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    family = "".join(c for c in family if c.isprintable())[:MAX_FAMILY_CHARS]
    if not family:
        raise ValueError("it names no font family")
    weight = min(max(round(weight / 100) * 100, 100), 900) if weight else 400
    return FontFace(path, family, weight, "italic" if italic else "normal")


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
    for path in files:
        try:
            faces.append(read_face(path, read_file(path, real_roots, MAX_FONT_BYTES)))
        except FileRefused as exc:
            warn(path, f"font not used: {exc.reason}")
        except ValueError as exc:
            warn(path, f"font not used: not a font file fontTools can read ({exc})")
    return faces, problems


def folders_shown(folders: Iterable[Path]) -> str:
    return ", ".join(str(f) for f in folders)


def font_face_rules(faces: Iterable[FontFace]) -> str:
    """The ``@font-face`` rules of ``faces``, one a line."""
    return "\n".join(face.rule() for face in faces)
