"""Content: load, validate and resolve the designer's YAML files.

``read_content(folder)`` runs the first three stages (load → validate →
resolve) and returns the content with every problem found so far.  The
stages after it -- derive (:mod:`cardgen.rules.derive`), views, render --
never run from here: nothing in this package imports a later stage.  The
whole front of the pipeline with the rule problems is
:func:`cardgen.stages.load_content` / :func:`cardgen.stages.check_content`.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.content.load import load_folder
from cardgen.content.model import Content
from cardgen.content.resolve import resolve
from cardgen.errors import Problem

__all__ = ["Content", "read_content"]


def read_content(root: Path, missing_ok: bool = False) -> tuple[Content, list[Problem]]:
    """Load, validate and resolve ``root``; return the content and its problems (no raise but for a
    missing folder, unless ``missing_ok``: then it is content without objects)."""
    root = Path(root)
    return resolve(root, load_folder(root, missing_ok))
