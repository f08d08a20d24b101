"""JSON Schema of the content files, for editors (VS Code YAML extension)."""

from __future__ import annotations

import json

from pydantic import TypeAdapter

from cardgen.content.ruleset import Ruleset
from cardgen.content.schema import KINDS


def content_schema() -> dict:
    """One schema with a definition per kind; ``anyOf`` accepts any kind's file."""
    definitions = {}
    for kind, model in sorted(KINDS.items()):
        definitions[kind] = TypeAdapter(model).json_schema(ref_template="#/$defs/{model}")
    definitions["rules"] = TypeAdapter(Ruleset).json_schema(ref_template="#/$defs/{model}")
    merged_defs: dict = {}
    for schema in definitions.values():
        merged_defs.update(schema.pop("$defs", {}))
    merged_defs.update({f"file_{k}": v for k, v in definitions.items()})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cardgen content file",
        "description": "One object of Universalis content; the folder decides the kind "
                       "(units/, weapons/, armor/ ...). rules.yaml holds the tunable numbers.",
        "anyOf": [{"$ref": f"#/$defs/file_{k}"} for k in sorted(definitions)],
        "$defs": merged_defs,
    }


def schema_text() -> str:
    return json.dumps(content_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
