"""The balance report's plots as SVG text, drawn with matplotlib (``cardgen balance``).

Deterministic bytes: a :class:`matplotlib.figure.Figure` on the SVG canvas directly (no pyplot, no
backend chosen for the process), the settings below only inside :func:`matplotlib.rc_context` while
one plot is drawn (nothing is changed at import), a fixed ``svg.hashsalt`` (the ids of clip paths),
no date in the metadata.  Text stays text (``svg.fonttype = "none"``) in the family "Cardgen Sans"
(:file:`cardgen/assets/fonts/fonts.css`), which WeasyPrint sets with the embedded font; matplotlib
measures it as DejaVu Sans, the same font, named second.  The layout of the page is CSS
(``templates/balance/report.css``); a plot only has its size.
"""

from __future__ import annotations

import io
from typing import Any, Iterator, Sequence

import matplotlib
import numpy as np
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from cardgen.balanceview import BalanceView, HeatmapPage

SETTINGS: dict[Any, Any] = {
    "svg.hashsalt": "cardgen-balance",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.sans-serif": ["Cardgen Sans", "DejaVu Sans"],
    "font.size": 8,
}
SIZE_IN = (10.4, 6.4)           # the plot area of an A4 landscape page less its heading (report.css)
COLOURS = "YlOrRd"
NUMBERS_UP_TO = 16
"""A heatmap prints each cell's number up to this many units per side; a larger page is colour only (the
numbers are most of the time matplotlib and WeasyPrint spend on a page, and too small to read there)."""


def heatmap_svg(page: HeatmapPage, top: float) -> str:
    """One heatmap page; the colour scale runs from 0 to ``top`` (the same on every page)."""
    with matplotlib.rc_context(SETTINGS):
        figure = Figure(figsize=SIZE_IN, layout="constrained")
        FigureCanvasSVG(figure)
        axes = figure.add_subplot()
        values = np.ma.masked_invalid(np.array([[np.nan if v is None else v for v in row] for row in page.values],
                                               dtype=float))
        mesh = axes.pcolormesh(values, cmap=COLOURS, vmin=0, vmax=top or 1, edgecolors="white", linewidth=0.5)
        axes.invert_yaxis()
        axes.set_xticks(np.arange(len(page.columns)) + 0.5, page.columns, rotation=50, ha="right",
                        rotation_mode="anchor")
        axes.set_yticks(np.arange(len(page.rows)) + 0.5, page.rows)
        axes.tick_params(length=0, labelsize=7 if max(len(page.rows), len(page.columns)) <= 12 else 5.5)
        axes.set_xlabel(f"Ziel ({page.target_faction})")
        axes.set_ylabel(f"Angreifer ({page.attacker_faction})")
        size = 7 if len(page.columns) <= 12 else 5
        numbers = max(len(page.rows), len(page.columns)) <= NUMBERS_UP_TO
        for (row, column), value in _cells(page.values) if numbers else ():
            axes.text(column + 0.5, row + 0.5, "–" if value is None else f"{value:.2f}".replace(".", ","),
                      ha="center", va="center", fontsize=size,
                      color="white" if value is not None and value > 0.6 * (top or 1) else "black")
        bar = figure.colorbar(mesh, ax=axes, fraction=0.04, pad=0.02)
        bar.set_label("erwarteter TP-Verlust pro AP")
        bar.ax.yaxis.set_major_formatter(FuncFormatter(_comma))
        return _svg(figure)


def scatter_svg(view: BalanceView) -> str:
    """Points against effectiveness, the fitted line, the outliers named beside their dots."""
    with matplotlib.rc_context(SETTINGS):
        figure = Figure(figsize=(SIZE_IN[0], SIZE_IN[1] * 0.78), layout="constrained")
        FigureCanvasSVG(figure)
        axes = figure.add_subplot()
        for name, colour in view.factions:
            dots = [d for d in view.dots if d.faction == name]
            axes.scatter([d.effectiveness for d in dots], [d.points for d in dots], s=14, color=colour, label=name,
                         alpha=0.8, linewidths=0)
        if view.line is not None and view.dots:
            low, high = min(d.effectiveness for d in view.dots), max(d.effectiveness for d in view.dots)
            axes.plot([low, high], [view.line.at(low), view.line.at(high)], color="#333333", linewidth=1,
                      label="Gerade (kleinste Quadrate)")
        for dot in view.dots:
            if dot.label:
                axes.annotate(dot.name, (dot.effectiveness, dot.points), xytext=(4, 3), textcoords="offset points",
                              fontsize=6.5)
        axes.set_xlabel("Wirkung (TP: Offensive × Haltbarkeit)")
        axes.set_ylabel("Punkte")
        axes.xaxis.set_major_formatter(FuncFormatter(_comma))
        axes.grid(color="#dddddd", linewidth=0.5)
        if view.dots:
            axes.legend(loc="lower right", frameon=False)
        return _svg(figure)


def heatmap_top(pages: Sequence[HeatmapPage]) -> float:
    """The largest value of all pages: one colour scale for the whole report."""
    return max((v for page in pages for _, v in _cells(page.values) if v is not None), default=0.0)


def _cells(values: tuple[tuple[float | None, ...], ...]) -> Iterator[tuple[tuple[int, int], float | None]]:
    for row, line in enumerate(values):
        for column, value in enumerate(line):
            yield (row, column), value


def _comma(value: float, _position: object) -> str:
    return f"{value:g}".replace(".", ",")


def _svg(figure: Figure) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()
