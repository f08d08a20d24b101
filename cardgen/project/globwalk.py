"""The ``rulebooks`` globs of ``cardgen.toml``, matched by one capped walk.

``pathlib.Path.glob`` walks the tree once per ``**`` and combines them: twenty ``**`` segments
over a few hundred folders took minutes before anything was built, and ``cardgen serve`` and
``watch`` match the globs on every rebuild.  Here a pattern is first normalised (empty and ``.``
segments dropped, a run of ``**`` made one) and refused when longer than :data:`MAX_PATTERN_CHARS`
or :data:`MAX_SEGMENTS` segments (:func:`pattern_problem`, reported at its line of the project
file); then :func:`match_files` walks the folders once, carrying for each folder the set of pattern
positions still alive (like a regular expression's automaton), so no folder is listed twice
however many ``**`` the pattern has, and it stops with :class:`TooManyEntries` after
:data:`MAX_ENTRIES` files and folders.

Meaning, as :meth:`pathlib.Path.glob` on POSIX: ``*``, ``?`` and ``[…]`` match within one name
(case-sensitive, names starting with ``.`` included), ``**`` any number of folders (a pattern
ending in ``**`` names folders, so no file).  Unlike it, links to folders are not followed and no
``.git`` folder is entered: the walk stays inside what :mod:`cardgen.speed.journal` looks at.
"""

from __future__ import annotations

import os
from fnmatch import fnmatchcase
from pathlib import Path

MAX_PATTERN_CHARS = 256
MAX_SEGMENTS = 16
MAX_ENTRIES = 20_000        # files and folders one pattern's walk may look at
SKIPPED_FOLDERS = frozenset({".git"})


class TooManyEntries(Exception):
    """A pattern's walk looked at more than :data:`MAX_ENTRIES` files and folders."""


def normalise(pattern: str) -> tuple[str, ...]:
    """The segments of ``pattern``: no empty or ``.`` segment, no ``**`` right after another."""
    segments: list[str] = []
    for part in pattern.split("/"):
        if part in ("", ".") or (part == "**" and segments[-1:] == ["**"]):
            continue
        segments.append(part)
    return tuple(segments)


def pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` is refused (too long, too many segments), or None."""
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"is longer than {MAX_PATTERN_CHARS} characters"
    if len(normalise(pattern)) > MAX_SEGMENTS:
        return f"has more than {MAX_SEGMENTS} segments (a run of '**' counts once)"
    return None


def _closure(states: set[int], segments: tuple[str, ...]) -> set[int]:
    """``states`` and every position a ``**`` there may skip to (it matches zero folders too)."""
    result = set(states)
    for state in sorted(states):
        while state < len(segments) and segments[state] == "**":
            state += 1
            result.add(state)
    return result


def _step(states: set[int], segments: tuple[str, ...], name: str, folder: bool) -> set[int]:
    """The positions alive after the folder (or file) ``name``."""
    after: set[int] = set()
    for state in states:
        if state >= len(segments):
            continue
        if segments[state] == "**":
            if folder:
                after.add(state)
        elif fnmatchcase(name, segments[state]):
            after.add(state + 1)
    return after


def match_files(root: Path, pattern: str, max_entries: int | None = None) -> list[Path]:
    """The files (and links to files) below ``root`` that ``pattern`` matches, sorted; raises
    :class:`TooManyEntries`."""
    segments = normalise(pattern)
    if not segments or segments[-1] == "**":
        return []
    found: list[Path] = []
    seen = 0
    folders = [(str(root), _closure({0}, segments))]
    while folders:
        folder, states = folders.pop()
        try:
            with os.scandir(folder) as listing:
                items = list(listing)
        except OSError:
            continue
        for item in items:
            seen += 1
            if seen > (MAX_ENTRIES if max_entries is None else max_entries):
                raise TooManyEntries
            try:
                is_folder = item.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_folder:
                alive = _closure(_step(states, segments, item.name, True), segments)
                if alive - {len(segments)} and item.name not in SKIPPED_FOLDERS:
                    folders.append((item.path, alive))
            elif len(segments) - 1 in states and segments[-1] != "**" and fnmatchcase(item.name, segments[-1]):
                found.append(Path(item.path))
    return sorted(found)
