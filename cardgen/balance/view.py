"""The balance report as ``cardgen balance`` prints it: the numbers of :mod:`cardgen.rules.balance` and
:mod:`cardgen.rules.balance_fit` made into view records (names, labels, sentences, notes) in the content's
language -- the glossary's words (:mod:`cardgen.balance.words`), the source's German -- for the plots
(:mod:`cardgen.balance.plot`) and the template (``templates/balance/report.html.j2``).

**Heatmaps.**  One per faction pair (attacker faction × target faction, a faction against itself
too), rows the attackers and columns the targets in the matrix's order (points, then name).  A
page shows at most :data:`SIDE` × :data:`SIDE` units; a pair with more gets more pages, at most
:data:`MAX_PAGES_PER_PAIR` (the first ``SIDE · √MAX_PAGES_PER_PAIR`` attackers and targets: the
cheapest), and its pages say how many they leave out.  So a 1,000-unit set prints 4 pages per pair,
never 10⁶ cells.

**Telling factions apart.**  The scatter marks each faction by a shape and a colour of the Okabe–Ito
palette (:data:`PALETTE`, told apart with every common colour-vision deficiency), not by the factions'
card colours: two factions in red and green were one faction to a reader with deuteranopia.  The
shape alone tells them apart (:data:`MARKERS`), in the plot, its legend and the table.

**Every unit named.**  The plot names the outliers; the table beside it (:class:`UnitRow`) names every
rated unit with its points, effectiveness, the points the line predicts and the deviation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from cardgen.balance.words import ReportText, decimal, report_text, say
from cardgen.content.model import Content
from cardgen.content.report_words import CHOICES
from cardgen.content.words import Words
from cardgen.rules.balance import Band, Entrant, Matrix, Rating, attack_matrix, ratings
from cardgen.rules.balance_fit import THRESHOLD, Line, Outlier, outliers, points_line
from cardgen.rules.derived import DerivedUnit

SIDE = 16
"""Units per side of one heatmap page (its numbers printed up to 12: :data:`cardgen.balance.plot.NUMBERS_UP_TO`)."""
SOURCE = Words()
"""The source's words (a view made without a translation prints them)."""
MAX_PAGES_PER_PAIR = 4
"""Heatmap pages per faction pair at most (2 × 2 blocks of SIDE × SIDE)."""
NAMED_AT_MOST = 40
"""Outlier sentences printed at most (the largest deviations); the rest are counted."""
LABELLED_AT_MOST = 12
"""Outliers labelled in the scatter at most."""
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
"""Okabe & Ito (2008), "Color Universal Design": blue and vermillion first (the two most apart)."""
MARKERS = (("o", "●"), ("s", "■"), ("^", "▲"), ("D", "◆"), ("v", "▼"), ("P", "✚"), ("X", "✖"), ("*", "★"))
"""Each faction's shape: matplotlib's marker and the same shape as a character (the table, the legend)."""
Plots = tuple[str, tuple[str, ...]]
"""The report's plots as SVG: the scatter plot, then each heatmap page in the view's order
(:func:`cardgen.balance.plot.draw_all`)."""

@dataclass(frozen=True)
class HeatmapPage:
    """One page of a faction pair, one panel per band: ``values[band][row][column]`` E[TP lost per AP],
    ``None``: no attack."""

    attacker_faction: str
    target_faction: str
    part: str                               # "" or "Teil 2 von 4"
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    bands: tuple[str, ...]                  # "Nahkampf (Angriff)", "30 cm (Normaler Schuss)"
    values: tuple[tuple[tuple[float | None, ...], ...], ...]
    note: str
    heading: str                            # "Imperium greift Orden der Glut an"
    alt: str                                # "Imperium gegen Orden der Glut"
    target_label: str                       # the axes: "Ziel (Orden der Glut)"
    attacker_label: str


@dataclass(frozen=True)
class Mark:
    """How a faction is drawn: its colour and shape (matplotlib's marker, the same shape as a character)."""

    faction: str                            # the faction's name
    colour: str
    marker: str
    symbol: str


