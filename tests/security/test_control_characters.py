"""Issue 40 (6): control characters, noncharacters, lone surrogates and bidi overrides in a printed or
exported text.  YAML's double-quoted escapes (``"\\a"``, ``"\\0"``, ``"\\uFFFE"``) gave a name any
character; ``validate`` passed it and ``export battlescribe`` wrote it raw into ``.gst``/``.cat`` files
that were no well-formed XML.  Now every text field of every content kind refuses them at its
file:line:col, naming the field and the code point (:mod:`cardgen.printable`)."""

from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from cardgen.stages import check_and_derive
from conftest import FIXTURES, strip_root

BAD = "@@"
"""Where a template takes the hostile value, written as a YAML double-quoted string."""
UNIT = ("id: {id}\nname: {name}\nfaction: test\ntype: infanterie\nsize: mittel\nmovement: beine\n"
        "attributes: {{AGI: 4, NK: 3, FK: 4, KO: 5, WN: 3, EH: 4}}\nspeed: 10\nhit_points: 10\n")
POWER = ("id: {id}\nname: {name}\nschool: schule\nattribute: KO\nap_cost: 3\ntarget: modell\nrange: berührung\n"
         "duration: instantan\npoints: 5\nrules: {rules}\n")
FIELDS: dict[str, tuple[str, str]] = {
    # field: (kind, the file with BAD where the field's value is)
    "factions.name": ("factions", "id: {id}\nname: @@\ncolour: '#112233'\n"),
    "factions.leader_rule": ("factions", "id: {id}\nname: F\ncolour: '#112233'\nleader_rule: @@\n"),
    "factions.emblem": ("factions", "id: {id}\nname: F\ncolour: '#112233'\nemblem: @@\n"),
    "units.name": ("units", UNIT.format(id="{id}", name=BAD)),
    "units.rules": ("units", UNIT.format(id="{id}", name="U") + "rules: @@\n"),
    "units.image": ("units", UNIT.format(id="{id}", name="U") + "image: @@\n"),
    "units.image.file": ("units", UNIT.format(id="{id}", name="U") + "image:\n  file: @@\n"),
    "units.loadouts[0].name": ("units", UNIT.format(id="{id}", name="U") + "loadouts:\n- id: l\n  name: @@\n"),
    "weapons.name": ("weapons", "id: {id}\nname: @@\nkind: nahkampf\nweapon_class: I\nstrength: 3\ndamage: 1\n"),
    "weapons.rules": ("weapons", "id: {id}\nname: W\nkind: nahkampf\nweapon_class: I\nstrength: 3\ndamage: 1\n"
                                 "rules: @@\n"),
    "armor.name": ("armor", "id: {id}\nname: @@\nprotection: 3\n"),
    "armor.rules": ("armor", "id: {id}\nname: A\nprotection: 3\nrules: @@\n"),
    "equipment.name": ("equipment", "id: {id}\nname: @@\n"),
    "equipment.rules": ("equipment", "id: {id}\nname: E\nrules: @@\n"),
    "traits.name": ("traits", "id: {id}\nname: @@\n"),
    "traits.rules": ("traits", "id: {id}\nname: T\nrules: @@\n"),
    "powers.name": ("powers", POWER.format(id="{id}", name=BAD, rules="R")),
    "powers.rules": ("powers", POWER.format(id="{id}", name="P", rules=BAD)),
    "schools.name": ("schools", "id: {id}\nname: @@\ncolour: '#112233'\n"),
    "schools.icon": ("schools", "id: {id}\nname: S\ncolour: '#112233'\nicon: @@\n"),
    "effects.name": ("effects", "id: {id}\nname: @@\nicon: Effekt/brand.svg\napplies_to: beide\nrules: R\n"),
    "effects.icon": ("effects", "id: {id}\nname: E\nicon: @@\napplies_to: beide\nrules: R\n"),
    "effects.rules": ("effects", "id: {id}\nname: E\nicon: Effekt/brand.svg\napplies_to: beide\nrules: @@\n"),
    "terrain.name": ("terrain", "id: {id}\nname: @@\n"),
    "terrain.rules": ("terrain", "id: {id}\nname: G\nrules: @@\n"),
    "groups.name": ("groups", "id: {id}\nname: @@\nfaction: test\nmodels:\n- {unit: a, leader: true}\n"),
    "groups.icon": ("groups", "id: {id}\nname: G\nfaction: test\nicon: @@\nmodels:\n- {unit: a, leader: true}\n"),
    "groups.models[0].name": ("groups", "id: {id}\nname: G\nfaction: test\nmodels:\n- unit: a\n  name: @@\n"),
}
HOSTILE = {
    "\x07": "U+0007", "\x00": "U+0000", "\x1b": "U+001B", "\r": "U+000D", "\x7f": "U+007F", "\x85": "U+0085",
    "\x9f": "U+009F", "\ufffe": "U+FFFE", "\uffff": "U+FFFF", "\ufdd0": "U+FDD0", "\U0001fffe": "U+1FFFE",
    "\ud800": "U+D800", "\u202e": "U+202E", "\u2066": "U+2066",
}


