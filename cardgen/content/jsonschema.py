"""JSON Schema of the content files, for editors (VS Code YAML extension).

``content_schema()`` covers every kind (``anyOf`` the kinds, all models in
``$defs``); ``content_schema(kind)`` is the schema of one folder's files,
which is what an editor should be pointed at for ``content/<kind>/*.yaml``.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS

SCHEMA_KINDS: dict[str, type[BaseModel]] = {**KINDS, "rules": Ruleset}


def content_schema(kind: str | None = None) -> dict[str, Any]:
    """The JSON Schema of all content files, or of one kind's files."""
    models: list[tuple[type[BaseModel], JsonSchemaMode]] = [(model, "validation") for _, model in sorted(SCHEMA_KINDS.items())]
    _, top = models_json_schema(models, ref_template="#/$defs/{model}")
    defs = top["$defs"]
    names = {k: m.__name__ for k, m in SCHEMA_KINDS.items()}
    head = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs}
    if kind is not None:
        return {**head, "title": f"cardgen {kind} file", "$ref": f"#/$defs/{names[kind]}"}
    return {**head, "title": "cardgen content file",
            "description": "One object of Universalis content; the folder decides the kind "
                           "(units/, weapons/, armor/ ...). rules.yaml holds the tunable numbers.",
            "anyOf": [{"$ref": f"#/$defs/{names[k]}"} for k in sorted(names)]}


def schema_text(kind: str | None = None) -> str:
    return json.dumps(content_schema(kind), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
