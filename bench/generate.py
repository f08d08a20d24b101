"""Generate a content folder with N units (for the benchmark's scale series).

The example content supplies factions, weapons, armor, equipment, traits,
effects, powers and the rest; N units are generated from the example units
(cycling through them) with varied names, speeds and hit points, so every
card is distinct (no two faces share a cache entry).  Groups and the
rulebook are left out: a generated set builds cards.pdf, powers.pdf and
changed-cards.pdf only.

    .venv/bin/python bench/generate.py 100 /tmp/content-100
    .venv/bin/python -m cardgen validate --content /tmp/content-100
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parents[1]
SYLLABLES = ["ka", "lor", "th", "esh", "vin", "dra", "mur", "ix", "gel", "sol", "bran", "ur", "tek", "zan"]


def unit_name(base: str, index: int) -> str:
    """A distinct, pronounceable name of varying length: 'Sturmtruppe Kalorth 12'."""
    parts, n = [], index
    for _ in range(1 + index % 3):
        parts.append(SYLLABLES[n % len(SYLLABLES)])
        n //= len(SYLLABLES)
    return f"{base} {''.join(parts).capitalize()} {index + 1}"


def generate(count: int, target: Path, source: Path = PROJECT / "content") -> Path:
    """Copy ``source`` without its units, groups and rulebook, then write ``count`` units."""
    target = Path(target)
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("units", "groups", "rulebook", "*.md"))
    templates = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((source / "units").glob("*.yaml"))]
    units = target / "units"
    units.mkdir()
    for index in range(count):
        data = dict(templates[index % len(templates)])
        data["id"] = f"{data['id']}_{index:04d}"
        data["name"] = unit_name(data["name"], index)
        if data["movement"] != "stationär":          # a stationary model keeps GK 0
            data["speed"] = max(0, min(50, data["speed"] + index % 5 - 2))
        data["hit_points"] = max(1, min(20, data["hit_points"] + index % 3 - 1))
        (units / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                  encoding="utf-8")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int, help="number of units")
    parser.add_argument("target", type=Path, help="content folder to create (replaced if it exists)")
    parser.add_argument("--source", type=Path, default=PROJECT / "content", help="example content to start from")
    args = parser.parse_args()
    generate(args.count, args.target, args.source)
    print(f"wrote {args.count} units to {args.target}")


if __name__ == "__main__":
    main()
