"""What a power card (Kraft) shows: the title band, the rules text and the six footer cells.

The footer follows the rulebook's figure (``kraftkarte_übersicht``): one row of
six cells, each an icon or a short value — AP cost, the attribute rolled on
with its modifier, TP loss (a skull with the number; outline on failure,
filled when automatic; "—" and no skull for none), target, range (with its cm) and duration.  The words
behind each icon go into the cell's ``label`` (alt text and title), in the content's language
(:mod:`cardgen.content.words`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from cardgen.cards.unit_model import Icon
from cardgen.content.model import Content
from cardgen.content.schema import Power
from cardgen.content.words import Words
from cardgen.look.icons import icon, icon_uri
from cardgen.richtext import card_paragraphs
from cardgen.rules.colour import text_colour
from cardgen.rules.text import power_paragraphs
from cardgen.vocabulary import POWER_DURATIONS, POWER_RANGES, POWER_TARGETS, POWER_USES, TP_LOSS_WHEN

SKULLS = {"misslingen": "Kraft/schädel.svg", "immer": "Kraft/schädel_immer.svg"}
"""TP loss icon by ``tp_loss_when``: an outline skull on failure, a filled one when automatic."""

NO_TP_LOSS = "—"
"""The TP cell of a power that costs no TP: a dash, no skull (a skull says the power costs TP)."""


@dataclass(frozen=True)
class FooterCell:
    """One cell of the footer row.  ``kind`` names the cell (CSS class); ``value`` is its
    big text (over the icon for the skull), ``unit`` small text after it ("⊙", "cm"),
    ``modifier`` the attribute roll's modifier with ``tone`` "negative" or "positive"."""

    kind: str                       # ap, attribute, tp, target, range, duration
    label: str                      # the cell in words: "Dauer: Instantan"
    icon: Icon | None = None
    value: str = ""
    unit: str = ""
    modifier: str = ""
    tone: str = ""                  # negative / positive (modifier), immer / misslingen / none (TP loss)


@dataclass(frozen=True)
class PowerCard:
    id: str
    name: str
    level: int                      # 0: no level (no stars), else 1–5 stars
    school: str
    school_icon: Icon | None
    colour: str
    text_colour: str
    use: str                        # Nutzung: Sichtlinie or Durch Gelände
    rules: tuple[Markup, ...]          # paragraphs (inline Markdown as HTML, cardgen.richtext)
    footer: tuple[FooterCell, ...]  # always six, in the figure's order
    points: int
    words: Words = field(default_factory=Words)   # the words the template prints itself (card.words["pkt"])


def _modifier(difficulty: int) -> tuple[str, str]:
    """The roll's modifier as printed ("−2" with a real minus) and its tone."""
    if not difficulty:
        return "", ""
    return (f"−{-difficulty}", "negative") if difficulty < 0 else (f"+{difficulty}", "positive")


def _tp_cell(power: Power, words: Words) -> FooterCell:
    if not power.tp_loss:                   # no skull with "0": a dash, as an empty value reads in a table
        return FooterCell("tp", words["kein TP-Verlust"], value=NO_TP_LOSS, tone="none")
    label = f"{power.tp_loss} {words['TP-Verlust']} {words[TP_LOSS_WHEN[power.tp_loss_when]]}"
    return FooterCell("tp", label, Icon(icon_uri(SKULLS[power.tp_loss_when]), label), str(power.tp_loss),
                      tone=power.tp_loss_when)


def _range_cell(power: Power, words: Words) -> FooterCell:
    cm = str(power.range_cm) if power.range == "distanz" and power.range_cm else ""
    label = f"{words['Reichweite']}: {words[POWER_RANGES[power.range]]}" + (f" {cm} cm" if cm else "")
    return FooterCell("range", label, Icon(icon(f"power.reichweite.{power.range}"), label), cm,
                      "cm" if cm else "")


def _footer(power: Power, words: Words) -> tuple[FooterCell, ...]:
    """The six cells, their titles in ``words`` (the source's ``Words()``: "Probe auf WN −2")."""
    modifier, tone = _modifier(power.difficulty)
    attribute = words[power.attribute]
    target = f"{words['Ziel']}: {words[POWER_TARGETS[power.target]]}"
    duration = f"{words['Dauer']}: {words[POWER_DURATIONS[power.duration]]}"
    return (
        FooterCell("ap", f"{power.ap_cost} {words['AP']}", value=str(power.ap_cost), unit="⊙"),
        FooterCell("attribute", f"{words['Probe auf']} {attribute} {modifier}".strip(), value=attribute,
                   modifier=modifier, tone=tone),
        _tp_cell(power, words),
        FooterCell("target", target, Icon(icon(f"power.ziel.{power.target}"), target)),
        _range_cell(power, words),
        FooterCell("duration", duration, Icon(icon(f"power.dauer.{power.duration}"), duration)),
    )


def footer_labels(power: Power, words: Words) -> tuple[str, ...]:
    """The footer in words, cell by cell ("2 AP", "Probe auf WN −2", … "Dauer: Instantan"), in
    ``words``' language: what the rulebook's list of powers prints for the icons."""
    return tuple(cell.label for cell in _footer(power, words))


def power_card(power: Power, content: Content) -> PowerCard:
    school = content.schools[power.school]
    return PowerCard(
        id=power.id, name=power.name, level=power.level or 0, school=school.name,
        school_icon=Icon(icon_uri(school.icon), school.name) if school.icon else None,
        colour=school.colour, text_colour=text_colour(school.colour), use=content.words[POWER_USES[power.use]],
        rules=card_paragraphs(power_paragraphs(power.rules)),
        footer=_footer(power, content.words), points=power.points, words=content.words)
