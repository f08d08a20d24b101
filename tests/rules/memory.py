"""Content built in memory for the pure rule tests: no folder, no CLI, no ``../shared``.

``content(units=[...], weapons=[...], ...)`` validates each dict with the
schema and returns a :class:`~cardgen.content.model.Content` with cardgen's
default ruleset (``rules`` overrides it key by key, as a content folder's
rules.yaml would).  A faction ``test`` is always there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardgen.content.load import deep_merge
from cardgen.content.model import Content
from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS
from cardgen.paths import DEFAULTS_DIR
from cardgen.rules.derive import DerivedUnit, derive_unit

FACTION = {"id": "test", "name": "Test", "colour": "#336699"}
HUMAN = {"AGI": 4, "NK": 3, "FK": 4, "KO": 5, "WN": 3, "EH": 4}


def ruleset(**overrides: Any) -> Ruleset:
    """cardgen's default ruleset with ``overrides`` laid over it."""
    data = yaml.safe_load((DEFAULTS_DIR / "rules.yaml").read_text(encoding="utf-8"))
    return Ruleset.model_validate(deep_merge(data, overrides))


def content(rules: dict[str, Any] | None = None, **kinds: list[dict[str, Any]]) -> Content:
    """A content set of the given objects (each validated by the schema) and the default ruleset."""
    objects: dict[str, dict[str, Any]] = {"factions": {"test": KINDS["factions"].model_validate(FACTION)}}
    for kind, items in kinds.items():
        objects.setdefault(kind, {}).update((item["id"], KINDS[kind].model_validate(item)) for item in items)
    return Content(root=Path("."), ruleset=ruleset(**(rules or {})), **objects)


def unit(unit_id: str = "probe", **fields: Any) -> dict[str, Any]:
    """A plain infantry unit (KO 5, GK 10, TP 10), overridden by ``fields``."""
    data = {"id": unit_id, "name": unit_id.title(), "faction": "test", "type": "infanterie", "size": "mittel",
            "movement": "beine", "attributes": dict(HUMAN), "speed": 10, "hit_points": 10}
    data.update(fields)
    return data


def drone(unit_id: str = "drohne", **fields: Any) -> dict[str, Any]:
    """A drone (KO 3, WN 4 and nothing else), overridden by ``fields``."""
    return unit(unit_id, type="drohne", size="klein", attributes={"KO": 3, "WN": 4}, **fields)


def colossus(unit_id: str = "koloss", **fields: Any) -> dict[str, Any]:
    """A colossus (riesig, KO 10, TP 15 for its Rumpf), overridden by ``fields``."""
    return unit(unit_id, type="koloss", size="riesig",
                attributes={"AGI": 3, "NK": 4, "FK": 5, "KO": 10, "WN": 3, "EH": 6}, hit_points=15, **fields)


def weapon(weapon_id: str, kind: str = "nahkampf", weapon_class: int = 1, **fields: Any) -> dict[str, Any]:
    """A weapon (strength 4, damage 1), overridden by ``fields``."""
    return {"id": weapon_id, "name": weapon_id.title(), "kind": kind, "weapon_class": weapon_class,
            "strength": 4, "damage": 1, **fields}


def derived(data: dict[str, Any], rules: dict[str, Any] | None = None, **kinds: list[dict[str, Any]]) -> DerivedUnit:
    """The derived values of the unit ``data`` among the objects ``kinds``."""
    built = content(rules, units=[data], **kinds)
    return derive_unit(built.units[data["id"]], built)
