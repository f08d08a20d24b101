"""What a power card (Kraft) shows: title bar colours, its use and the footer line."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.cards.view import Icon, paragraphs, signed
from cardgen.content.model import Content
from cardgen.content.schema import Power
from cardgen.icons import icon, icon_uri
from cardgen.rules.colour import text_colour
from cardgen.vocabulary import POWER_DURATIONS, POWER_RANGES, POWER_TARGETS, POWER_USES, TP_LOSS_WHEN


@dataclass(frozen=True)
class FooterItem:
    icon: Icon
    value: str


@dataclass(frozen=True)
class PowerCard:
    id: str
    name: str
    school: str
    school_icon: Icon | None
    colour: str
    text_colour: str
    use: str                        # Nutzung: Sichtlinie or Durch Gelände
    rules: tuple[str, ...]          # paragraphs
    footer: tuple[FooterItem, ...]
    points: int


def _footer(power: Power) -> tuple[FooterItem, ...]:
    attribute = power.attribute + (f" {signed(power.difficulty)}".replace("-", "−") if power.difficulty else "")
    distance = POWER_RANGES[power.range]
    if power.range == "distanz" and power.range_cm:
        distance += f" {power.range_cm} cm"
    items = [
        FooterItem(Icon(icon("power.aktionspunkte"), "AP"), f"{power.ap_cost} AP"),
        FooterItem(Icon(icon("power.attribut"), "Attribut"), attribute),
    ]
    if power.tp_loss:
        items.append(FooterItem(Icon(icon(f"power.tp_verlust.{power.tp_loss_when}"), "TP-Verlust"),
                                f"{power.tp_loss} TP {TP_LOSS_WHEN[power.tp_loss_when]}"))
    items += [
        FooterItem(Icon(icon(f"power.ziel.{power.target}"), "Ziel"), POWER_TARGETS[power.target]),
        FooterItem(Icon(icon(f"power.reichweite.{power.range}"), "Reichweite"), distance),
        FooterItem(Icon(icon(f"power.dauer.{power.duration}"), "Dauer"), POWER_DURATIONS[power.duration]),
    ]
    return tuple(items)


def power_card(power: Power, content: Content) -> PowerCard:
    school = content.schools[power.school]
    return PowerCard(
        id=power.id, name=power.name, school=school.name,
        school_icon=Icon(icon_uri(school.icon), school.name) if school.icon else None,
        colour=school.colour, text_colour=text_colour(school.colour), use=POWER_USES[power.use],
        rules=paragraphs(power.rules),
        footer=_footer(power), points=power.points)
