"""The balance report's plots as SVG text, drawn with matplotlib (``cardgen balance``).

Deterministic bytes: a :class:`matplotlib.figure.Figure` on the SVG canvas directly (no pyplot, no
backend chosen for the process), the settings below only inside :func:`matplotlib.rc_context` while
one plot is drawn (nothing is changed at import) and every other setting matplotlib's installed default
(:func:`settings`: whatever a ``matplotlibrc`` gave it when it was imported -- ``text.usetex`` too --
is set back while a plot is drawn), a fixed ``svg.hashsalt`` (the ids of clip paths),
no date in the metadata.  Text stays text (``svg.fonttype = "none"``) in the family "Cardgen Sans"
(:file:`cardgen/assets/fonts/fonts.css`), which WeasyPrint sets with the embedded font; matplotlib
measures it as DejaVu Sans, the same font, named second.  The layout of the page is CSS
(``templates/balance/report.css``); a plot only has its size.
"""

from __future__ import annotations

import io
import math
from typing import Any, Callable, Iterator, Sequence

import matplotlib
import numpy as np
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from cardgen.balance.view import BalanceView, HeatmapPage, Plots
from cardgen.balance.words import ReportText, report_text

SETTINGS: dict[Any, Any] = {
    "svg.hashsalt": "cardgen-balance",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.sans-serif": ["Cardgen Sans", "DejaVu Sans"],
    "font.size": 8,
}
SIZE_IN = (10.4, 6.4)           # the plot area of an A4 landscape page less its heading (report.css)
COLOURS = "YlOrRd"
MIN_TEXT_PT = 6.5
"""The smallest text a plot draws: the page scales a plot by about 1.03 (report.css), so no character of
the report is under 6 pt."""
NUMBERS_UP_TO = 12
"""A heatmap panel prints each cell's number up to this many units per side; a larger one is colour only (the
numbers are most of the time matplotlib and WeasyPrint spend on a page, and too small to read there)."""


def settings() -> dict[Any, Any]:
    """Every setting a plot is drawn with: matplotlib's installed defaults (``rcParamsDefault``, built from
    its own data file and never from a ``matplotlibrc`` it found when imported), :data:`SETTINGS` over
    them.  The backend is left alone (no plot uses one)."""
    defaults = {key: value for key, value in matplotlib.rcParamsDefault.items() if key != "backend"}
    return {**defaults, **SETTINGS}


def draw_all(view: BalanceView) -> Plots:
    """The report's plots: the scatter plot, then each heatmap page on one colour scale.  ``cardgen balance``
    and ``serve`` draw them in a process of their own (:mod:`cardgen.balance.plotworker`)."""
    top = heatmap_top(view.heatmaps)
    return scatter_svg(view), tuple(heatmap_svg(page, top, view.text) for page in view.heatmaps)


