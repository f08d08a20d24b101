"""Generate a content folder with N units (for the benchmark's scale series).

The example content supplies factions, weapons, armor, traits and effects;
N units are generated from the example units with varied names and values,
so every card is distinct (no two renders can share a cache entry).

    python bench/generate.py 100 /tmp/content-100
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parents[1]


def generate(count: int, target: Path, source: Path = PROJECT / "content") -> Path:
    """Copy ``source`` without its units and groups, then write ``count`` units."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("units", "groups", "rulebook"))
    templates = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((source / "units").glob("*.yaml"))]
    units = target / "units"
    units.mkdir()
    for index in range(count):
        data = dict(templates[index % len(templates)])
        data["id"] = f"{data['id']}_{index:04d}"
        data["name"] = f"{data['name']} {index + 1}"
        data["speed"] = max(1, min(50, data["speed"] + index % 3 - 1))
        (units / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                  encoding="utf-8")
    return target


if __name__ == "__main__":
    generate(int(sys.argv[1]), Path(sys.argv[2]))
