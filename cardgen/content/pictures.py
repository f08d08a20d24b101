"""Where a model's picture (``image:`` of a unit or a group's model) is found -- or why not.

A picture is named relative to the content folder and looked up there
first, then relative to the project root when there is a ``cardgen.toml``
(so a designer's ``images/x.png`` beside ``content/`` is found).  A file is
used only when its real path, every symlink resolved, lies inside one of
those folders and it is a regular file.  No URL, absolute path or file of
another kind than PNG, JPEG, WebP or SVG is ever looked up.

The validate stage reports every picture that is missing or refused as a
content problem at the ``image`` field (:func:`check_pictures`), with a
did-you-mean naming a picture file that differs by case, Unicode form,
suffix or folder; the card stage (:mod:`cardgen.cards.portrait`) uses the
same lookup (:func:`find_picture`) and checks the bytes.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from cardgen.content.model import Content
from cardgen.content.schema import Picture
from cardgen.content.yamlsource import Path_, SourceFile
from cardgen.errors import Problem, did_you_mean, shortened
from cardgen.project.file import find_project_file
from cardgen.safefs import FileRefused, check_file, resolve_roots

PICTURE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".svg": "SVG"}
"""File suffix → the format its bytes must have."""
SKIPPED_FOLDERS = frozenset({".git", ".hg", ".svn", "build", ".venv", "venv", "node_modules", ".cache",
                             "__pycache__", ".tox", ".mypy_cache", ".pytest_cache", ".ruff_cache"})
"""Folders a picture look-up never walks (the rulebook's file index and its journal too): version control,
the output folder, environments, caches."""
MAX_HINT_FILES = 20_000          # pictures indexed for a did-you-mean (a huge folder stays fast)


@dataclass(frozen=True)
class Found:
    """What a picture reference found: the real file, or ``None`` and why (``reason``)."""

    path: Path | None
    reason: str = ""


def picture_file(ref: Picture | str) -> str:
    """The file name a reference gives (``image: x.svg`` or ``image: {file: x.svg}``)."""
    return ref.file if isinstance(ref, Picture) else ref


def project_root_of(content_dir: Path) -> Path | None:
    """The project root above ``content_dir`` (the folder holding the nearest ``cardgen.toml``), if any."""
    found = find_project_file(content_dir)
    return found.parent if found is not None else None


def picture_roots(content_dir: Path, project_root: Path | None) -> tuple[Path, ...]:
    """The real folders a picture may lie in: the content folder, the project root."""
    return resolve_roots([content_dir, *([project_root] if project_root is not None else [])])


def _relative(name: str) -> PurePosixPath | None:
    """The relative path ``name`` gives; ``None`` for a URL, an absolute path or a NUL character."""
    if "\0" in name or "\\" in name:
        return None
    parts = urlsplit(name)
    if parts.scheme or parts.netloc:
        return None
    path = PurePosixPath(name)
    return None if path.is_absolute() or not path.parts else path


def find_picture(name: str, content_dir: Path, project_root: Path | None = None) -> Found:
    """The real file ``name`` means, or why there is none (see the module docstring)."""
    relative = _relative(name)
    shown = shortened(name)
    if relative is None:
        return Found(None, f"'{shown}' is not a file name; name a picture below the content folder "
                           "(no URL, no absolute path)")
    if relative.suffix.lower() not in PICTURE_FORMATS:
        return Found(None, f"'{shown}' is not a PNG, JPEG, WebP or SVG file (by its name)")
    roots = picture_roots(content_dir, project_root)
    folders = [Path(content_dir), *([Path(project_root)] if project_root is not None else [])]
    for folder in folders:
        candidate = folder / relative
        try:
            return Found(check_file(candidate, roots))
        except FileRefused as exc:
            if os.path.lexists(candidate):
                return Found(None, f"'{shown}' is not read: {_why(exc.reason, project_root)}")
    where = "the content folder" + (" or the project root" if project_root is not None else "")
    return Found(None, f"no picture '{shown}' below {where}" + _hint(relative, content_dir, project_root))


def _why(reason: str, project_root: Path | None) -> str:
    if "outside" in reason and project_root is None:
        return reason + " (the content folder, or with a cardgen.toml every folder below the project root)"
    return reason


def fold(name: str) -> str:
    """A file name as compared: NFC-normalised and case-folded (``W12_weiß`` ~ ``w12_weiss``);
    the rulebook's picture lookup compares names the same way."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _index(content_dir: Path, project_root: Path | None) -> list[str]:
    """Every picture file below the allowed folders, written as a reference would name it."""
    written: list[str] = []
    tops = [Path(project_root)] if project_root is not None else [Path(content_dir)]
    for top in tops:
        for current, dirs, files in os.walk(top, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS)
            for file in sorted(files):
                if Path(file).suffix.lower() in PICTURE_FORMATS and len(written) < MAX_HINT_FILES:
                    path = Path(current, file)
                    base = content_dir if Path(content_dir) in path.parents else top
                    written.append(Path(os.path.relpath(path, base)).as_posix())
    return written


def _hint(relative: PurePosixPath, content_dir: Path, project_root: Path | None) -> str:
    """`` (did you mean '…'?)``: the picture file ``relative`` most likely meant, or ``''``."""
    pool = _index(content_dir, project_root)
    wanted_stem = fold(PurePosixPath(relative.name).stem)
    same = [w for w in pool if fold(PurePosixPath(w).stem) == wanted_stem]
    if same:
        folder = fold(relative.parent.as_posix())
        best = min(same, key=lambda w: (fold(PurePosixPath(w).parent.as_posix()) != folder, len(w), w))
        return f" (did you mean '{best}'?)"
    return did_you_mean(relative.as_posix(), pool)


def _references(content: Content) -> list[tuple[SourceFile, Path_, str]]:
    """(file, field position, picture name) of every ``image:`` in units and groups."""
    found = []
    for unit in content.units.values():
        if unit.image is not None:
            loc: Path_ = ("image", "file") if isinstance(unit.image, Picture) else ("image",)
            found.append((content.source("units", unit.id), loc, picture_file(unit.image)))
    for group in content.groups.values():
        for i, member in enumerate(group.models):
            if member.image is not None:
                loc = ("models", i, "image") + (("file",) if isinstance(member.image, Picture) else ())
                found.append((content.source("groups", group.id), loc, picture_file(member.image)))
    return found


def check_pictures(content: Content) -> list[Problem]:
    """Every picture a unit or a group's model names must be a file cardgen reads (see above)."""
    project_root = project_root_of(content.root)
    problems = []
    for source, loc, name in _references(content):
        found = find_picture(name, content.root, project_root)
        if found.path is None:
            problems.append(source.problem(loc, found.reason))
    return problems
