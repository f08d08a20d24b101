"""What the content loader reads (issue 8, items 2 and 3, content side).

Only regular files whose real path lies inside the content folder are read;
every other entry named like a content file is an error naming it, and the
text of a file outside is never read, so it can appear in no message.
"""

from __future__ import annotations

import os

import pytest


from conftest import unit, strip_root

SECRET = "GEHEIM-7f3a9c"


@pytest.fixture
def outside(tmp_path):
    """A YAML file outside the content folder whose text would show up in a message if read."""
    path = tmp_path / "outside" / "secret.yaml"
    path.parent.mkdir()
    path.write_text(f"id: probe\nname: Probe\nfaction: test\ntype: {SECRET}\n", encoding="utf-8")
    return path


def _validate(cli, root) -> tuple[int, list[str], str]:
    code, out, err = cli("validate", "--content", root)
    return code, [strip_root(line, root) for line in err.splitlines()], out + err


def test_link_to_a_file_outside_is_refused_unread(cli, rules_content, outside):
    (rules_content.root / "units").mkdir()
    (rules_content.root / "units" / "probe.yaml").symlink_to(outside)
    code, lines, output = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/probe.yaml: its real path lies outside the allowed folders; not read",
                     f"1 error(s) in {rules_content.root}"]
    assert SECRET not in output


def test_rules_yaml_linked_outside_is_refused_unread(cli, rules_content, outside):
    (rules_content.root / "rules.yaml").symlink_to(outside)
    code, lines, output = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["rules.yaml: its real path lies outside the allowed folders; not read",
                     f"1 error(s) in {rules_content.root}"]
    assert SECRET not in output


def test_linked_kind_folder_is_not_followed(cli, rules_content, outside):
    (rules_content.root / "units").symlink_to(outside.parent)
    code, lines, output = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units: a link to a folder; linked folders are not followed",
                     f"1 error(s) in {rules_content.root}"]
    assert SECRET not in output


def test_link_inside_the_content_folder_is_read(cli, rules_content):
    path = rules_content("units", unit("probe"))
    (path.parent / "zweite.yml").symlink_to(path)
    code, lines, _ = _validate(cli, rules_content.root)
    assert code == 1       # the same unit twice: read through the link, so a duplicate id
    assert lines[0].startswith("units/probe.yaml:1:5: id: duplicate id 'probe'")


def test_dangling_link_is_reported(cli, rules_content):
    (rules_content.root / "units").mkdir()
    (rules_content.root / "units" / "weg.yaml").symlink_to(rules_content.root / "nirgends.yaml")
    code, lines, _ = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/weg.yaml: a link to nothing (dangling symlink); not read",
                     f"1 error(s) in {rules_content.root}"]


def test_fifo_is_reported_and_never_opened(cli, rules_content):
    """A FIFO opened for reading blocks until a writer comes: validate would hang."""
    (rules_content.root / "units").mkdir()
    os.mkfifo(rules_content.root / "units" / "x.yaml")
    code, lines, _ = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/x.yaml: a FIFO, not a regular file; only regular files are read",
                     f"1 error(s) in {rules_content.root}"]


def test_folder_named_like_a_content_file_is_reported(cli, rules_content):
    rules_content("units", unit("probe"))
    (rules_content.root / "units" / "x.yaml").mkdir()
    code, lines, _ = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["units/x.yaml: a folder, not a regular file; only regular files are read",
                     f"1 error(s) in {rules_content.root}"]


def test_rules_yaml_that_is_a_folder_is_reported(cli, rules_content):
    (rules_content.root / "rules.yaml").mkdir()
    code, lines, _ = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["rules.yaml: a folder, not a regular file; only regular files are read",
                     f"1 error(s) in {rules_content.root}"]


def test_stray_folder_holding_only_a_link_out_is_reported_unread(cli, rules_content, outside):
    (rules_content.root / "unit").mkdir()
    (rules_content.root / "unit" / "probe.yaml").symlink_to(outside)
    code, lines, output = _validate(cli, rules_content.root)
    assert code == 1
    assert lines == ["unit: folder 'unit' is not a content kind (did you mean 'units'?)",
                     f"1 error(s) in {rules_content.root}"]
    assert SECRET not in output


def test_a_name_with_a_nul_character_is_refused_not_a_crash(tmp_path):
    from cardgen.safefs import FileRefused, check_file

    with pytest.raises(FileRefused, match="NUL"):
        check_file(tmp_path / "a\0b.svg", (tmp_path.resolve(),))
