"""``cardgen list``, ``show`` (the table; the JSON contract: tests/views/test_show.py) and ``schema``."""

from __future__ import annotations

import json

from cardgen.content.jsonschema import content_schema
from conftest import FIXTURES, unit


def test_show_table_is_readable(cli, rules_content):
    rules_content("units", unit(weapons=["pistole"]))
    code, out, _ = cli("show", "probe", "--content", rules_content.root)
    assert code == 0
    assert "Attribute               AGI 4  NK 3  FK 4  KO 5  WN 3  EH 4" in out
    assert "Waffe Pistole" in out and "Punkte" in out


def test_show_unknown_unit_suggests(cli):
    code, _, err = cli("show", "probe", "--content", FIXTURES / "rules")
    assert code == 1 and "unknown unit 'probe'" in err
    code, _, err = cli("list", "unitz", "--content", FIXTURES / "rules")
    assert code == 1 and err.strip() == "unknown kind 'unitz' (did you mean 'units'?)"


def test_list_kinds_and_json(cli):
    code, out, _ = cli("list", "weapons", "--content", FIXTURES / "rules")
    assert code == 0 and "pistole           Pistole" in out
    code, out, _ = cli("list", "weapons", "--json", "--content", FIXTURES / "rules")
    assert {"id": "granatwerfer", "name": "Granatwerfer"} in json.loads(out)
    code, out, _ = cli("list", "--content", FIXTURES / "rules")
    assert "weapons:" in out and "effects:" in out


def test_list_refuses_broken_content(cli):
    code, out, err = cli("list", "--content", FIXTURES / "broken")
    assert code == 1 and "unknown weapon 'pistolee'" in err


def test_schema_documents_every_field(cli, tmp_path):
    schema = content_schema()
    defs = schema["$defs"]
    for kind in ("Unit", "Weapon", "Armor", "Equipment", "Trait", "Power", "School", "DamageEffect",
                 "Faction", "Group", "Terrain", "Ruleset"):
        assert defs[kind]["additionalProperties"] is False, kind
    undocumented = [f"{name}.{field}" for name, model in defs.items()
                    for field, prop in model.get("properties", {}).items() if "description" not in prop]
    assert undocumented == []
    assert defs["Unit"]["properties"]["type"]["enum"] == ["infanterie", "koloss", "drohne"]
    out = tmp_path / "schema.json"
    assert cli("schema", "--out", out)[0] == 0
    assert json.loads(out.read_text(encoding="utf-8")) == schema
    code, text, _ = cli("schema", "--kind", "units")
    assert code == 0 and json.loads(text)["$ref"] == "#/$defs/Unit"


def test_validate_in_a_repository_of_rulebooks_says_there_is_nothing_to_check(cli, tmp_path, monkeypatch):
    """Issue 29: his CI workflow validates first; without a content folder that is no error -- unless
    the command line names the folder."""
    (tmp_path / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("validate")
    assert (code, out, err) == (0, "no content folder 'content': no cards, rulebooks only\n", "")
    code, out, err = cli("validate", "--content", "content")
    assert code == 1 and "content: content folder not found" in err
