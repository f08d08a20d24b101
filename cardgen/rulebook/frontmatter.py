"""The YAML front matter of a rulebook, read like content YAML.

Front matter comes from the same strangers' pull requests as content, so it
goes through the content loader (:func:`cardgen.content.yamlsource.parse_yaml`):
plain data only, explicit tags checked, integers capped, nesting and
aliases capped.  Its problems are warnings -- a rulebook keeps building with
the default page, ``--strict`` fails it -- at the line of the Markdown file,
naming the field (``Regeln.md:4:13: warning: puppeteer.pdf.margin: ...``).
The page options are checked here too (:func:`cardgen.rulebook.page.page_settings`),
so every wrong value is reported once, where it stands.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.content.yamlsource import MAX_FILE_BYTES, parse_yaml
from cardgen.errors import ContentError, Problem
from cardgen.rulebook.page import page_settings


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
    return parsed.data, sorted(problems, key=lambda p: (p.line, p.column))


def _warning(problem: Problem, prefix: str = "") -> Problem:
    """``problem`` as a warning; one without a field says it is about the front matter."""
    message = problem.message if problem.field else prefix + problem.message
    return Problem(problem.file, problem.line, problem.column, problem.field, message, "warning")
