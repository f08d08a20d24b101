"""The YAML front matter of a rulebook, read like content YAML.

Front matter comes from the same strangers' pull requests as content, so it
goes through the content loader (:func:`cardgen.content.yamlsource.parse_yaml`):
plain data only, explicit tags checked, integers capped, nesting and
aliases capped.  Its problems are warnings -- a rulebook keeps building with
the default page, ``--strict`` fails it -- at the line of the Markdown file,
naming the field (``Regeln.md:4:13: warning: puppeteer.pdf.margin: ...``).
The page options are checked here too (:func:`cardgen.rulebook.page.page_settings`),
and so are the two keys of the project's look: ``toc: {levels: [2, 3]}``
(the heading levels ``[[toc]]`` lists) and ``css:`` (a stylesheet, or a
list of them, relative to the document, applied after every other); every
wrong value is reported once, where it stands, and ignored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.content.yamlsource import MAX_FILE_BYTES, parse_yaml
from cardgen.errors import ContentError, Problem
from cardgen.rulebook.page import Warn, page_settings

KEYWORD_MODES = ("first", "every", "off")

MAX_STYLESHEETS = 16


def read_front_matter(text: str, source: Path | str, first_line: int = 2) -> tuple[dict | None, list[Problem]]:
    """The front matter ``text`` (which starts on ``first_line`` of ``source``) and its warnings.

    Returns ``None`` for empty front matter or when nothing usable can be
    read (invalid YAML, an alias bomb, a list where the mapping belongs)."""
    source = Path(source)
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        return None, [Problem(str(source), first_line, 1, "", f"front matter is over "
                              f"{MAX_FILE_BYTES // 1048576} MiB; ignored", "warning")]
    try:
        parsed = parse_yaml(text, source, first_line)
    except ContentError as exc:
        return None, [_warning(p, "front matter: ") for p in exc.problems]
    if parsed is None:
        return None, []
    problems = [_warning(p, "front matter: ") for p in parsed.problems]
    if not isinstance(parsed.data, dict):
        if parsed.data is not None:
            problems.append(parsed.problem((), "front matter must be a mapping (key: value); ignored",
                                           severity="warning"))
        return None, problems

    def warn(loc: tuple, message: str) -> None:
        if not parsed.was_reported(loc):          # ``width: !!int abc`` was reported by the loader
            problems.append(parsed.problem(loc, message, severity="warning"))

    page_settings(parsed.data, warn)
    toc_levels(parsed.data, warn)
    keyword_links(parsed.data, warn)
    stylesheet_refs(parsed.data, warn)
    return parsed.data, sorted(problems, key=lambda p: (p.line, p.column))


def _warning(problem: Problem, prefix: str = "") -> Problem:
    """``problem`` as a warning; one without a field says it is about the front matter."""
    message = problem.message if problem.field else prefix + problem.message
    return Problem(problem.file, problem.line, problem.column, problem.field, message, "warning")


def _quiet(loc: tuple, message: str) -> None:
    """The ``warn`` of a caller that has reported the front matter already."""


def toc_levels(front_matter: Any, warn: Warn = _quiet) -> tuple[int, ...] | None:
    """``toc: {levels: [2, 3]}``: the heading levels the table of contents lists, or ``None``."""
    if not isinstance(front_matter, dict) or front_matter.get("toc") is None:
        return None
    toc = front_matter["toc"]
    if not isinstance(toc, dict):
        warn(("toc",), "expected a mapping like {levels: [2, 3]}; ignored")
        return None
    for key in toc:
        if key != "levels":
            warn(("toc", key), f"unknown key '{key}' (known: levels); ignored")
    levels = toc.get("levels")
    if levels is None:
        return None
    if (not isinstance(levels, list) or not levels
            or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in levels)):
        warn(("toc", "levels"), "expected a list of heading levels from 1 to 6, like [2, 3]; ignored")
        return None
    return tuple(sorted(set(levels)))


def keyword_links(front_matter: Any, warn: Warn = _quiet) -> str | None:
    """``keyword_links: first | every | off``: which mentions of a keyword link (:mod:`cardgen.rulebook.keywords`)."""
    if not isinstance(front_matter, dict) or front_matter.get("keyword_links") is None:
        return None
    value = front_matter["keyword_links"]
    if value is False:                    # YAML reads a bare off as false
        return "off"
    if value not in KEYWORD_MODES:
        warn(("keyword_links",), "expected first, every or off; ignored")
        return None
    return str(value)


def stylesheet_refs(front_matter: Any, warn: Warn = _quiet) -> list[str]:
    """``css:``: the document's own stylesheets (a path or a list of paths, as written)."""
    if not isinstance(front_matter, dict) or front_matter.get("css") is None:
        return []
    value = front_matter["css"]
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        warn(("css",), "expected a stylesheet path or a list of them, like [markdown.css]; ignored")
        return []
    found = []
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            warn(("css", index) if isinstance(value, list) else ("css",),
                 "expected a stylesheet path (text) relative to the document; ignored")
        elif index >= MAX_STYLESHEETS:
            warn(("css", index), f"more than {MAX_STYLESHEETS} stylesheets; ignored")
        else:
            found.append(item.strip())
    return found
