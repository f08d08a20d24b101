"""A rulebook's sections and what changed in their text between two revisions.

A section is the text from one heading to the next heading of any level, named by its headings'
path ("Bewegung › Springen"); the text before the first heading is the section "".  The front
matter is not text a player reads and is left out.  A section's text is compared block by block
(paragraphs, list items, table rows: the runs of lines between blank lines, whitespace
collapsed), so a rewrapped paragraph is no change and a reworded one is exactly one.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from cardgen.safefs import FileRefused, read_file

PATH_SEPARATOR = " › "


@dataclass(frozen=True)
class Section:
    document: str                   # the rulebook's path below the project root
    path: str                       # its headings' titles joined by PATH_SEPARATOR
    blocks: tuple[str, ...]


@dataclass(frozen=True)
class SectionChange:
    document: str
    path: str
    status: Literal["added", "removed", "changed"]
    removed: tuple[str, ...] = ()   # blocks of the old text that are gone or were reworded
    added: tuple[str, ...] = ()     # blocks of the new text in their place


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable("table")
    front_matter_plugin(md)
    return md


def _blocks(lines: list[str]) -> tuple[str, ...]:
    blocks, current = [], []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            blocks.append(" ".join(" ".join(current).split()))
            current = []
    return tuple(blocks)


def sections(document: str, text: str) -> dict[str, Section]:
    """The sections of one rulebook by path (a repeated path gets " (2)", " (3)" …)."""
    lines = text.split("\n")
    tokens = _parser().parse(text)
    for token in tokens:
        if token.type == "front_matter" and token.map:
            lines[token.map[0]:token.map[1]] = [""] * (token.map[1] - token.map[0])
    starts: list[tuple[int, int, str]] = []           # (line, level, title) of each top-level heading
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.level == 0 and token.map:
            starts.append((token.map[0], int(token.tag[1]), " ".join(tokens[index + 1].content.split())))
    found: dict[str, Section] = {}
    stack: list[tuple[int, str]] = []
    bounds = [(0, 0, "")] + starts
    for number, (line, level, title) in enumerate(bounds):
        end = bounds[number + 1][0] if number + 1 < len(bounds) else len(lines)
        if number:
            stack = [(lv, t) for lv, t in stack if lv < level] + [(level, title)]
        body = lines[line + (1 if number else 0):end]
        path = PATH_SEPARATOR.join(t for _, t in stack)
        key, count = path, 1
        while key in found:
            count += 1
            key = f"{path} ({count})"
        found[key] = Section(document, key, _blocks(body))
    if not found[""].blocks:
        del found[""]
    return found


def compare_sections(old: dict[str, Section], new: dict[str, Section]) -> list[SectionChange]:
    """The sections added, removed or with changed text, in the new rulebook's order (removed
    sections after them, in the old order).  The mappings' keys say which sections are the same."""
    changes = []
    for key, section in new.items():
        before = old.get(key)
        if before is None:
            changes.append(SectionChange(section.document, section.path, "added", (), section.blocks))
            continue
        removed: list[str] = []
        added: list[str] = []
        matcher = difflib.SequenceMatcher(a=before.blocks, b=section.blocks, autojunk=False)
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            if tag != "equal":
                removed += before.blocks[a0:a1]
                added += section.blocks[b0:b1]
        if removed or added:
            changes.append(SectionChange(section.document, section.path, "changed", tuple(removed), tuple(added)))
    changes += [SectionChange(s.document, s.path, "removed", s.blocks, ()) for key, s in old.items() if key not in new]
    return changes


def revision_sections(rulebooks: tuple[tuple[str, Path], ...], root: Path) -> dict[str, Section]:
    """The sections of every rulebook of a revision (``rulebooks``: (name below ``root``, file)), keyed
    ``name\0path``; a book that cannot be read (outside ``root``, not a regular file) is left out."""
    found: dict[str, Section] = {}
    for name, source in rulebooks:
        try:
            text = read_file(source, (root.resolve(),)).decode("utf-8-sig", errors="replace")
        except FileRefused:
            continue
        found.update({f"{name}\0{path}": section for path, section in sections(name, text).items()})
    return found
