"""The content's messages -- names, rules texts, loadouts', group models' names, the glossary -- and the content
with a language laid over it."""

from __future__ import annotations

import shutil

import yaml

from cardgen.i18n.content import content_messages, message_positions, translated_content
from cardgen.rules.derive import derive
from cardgen.stages import load_content
from conftest import FIXTURES


def small(tmp_path):
    root = shutil.copytree(FIXTURES / "cards" / "small", tmp_path / "content")
    probe = yaml.safe_load((root / "units" / "probe.yaml").read_text(encoding="utf-8"))
    probe["loadouts"] = [{"id": "schwer", "name": "Schwere Ausrüstung", "weapons": ["granate"]}]
    (root / "units" / "probe.yaml").write_text(yaml.safe_dump(probe, allow_unicode=True), encoding="utf-8")
    (root / "groups").mkdir()
    (root / "groups" / "trupp.yaml").write_text("id: trupp\nname: Trupp\nfaction: test\nmodels:\n"
                                                "- {unit: probe, leader: true, name: Kurt}\n- {unit: seher}\n",
                                                encoding="utf-8")
    return load_content(root)


def test_every_text_a_reader_sees_is_a_message_with_its_file_line_and_card(tmp_path):
    messages = {m.context: m for m in content_messages(small(tmp_path))}
    assert messages["units/probe/name"].text == "Probekrieger"
    assert messages["units/probe/name"].reference == "content/units/probe.yaml:" + str(
        messages["units/probe/name"].reference.rsplit(":")[1])
    assert messages["units/probe/loadouts/0/name"].text == "Schwere Ausrüstung"
    assert messages["groups/trupp/models/0/name"].text == "Kurt"
    assert "groups/trupp/models/1/name" not in messages                   # no own name: nothing to translate
    assert messages["traits/rausch/rules"].comment == "rules of trait rausch, on the card of probe"
    assert messages["weapons/pistole/name"].comment == "name of weapon pistole, on the cards of probe, seher"
    assert messages["glossary/AGI"].text == "AGI" and "Agilität" in messages["glossary/AGI"].comment


def test_a_language_replaces_only_the_fields_it_translates(tmp_path):
    content = small(tmp_path)
    translations = {"units/probe/name": "Test Warrior", "traits/rausch/name": "Battle Frenzy",
                    "units/probe/loadouts/0/name": "Heavy Kit", "groups/trupp/models/0/name": "Curt"}
    english = translated_content(content, lambda context, text, where: translations.get(context))
    assert english.units["probe"].name == "Test Warrior" and english.units["seher"].name == "Seher"
    assert english.units["probe"].loadouts[0].name == "Heavy Kit"
    assert english.groups["trupp"].models[0].name == "Curt" and english.groups["trupp"].models[1].name is None
    assert english.traits["rausch"].rules == content.traits["rausch"].rules
    assert content.units["probe"].name == "Probekrieger"                   # the source stays as it was
    assert derive(english).units["probe"].unit.name == "Test Warrior"


def test_a_field_s_position_names_its_message(tmp_path):
    content = small(tmp_path)
    source = content.source("traits", "rausch")
    line = source.position(("rules",))[0]
    assert message_positions(content)[(str(source.path), line)] == "traits/rausch/rules"
