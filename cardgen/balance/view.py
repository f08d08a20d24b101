"""The balance report as ``cardgen balance`` prints it: the numbers of :mod:`cardgen.rules.balance` and
:mod:`cardgen.rules.balance_fit` made into German view records (names, labels, sentences, notes) for
the plots (:mod:`cardgen.balance.plot`) and the template (``templates/balance/report.html.j2``).

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
from dataclasses import dataclass
from typing import Mapping, Sequence

from cardgen.content.model import Content
from cardgen.rules.balance import Band, Entrant, Matrix, Rating, attack_matrix, ratings
from cardgen.rules.balance_fit import THRESHOLD, Line, Outlier, outliers, points_line
from cardgen.rules.derived import DerivedUnit

SIDE = 16
"""Units per side of one heatmap page (its numbers printed up to 12: :data:`cardgen.balance.plot.NUMBERS_UP_TO`)."""
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

CHOICES: tuple[tuple[str, str], ...] = (
    ("zelle", "der erwartete TP-Verlust pro AP des Ziels, mit der besten Waffe des Angreifers in dieser Lage "
              "(höchster erwarteter TP-Verlust pro AP, bei Gleichstand die erste der Karte)."),
    ("lagen", "Nahkampf (Angriff mit einer Nahkampfwaffe, ohne Angriffsbewegung) und ein Normaler Schuss auf jede "
              "genannte Entfernung (Regeln: balance.ranges_cm) mit jeder Fern- oder Wurfwaffe, die so weit reicht, "
              "mit ihrem Reichweitenmalus; keine Deckung, von vorn, das Ziel nicht in Verteidigung."),
    ("offensive", "der mittlere erwartete TP-Verlust pro AP über alle Ziele (alle Einheiten, auch die eigene "
                  "Fraktion und sie selbst) und alle Lagen; eine Lage, die keine ihrer Waffen erreicht, zählt 0 "
                  "(Reichweite ist etwas wert)."),
    ("haltbarkeit", "die AP, die der durchschnittliche Angreifer braucht, um sie von vollen TP auszuschalten "
                    "(harmonisches Mittel über alle Angreifer und Lagen; wer sie dort nicht erreicht oder nicht "
                    "verletzen kann, mit Rate 0; erwartete Angriffe aus der Kette der TP-Verluste × AP des Angriffs; "
                    "Schock und kritischer Zustand nicht gerechnet)."),
    ("wirkung", "Offensive × Haltbarkeit: die TP, die sie mit ihrer mittleren Rate austeilt, solange der "
                "durchschnittliche Angreifer braucht, um sie auszuschalten."),
    ("gerade", f"Punkte = a + b · Wirkung, kleinste Quadrate; genannt wird, wer mehr als {THRESHOLD * 100:.0f} % über "
               "oder unter dem Wert der Geraden liegt. Abweichung = (Punkte − Gerade) / Gerade: „kostet 18 % mehr, "
               "als seine Wirkung vorhersagt“ heißt 18 % mehr Punkte, als die Gerade seiner Wirkung gibt. Jede "
               "Einheit zählt gleich, auch ein Ausreißer: eine Einheit mit weit größerer Wirkung als alle anderen "
               "(etwa ein Koloss) zieht die Gerade zu sich und liegt darum selbst nahe an ihr; die Tabelle zeigt "
               "ihre Abweichung wie jede andere."),
    ("indirekt", "indirekter Fernkampf wird nicht gerechnet: der Bericht schießt direkt (die Odds kennen ihn: "
                 "cardgen odds --indirect)."),
    ("liegend", "jedes Ziel steht; ein liegendes Ziel (ein Größenprofil kleiner) rechnet cardgen odds "
                "--prone-target."),
    ("drohnen", "Drohnen greifen nicht an: sie würfeln mit FK, NK und AGI ihres Lenkers, und welcher Lenker das ist, "
                "legt erst die Gruppe fest; als Ziel werden sie beschossen, im Nahkampf fehlen ihre NK und AGI."),
    ("kolosse", "ein Koloss als Ziel: der W12 wählt die Trefferzone, der Schaden trifft nur ihre TP; ausgeschaltet "
                "mit Rumpf 0 oder mit Bewegung 0 und einer 12; jede zerstörte Seite senkt NK und AGI um 1. Offen "
                "gelassen: Schaden über die TP einer Zone hinaus und Treffer auf eine Zone ohne TP verfallen; die "
                "kritischen Zustände der Zonen nicht gerechnet."),
)
"""Every choice the report rests on, by name (docs/rules-and-points.md, "Balance", lists them)."""


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


def decimal(value: float, places: int = 2) -> str:
    """``0.4162`` → ``'0,42'``."""
    return f"{value:.{places}f}".replace(".", ",")


def outlier_sentence(outlier: Outlier) -> str:
    """``Basaltriese kostet 21 % mehr, als seine Wirkung vorhersagt (2374 Punkte, die Gerade: 1954)``."""
    percent = round(abs(outlier.residual) * 100)
    more = "mehr" if outlier.residual > 0 else "weniger"
    return (f"{outlier.rating.entrant.name} kostet {percent} % {more}, als seine Wirkung vorhersagt "
            f"({outlier.rating.entrant.points} Punkte, die Gerade: {outlier.fitted:.0f})")


def axis_positions(values: Sequence[float], log: bool) -> list[float]:
    """Each value's place along its axis, 0 to 1 (on a log axis: by its logarithm)."""
    if not values:
        return []
    places = [math.log10(v) for v in values] if log else list(values)
    low, high = (min(places), max(places)) if log else (0.0, max(places))
    return [(p - low) / (high - low) if high > low else 0.0 for p in places]


