"""Loading the content folder: the kind folders, stray files and rules.yaml, each problem at its file."""

from __future__ import annotations

import pytest

def test_missing_content_folder(cli, tmp_path):
    code, _, err = cli("validate", "--content", tmp_path / "nirgends")
    assert code == 1 and "content folder not found" in err


def test_misnamed_kind_folder_is_reported(cli, tmp_path):
    (tmp_path / "unit").mkdir()
    (tmp_path / "unit" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1 and "folder 'unit' is not a content kind (did you mean 'units'?)" in err


def test_stray_yaml_beside_the_kind_folders_is_reported(cli, tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "einheit.yaml").write_text("id: a\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1
    assert err.splitlines() == [
        f"{tmp_path}/einheit.yaml:1:1: content files belong in a kind folder (armor, effects, equipment, factions, "
        "groups, powers, schools, terrain, traits, units, weapons) or are rules.yaml", f"1 error(s) in {tmp_path}"]


def test_rules_yaml_that_is_not_a_mapping_is_reported(cli, tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "rules.yaml").write_text("- points\n- costs\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1
    assert err.splitlines() == [f"{tmp_path}/rules.yaml:1:1: expected a mapping of fields (key: value)",
                                f"1 error(s) in {tmp_path}"]


def test_deep_merge_lays_the_override_over_the_base_mapping_by_mapping():
    from cardgen.content.load import deep_merge

    base = {"cost": {"movement": {"beine": 50, "kette": 70}, "armor": 10}, "card": "poker"}
    merged = deep_merge(base, {"cost": {"movement": {"beine": 500}}, "card": {"width": 63}})
    assert merged == {"cost": {"movement": {"beine": 500, "kette": 70}, "armor": 10}, "card": {"width": 63}}
    assert base["cost"]["movement"]["beine"] == 50       # the base is left as it was


def test_a_missing_folder_may_be_content_without_objects(tmp_path):
    from cardgen.content.load import load_folder
    from cardgen.errors import ContentError

    loaded = load_folder(tmp_path / "nirgends", missing_ok=True)
    assert all(not objects for objects in loaded.objects.values())
    assert loaded.ruleset is not None and loaded.problems == []          # cardgen's default rules
    with pytest.raises(ContentError, match="content folder not found"):
        load_folder(tmp_path / "nirgends")
    (tmp_path / "datei").write_text("x", encoding="utf-8")               # a file is no missing folder
    with pytest.raises(ContentError, match="content folder not found"):
        load_folder(tmp_path / "datei", missing_ok=True)
