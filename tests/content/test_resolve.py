"""Stage 3, resolve: objects indexed by id, every reference checked with a did-you-mean, the group rules."""

from __future__ import annotations

from cardgen.content.load import load_folder
from cardgen.content.resolve import controlled_drones, group_labels, resolve
from cardgen.vocabulary import MAX_GROUP_MODELS
from conftest import unit


def _resolved(rules_content):
    return resolve(rules_content.root, load_folder(rules_content.root))


def _messages(problems) -> list[tuple[str, str, str]]:
    return [(p.file.rsplit("/", 1)[-1], p.field, p.message) for p in problems]


def test_objects_are_indexed_by_kind_and_id(rules_content):
    rules_content("units", unit("probe", weapons=["pistole"]))
    content, problems = _resolved(rules_content)
    assert problems == []
    assert list(content.units) == ["probe"] and "pistole" in content.weapons
    assert content.source("units", "probe").path.name == "probe.yaml"


def test_an_unknown_weapon_gets_a_did_you_mean(rules_content):
    rules_content("units", unit("probe", weapons=["pistolee"]))
    _, problems = _resolved(rules_content)
    assert _messages(problems) == [("probe.yaml", "weapons[0]", "unknown weapon 'pistolee' (did you mean 'pistole'?)")]


def test_a_duplicate_id_names_both_files(rules_content):
    rules_content("units", unit("probe"))
    (rules_content.root / "units" / "zweite.yaml").write_text(
        (rules_content.root / "units" / "probe.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    _, problems = _resolved(rules_content)
    assert sorted(p.message.split(" (also in ")[0] for p in problems) == ["duplicate id 'probe'"] * 2
    assert sorted(p.file.rsplit("/", 1)[-1] for p in problems) == ["probe.yaml", "zweite.yaml"]


def test_group_rules_and_the_drones_each_controller_runs(rules_content):
    rules_content("units", unit("lenker", drone_controller=True))
    rules_content("units", unit("drohne", type="drohne", attributes={"KO": 2, "WN": 3}))
    rules_content("groups", {"id": "trupp", "name": "Trupp", "faction": "test", "models": [
        {"unit": "lenker", "leader": True},
        {"unit": "drohne", "label": "d1", "controller": "lenker"},
        {"unit": "drohne", "label": "d2", "controller": "lenkr"}]})
    content, problems = _resolved(rules_content)
    assert _messages(problems) == [
        ("trupp.yaml", "models[2].controller", "unknown controller 'lenkr' (did you mean 'lenker'?)")]
    group = content.groups["trupp"]
    assert list(group_labels(group)) == ["lenker", "d1", "d2"]
    assert controlled_drones(content, group) == {"lenker": 1}


def test_a_group_of_one_without_a_leader(rules_content):
    rules_content("units", unit("probe"))
    rules_content("groups", {"id": "allein", "name": "Allein", "faction": "test", "models": [{"unit": "probe"}]})
    _, problems = _resolved(rules_content)
    assert _messages(problems) == [("allein.yaml", "models", "a group needs 2 or more models, found 1"),
                                   ("allein.yaml", "models", "a group needs exactly one leader, found 0")]


def test_a_group_over_the_cap_is_refused_at_its_first_model_too_many(rules_content):
    """A group file of 1,001 models took 1.2 GB in ``build``: a group has at most MAX_GROUP_MODELS."""
    rules_content("units", unit("probe"))
    models = [{"unit": "probe", "label": f"m{n}", "leader": n == 0} for n in range(MAX_GROUP_MODELS + 1)]
    path = rules_content("groups", {"id": "heer", "name": "Heer", "faction": "test", "models": models})
    line = [n for n, text in enumerate(path.read_text("utf-8").splitlines(), 1) if text.startswith("- ")][-1]
    _, problems = _resolved(rules_content)
    assert [p.format() for p in problems] == [
        f"{path}:{line}:3: models[{MAX_GROUP_MODELS}]: a group has at most {MAX_GROUP_MODELS} "
        f"models, this one {MAX_GROUP_MODELS + 1} (a group of this game is a handful of models)"]
    rules_content("groups", {"id": "heer", "name": "Heer", "faction": "test", "models": models[:-1]})
    assert _resolved(rules_content)[1] == []
