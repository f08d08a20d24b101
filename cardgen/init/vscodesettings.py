"""VS Code's ``.vscode/settings.json`` of a repository, read as the untrusted file it is (``cardgen init``).

The file is JSONC: JSON with ``//`` and ``/* */`` comments and trailing commas.  It comes with the
repository, so it is read like content: through :mod:`cardgen.safefs` (a regular file below the
repository, no link out), at most :data:`MAX_SETTINGS_BYTES`, nested at most :data:`MAX_DEPTH`
levels; no ``NaN`` or ``Infinity``.  Comments and trailing commas are blanked out character for
character, so a JSON error is still reported at its own line and column.  Only the two settings
cardgen adopts are read: ``markdown.styles`` (the preview's stylesheets) and
``markdownExtended.tocLevels`` (the levels of Markdown Extended's ``[[toc]]``); whether the file
names any ``markdownExtended.*`` setting at all tells that the repository was written for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import Problem
from cardgen.safefs import FileRefused, read_file, resolve_roots

SETTINGS = Path(".vscode") / "settings.json"
MAX_SETTINGS_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_STYLES = 16


@dataclass(frozen=True)
class EditorSettings:
    """What cardgen adopts of the editor's settings; ``problems`` say what it could not use, and why."""

    styles: tuple[str, ...] = ()                 # markdown.styles: paths as written
    toc_levels: tuple[int, ...] | None = None    # markdownExtended.tocLevels, when it is a usable list
    markdown_extended: bool = False              # any markdownExtended.* setting
    problems: tuple[Problem, ...] = ()


def blank_comments(text: str) -> str:
    """``text`` with every comment and trailing comma outside a string replaced by spaces (line
    breaks kept), so that ``json.loads`` reads it and its positions stay those of the file."""
    out = list(text)
    index, length, in_string = 0, len(text), False
    last_comma = -1                               # the last comma outside a string, no value after it yet
    while index < length:
        char = text[index]
        if in_string:
            in_string = char != '"'
            index += 2 if char == "\\" else 1
            continue
        if char == "/" and text[index + 1:index + 2] in ("/", "*"):
            if text[index + 1] == "/":
                end = text.find("\n", index)
                end = length if end == -1 else end
            else:
                end = text.find("*/", index + 2)
                end = length if end == -1 else end + 2
            out[index:end] = ["\n" if c == "\n" else " " for c in text[index:end]]
            index = end
            continue
        if char in "]}" and last_comma >= 0:
            out[last_comma] = " "
        if not char.isspace():
            last_comma = index if char == "," else -1
        in_string = char == '"'
        index += 1
    return "".join(out)


def nesting_too_deep(text: str) -> bool:
    """Whether brackets outside strings nest deeper than :data:`MAX_DEPTH` (before ``json`` recurses)."""
    depth, index, in_string = 0, 0, False
    while index < len(text):
        char = text[index]
        if in_string:
            in_string = char != '"'
            index += 2 if char == "\\" else 1
            continue
        in_string = char == '"'
        depth += (char in "[{") - (char in "]}")
        if depth > MAX_DEPTH:
            return True
        index += 1
    return False


def read_settings(root: Path) -> EditorSettings | None:
    """The editor settings of the repository at ``root``, or ``None`` when it has no settings file."""
    path = root / SETTINGS
    if not (path.exists() or path.is_symlink()):
        return None
    name = SETTINGS.as_posix()
    try:
        text = read_file(path, resolve_roots([root]), MAX_SETTINGS_BYTES).decode("utf-8-sig")
    except FileRefused as exc:
        return EditorSettings(problems=(Problem(name, 0, 0, "", f"not read: {exc.reason}", "warning"),))
    except UnicodeDecodeError:
        return EditorSettings(problems=(Problem(name, 0, 0, "", "not read: not UTF-8 text", "warning"),))
    text = blank_comments(text)
    if nesting_too_deep(text):
        return EditorSettings(problems=(Problem(name, 0, 0, "", f"not read: nested deeper than {MAX_DEPTH} "
                                                "levels", "warning"),))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        where = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (0, 0)
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return EditorSettings(problems=(Problem(name, *where, "", f"not read: {message}", "warning"),))
    if not isinstance(data, dict):
        return EditorSettings(problems=(Problem(name, 1, 1, "", "not read: not a JSON object", "warning"),))
    return settings_of(name, data)


def _no_constant(value: str) -> None:
    raise ValueError(f"{value} is no JSON value")


def settings_of(name: str, data: dict) -> EditorSettings:
    """The two settings cardgen adopts, each checked; a wrong one is a warning and left out."""
    problems = []
    styles = data.get("markdown.styles", [])
    if not (isinstance(styles, list) and len(styles) <= MAX_STYLES and all(isinstance(s, str) for s in styles)):
        problems.append(Problem(name, 0, 0, "markdown.styles", f"not used: expected a list of at most "
                                f"{MAX_STYLES} paths, like [\"markdown.css\"]", "warning"))
        styles = []
    levels = data.get("markdownExtended.tocLevels")
    if levels is not None and not (isinstance(levels, list) and 0 < len(levels) <= 6
                                   and all(type(v) is int and 1 <= v <= 6 for v in levels)):
        problems.append(Problem(name, 0, 0, "markdownExtended.tocLevels", "not used: expected heading levels "
                                "1 to 6, like [2, 3]", "warning"))
        levels = None
    extended = any(isinstance(key, str) and key.startswith("markdownExtended.") for key in data)
    return EditorSettings(tuple(styles), tuple(sorted(set(levels))) if levels else None, extended, tuple(problems))
