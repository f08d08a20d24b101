"""The one error format of cardgen.

Every problem a designer can cause is a :class:`Problem` printed as
``path:line:col: field.path: message``.  Problems are collected and raised
together as a :class:`ContentError`; the CLI prints them without a traceback.
Any other exception escaping the CLI is a bug in cardgen.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in one file, at one position, about one field."""

    file: str
    line: int = 0
    column: int = 0
    field: str = ""
    message: str = ""
    severity: str = "error"

    def format(self) -> str:
        """``path:line:col: field: message`` (path relative to cwd; no column where there is none)."""
        where = display_path(self.file)
        if self.line:
            where += f":{self.line}" + (f":{self.column}" if self.column else "")
        head = f"{where}: "
        if self.severity != "error":
            head += f"{self.severity}: "
        if self.field:
            head += f"{one_line(self.field)}: "
        return head + one_line(self.message)


def one_line(text: str) -> str:
    """Escape control characters so that one problem is always one line.

    The one escaping of what reaches a terminal: every value and file name a command prints goes
    through here (or :func:`json_text`, its form for JSON).  Escaped is every character Python does
    not call printable: controls, line breaks, bidi overrides and marks, format characters."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def json_text(data: Any) -> str:
    """``data`` as indented JSON for a terminal: each character :func:`one_line` would escape is
    written as JSON's own escape (``\\u200f``), so the output is valid JSON of the same values
    (``ensure_ascii=False`` leaves C1 controls, U+2028 and bidi characters raw)."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return "".join(ch if ch.isprintable() or ch in " \n" else json.dumps(ch)[1:-1] for ch in text)


def escape_lines(text: str) -> str:
    """:func:`one_line` on each line of ``text``: its line breaks kept, every other control character escaped."""
    return "\n".join(one_line(line) for line in text.split("\n"))


MAX_SHOWN_NAME = 160
"""Characters of a file name or URL a message shows in full (see :func:`shortened`); a longer one
shows its first :data:`SHOWN_HEAD` and last :data:`SHOWN_TAIL`."""
SHOWN_HEAD, SHOWN_TAIL = 64, 32


def shortened(text: str | os.PathLike) -> str:
    """``text`` (a name from a reference) as a message shows it: whole when short, else its start
    and end with its length between them (``images/aaa…<4,011 characters>…aaa.svg``).

    A picture named by a 4,000-character line would make a 4,000-character message; its two ends
    are what tell the author which reference it is."""
    text = str(text)
    if len(text) <= MAX_SHOWN_NAME:
        return text
    return f"{text[:SHOWN_HEAD]}…<{len(text):,} characters>…{text[-SHOWN_TAIL:]}"


def display_path(file: str | os.PathLike) -> str:
    """A path as messages name it: relative to the current directory where it lies below it, else as
    given; control characters escaped (:func:`one_line`).

    (Never ``../../x``: a message names a file the same way wherever the
    checkout and the content lie relative to each other.  Escaped because a
    file name comes from a pull request like any value: ``units/\\x1b]0;x\\x07.yaml``
    must not retitle the terminal or colour the CI log.)"""
    path = Path(file)
    try:
        rel = os.path.relpath(path)
    except ValueError:  # different drive on Windows
        return one_line(str(path))
    return one_line(str(path) if rel == ".." or rel.startswith(".." + os.sep) else rel)


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or ``''``."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        if word.lower() in lowered:
            matches = [lowered[word.lower()]]
    return f" (did you mean '{matches[0]}'?)" if matches else ""


class CardgenError(Exception):
    """Base of all errors shown to the user without a traceback."""

    def lines(self) -> list[str]:
        return [str(self)]


class ContentError(CardgenError):
    """One or more problems in the designer's files."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.file, p.line, p.column, p.field, p.message))
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [p.format() for p in self.problems]


class RenderError(CardgenError):
    """A document could not be rendered (overflowing text, refused resource...)."""


class UsageError(CardgenError):
    """The command line asks for something that does not exist."""
