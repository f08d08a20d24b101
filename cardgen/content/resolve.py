"""Stage 3: ids and references across files, icons, and the group rules.

Duplicate ids name both places; unknown references and icons that are not
in the icon set get a did-you-mean; a group must have one faction, two to
:data:`~cardgen.vocabulary.MAX_GROUP_MODELS` models, exactly one leader,
and every drone a controller.  (How many drones a controller may run needs
its derived EH: the derive stage, :mod:`cardgen.rules.groups`, checks that.)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from cardgen.content.checks import CHECKS
from cardgen.content.load import Loaded
from cardgen.content.model import Content
from cardgen.content.pictures import check_pictures
from cardgen.content.schema import Group, GroupModel, Loadout, TraitRef, Unit, weapon_id
from cardgen.content.yamlsource import Path_, SourceFile
from cardgen.errors import Problem, did_you_mean
from cardgen.look.icons import icon_problem
from cardgen.richtext import picture_problems
from cardgen.vocabulary import MAX_GROUP_MODELS


def resolve(root: Path, loaded: Loaded) -> tuple[Content, list[Problem]]:
    """Index objects by id and check every reference; return content and problems."""
    problems = list(loaded.problems)
    tables: dict[str, Any] = {}                 # kind → id → model (Content's fields by kind)
    sources: dict[tuple[str, str], SourceFile] = {}
    for kind, items in loaded.objects.items():
        tables[kind] = {}
        for model, source in items:
            check = CHECKS.get(kind)
            problems += [source.problem(loc, msg) for loc, msg in (check(model) if check else [])]
            if model.id in tables[kind]:
                first = sources[(kind, model.id)]
                problems.append(source.problem(("id",), f"duplicate id '{model.id}' (also in "
                                               f"{_where(first)})"))
                problems.append(first.problem(("id",), f"duplicate id '{model.id}' (also in {_where(source)})"))
                continue
            tables[kind][model.id] = model
            sources[(kind, model.id)] = source
    content = Content(root=root, ruleset=loaded.ruleset, sources=sources, **tables)
    problems += check_references(content)
    problems += check_icons(content)
    problems += check_rules_pictures(content)
    problems += check_groups(content)
    problems += check_pictures(content)            # P: every image: names a picture file (content/pictures.py)
    return content, problems


def _where(source: SourceFile) -> str:
    from cardgen.errors import display_path
    line, col = source.position(("id",))
    return f"{display_path(source.path)}:{line}"


def _ref(content: Content, source: SourceFile, loc: Path_, kind: str, ref: str, what: str) -> list[Problem]:
    table = content.kind(kind)
    if ref in table:
        return []
    return [source.problem(loc, f"unknown {what} '{ref}'" + did_you_mean(ref, table))]


def check_references(content: Content) -> list[Problem]:
    """Every id a unit, weapon, armor or power names must exist (and fit)."""
    problems: list[Problem] = []
    for unit in content.units.values():
        problems += _unit_refs(content, unit, content.source("units", unit.id))
    for kind, what in (("weapons", "waffen"), ("armor", "rüstung")):
        for item in content.kind(kind).values():
            source = content.source(kind, item.id)
            for i, effect in enumerate(item.effects):
                problems += _ref(content, source, ("effects", i), "effects", effect, "damage effect")
                found = content.effects.get(effect)
                if found and found.applies_to not in (what, "beide"):
                    problems.append(source.problem(("effects", i), f"damage effect '{effect}' applies only "
                                                   f"to {found.applies_to}"))
    for power in content.powers.values():
        problems += _ref(content, content.source("powers", power.id), ("school",), "schools", power.school, "school")
    return problems


ICON_FIELDS = (("effects", "icon"), ("schools", "icon"), ("factions", "emblem"), ("groups", "icon"))
"""Every field that names a file of the icon set."""


def check_icons(content: Content) -> list[Problem]:
    """Every icon a damage effect, school or faction names must be a file of the icon set."""
    problems: list[Problem] = []
    for kind, field in ICON_FIELDS:
        for item in content.kind(kind).values():
            name = getattr(item, field)
            problem = icon_problem(name) if name is not None else None
            if problem is not None:
                problems.append(content.source(kind, item.id).problem((field,), problem))
    return problems


RULES_FIELDS = (("factions", "leader_rule"), ("units", "rules"), ("weapons", "rules"), ("armor", "rules"),
                ("equipment", "rules"), ("traits", "rules"), ("powers", "rules"), ("effects", "rules"))
"""Every field that holds rules text (inline Markdown, :mod:`cardgen.richtext`)."""


def check_rules_pictures(content: Content) -> list[Problem]:
    """Every picture in a rules text must be one of cardgen's icons: a card prints no other."""
    problems: list[Problem] = []
    for kind, field in RULES_FIELDS:
        for item in content.kind(kind).values():
            text = getattr(item, field)
            if "![" in text:
                problems += [content.source(kind, item.id).problem((field,), problem)
                             for problem in picture_problems(text)]
    return problems


