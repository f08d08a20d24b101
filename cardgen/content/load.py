"""Stage 1–2: read every YAML file of a content folder and validate its shape.

Layout: one folder per kind (``units/``, ``weapons/`` ...; see
:data:`cardgen.content.schema.KINDS`), one object per file, plus an
optional ``rules.yaml`` that overrides the default ruleset.  Problems of all
files are collected; nothing stops at the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS
from cardgen.content.validate import validate_model
from cardgen.content.yamlsource import SourceFile, read_yaml
from cardgen.errors import ContentError, Problem, did_you_mean
from cardgen.paths import DEFAULTS_DIR

YAML_SUFFIXES = (".yaml", ".yml")
IGNORED_FOLDERS = {"rulebook", "assets", "docs"}


@dataclass
class Loaded:
    """Validated objects per kind, with their source files, and the ruleset."""

    objects: dict[str, list[tuple[Any, SourceFile]]] = field(default_factory=dict)
    ruleset: Ruleset | None = None
    problems: list[Problem] = field(default_factory=list)


def content_files(root: Path) -> list[tuple[str, Path]]:
    """Every (kind, file) of the content folder, sorted for deterministic output."""
    found = []
    for kind in sorted(KINDS):
        folder = root / kind
        if folder.is_dir():
            found += [(kind, p) for p in sorted(folder.rglob("*")) if p.suffix in YAML_SUFFIXES and p.is_file()]
    return found


def load_folder(root: Path) -> Loaded:
    """Read and validate every content file below ``root``."""
    root = Path(root)
    if not root.is_dir():
        raise ContentError([Problem(str(root), 0, 0, "", "content folder not found")])
    loaded = Loaded(objects={kind: [] for kind in KINDS})
    loaded.problems += _stray_files(root)
    for kind, path in content_files(root):
        try:
            source = read_yaml(path)
        except ContentError as exc:
            loaded.problems += exc.problems
            continue
        model, problems = validate_model(KINDS[kind], source)
        loaded.problems += list(source.problems) + problems
        if model is not None:
            loaded.objects[kind].append((model, source))
    loaded.ruleset = _load_ruleset(root, loaded.problems)
    return loaded


def _stray_files(root: Path) -> list[Problem]:
    """YAML files in folders that are not a content kind (a typo like ``unit/``)."""
    problems = []
    for path in sorted(root.iterdir()):
        if path.is_dir() and path.name not in KINDS and path.name not in IGNORED_FOLDERS \
                and not path.name.startswith("."):
            if any(p.suffix in YAML_SUFFIXES for p in path.rglob("*")):
                problems.append(Problem(str(path), 0, 0, "", f"folder '{path.name}' is not a content kind"
                                        + did_you_mean(path.name, KINDS)))
        elif path.is_file() and path.suffix in YAML_SUFFIXES and path.name != "rules.yaml":
            problems.append(Problem(str(path), 1, 1, "", "content files belong in a kind folder "
                                    f"({', '.join(sorted(KINDS))}) or are rules.yaml"))
    return problems


def _load_ruleset(root: Path, problems: list[Problem]) -> Ruleset | None:
    defaults = read_yaml(DEFAULTS_DIR / "rules.yaml")
    source, data = defaults, defaults.data
    override = root / "rules.yaml"
    if override.is_file():
        try:
            source = read_yaml(override)
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


def deep_merge(base: dict, override: dict) -> dict:
    """``override`` laid over ``base``, mapping by mapping."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
