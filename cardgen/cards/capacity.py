"""What a unit card holds at its smallest size, measured once per theme: ``cardgen validate``'s fit check.

A face's boxes are fixed by the card layout (CSS) and the theme; what fits in them at their smallest
size (the ruleset's minimum font size, or a box's own floor) depends on nothing else.  So a few probe
faces -- a synthetic card with a very long name, forty weapon rows, a long list of traits, one very long
rules text -- are laid out once, each box at its smallest step, and what lies inside each box is
counted: the characters of the name cell and of the back's header, the weapon rows and the characters
of a list line of the front, the characters of one column and of both columns of the back.  These
:class:`Capacities` are kept in the build cache (``OUT/.cache/capacities/``) under a key over the theme,
cardgen's card templates, WeasyPrint's version and the card size and minimum font: the next
``cardgen validate`` lays out nothing (:mod:`cardgen.cards.fitcheck` compares each card with them).
A power card's title and rules text are measured the same way, on its own card size
(:class:`PowerCapacities`, :func:`power_capacities`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from markupsafe import Markup

from cardgen import __version__
from cardgen.build.cache import Cache, digest, library_versions, tree_digest
from cardgen.cards.power_view import FooterCell, PowerCard
from cardgen.cards.unit_model import ArmorRow, Icon, ItemRow, Radii, RulesEntry, Stat, Track, UnitCard, WeaponRow
from cardgen.geometry import FacePage
from cardgen.look.icons import icon
from cardgen.paths import CARDS_TEMPLATES, FONTS_DIR
from cardgen.look.theme import Theme

SAMPLE = "Oberster Hochgroßmeister der Vereinigten Glutorden von Nord und Süd "
"""Probe text: German words of a name's length, with capitals and umlauts, as names and rules are."""
SECTIONS = "Eigenschaften, Waffen, Rüstung, Ausrüstung"
TOLERANCE_PX = 0.5


@dataclass(frozen=True)
class Capacities:
    """What the boxes of a unit card hold at their smallest size (characters, rows) and those sizes (pt)."""

    name_front: int                 # characters of the name cell
    name_back: int                  # characters of the back's header (name, unit name and faction)
    rows_front: int                 # rows of the front's lists: a weapon row, a bar, a line of traits
    line_front: int                 # characters of one line of the front's lists of traits, equipment, powers
    back_column: int                # characters of rules text one column of the back holds
    back_total: int                 # ... and both columns
    floor_front: float              # the smallest size of the front's text (pt)
    floor_back: float               # ... and of the back's rules texts


@dataclass(frozen=True)
class PowerCapacities:
    """What a power card's boxes hold at their smallest size: characters of its title (without and with
    a level's stars under it: a levelled band is laid out otherwise), of its rules text and of one line of it.
    0: not measured (a theme's own template without the box): every card is laid out to decide."""

    title: int
    title_levelled: int
    rules: int
    line: int
    floor_title: float              # the smallest size of the title (pt)
    floor_rules: float              # ... and of the rules text


def capacity_key(theme: Theme, page: FacePage, min_font_pt: float, what: str = "units") -> str:
    """What the measurement depends on: the theme (stylesheets, fonts, templates), cardgen's card
    templates and fonts, WeasyPrint and its libraries, the card's size and the minimum font size."""
    return digest("capacities 1", what, __version__, theme.digest(), tree_digest(CARDS_TEMPLATES),
                  tree_digest(FONTS_DIR), library_versions(), repr(page), min_font_pt)


def capacities(cache: Cache, theme: Theme, page: FacePage, min_font_pt: float) -> Capacities:
    """The capacities for ``theme``: from the cache, else measured (laid out: WeasyPrint) and kept."""
    return _kept(cache, capacity_key(theme, page, min_font_pt), Capacities, lambda: measure(theme, page, min_font_pt))


def power_capacities(cache: Cache, theme: Theme, page: FacePage, min_font_pt: float) -> PowerCapacities:
    """A power card's capacities for ``theme`` (``page``: the power card's size), as :func:`capacities`."""
    return _kept(cache, capacity_key(theme, page, min_font_pt, "powers"), PowerCapacities,
                 lambda: measure_powers(theme, page, min_font_pt))