def _unit_refs(content: Content, unit: Unit, source: SourceFile) -> list[Problem]:
    problems = _ref(content, source, ("faction",), "factions", unit.faction, "faction")
    problems += _item_refs(content, source, (), unit)
    for i, ref in enumerate(unit.powers):
        problems += _ref(content, source, ("powers", i), "powers", ref, "power")
    for i, loadout in enumerate(unit.loadouts):
        problems += _item_refs(content, source, ("loadouts", i), loadout)
    for i, entry in enumerate(unit.traits):
        ref = entry.id if isinstance(entry, TraitRef) else entry
        problems += _ref(content, source, ("traits", i), "traits", ref, "trait")
        trait = content.traits.get(ref)
        level = entry.level if isinstance(entry, TraitRef) else 1
        if trait is not None and level > trait.max_level:
            problems.append(source.problem(("traits", i), f"trait '{ref}' has no level {level} "
                                           f"(max_level {trait.max_level})"))
    return problems


def _item_refs(content: Content, source: SourceFile, at: Path_, items: Unit | Loadout) -> list[Problem]:
    """Weapons, equipment, armour and shield of a unit or of one of its loadouts (``at``: where it is)."""
    problems: list[Problem] = []
    for i, entry in enumerate(items.weapons or ()):
        problems += _ref(content, source, (*at, "weapons", i), "weapons", weapon_id(entry), "weapon")
    for i, ref in enumerate(items.equipment or ()):
        problems += _ref(content, source, (*at, "equipment", i), "equipment", ref, "equipment")
    for field in ("armor", "shield"):
        ref = getattr(items, field)
        if ref is None:
            continue
        problems += _ref(content, source, (*at, field), "armor", ref, "armor")
        armor = content.armor.get(ref)
        if armor is not None and (armor.shield is not None) != (field == "shield"):
            need = "is not a shield (it has no 'shield' bonuses)" if field == "shield" else \
                "is a shield: list it under 'shield'"
            problems.append(source.problem((*at, field), f"armor '{ref}' {need}"))
    return problems


def check_groups(content: Content) -> list[Problem]:
    """Group rules (Gruppen, Gruppenführer, Kontroller)."""
    problems: list[Problem] = []
    for group in content.groups.values():
        problems += _group_problems(content, group, content.source("groups", group.id))
    return problems