@dataclass(frozen=True)
class Dot:
    """One unit in the scatter."""

    name: str
    faction: str                            # the faction's name
    effectiveness: float
    points: int
    colour: str
    label: bool                             # named beside its dot (an outlier)
    marker: str = "o"


@dataclass(frozen=True)
class UnitRow:
    """One rated unit in the table beside the plot; the numbers as printed (German decimals)."""

    name: str
    symbol: str                             # its faction's shape
    faction: str
    points: int
    effectiveness: str
    fitted: str                             # the points the line predicts ("–": no line)
    deviation: str                          # "+18 %", "−12 %" ("–": no line)


@dataclass(frozen=True)
class BalanceView:
    choices: tuple[tuple[str, str], ...]   # (name, sentence)
    dots: tuple[Dot, ...]
    factions: tuple[Mark, ...]              # the factions in the scatter
    line: Line | None
    line_text: str
    outliers: tuple[str, ...]
    notes: tuple[str, ...]
    heatmaps: tuple[HeatmapPage, ...]
    log_x: bool = False                     # the scatter's effectiveness on a log axis (every one above 0)
    beyond: int = 0                         # how many units lie beyond the threshold (outliers names some)
    table: tuple[UnitRow, ...] = ()         # every unit in the scatter, the largest deviation first
    text: ReportText = field(default_factory=report_text)   # the report's own words, in its language


def outlier_sentence(outlier: Outlier, words: Words = SOURCE) -> str:
    """``Basaltriese kostet 21 % mehr, als seine Wirkung vorhersagt (2374 Punkte, die Gerade: 1954)``."""
    percent = round(abs(outlier.residual) * 100)
    more = "mehr" if outlier.residual > 0 else "weniger"
    return say(words, f"{{1}} kostet {{2}} % {more}, als seine Wirkung vorhersagt ({{3}} Punkte, die Gerade: {{4}})",
               outlier.rating.entrant.name, percent, outlier.rating.entrant.points, f"{outlier.fitted:.0f}")


def axis_positions(values: Sequence[float], log: bool) -> list[float]:
    """Each value's place along its axis, 0 to 1 (on a log axis: by its logarithm)."""
    if not values:
        return []
    places = [math.log10(v) for v in values] if log else list(values)
    low, high = (min(places), max(places)) if log else (0.0, max(places))
    return [(p - low) / (high - low) if high > low else 0.0 for p in places]


def reason_notes(ratings: Sequence[Rating], words: Words = SOURCE) -> list[str]:
    """One note per reason a unit has no effectiveness, naming the units."""
    cannot = [r.entrant.name for r in ratings if r.reason == "cannot-attack"]
    unhurt = [r.entrant.name for r in ratings if r.reason == "unhurt"]
    notes = []
    if cannot:
        notes.append(say(words, "Greift in dieser Rechnung nicht an (keine Waffe, oder eine Drohne: sie nutzt FK, NK "
                                "und AGI ihres Lenkers) – leere Zeile, nicht in der Geraden: {1}.", ", ".join(cannot)))
    if unhurt:
        notes.append(say(words, "Kein Angreifer kann ihnen TP nehmen – nicht in der Geraden: {1}.", ", ".join(unhurt)))
    return notes


