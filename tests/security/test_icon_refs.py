"""Every icon a content file names is checked by ``validate`` (issue 8, item 11).

Before, a misspelt icon passed ``validate`` and then failed the build, one
at a time and without file, line or field.
"""

from __future__ import annotations

import pytest

from conftest import strip_root

from cardgen.look.icons import icon_problem


def _effect(effect_id: str, icon: str) -> dict:
    return {"id": effect_id, "name": effect_id.title(), "icon": icon, "applies_to": "beide", "rules": "Probe."}


def _validate(cli, root) -> tuple[int, list[str]]:
    code, _, err = cli("validate", "--content", root)
    return code, [strip_root(line, root) for line in err.splitlines()]


def test_every_wrong_icon_is_reported_in_one_run(cli, rules_content):
    rules_content("effects", _effect("brand", "Effekt/brnad.svg"))
    rules_content("effects", _effect("flucht", "../../../etc/passwd"))
    rules_content("effects", _effect("wurzel", "/etc/passwd"))
    rules_content("schools", {"id": "geist", "name": "Geist", "colour": "#884422", "icon": "Schule/geistt.svg"})
    rules_content("factions", {"id": "kult", "name": "Kult", "colour": "#884422", "emblem": "Effekt"})
    code, lines = _validate(cli, rules_content.root)
    relative = "must be a name relative to the icon set, like 'Effekt/brand.svg' (no absolute path, no '..')"
    assert code == 1
    assert lines == [
        "effects/brand.yaml:3:7: icon: no icon 'Effekt/brnad.svg' in the icon set "
        "(did you mean 'Effekt/brand.svg'?)",
        f"effects/flucht.yaml:3:7: icon: icon '../../../etc/passwd' {relative}",
        f"effects/wurzel.yaml:3:7: icon: icon '/etc/passwd' {relative}",
        "factions/kult.yaml:4:9: emblem: no icon 'Effekt' in the icon set",
        "schools/geist.yaml:4:7: icon: no icon 'Schule/geistt.svg' in the icon set "
        "(did you mean 'Schule/geist.svg'?)",
        f"5 error(s) in {rules_content.root}",
    ]


def test_existing_icons_pass(cli, rules_content):
    rules_content("effects", _effect("brand", "Effekt/brand.svg"))
    rules_content("schools", {"id": "geist", "name": "Geist", "colour": "#884422", "icon": "Schule/geist.svg"})
    assert _validate(cli, rules_content.root) == (0, [])


@pytest.mark.parametrize("name", ["Effekt/../Effekt/brand.svg", "C:/x.svg", "Effekt\\..\\..\\x.svg", ""])
def test_escapes_are_refused_even_when_they_land_inside(name):
    assert "must be a name relative to the icon set" in icon_problem(name)
