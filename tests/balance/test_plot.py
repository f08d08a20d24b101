"""The balance report's plots (cardgen.balance.plot): deterministic SVG, text as text in Cardgen Sans."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import matplotlib

from cardgen.balance.plot import NUMBERS_UP_TO, heatmap_svg, heatmap_top, scatter_svg
from cardgen.balance.view import BalanceView, Dot, HeatmapPage, Mark
from cardgen.rules.balance_fit import Line

PROJECT = Path(__file__).resolve().parents[2]

PAGE = HeatmapPage(attacker_faction="A", target_faction="B", part="", rows=("Eins", "Zwei"),
                   columns=("Drei", "Vier"), bands=("Nahkampf (Angriff)", "10 cm (Normaler Schuss)",
                                                    "30 cm (Normaler Schuss)"),
                   values=(((0.5, None), (0.25, 1.0)), ((0.125, 0.0), (None, None)), ((None, None), (0.75, 0.5))),
                   note="", heading="A greift B an", alt="A gegen B", target_label="Ziel (B)", attacker_label="Angreifer (A)")
VIEW = BalanceView(choices=(), dots=(Dot("Eins", "A", 1.0, 100, "#8a1c1c", False),
                                     Dot("Zwei", "A", 2.0, 260, "#8a1c1c", True)),
                   factions=(Mark("A", "#0072B2", "o", "●"),), line=Line(10.0, 100.0, 2), line_text="", outliers=(), notes=(),
                   heatmaps=(PAGE,))


WIDE = BalanceView(choices=(), dots=(Dot("Eins", "A", 0.5, 1000, "#8a1c1c", False),
                                     Dot("Zwei", "A", 3.0, 1300, "#8a1c1c", False),
                                     Dot("Koloss", "A", 250.0, 3800, "#8a1c1c", True)),
                   factions=(Mark("A", "#0072B2", "o", "●"),), line=Line(1200.0, 10.0, 3), line_text="", outliers=(), notes=(),
                   heatmaps=(PAGE,), log_x=True)


@functools.lru_cache(maxsize=None)
def drawn(which: str) -> str:
    """Each plot drawn once for the tests that read it (the determinism test draws its own)."""
    return heatmap_svg(PAGE, 1.0) if which == "page" else scatter_svg({"view": VIEW, "wide": WIDE}[which])


def test_every_band_is_a_panel_with_its_range_stated():
    svg = drawn("page")
    for band in PAGE.bands:
        assert f">{band}<" in svg
    assert ">0,12<" in svg and ">0,75<" in svg                     # the other panels' numbers


def test_a_large_panel_is_one_picture_with_the_same_bytes_each_time():
    """Beyond NUMBERS_UP_TO units a panel is colour only, drawn as one embedded picture (WeasyPrint draws a
    path per cell far slower), and still the same bytes each time."""
    side = NUMBERS_UP_TO + 1
    names = tuple(f"U{i}" for i in range(side))
    values = tuple(tuple((r * side + c) / side ** 2 for c in range(side)) for r in range(side))
    big = replace(PAGE, rows=names, columns=names, bands=PAGE.bands[:2], values=(values, values))
    svg = heatmap_svg(big, 1.0)
    assert svg.count("<image ") == 2 + 1 and svg == heatmap_svg(big, 1.0)       # two panels, the colour bar


def test_a_wide_effectiveness_is_drawn_on_a_log_axis():
    svg = drawn("wide")
    assert "logarithmische Achse" in svg and ">100<" in svg and ">Koloss<" in svg
    assert "logarithmische" not in drawn("view")


def test_the_same_plot_gives_the_same_bytes():
    assert heatmap_svg(PAGE, 1.0) == drawn("page")
    assert scatter_svg(VIEW) == drawn("view") and scatter_svg(WIDE) == drawn("wide")


def test_text_is_text_in_the_theme_family_and_no_date():
    svg = drawn("page")
    assert "font-family: 'Cardgen Sans', 'DejaVu Sans', sans-serif" in svg
    assert ">0,25<" in svg and ">–<" in svg                     # German decimals; no attack is a dash
    assert "<dc:date>" not in svg
    assert "Zwei" in drawn("view")                              # the outlier is labelled


def test_no_global_state_is_touched():
    before = dict(matplotlib.rcParams)
    heatmap_svg(PAGE, 1.0)
    assert dict(matplotlib.rcParams) == before


def test_drawing_needs_no_pyplot_and_no_backend():
    """In a fresh process: importing and drawing leave pyplot unimported (no process-wide backend)."""
    code = ("import sys; from cardgen.balance.plot import heatmap_svg; from tests.balance.test_plot import PAGE; "
            "heatmap_svg(PAGE, 1.0); sys.exit('matplotlib.pyplot' in sys.modules)")
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}, "PYTHONPATH": str(PROJECT)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr     # the suite's own processes may carry PYTHONSAFEPATH


def test_one_colour_scale_for_all_pages():
    assert heatmap_top([PAGE]) == 1.0 and heatmap_top([]) == 0.0


def test_settings_read_from_a_matplotlibrc_at_import_change_nothing():
    """Issue 40.2: whatever matplotlib read from a ``matplotlibrc`` when it was imported (here: set in its
    global settings as such a file would) -- LaTeX with a preamble that reads a file, other colours, fonts
    and sizes -- the plots are drawn with matplotlib's installed defaults and cardgen's settings only."""
    planted = {"text.usetex": True, "text.latex.preamble": r"\input{/etc/hostname}", "axes.facecolor": "red",
               "font.size": 30, "svg.fonttype": "path", "lines.linewidth": 9, "axes.prop_cycle": "cycler(color='k')"}
    clean = drawn("page"), drawn("view")
    with matplotlib.rc_context(planted):
        assert (heatmap_svg(PAGE, 1.0), scatter_svg(VIEW)) == clean
