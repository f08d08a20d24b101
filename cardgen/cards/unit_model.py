"""The view models of a unit card: frozen dataclasses, one per part of the card (a TP track, an
attribute, a weapon's row, the back's rules entries ...), filled by :mod:`cardgen.cards.view` and
read by the templates, which only loop and print."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from markupsafe import Markup

from cardgen.content.words import Words

if TYPE_CHECKING:                   # cardgen.cards.portrait prepares the pictures (and imports views)
    from cardgen.cards.portrait import Portrait


class Described(Protocol):
    """An object whose rules text a card prints (weapon, armor, trait, damage effect ...)."""

    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> str: ...


@dataclass(frozen=True)
class Icon:
    uri: str
    label: str


@dataclass(frozen=True)
class Track:
    """One TP track: a label (hit zone of a colossus, else empty) and its boxes.

    ``boxes`` counts from TP 1 (True where the box counts as critical);
    ``circles`` is the order the card draws them: highest TP first, so the
    critical ones end the track as a model loses TP."""

    label: str
    boxes: tuple[bool, ...]
    zone: str = ""                   # rumpf, rechts, links, bewegung (CSS class); "" for one track
    roll: str = ""                   # the W12 results that hit this zone ("7–12")

    @property
    def circles(self) -> tuple[tuple[int, bool], ...]:
        return tuple((n, self.boxes[n - 1]) for n in range(len(self.boxes), 0, -1))


@dataclass(frozen=True)
class Stat:
    label: str
    value: str
    temporary: str = ""              # temporary modifiers, printed beside the value
    negative: bool = False           # below 0 (encumbrance): printed in red, never as 0


@dataclass(frozen=True)
class WeaponRow:
    name: str
    uses: int
    weapon_class: str
    unhandlich: bool
    range: str
    strength: str
    damage: str
    dauerfeuer: Icon | None
    radius: str
    marks: tuple[Icon, ...]          # nachladen, indirekt
    effects: tuple[Icon, ...]
    actions: tuple[tuple[str, int], ...]
    reactions: tuple[tuple[str, int], ...] = ()
    indirect_height: str = ""        # Indirekter Fernkampf: highest obstacle, "50" (cm)
    mount: str = ""                  # colossi: the zone carrying it (Rumpf, Links, Rechts)


@dataclass(frozen=True)
class ArmorRow:
    """Rüstung (or shield) row; ``armor_roll`` is what the defender adds to his roll ("+5").
    A shield has no roll, Schutz or reduction of its own: its row prints only its ``bonuses``,
    worded as the rulebook's "Schilde" words them, across those columns."""

    name: str
    protection: str
    armor_roll: str
    reduction: str
    effects: tuple[Icon, ...]
    bonuses: tuple[str, ...] = ()    # a shield's: "NK +1 bei Verteidigung", "Rüstungswurf +2"
    shield: bool = False


@dataclass(frozen=True)
class ItemRow:
    """A trait or piece of equipment: name, level, AP cost, single-use circles."""

    name: str
    level: str
    ap_cost: str
    uses: int
    unhandlich: bool = False


@dataclass(frozen=True)
class RulesEntry:
    kind: str
    name: str
    text: Markup                    # the rules text with its inline Markdown (cardgen.richtext)


@dataclass(frozen=True)
class WeaponActions:
    """What the back lists under "Aktionen" for one weapon: its actions and reactions with their ⊙."""

    name: str
    actions: tuple[tuple[str, int], ...]
    reactions: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Radii:
    """The values beside the attribute grid (elements 4, 5, 9, and AP, drones, load where they apply)."""

    perception: Stat
    danger: Stat | None
    speed: Stat | None               # None for a stationär model: it cannot be moved (its icon says so)
    action_points: Stat | None       # only where they differ from the standard 6
    drones: Stat | None              # only on drone controllers
    load: Stat | None                # only when encumbered
    unwieldy: Stat | None = None     # NK −3 when carrying anything unhandlich


@dataclass(frozen=True)
class UnitCard:
    """Front and back of one unit card.

    ``name`` is what the card is headed with: the model's own name when a
    group names it (``model_name``), else the unit's; ``unit_name`` is the
    unit's name printed smaller under a model's name ("" otherwise)."""

    id: str
    name: str
    unit_name: str
    faction: str
    faction_colour: str
    faction_text: str
    faction_emblem: Icon | None      # printed beside the name
    kind: str                        # infanterie, koloss, drohne (CSS class)
    type_icon: Icon
    size_icon: Icon
    movement_icon: Icon
    points: int
    tracks: tuple[Track, ...]
    zone_table: tuple[tuple[str, str], ...]
    attributes: tuple[Stat, ...]
    grid: tuple[tuple[Stat, Stat], ...]   # the 2 × 3 attribute grid, row by row: AGI KO, NK WN, FK EH
    radii: Radii
    weapons: tuple[WeaponRow, ...]
    armor: tuple[ArmorRow, ...]
    traits: tuple[ItemRow, ...]
    equipment: tuple[ItemRow, ...]
    powers: tuple[str, ...]
    rules: tuple[RulesEntry, ...]
    actions: tuple[WeaponActions, ...] = ()
    unwieldy_sign: str = ""         # the back's legend of the ringed WK: an unhandlich weapon's WK, "" for none
    portrait: Portrait | None = None
    model_name: str | None = None
    stamp: str = ""                 # the revision, printed in the corner ("" = none)
    words: Words = field(default_factory=Words)   # the words the templates print themselves (card.words["pkt"])
