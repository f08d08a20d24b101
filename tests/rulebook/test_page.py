"""Page settings from the front matter's ``puppeteer: pdf:`` options (cardgen.rulebook.page): size,
margins, header and footer as CSS margin boxes; a wrong value keeps its default and is warned about."""

from __future__ import annotations

import pytest

from cardgen.rulebook.page import MarginBox, PageSettings, margin_box, page_settings, stamped, to_points


def _pdf(**options) -> dict:
    return {"puppeteer": {"pdf": options}}


def test_no_front_matter_gives_a4_2cm_and_a_centred_page_number():
    assert page_settings(None) == PageSettings("A4", ("2cm",) * 4, None, MarginBox("bottom-center", "counter(page)"))


def test_format_landscape_and_margins():
    page = page_settings(_pdf(format="A5", landscape=True, margin={"top": "1cm", "left": "30px"}))
    assert (page.size, page.margin) == ("A5 landscape", ("1cm", "2cm", "2cm", "30px"))


def test_a_wrong_value_keeps_its_default_and_warns_at_its_place():
    warned = []
    page = page_settings(_pdf(format="A9", margin={"top": "50cm"}), lambda loc, msg: warned.append((loc, msg)))
    assert (page.size, page.margin[0]) == ("A4", "2cm")
    assert [loc for loc, _ in warned] == [("puppeteer", "pdf", "format"), ("puppeteer", "pdf", "margin", "top")]
    assert warned[0][1].startswith("'A9' is not a paper format (") and warned[0][1].endswith("); using A4")


def test_a_footer_template_becomes_a_margin_box():
    footer = ('<div style="text-align: right; font-size: 10px; border-top: 1px solid #888">'
              '- <span class="pageNumber"></span> / <span class="totalPages"></span> -</div>')
    assert margin_box(footer, "bottom") == MarginBox("bottom-right", '"- " counter(page) " / " counter(pages) " -"',
                                                     "1px solid #888", (("font-size", "10px"),))
    assert margin_box("<div> </div>", "top") is None


def test_what_a_footer_template_holds_that_no_margin_box_shows_is_a_warning_at_the_template():
    warned: list = []
    front = {"puppeteer": {"pdf": {"displayHeaderFooter": True,
                                   "footerTemplate": '<div style="letter-spacing: 2px"><span class="pageNumber">'
                                                     '</span></div>'}}}
    page = page_settings(front, lambda loc, message: warned.append((loc, message)))
    assert page.footer == MarginBox("bottom-center", "counter(page)")
    assert warned == [(("puppeteer", "pdf", "footerTemplate"), "'letter-spacing' is not used in a header or footer "
                       "(honoured: font-family, font-size, font-weight, font-style, color, text-align, padding, "
                       "border-top/bottom); left out")]


@pytest.mark.parametrize("length, points", [("72pt", 72.0), ("96px", 72.0), ("1in", 72.0), ("2.54cm", 72.0),
                                            ("3em", 0.0)])
def test_to_points(length, points):
    assert to_points(length) == pytest.approx(points)


def test_the_version_stamp_goes_below_the_footer():
    assert stamped(PageSettings(), "v1").footer == MarginBox("bottom-center", 'counter(page) "\\A" "v1"')
    assert stamped(PageSettings(footer=None), "v1").footer == MarginBox("bottom-center", '"v1"', None, (("font-size", "8pt"),))
    assert stamped(PageSettings(), "") == PageSettings()


def test_page_settings_from_front_matter():
    page = page_settings({"puppeteer": {"pdf": {
        "format": "A5", "landscape": True, "margin": {"top": "1cm", "left": 20},
        "displayHeaderFooter": True, "headerTemplate": "<span>Kopf</span>",
        "footerTemplate": '<div style="text-align: right">S. <span class="pageNumber"></span></div>'}}})
    assert page.size == "A5 landscape"
    assert page.margin == ("1cm", "2cm", "2cm", "20px")
    assert page.header.position == "top-center" and page.header.content == '"Kopf"'
    assert page.footer.position == "bottom-right"
    assert page.footer.content == '"S. " counter(page)'