def reason_notes(ratings: Sequence[Rating]) -> list[str]:
    """One note per reason a unit has no effectiveness, naming the units."""
    cannot = [r.entrant.name for r in ratings if r.reason == "cannot-attack"]
    unhurt = [r.entrant.name for r in ratings if r.reason == "unhurt"]
    notes = []
    if cannot:
        notes.append(f"Greift in dieser Rechnung nicht an (keine Waffe, oder eine Drohne: sie nutzt FK, NK und "
                     f"AGI ihres Lenkers) – leere Zeile, nicht in der Geraden: {', '.join(cannot)}.")
    if unhurt:
        notes.append(f"Kein Angreifer kann ihnen TP nehmen – nicht in der Geraden: {', '.join(unhurt)}.")
    return notes


def balance_view(content: Content, matrix: Matrix, ratings: Sequence[Rating], line: Line | None,
                 outliers: Sequence[Outlier]) -> BalanceView:
    """The report's view."""
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
    notes = reason_notes(ratings)
    if line is None:
        notes.append("Zu wenige Einheiten mit einer Wirkung (oder alle mit derselben) für eine Gerade: "
                     "keine Abweichungen.")
        line_text = ""
    else:
        line_text = (f"Punkte = {decimal(line.intercept, 1)} + {decimal(line.slope, 2)} · Wirkung "
                     f"({line.count} Einheiten)")
    sentences = [outlier_sentence(o) for o in outliers[:NAMED_AT_MOST]]
    if len(outliers) > NAMED_AT_MOST:
        sentences.append(f"… und {len(outliers) - NAMED_AT_MOST} weitere.")
    if line is not None and not outliers:
        sentences.append(f"Keine Einheit liegt mehr als {THRESHOLD * 100:.0f} % neben der Geraden.")
    return BalanceView(choices=CHOICES, dots=dots, factions=tuple(marks[f] for f in in_scatter),
                       line=line, line_text=line_text, outliers=tuple(sentences), notes=tuple(notes),
                       heatmaps=tuple(heatmap_pages(matrix, names)), log_x=log_x, beyond=len(outliers),
                       table=unit_table(scored, line, marks))


def unit_table(scored: Sequence[Rating], line: Line | None, marks: Mapping[str, Mark]) -> tuple[UnitRow, ...]:
    """Every rated unit: the largest deviation from the line first (by name without a line)."""
    def deviation(r: Rating) -> float | None:
        fitted = line.at(r.effectiveness or 0.0) if line is not None else 0.0
        return (r.entrant.points - fitted) / fitted if fitted > 0 else None

    def row(r: Rating) -> UnitRow:
        off = deviation(r)
        fitted = f"{line.at(r.effectiveness or 0.0):.0f}" if line is not None else "–"
        percent = None if off is None else round(off * 100)
        return UnitRow(r.entrant.name, marks[r.entrant.faction].symbol, marks[r.entrant.faction].faction,
                       r.entrant.points, decimal(r.effectiveness or 0.0, 1), fitted,
                       "–" if percent is None else f"{'+' if percent > 0 else '−' if percent < 0 else ''}{abs(percent)} %")
    ordered = sorted(scored, key=lambda r: (-abs(deviation(r) or 0.0), r.entrant.name, r.entrant.id))
    return tuple(row(r) for r in ordered)


def heatmap_pages(matrix: Matrix, faction_names: Mapping[str, str]) -> list[HeatmapPage]:
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
                note = (f"Gezeigt: {shown_rows} von {len(attackers)} Angreifern und {shown_columns} von {len(targets)} "
                        f"Zielen (höchstens {MAX_PAGES_PER_PAIR} Seiten je Paar): von jedem Profil (gleiche Werte, "
                        "gleiche Zeile) zuerst eine Einheit, dann die günstigsten; die Übersicht rechnet alle.")
            count = len(row_blocks) * len(column_blocks)
            for number, (rows, columns) in enumerate(((r, c) for r in row_blocks for c in column_blocks), 1):
                pages.append(HeatmapPage(
                    attacker_faction=faction_names.get(attacker_faction, attacker_faction),
                    target_faction=faction_names.get(target_faction, target_faction),
                    part=f"Teil {number} von {count}" if count > 1 else "",
                    rows=tuple(e.name for e in rows), columns=tuple(e.name for e in columns),
                    bands=tuple(band_title(band) for band in matrix.bands),
                    values=tuple(tuple(tuple(_per_ap(matrix, a, t, b) for t in columns) for a in rows)
                                 for b in range(len(matrix.bands))), note=note))
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


def band_title(band: Band) -> str:
    """``Nahkampf (Angriff)``, ``30 cm (Normaler Schuss)``."""
    return f"{band.name} (Angriff)" if band.range_cm is None else f"{band.name} (Normaler Schuss)"


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