def quoted(ch: str) -> str:
    """``ch`` between two letters as a YAML double-quoted string (its escape: ``"A\\aB"``)."""
    return '"A\\U%08XB"' % ord(ch)


def _file_id(field: str) -> str:
    return field.replace(".", "_").replace("[", "_").replace("]", "").lower()


def position(text: str) -> tuple[int, int]:
    """The line and column (1-based) of :data:`BAD` in ``text``."""
    before = text[:text.index(BAD)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


@lru_cache(maxsize=None)
def validated(tmp: Path, ch: str) -> tuple[str, ...]:
    """Every problem line of the fixture content with one file per field of :data:`FIELDS`, each with ``ch``
    in that field (one validation for all the fields)."""
    root = tmp / f"content-{ord(ch):x}"
    shutil.copytree(FIXTURES / "rules", root)
    for field, (kind, template) in FIELDS.items():
        path = root / kind / f"{_file_id(field)}.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(template.replace("{id}", _file_id(field)).replace(BAD, quoted(ch)), encoding="utf-8")
    return tuple(strip_root(p.format(), root) for p in check_and_derive(root)[2])


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("control")


def expected_line(field: str, code: str) -> str:
    kind, template = FIELDS[field]
    line, column = position(template.replace("{id}", _file_id(field)))
    shown = field.split(".", 1)[1]
    return f"{kind}/{_file_id(field)}.yaml:{line}:{column}: {shown}: contains {code}, "


@pytest.mark.parametrize("field", FIELDS)
def test_a_control_character_in_any_text_field_is_refused_at_its_place(tmp, field):
    lines = validated(tmp, "\x07")
    assert [line for line in lines if line.startswith(expected_line(field, "U+0007"))], "\n".join(lines)


@pytest.mark.parametrize("ch", HOSTILE)
@pytest.mark.parametrize("field", ["units.name", "units.rules"])
def test_every_refused_character_is_named_by_its_code_point(tmp, ch, field):
    lines = validated(tmp, ch)
    assert [line for line in lines if line.startswith(expected_line(field, HOSTILE[ch]))], "\n".join(lines)


def test_rules_text_keeps_its_line_breaks_and_tabs_a_name_does_not(tmp):
    lines = validated(tmp, "\t")
    assert [line for line in lines if line.startswith(expected_line("units.name", "U+0009"))]
    assert not [line for line in lines if line.startswith(expected_line("units.rules", "U+0009"))]


def test_export_refuses_a_name_with_a_control_character_and_writes_nothing(cli, rules_content, tmp_path):
    """``cardgen export battlescribe`` wrote the name raw: its Universalis.gst was no XML document."""
    path = rules_content.root / "weapons" / "pistole.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Pistole", 'name: "Pis\\atole"'), encoding="utf-8")
    code, out, err = cli("export", "battlescribe", "--content", rules_content.root, "--out", tmp_path / "out")
    assert code == 1 and out == ""
    assert "weapons/pistole.yaml:2:7: name: contains U+0007, a control character" in strip_root(err, rules_content.root)
    assert not (tmp_path / "out").exists()
