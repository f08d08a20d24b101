"""The front of the pipeline in one call: load → validate → resolve → derive.

Every command that reads content goes through here (``validate``, ``list``,
``show``, ``cards``, ``rulebook``, ``build``), so the rule problems of the
derive stage are reported with the content problems, the same lines for
every command.  This module comes after :mod:`cardgen.content` and
:mod:`cardgen.rules` and before the views.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.content import read_content
from cardgen.content.model import Content
from cardgen.errors import ContentError, Problem
from cardgen.rules.derive import Derived, derive


def check_and_derive(root: Path, missing_ok: bool = False) -> tuple[Content, Derived, list[Problem]]:
    """Content, derived values and every problem of ``root`` (never raises for content; a missing
    ``root`` is an error unless ``missing_ok``: then content without objects).

    The problems of single units' rules are listed only when everything else
    is clean: on broken content they would repeat what resolve reported."""
    content, problems = read_content(root, missing_ok)
    derived = derive(content)
    problems += derived.group_problems
    if not problems:
        problems += derived.unit_problems
    return content, derived, problems


def load_and_derive(root: Path, missing_ok: bool = False) -> tuple[Content, Derived]:
    """The content of ``root`` and its derived values, or ContentError with every problem
    (``missing_ok``: see :func:`check_and_derive`)."""
    content, derived, problems = check_and_derive(root, missing_ok)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentError(errors)
    return content, derived


def check_content(root: Path) -> tuple[Content, list[Problem]]:
    """:func:`check_and_derive` without the derived values."""
    content, _, problems = check_and_derive(root)
    return content, problems


def load_content(root: Path) -> Content:
    """:func:`load_and_derive` without the derived values (the content is valid, rules included)."""
    return load_and_derive(root)[0]
