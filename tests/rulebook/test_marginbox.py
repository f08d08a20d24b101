"""Puppeteer header and footer templates read as margin boxes (cardgen.rulebook.marginbox)."""

from __future__ import annotations

import pytest

from cardgen.rulebook.marginbox import MarginBox, margin_box

# The designer's footer, as his front matter holds it (YAML folds the lines into spaces).
HIS_FOOTER = ("   <style> section { margin: 0 auto; font-family: Nova Round; font-size: 10px; width: 100%; } "
              "</style> <section> <div style=\"border-top: 1px solid black; text-align: center; padding-top: 0.3cm\">"
              " - <span class=\"pageNumber\"></span> - </div> </section>")


def read(template: str, edge: str = "bottom") -> tuple[MarginBox | None, list[str]]:
    said: list[str] = []
    return margin_box(template, edge, said.append), said


def test_his_footer_keeps_its_font_its_size_its_rule_and_its_padding():
    box, said = read(HIS_FOOTER)
    assert box == MarginBox("bottom-center", '"- " counter(page) " -"', "1px solid black",
                            (("font-size", "10px"), ("font-family", '"Nova Round"'), ("padding-top", "0.3cm")))
    assert said == []                      # margin and width lay out his little page: nothing to say


def test_an_empty_header_is_no_box():
    assert read("   <section></section>", "top") == (None, [])
    assert read("", "top") == (None, [])


def test_the_cascade_decides_the_text_style():
    template = ("<style>div { color: #333; font-weight: bold } .n { font-size: 12pt } #x.n { font-size: 14pt }"
                "</style><div class=n id=x style='font-style: italic'>Seite <span class=pageNumber></span></div>")
    box, said = read(template)
    assert box is not None and dict(box.style) == {"font-size": "14pt", "color": "#333", "font-weight": "bold",
                                                   "font-style": "italic"}
    assert said == []


def test_inherited_properties_come_from_the_parents_and_the_border_from_the_texts_side():
    template = ("<section style='font-family: \"Nova Round\", sans-serif; text-align: left'>"
                "<div style='border-bottom: 2pt dashed red'><p>Kapitel <span class=title></span></p></div></section>")
    box, said = read(template, "top")
    assert box == MarginBox("top-left", '"Kapitel " string(cardgen-title)', "2pt dashed red",
                            (("font-size", "9pt"), ("font-family", '"Nova Round", "sans-serif"')))
    assert said == []


def test_a_border_away_from_the_page_is_reported():
    box, said = read("<div style='border-bottom: 1px solid black'><span class=pageNumber></span></div>")
    assert box is not None and box.border is None
    assert said == ["'border-bottom' is not used in a header or footer (only the border towards the page: "
                    "border-top); left out"]


@pytest.mark.parametrize("template, message", [
    ("<p style='font-size: 1e9px'>x</p>", "font-size: '1e9px' is not understood in a header or footer; left out"),
    ("<p style='color: red; } body { color: blue'>x</p>", "a nested rule in the template's CSS is not used"),
    ("<p style=\"font-family: a</style><script>\">x</p>",
     "font-family: 'a</style><script>' is not understood in a header or footer; left out"),
    ("<p>x <img src='http://example.com/logo.png'></p>",
     "a picture (<img>) cannot be shown in a header or footer; left out"),
    ("<p>x <span class=date></span></p>",
     "class 'date' (the print date or the file's address) is not printed: it would change with every build; "
     "left out"),
    ("<style>@import url(http://example.com/x.css);</style><p>x</p>",
     "an @-rule in the template's CSS is not used"),
    ("<style>p:unknown { color: red }</style><p>x</p>", "selector 'p:unknown' not understood; its rule is left out"),
])
def test_what_cannot_be_mapped_is_reported_and_left_out(template, message):
    box, said = read(template)
    assert box is not None and box.content == '"x"'
    assert said == [message]
    assert all("http" not in value and "<" not in value and "}" not in value for _, value in box.style)


def test_a_script_is_never_text_and_never_run():
    box, said = read("<script>document.title = 'x'</script><p><span class=pageNumber></span></p>")
    assert box == MarginBox("bottom-center", "counter(page)")
    assert said == []


def test_text_is_quoted_so_it_cannot_end_the_content_value():
    box, _ = read('<p>a"; } @page { margin: 0 } x</p>')
    assert box is not None and box.content.startswith('"a\\"') and box.content.endswith('"')
