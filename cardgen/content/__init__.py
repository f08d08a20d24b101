"""Content: load, validate and resolve the designer's YAML files.

``load_content(folder)`` is the one entry point: it returns a validated
:class:`Content` or raises :class:`~cardgen.errors.ContentError` with every
problem of the run.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.content.load import load_folder
from cardgen.content.model import Content
from cardgen.content.resolve import resolve
from cardgen.errors import ContentError, Problem

__all__ = ["Content", "load_content", "check_content"]


def check_content(root: Path) -> tuple[Content, list[Problem]]:
    """Load and resolve ``root``; return the content and all problems (no raise)."""
    root = Path(root)
    loaded = load_folder(root)
    content, problems = resolve(root, loaded)
    if content.ruleset is not None and not problems:
        problems += _rule_problems(content)
    return content, problems


def _rule_problems(content: Content) -> list[Problem]:
    """Derive every unit once so that broken rules are reported with the content."""
    from cardgen.rules.derive import RuleError, derive_unit

    problems = []
    for unit in content.units.values():
        try:
            derive_unit(unit, content)
        except RuleError as exc:
            problems.append(content.source("units", unit.id).problem(exc.loc, str(exc)))
    return problems


def load_content(root: Path) -> Content:
    """The validated content of ``root``, or ContentError with every problem."""
    content, problems = check_content(root)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentError(errors)
    return content