def balance_view(content: Content, matrix: Matrix, ratings: Sequence[Rating], line: Line | None,
                 outliers: Sequence[Outlier]) -> BalanceView:
    """The report's view, in the content's language (its words and decimal mark; the numbers the same)."""
    words, text = content.words, report_text(content.words, content.lang)
    names = {fid: f.name for fid, f in content.factions.items()}
    in_scatter = sorted({r.entrant.faction for r in ratings if r.effectiveness is not None})
    marks = {fid: Mark(names.get(fid, fid), PALETTE[n % len(PALETTE)], *MARKERS[n % len(MARKERS)])
             for n, fid in enumerate(in_scatter)}
    scored = [r for r in ratings if r.effectiveness is not None]
    log_x = bool(scored) and all((r.effectiveness or 0.0) > 0 for r in scored)
    across = dict(zip((r.entrant.id for r in scored), axis_positions([r.effectiveness or 0.0 for r in scored],
                                                                      log_x)))
    tall = max((r.entrant.points for r in scored), default=1) or 1
    spots: dict[tuple[int, int], str] = {}       # one label per 1/40 of each axis: near dots share one
    for o in outliers:
        spot = (round(across[o.rating.entrant.id] * 40), round(o.rating.entrant.points / tall * 40))
        spots.setdefault(spot, o.rating.entrant.id)
    labelled = set(list(spots.values())[:LABELLED_AT_MOST])
    dots = tuple(Dot(name=r.entrant.name, faction=marks[r.entrant.faction].faction,
                     effectiveness=r.effectiveness, points=r.entrant.points, colour=marks[r.entrant.faction].colour,
                     label=r.entrant.id in labelled, marker=marks[r.entrant.faction].marker)
                 for r in ratings if r.effectiveness is not None)
    notes = reason_notes(ratings, words)
    if line is None:
        notes.append(words["Zu wenige Einheiten mit einer Wirkung (oder alle mit derselben) für eine Gerade: "
                           "keine Abweichungen."])
        line_text = ""
    else:
        line_text = say(words, "Punkte = {1} + {2} · Wirkung ({3} Einheiten)", decimal(line.intercept, 1, text.mark),
                        decimal(line.slope, 2, text.mark), line.count)
    sentences = [outlier_sentence(o, words) for o in outliers[:NAMED_AT_MOST]]
    if len(outliers) > NAMED_AT_MOST:
        sentences.append(say(words, "… und {1} weitere.", len(outliers) - NAMED_AT_MOST))
    if line is not None and not outliers:
        sentences.append(say(words, "Keine Einheit liegt mehr als {1} % neben der Geraden.", f"{THRESHOLD * 100:.0f}"))
    choices = tuple((words[name], say(words, sentence, f"{THRESHOLD * 100:.0f}")) for name, sentence in CHOICES)
    return BalanceView(choices=choices, dots=dots, factions=tuple(marks[f] for f in in_scatter),
                       line=line, line_text=line_text, outliers=tuple(sentences), notes=tuple(notes),
                       heatmaps=tuple(heatmap_pages(matrix, names, words)), log_x=log_x, beyond=len(outliers),
                       table=unit_table(scored, line, marks, text.mark), text=text)


def unit_table(scored: Sequence[Rating], line: Line | None, marks: Mapping[str, Mark],
               mark: str = ",") -> tuple[UnitRow, ...]:
    """Every rated unit: the largest deviation from the line first (by name without a line)."""
    def deviation(r: Rating) -> float | None:
        fitted = line.at(r.effectiveness or 0.0) if line is not None else 0.0
        return (r.entrant.points - fitted) / fitted if fitted > 0 else None

    def row(r: Rating) -> UnitRow:
        off = deviation(r)
        fitted = f"{line.at(r.effectiveness or 0.0):.0f}" if line is not None else "–"
        percent = None if off is None else round(off * 100)
        return UnitRow(r.entrant.name, marks[r.entrant.faction].symbol, marks[r.entrant.faction].faction,
                       r.entrant.points, decimal(r.effectiveness or 0.0, 1, mark), fitted,
                       "–" if percent is None else f"{'+' if percent > 0 else '−' if percent < 0 else ''}{abs(percent)} %")
    ordered = sorted(scored, key=lambda r: (-abs(deviation(r) or 0.0), r.entrant.name, r.entrant.id))
    return tuple(row(r) for r in ordered)


