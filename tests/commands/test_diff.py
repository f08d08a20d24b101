"""cardgen.commands.diff: ``cardgen diff OLD NEW`` -- the errata between two folders on stdout."""

from __future__ import annotations

import yaml

from cardgen.commands import diff
from cardgen.errata.report import escaped
from cardgen.stages import load_and_derive
from conftest import one_unit_content, strip_root


def revisions(tmp_path):
    old = one_unit_content(tmp_path / "alt")
    new = one_unit_content(tmp_path / "neu")
    pistole = yaml.safe_load((new / "weapons" / "pistole.yaml").read_text(encoding="utf-8"))
    (new / "weapons" / "pistole.yaml").write_text(
        yaml.safe_dump({**pistole, "name": "Revolver", "damage": 2}, allow_unicode=True), encoding="utf-8")
    (new / "Regeln.md").write_text("# Regeln\n\nNeu.\n", encoding="utf-8")
    return old, new


def test_the_errata_between_two_folders(cli, tmp_path):
    old, new = revisions(tmp_path)
    code, out, err = cli("diff", old, new)
    assert (code, err) == (0, "")
    assert out == (
        f"# Errata: {escaped(str(old))} → {escaped(str(new))}\n\n"
        "## Waffen\n\n"
        "### Pistole → Revolver\n\n- Name: Pistole → Revolver\n- Schaden: 1 → 2\n\n"
        "## Regelbuch\n\n"
        "### Regeln.md › Regeln (neu)\n\n- neu: Neu.\n")


def test_no_change(cli, tmp_path):
    old = one_unit_content(tmp_path / "alt")
    code, out, err = cli("diff", old, old)
    assert (code, out, err) == (0, f"# Errata: {escaped(str(old))} → {escaped(str(old))}\n\nKeine Änderungen.\n", "")


def test_a_revision_with_errors_is_named(cli, tmp_path):
    old, new = revisions(tmp_path)
    (new / "units" / "probe.yaml").write_text("id: probe\n", encoding="utf-8")
    code, out, err = cli("diff", old, new)
    lines = strip_root(err, tmp_path).splitlines()
    assert (code, out) == (1, "")
    assert lines[0] == "neu: the content has errors:"
    assert lines[1].startswith("neu/units/probe.yaml:1:1: ")
    assert all("missing required field" in line for line in lines[1:])


def test_changed_cards_are_the_units_whose_card_differs(tmp_path):
    old, new = revisions(tmp_path)
    with open(old / "units" / "probe.yaml", "a", encoding="utf-8") as file:
        file.write("weapons: [pistole]\n")
    with open(new / "units" / "probe.yaml", "a", encoding="utf-8") as file:
        file.write("weapons: [pistole]\n")
    (new / "units" / "zweiter.yaml").write_text(
        (old / "units" / "probe.yaml").read_text(encoding="utf-8").replace("probe", "zweiter"), encoding="utf-8")
    old_content, old_derived = load_and_derive(old)
    new_content, new_derived = load_and_derive(new)
    assert diff.changed_cards(old_content, old_derived, new_content, new_derived) == ["probe", "zweiter"]
    assert diff.changed_cards(old_content, old_derived, old_content, old_derived) == []


def test_a_revision_that_is_no_folder_nor_revision(cli, tmp_path):
    old = one_unit_content(tmp_path / "alt")
    assert cli("diff", old, "v9 x") == (1, "", "'v9 x' is neither a folder nor a git revision\n")