def _group_problems(content: Content, group: Group, source: SourceFile) -> list[Problem]:
    problems = _ref(content, source, ("faction",), "factions", group.faction, "faction")
    if len(group.models) < 2:
        problems.append(source.problem(("models",), f"a group needs 2 or more models, found {len(group.models)}"))
    if len(group.models) > MAX_GROUP_MODELS:
        problems.append(source.problem(("models", MAX_GROUP_MODELS), f"a group has at most {MAX_GROUP_MODELS} "
                                       f"models, this one {len(group.models)} (a group of this game is a handful "
                                       "of models)"))
    leaders = [i for i, m in enumerate(group.models) if m.leader]
    if len(leaders) != 1:
        problems.append(source.problem(("models",), f"a group needs exactly one leader, found {len(leaders)}"))
    labels = [m.label or m.unit for m in group.models]
    for label, count in Counter(labels).items():
        if count > 1:
            problems.append(source.problem(("models",), f"label '{label}' is used {count} times; "
                                           "give each model of the same unit its own label"))
    by_label = group_labels(group)
    for i, member in enumerate(group.models):
        problems += _member_problems(content, group, source, i, member, by_label)
    return problems


def group_labels(group: Group) -> dict[str, GroupModel]:
    """The models of ``group`` by label (a model's label, else its unit id)."""
    return {m.label or m.unit: m for m in group.models}


def controlled_drones(content: Content, group: Group) -> Counter[str]:
    """How many drones each controller (by label) runs: the drones whose controller
    is a known, non-drone model of the group (the others are reported here)."""
    by_label = group_labels(group)
    drones: Counter[str] = Counter()
    for member in group.models:
        unit = content.units.get(member.unit)
        if unit is None or unit.type != "drohne" or member.controller not in by_label:
            continue
        if content.units.get(by_label[member.controller].unit, unit).type != "drohne":
            drones[member.controller] += 1
    return drones


def _member_problems(content: Content, group: Group, source: SourceFile, i: int, member: GroupModel,
                     by_label: dict[str, GroupModel]) -> list[Problem]:
    unit = content.units.get(member.unit)
    if unit is None:
        return _ref(content, source, ("models", i, "unit"), "units", member.unit, "unit")
    problems = []
    if unit.faction != group.faction:
        problems.append(source.problem(("models", i, "unit"), f"unit '{unit.id}' belongs to faction "
                                       f"'{unit.faction}', not '{group.faction}'"))
    if unit.type == "drohne":
        if member.controller is None:
            problems.append(source.problem(("models", i), "a drone needs a controller (label of a model)"))
        elif member.controller not in by_label:
            problems.append(source.problem(("models", i, "controller"), f"unknown controller "
                                           f"'{member.controller}'" + did_you_mean(member.controller, by_label)))
        elif content.units.get(by_label[member.controller].unit, unit).type == "drohne":
            problems.append(source.problem(("models", i, "controller"), "a drone cannot control a drone"))
        elif not _controls_drones(content, by_label[member.controller]):
            problems.append(source.problem(("models", i, "controller"), _not_a_controller(
                member.controller, by_label[member.controller].unit)))
        if member.leader:
            problems.append(source.problem(("models", i, "leader"), "a drone cannot lead a group"))
    elif member.controller is not None:
        problems.append(source.problem(("models", i, "controller"), "only drones have a controller"))
    ids = list(dict.fromkeys(lo.id for lo in unit.loadouts))
    if member.loadout is not None and member.loadout not in ids:
        known = f"its loadouts: {', '.join(ids)}" if ids else f"unit '{unit.id}' has no loadouts"
        problems.append(source.problem(("models", i, "loadout"), f"unit '{unit.id}' has no loadout "
                                       f"'{member.loadout}'" + did_you_mean(member.loadout, ids) + f"; {known}"))
    return problems


def _controls_drones(content: Content, model: GroupModel) -> bool:
    """Whether ``model``'s unit is a drone controller (an unknown unit is reported on its own line)."""
    unit = content.units.get(model.unit)
    return unit is None or unit.drone_controller


def _not_a_controller(label: str, unit_id: str) -> str:
    return (f"'{label}' cannot control drones: unit '{unit_id}' is not a drone controller; "
            "set 'drone_controller: true' in that unit's file, or name a model that is one")