def _kept(cache: Cache, key: str, kind, measure_them):
    """``kind`` read from the cache under ``key``, else ``measure_them()`` and kept there."""
    try:
        return kind(**json.loads(cache.get("capacities", key, ".json") or b"null"))
    except (TypeError, ValueError):
        pass
    measured = measure_them()
    cache.put("capacities", key, json.dumps(asdict(measured)).encode(), ".json")
    return measured


def probe_card(**fields) -> UnitCard:
    """A plain infantry card with an emblem beside its name (the narrower name cell), one armour row,
    and ``fields`` laid over it."""
    grid = tuple((Stat(a, "4"), Stat(b, "4")) for a, b in (("AGI", "KO"), ("NK", "WN"), ("FK", "EH")))
    card = UnitCard(
        id="probe", name="Probe", unit_name="", faction="F", faction_colour="#777777", faction_text="#ffffff",
        faction_emblem=Icon(icon("type.infanterie"), "F"), kind="infanterie",
        type_icon=Icon(icon("type.infanterie"), "Infanterie"), size_icon=Icon(icon("size.mittel"), "mittel"),
        movement_icon=Icon(icon("movement.beine"), "Beine"), points=100,
        tracks=(Track("", tuple(n <= 4 for n in range(1, 11))),), zone_table=(),
        attributes=tuple(stat for row in grid for stat in row), grid=grid,
        radii=Radii(Stat("WN", "15"), Stat("Gefahr", "8"), Stat("GK", "10"), None, None, None),
        weapons=(), armor=(ArmorRow("Splitterweste", "2", "+4", "1", ()),), traits=(), equipment=(), powers=(),
        rules=())
    return replace(card, **fields)


def probe_power(**fields) -> PowerCard:
    """A power card with a crest beside its title (the narrower title), six footer cells, and ``fields``
    laid over it."""
    mark = Icon(icon("type.infanterie"), "S")
    footer = (FooterCell("ap", "2 AP", value="2", unit="⊙"), FooterCell("attribute", "Probe auf WN", value="WN"),
              FooterCell("tp", "1 TP-Verlust", mark, "1", tone="misslingen"), FooterCell("target", "Ziel", mark),
              FooterCell("range", "Reichweite", mark, "20", "cm"), FooterCell("duration", "Dauer", mark))
    card = PowerCard(id="probe", name="Probe", level=0, school="Schule", school_icon=mark, colour="#7a1f1f",
                     text_colour="#ffffff", use="Sichtlinie", rules=(Markup("Probe."),), footer=footer, points=30)
    return replace(card, **fields)


def measure_powers(theme: Theme, page: FacePage, min_font_pt: float) -> PowerCapacities:
    """Lay out a power card with a very long title (without and with stars) and one with a very long
    rules text, each box at its smallest step, and count what lies inside it."""
    long_name = (SAMPLE * 4).strip()
    try:
        plain, floor_title = _smallest("power", probe_power(name=long_name), "Titel", page, min_font_pt, theme)
        levelled, _ = _smallest("power", probe_power(name=long_name, level=5), "Titel", page, min_font_pt, theme)
        rules, floor_rules = _smallest("power", probe_power(rules=(Markup((SAMPLE * 40).strip()),)), "Regeltext",
                                       page, min_font_pt, theme)
        return PowerCapacities(title=_characters(plain, "Titel"), title_levelled=_characters(levelled, "Titel"),
                               rules=_characters(rules, "Regeltext"), line=_longest_line(rules, "Regeltext"),
                               floor_title=floor_title, floor_rules=floor_rules)
    except (KeyError, StopIteration):           # a theme's own template without one of the boxes
        return PowerCapacities(0, 0, 0, 1, min_font_pt, min_font_pt)


def measure(theme: Theme, page: FacePage, min_font_pt: float) -> Capacities:
    """Lay out the probe faces, each box at its smallest step, and count what lies inside it.  A theme's
    own template without one of the boxes: nothing measured (0), each card is laid out to decide."""
    try:
        return _measure_units(theme, page, min_font_pt)
    except (KeyError, StopIteration):
        return Capacities(0, 0, 0, 1, 0, 0, min_font_pt, min_font_pt)


