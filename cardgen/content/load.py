"""Stage 1–2: read every YAML file of a content folder and validate its shape.

Layout: one folder per kind (``units/``, ``weapons/`` ...; see
:data:`cardgen.content.schema.KINDS`), one object per file, plus an
optional ``rules.yaml`` that overrides the default ruleset.  Problems of all
files are collected; nothing stops at the first.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS
from cardgen.content.validate import validate_model
from cardgen.content.yamlsource import SourceFile, read_yaml, refusal
from cardgen.errors import ContentError, Problem, did_you_mean
from cardgen.paths import DEFAULTS_DIR
from cardgen.safefs import resolve_roots, walk_files

YAML_SUFFIXES = (".yaml", ".yml")
IGNORED_FOLDERS = {"rulebook", "assets", "docs"}


@dataclass
class Loaded:
    """Validated objects per kind, with their source files, and the ruleset."""

    objects: dict[str, list[tuple[Any, SourceFile]]] = field(default_factory=dict)
    ruleset: Ruleset | None = None
    problems: list[Problem] = field(default_factory=list)


def content_files(root: Path, roots: tuple[Path, ...]) -> tuple[list[tuple[str, Path]], list[Problem]]:
    """Every (kind, file) of the content folder, sorted, and a problem for each entry passed over.

    Only regular files whose real path lies inside ``roots`` are read; a link
    out of the folder, a dangling link, a FIFO or a folder named ``x.yaml``
    is an error naming it (a unit file that cannot be read is a missing unit)."""
    found: list[tuple[str, Path]] = []
    problems: list[Problem] = []
    for kind in sorted(KINDS):
        folder = root / kind
        if folder.is_symlink():
            problems.append(Problem(str(folder), 0, 0, "", refusal("a link to a folder; linked folders are "
                                                                   "not followed")))
        elif folder.is_dir():
            files, skipped = walk_files(folder, YAML_SUFFIXES, roots)
            found += [(kind, path) for path in files]
            problems += [Problem(str(s.path), 0, 0, "", refusal(s.reason)) for s in skipped]
    return found, problems


def require_folder(root: Path) -> None:
    """ContentError when ``root`` is not a folder: the one error a run can tell before anything else."""
    if not Path(root).is_dir():
        raise ContentError([Problem(str(root), 0, 0, "", "content folder not found")])


def load_folder(root: Path, missing_ok: bool = False) -> Loaded:
    """Read and validate every content file below ``root``; with ``missing_ok``, a ``root`` that does
    not exist is content without objects (and the default ruleset), else an error."""
    root = Path(root)
    roots = resolve_roots([root])
    loaded = Loaded(objects={kind: [] for kind in KINDS})
    if missing_ok and not os.path.lexists(root):
        loaded.ruleset = _load_ruleset(root, roots, loaded.problems)
        return loaded
    require_folder(root)
    files, loaded.problems = content_files(root, roots)
    loaded.problems += _stray_files(root, roots)
    for kind, path in files:
        try:
            source = read_yaml(path, roots)
        except ContentError as exc:
            loaded.problems += exc.problems
            continue
        model, problems = validate_model(KINDS[kind], source)
        loaded.problems += list(source.problems) + problems
        if model is not None:
            loaded.objects[kind].append((model, source))
    loaded.ruleset = _load_ruleset(root, roots, loaded.problems)
    return loaded


def _stray_files(root: Path, roots: tuple[Path, ...]) -> list[Problem]:
    """YAML files in folders that are not a content kind (a typo like ``unit/``) or beside them."""
    problems = []
    for path in sorted(root.iterdir()):
        if path.name.startswith("."):
            continue
        if path.is_dir() and not path.is_symlink():
            if path.name in KINDS or path.name in IGNORED_FOLDERS:
                continue
            files, skipped = walk_files(path, YAML_SUFFIXES, roots)
            if files or skipped:
                problems.append(Problem(str(path), 0, 0, "", f"folder '{path.name}' is not a content kind"
                                        + did_you_mean(path.name, KINDS)))
        elif path.name.endswith(YAML_SUFFIXES) and path.name != "rules.yaml":
            problems.append(Problem(str(path), 1, 1, "", "content files belong in a kind folder "
                                    f"({', '.join(sorted(KINDS))}) or are rules.yaml"))
    return problems


def _load_ruleset(root: Path, roots: tuple[Path, ...], problems: list[Problem]) -> Ruleset | None:
    """The default ruleset (cardgen's own file) with ``root/rules.yaml`` laid over it."""
    defaults = read_yaml(DEFAULTS_DIR / "rules.yaml", resolve_roots([DEFAULTS_DIR]))
    source, data = defaults, defaults.data
    override = root / "rules.yaml"
    if override.exists() or override.is_symlink():
        try:
            source = read_yaml(override, roots)
        except ContentError as exc:
            problems += exc.problems
            return None
        problems += source.problems
        if not isinstance(source.data, dict):
            problems.append(source.problem((), "expected a mapping of fields (key: value)"))
            return None
        data = deep_merge(defaults.data, source.data)
    ruleset, more = validate_model(Ruleset, source, data)
    problems += more
    return ruleset


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` laid over ``base``, mapping by mapping."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