def heatmap_pages(matrix: Matrix, faction_names: Mapping[str, str], words: Words = SOURCE) -> list[HeatmapPage]:
    """Every faction pair's pages (module docstring), attacker factions then target factions by id."""
    by_faction: dict[str, list[Entrant]] = {}
    for e in matrix.entrants:
        by_faction.setdefault(e.faction, []).append(e)
    blocks = math.isqrt(MAX_PAGES_PER_PAIR)
    pages = []
    for attacker_faction, attackers in sorted(by_faction.items()):
        for target_faction, targets in sorted(by_faction.items()):
            row_blocks = _blocks(_shown(attackers, matrix.attacker_of, SIDE * blocks), blocks)
            column_blocks = _blocks(_shown(targets, matrix.target_of, SIDE * blocks), blocks)
            shown_rows, shown_columns = sum(map(len, row_blocks)), sum(map(len, column_blocks))
            note = ""
            if shown_rows < len(attackers) or shown_columns < len(targets):
                note = say(words, "Gezeigt: {1} von {2} Angreifern und {3} von {4} Zielen (höchstens {5} Seiten je "
                                  "Paar): von jedem Profil (gleiche Werte, gleiche Zeile) zuerst eine Einheit, dann die "
                                  "günstigsten; die Übersicht rechnet alle.", shown_rows, len(attackers), shown_columns,
                           len(targets), MAX_PAGES_PER_PAIR)
            count = len(row_blocks) * len(column_blocks)
            attacking = faction_names.get(attacker_faction, attacker_faction)
            target = faction_names.get(target_faction, target_faction)
            for number, (rows, columns) in enumerate(((r, c) for r in row_blocks for c in column_blocks), 1):
                pages.append(HeatmapPage(
                    attacker_faction=attacking, target_faction=target,
                    part=say(words, "Teil {1} von {2}", number, count) if count > 1 else "",
                    rows=tuple(e.name for e in rows), columns=tuple(e.name for e in columns),
                    bands=tuple(band_title(band, words) for band in matrix.bands),
                    values=tuple(tuple(tuple(_per_ap(matrix, a, t, b) for t in columns) for a in rows)
                                 for b in range(len(matrix.bands))), note=note,
                    heading=say(words, "{1} greift {2} an", attacking, target),
                    alt=say(words, "{1} gegen {2}", attacking, target),
                    target_label=say(words, "Ziel ({1})", target), attacker_label=say(words, "Angreifer ({1})", attacking)))
    return pages


def _shown(entrants: list[Entrant], profile_of: Mapping[str, int], at_most: int) -> list[Entrant]:
    """At most ``at_most`` entrants in their order: the first of each profile, then the rest in order."""
    if len(entrants) <= at_most:
        return entrants
    by_profile: dict[int, Entrant] = {}
    for e in entrants:
        by_profile.setdefault(profile_of[e.id], e)
    first = list(by_profile.values())
    chosen = {e.id for e in (first + [e for e in entrants if e not in first])[:at_most]}
    return [e for e in entrants if e.id in chosen]


def _blocks(entrants: list[Entrant], at_most: int) -> list[list[Entrant]]:
    return [entrants[start:start + SIDE] for start in range(0, min(len(entrants), SIDE * at_most), SIDE)]


def band_title(band: Band, words: Words = SOURCE) -> str:
    """``Nahkampf (Angriff)``, ``30 cm (Normaler Schuss)``."""
    if band.range_cm is None:
        return say(words, "{1} (Angriff)", words["Nahkampf"])         # the melee band (rules.balance: "Nahkampf")
    return say(words, "{1} (Normaler Schuss)", band.name)


def _per_ap(matrix: Matrix, attacker: Entrant, target: Entrant, band: int) -> float | None:
    cell = matrix.cell(attacker.id, target.id, band)
    return None if cell is None else cell.per_ap


def balance_of(content: Content, derived_units: Mapping[str, DerivedUnit]) -> BalanceView:
    """The whole report's view from the content and its derived units: the attack matrix, the ratings,
    the fitted line and its outliers (:mod:`cardgen.rules.balance`, :mod:`cardgen.rules.balance_fit`);
    what ``cardgen balance`` prints and ``cardgen serve`` shows."""
    ruleset = content.checked_ruleset()
    matrix = attack_matrix(derived_units, ruleset.odds, ruleset.balance, ruleset.zone_table)
    rated = ratings(matrix)
    line = points_line(rated)
    return balance_view(content, matrix, rated, line, outliers(rated, line) if line is not None else [])
