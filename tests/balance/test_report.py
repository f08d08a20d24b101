"""The balance report's HTML (cardgen.balance.report): the template only prints the view."""

from __future__ import annotations

import base64

from cardgen.balance.plot import draw_all
from cardgen.balance.report import report_html, svg_url
from tests.balance.test_plot import VIEW


def test_svg_url_round_trips():
    url = svg_url("<svg>ä</svg>")
    assert base64.b64decode(url.removeprefix("data:image/svg+xml;base64,")).decode("utf-8") == "<svg>ä</svg>"


def test_the_html_holds_the_plots_as_pictures_and_the_headings():
    html = report_html(VIEW, draw_all(VIEW))
    assert html.count('src="data:image/svg+xml;base64,') == 2             # the scatter and one heatmap
    assert "<h1>A greift B an</h1>" in html
    assert "<svg" not in html                                               # never inline (its CSS would warn)
