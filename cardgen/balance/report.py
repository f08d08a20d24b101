"""The balance report's PDF (``cardgen balance``): the plots (:mod:`cardgen.balance.plot`) as SVG
``data:`` pictures in the HTML of ``templates/balance/report.html.j2``, laid out by WeasyPrint
(:mod:`cardgen.pdf.wrapper`).  The template only prints; the page layout is ``report.css``.  A picture, not
inline SVG: WeasyPrint's HTML parser would take the SVG's style attributes for CSS and warn about
each; as a picture it is drawn by its SVG renderer, with the document's fonts."""

from __future__ import annotations

import base64

import jinja2

from cardgen.balance.view import BalanceView, Plots
from cardgen.errors import RenderError
from cardgen.paths import FONTS_DIR, TEMPLATES_DIR
from cardgen.pdf.wrapper import Rendered, load_document
from cardgen.look.theme import template_environment, template_failure

TEMPLATE = "balance/report.html.j2"
REPORT_CSS = TEMPLATES_DIR / "balance" / "report.css"


def svg_url(svg: str) -> str:
    """An SVG as a ``data:`` URL."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def report_html(view: BalanceView, plots: Plots) -> str:
    """The report's HTML with its ``plots``: the scatter plot's SVG and each heatmap page's
    (:func:`cardgen.balance.plot.draw_all`; drawn where matplotlib reads no file of the repository,
    :func:`cardgen.balance.plotworker.draw_plots`)."""
    scatter, heatmaps = plots
    environment = template_environment(TEMPLATES_DIR)
    try:
        return environment.get_template(TEMPLATE).render(
            fonts_css=(FONTS_DIR / "fonts.css").as_uri(), report_css=REPORT_CSS.as_uri(), view=view,
            scatter=svg_url(scatter), heatmaps=[(page, svg_url(svg)) for page, svg in zip(view.heatmaps, heatmaps)])
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure(TEMPLATE, exc)) from None


def render_report(view: BalanceView, plots: Plots) -> tuple[Rendered, int]:
    """The report with its ``plots`` as PDF bytes (and WeasyPrint's warnings), and its number of pages."""
    laid_out = load_document(report_html(view, plots), TEMPLATES_DIR / "balance", [FONTS_DIR])
    return laid_out.write(), laid_out.page_count