def heatmap_svg(page: HeatmapPage, top: float, text: ReportText | None = None) -> str:
    """One heatmap page, one panel per band (two side by side, the row names on the left, the column names
    below); the colour scale runs from 0 to ``top`` (the same on every page); ``text``: the report's words
    (the source's without)."""
    text = text or report_text()
    with matplotlib.rc_context(settings()):
        figure = Figure(figsize=SIZE_IN, layout="constrained")
        FigureCanvasSVG(figure)
        columns = 2 if len(page.bands) > 1 else 1
        grid = figure.subplots(-(-len(page.bands) // columns), columns, sharex=True, sharey=True, squeeze=False)
        panels = [axes for row in grid for axes in row]
        numbers = max(len(page.rows), len(page.columns)) <= NUMBERS_UP_TO
        mesh = None
        for axes, band, values in zip(panels, page.bands, page.values):
            mesh = _panel(axes, band, values, top, numbers, text.mark)
        for axes in panels[len(page.bands):]:
            axes.set_visible(False)
        axes = panels[0]                    # the panels share their axes: ticks and labels are set once
        axes.set_yticks(np.arange(len(page.rows)) + 0.5, page.rows)
        axes.set_xticks(np.arange(len(page.columns)) + 0.5, page.columns)
        axes.invert_yaxis()
        for axes in panels[:len(page.bands)]:         # every panel names its rows and columns
            axes.tick_params(length=0, labelsize=MIN_TEXT_PT, labelbottom=True, labelleft=True)
            for label in axes.get_xticklabels():
                label.set(rotation=50, ha="right", rotation_mode="anchor")
        figure.supxlabel(page.target_label, fontsize=8)
        figure.supylabel(page.attacker_label, fontsize=8)
        if mesh is not None:
            bar = figure.colorbar(mesh, ax=panels, fraction=0.03, pad=0.01)
            bar.set_label(text.colour_scale)
            bar.ax.yaxis.set_major_formatter(FuncFormatter(_decimal(text.mark)))
        return _svg(figure)


def _panel(axes: Any, band: str, values: tuple[tuple[float | None, ...], ...], top: float, numbers: bool,
           mark: str) -> Any:
    """One band's heatmap on ``axes``; returns its mesh (for the colour bar)."""
    grid = np.ma.masked_invalid(np.array([[np.nan if v is None else v for v in row] for row in values], dtype=float))
    mesh = axes.pcolormesh(grid, cmap=COLOURS, vmin=0, vmax=top or 1, edgecolors="white", linewidth=0.5,
                           rasterized=not numbers)      # colour only: one picture, not a path per cell
    axes.set_title(band, fontsize=8, loc="left")
    for (row, column), value in _cells(values) if numbers else ():
        axes.text(column + 0.5, row + 0.5, "–" if value is None else f"{value:.2f}".replace(".", mark),
                  ha="center", va="center", fontsize=MIN_TEXT_PT,
                  color="white" if value is not None and value > 0.6 * (top or 1) else "black")
    return mesh


def scatter_svg(view: BalanceView) -> str:
    """Points against effectiveness, the fitted line, the outliers named beside their dots.  The effectiveness
    on a log axis when every one lies above 0 (one dear colossus would squash the rest against the left
    edge); the straight line is then drawn as the curve it becomes there."""
    with matplotlib.rc_context(settings()):
        figure = Figure(figsize=(SIZE_IN[0], SIZE_IN[1] * 0.78), layout="constrained")
        FigureCanvasSVG(figure)
        axes = figure.add_subplot()
        if view.log_x:
            axes.set_xscale("log")
        for mark in view.factions:
            dots = [d for d in view.dots if d.faction == mark.faction]
            axes.scatter([d.effectiveness for d in dots], [d.points for d in dots], s=26, color=mark.colour,
                         marker=mark.marker, label=mark.faction, alpha=0.85, linewidths=0)
        if view.line is not None and view.dots:
            low, high = min(d.effectiveness for d in view.dots), max(d.effectiveness for d in view.dots)
            xs = np.geomspace(low, high, 200) if view.log_x and high > low else np.array([low, high])
            axes.plot(xs, [view.line.at(float(x)) for x in xs], color="#333333", linewidth=1,
                      label=view.text.line_legend_log if view.log_x else view.text.line_legend)
        for dot in view.dots:
            if dot.label:
                axes.annotate(dot.name, (dot.effectiveness, dot.points), xytext=(4, 3), textcoords="offset points",
                              fontsize=MIN_TEXT_PT + 1)
        axes.set_xlabel(view.text.x_label_log if view.log_x else view.text.x_label)
        axes.set_ylabel(view.text.y_label)
        comma = _decimal(view.text.mark)
        axes.xaxis.set_major_formatter(FuncFormatter(comma))
        axes.xaxis.set_minor_formatter(FuncFormatter(_minor(comma) if view.log_x else comma))
        axes.grid(color="#dddddd", linewidth=0.5)
        axes.grid(which="minor", axis="x", color="#eeeeee", linewidth=0.4)
        if view.dots:
            axes.legend(loc="upper left", frameon=False)
        return _svg(figure)


def heatmap_top(pages: Sequence[HeatmapPage]) -> float:
    """The largest value of all pages: one colour scale for the whole report."""
    return max((v for page in pages for values in page.values for _, v in _cells(values) if v is not None),
               default=0.0)


def _cells(values: tuple[tuple[float | None, ...], ...]) -> Iterator[tuple[tuple[int, int], float | None]]:
    for row, line in enumerate(values):
        for column, value in enumerate(line):
            yield (row, column), value


def _decimal(mark: str) -> Callable[[float, object], str]:
    """An axis's tick labels with the language's decimal mark."""
    return lambda value, _position: f"{value:g}".replace(".", mark)


def _minor(label: Callable[[float, object], str]) -> Callable[[float, object], str]:
    """A log axis's minor ticks: only 2 and 5 of each decade labelled (by ``label``)."""
    def minor(value: float, position: object) -> str:
        digit = value / 10 ** math.floor(math.log10(value)) if value > 0 else 0
        return label(value, position) if round(digit) in (2, 5) else ""
    return minor


def _svg(figure: Figure) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()
