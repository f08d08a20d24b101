"""``cardgen validate``: every message of bad and hostile content, with its exact position."""

from __future__ import annotations

import shutil

import pytest

from conftest import FIXTURES, PROJECT

BROKEN = FIXTURES / "broken"


def test_broken_fixtures_give_exactly_the_expected_lines(cli):
    code, out, err = cli("validate", "--content", BROKEN.relative_to(PROJECT))
    expected = (BROKEN / "expected.txt").read_text(encoding="utf-8").splitlines()
    lines = err.splitlines()
    assert code == 1
    assert lines[:-1] == expected
    assert lines[-1] == f"{len(expected)} error(s) in tests/fixtures/broken"
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("line", [
    "units/tippfehler.yaml:12:5: weapons[1]: unknown weapon 'pistolee' (did you mean 'pistole'?)",
    "units/tippfehler.yaml:3:10: faction: unknown faction 'imperum' (did you mean 'imperium'?)",
    "weapons/pistole_kopie.yaml:2:5: id: duplicate id 'pistole' (also in tests/fixtures/broken/weapons/pistole.yaml:1)",
    "weapons/pistole.yaml:1:5: id: duplicate id 'pistole' (also in tests/fixtures/broken/weapons/pistole_kopie.yaml:2)",
    "units/falsch.yaml:10:1: colour: unknown field 'colour'",
    "units/falsch.yaml:4:7: type: 'infantrie' is not one of 'infanterie', 'koloss' or 'drohne' (did you mean 'infanterie'?)",
    "units/drohne_mit_agi.yaml:7:19: attributes.AGI: drones have no AGI (they use their controller's)",
    "units/koloss_mittel.yaml:5:7: size: a koloss must be groß to riesig, not mittel",
    "groups/zu_klein.yaml:5:3: models: a group needs 2 or more models, found 1",
    "groups/zu_klein.yaml:5:3: models: a group needs exactly one leader, found 0",
    "groups/gemischt.yaml:5:3: models: a group needs exactly one leader, found 2",
    "groups/gemischt.yaml:7:11: models[1].unit: unit 'kultist' belongs to faction 'kult', not 'imperium'",
    "groups/drohnen.yaml:5:3: models: controller 'kontroller' runs 2 drones but EH 5 allows 1 (⌊EH/3⌋)",
    "groups/drohnen.yaml:9:17: models[1].controller: unknown controller 'kontroler' (did you mean 'kontroller'?)",
])
def test_each_rule_has_its_message(line):
    """The rules of the issue, one by one (the expected file could hide a missing one)."""
    expected = (BROKEN / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert f"tests/fixtures/broken/{line}" in expected


HOSTILE = {
    "syntax.yaml": "syntax.yaml:3:7: invalid YAML: expected ',' or ']', but got ':'",
    "leer.yaml": "leer.yaml:1:1: file is empty: expected a mapping of fields",
    "liste.yaml": "liste.yaml:1:1: expected a mapping of fields (key: value), found a list",
    "latin1.yaml": "latin1.yaml:2:8: file is not UTF-8 text (byte 0xfc); save it as UTF-8",
    "bombe.yaml": "bombe.yaml:1:8: document expands to more than 50000 values or 64 levels (an alias bomb?); refused",
    "python_tag.yaml": "python_tag.yaml:1:5: id: YAML tag '!!python/object/apply:os.system' is not allowed: "
                       "content holds plain data only",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_gives_one_clear_line(cli, tmp_path, name):
    (tmp_path / "units").mkdir()
    shutil.copy(BROKEN / "units" / name, tmp_path / "units" / name)
    code, _, err = cli("validate", "--content", tmp_path)
    lines = err.splitlines()
    assert code == 1
    assert lines == [f"{tmp_path}/units/{HOSTILE[name]}", f"1 error(s) in {tmp_path}"]


def test_python_tag_is_never_executed(cli, tmp_path):
    marker = tmp_path / "pwned"
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "evil.yaml").write_text(
        f'id: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    assert cli("validate", "--content", tmp_path)[0] == 1
    assert not marker.exists()


def test_recursive_alias_is_refused(cli, tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "loop.yaml").write_text("a: &a [*a]\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1 and "loop.yaml:1:4: an alias refers to itself; refused" in err


def test_50_mb_file_is_refused_before_parsing(cli, tmp_path):
    (tmp_path / "units").mkdir()
    big = tmp_path / "units" / "gross.yaml"
    with big.open("wb") as handle:        # sparse: costs no disk
        handle.truncate(50 * 1024 * 1024)
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1
    assert err.splitlines()[0] == (f"{big}:1:1: file is 50.0 MiB; content files are limited to 1 MiB")


def test_missing_content_folder(cli, tmp_path):
    code, _, err = cli("validate", "--content", tmp_path / "nirgends")
    assert code == 1 and "content folder not found" in err


def test_misnamed_kind_folder_is_reported(cli, tmp_path):
    (tmp_path / "unit").mkdir()
    (tmp_path / "unit" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    code, _, err = cli("validate", "--content", tmp_path)
    assert code == 1 and "folder 'unit' is not a content kind (did you mean 'units'?)" in err


def test_example_content_is_valid(cli):
    code, out, err = cli("validate")
    assert (code, err) == (0, "")
    assert out == "content: valid\n"
