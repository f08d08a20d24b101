"""What a group sheet's cover page shows: faction (emblem, leader rule), models with points, total."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.cards.view import Icon, paragraphs
from cardgen.content.model import Content
from cardgen.content.schema import Group
from cardgen.icons import icon_uri
from cardgen.rules.derive import Derived


@dataclass(frozen=True)
class CoverModel:
    label: str
    unit: str
    role: str
    points: int


@dataclass(frozen=True)
class GroupCover:
    id: str
    name: str
    faction: str
    faction_colour: str
    faction_emblem: Icon | None
    leader_rule: tuple[str, ...]     # paragraphs: who leads a group of this faction
    models: tuple[CoverModel, ...]
    total: int


def _role(model) -> str:
    if model.leader:
        return "Gruppenführer"
    if model.controller:
        return f"gesteuert von {model.controller}"
    return ""


def group_cover(group: Group, content: Content, derived: Derived) -> GroupCover:
    """The cover of ``group``; the total is the sum of its models' derived points."""
    models = tuple(
        CoverModel(m.label or m.unit, content.units[m.unit].name, _role(m), derived.units[m.unit].points)
        for m in group.models)
    faction = content.factions[group.faction]
    emblem = Icon(icon_uri(faction.emblem), faction.name) if faction.emblem else None
    return GroupCover(group.id, group.name, faction.name, faction.colour, emblem, paragraphs(faction.leader_rule),
                      models, sum(m.points for m in models))
