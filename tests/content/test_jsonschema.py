"""The JSON Schema of the content files (cardgen.content.jsonschema): every kind, or one folder's kind."""

from __future__ import annotations

import json

from cardgen.content.jsonschema import SCHEMA_KINDS, content_schema, schema_text


def test_the_whole_schema_offers_every_kind():
    schema = content_schema()
    assert schema["title"] == "cardgen content file"
    assert len(schema["anyOf"]) == len(SCHEMA_KINDS)
    assert {"$ref": "#/$defs/Unit"} in schema["anyOf"] and {"$ref": "#/$defs/Ruleset"} in schema["anyOf"]


def test_one_kind_refers_to_its_model():
    schema = content_schema("weapons")
    assert (schema["title"], schema["$ref"]) == ("cardgen weapons file", "#/$defs/Weapon")
    assert schema["$defs"] == content_schema()["$defs"]


def test_schema_text_is_sorted_json_with_a_final_newline():
    text = schema_text("units")
    assert text.endswith("}\n") and json.loads(text) == content_schema("units")
    assert text == json.dumps(content_schema("units"), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