def _measure_units(theme: Theme, page: FacePage, min_font_pt: float) -> Capacities:
    long_name = (SAMPLE * 4).strip()
    weapon = WeaponRow("Sturmgewehr", 0, "II", False, "20/3", "4", "2", None, "", (), (), (("Schuss", 3),))
    traits = tuple(ItemRow(word, "II", "", 0) for word in (SAMPLE * 12).split())
    rules = Markup((SAMPLE * 60).strip())
    front_name, floor_front = _smallest("front", probe_card(name=long_name), "Name", page, min_font_pt, theme)
    back_name, _ = _smallest("back", probe_card(name=long_name), "Name", page, min_font_pt, theme)
    rows, _ = _smallest("front", probe_card(weapons=(weapon,) * 40, armor=()), SECTIONS, page, min_font_pt, theme)
    lines, _ = _smallest("front", probe_card(traits=traits, armor=()), SECTIONS, page, min_font_pt, theme)
    back, floor_back = _smallest("back", probe_card(rules=(RulesEntry("Sonderregel", "Probe", rules),)),
                                 "Regeltexte", page, min_font_pt, theme)
    column, total = _columns(back, "Regeltexte")
    return Capacities(
        name_front=_characters(front_name, "Name"), name_back=_characters(back_name, "Name"),
        rows_front=1 + sum(1 for b in _inside(rows, SECTIONS) if b.tag == "tr" and "row" in b.classes),
        line_front=_longest_line(lines, SECTIONS),
        back_column=column, back_total=total, floor_front=floor_front, floor_back=floor_back)


def _smallest(kind: str, card: UnitCard | PowerCard, box: str, page: FacePage, min_font_pt: float, theme: Theme):
    """The boxes of ``card``'s ``kind`` face laid out with ``box`` at its smallest step whose text is
    not below its floor; and that floor (pt)."""
    # lazy: WeasyPrint, only when the capacities are measured (once per theme)
    from cardgen.cards.fit import floors, font_sizes
    from cardgen.cards.render import face_html
    from cardgen.pdf.wrapper import load_document

    for step in range(7, -1, -1):
        laid_out = load_document(face_html(kind, card, page, {box: step}, theme), CARDS_TEMPLATES, theme.roots)
        boxes = laid_out.boxes(0)
        floor = floors(boxes, min_font_pt)[box]
        if font_sizes(boxes)[box] >= floor - 0.05:
            return boxes, floor
    raise AssertionError(f"the box '{box}' is below its floor at every step")     # fit-0 is the full size


def _inside(boxes, name: str) -> list:
    """The boxes inside the fit box ``name`` that lie wholly within its content area."""
    box = next(b for b in boxes if b.tag is not None and b.get("box") == name)
    right, bottom = box.content_right + TOLERANCE_PX, box.content_bottom + TOLERANCE_PX
    return [b for b in boxes[box.index + 1:box.end] if b.margin_right <= right and b.margin_bottom <= bottom]


def _characters(boxes, name: str) -> int:
    """Characters of the text inside the fit box ``name``."""
    return sum(len(b.text.strip()) for b in _inside(boxes, name) if b.text)


def _longest_line(boxes, name: str) -> int:
    """Characters of the longest line of text inside the fit box ``name`` (its text boxes by line)."""
    lines: dict[float, int] = {}
    for b in _inside(boxes, name):
        if b.text:
            lines[round(b.y)] = lines.get(round(b.y), 0) + len(b.text)
    return max(lines.values(), default=1)


def _columns(boxes, name: str) -> tuple[int, int]:
    """Characters of text inside the fit box ``name``: in its first (left) column, and in all."""
    box = next(b for b in boxes if b.tag is not None and b.get("box") == name)
    middle = box.x + box.width / 2
    texts = [b for b in _inside(boxes, name) if b.text]
    first = sum(len(b.text.strip()) for b in texts if b.x < middle)
    return first, sum(len(b.text.strip()) for b in texts)
