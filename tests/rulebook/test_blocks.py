"""The top-level blocks of a book's document (cardgen/rulebook/blocks.py)."""

from __future__ import annotations

from cardgen.rulebook.blocks import BlockParser


def test_the_blocks_are_the_children_of_body_with_main_s_in_its_place():
    html = ('<html><head></head>\n<body class="final">\n<header class="title-block"><h1>T</h1></header>\n<main>\n'
            '<h2 id="a">A <em>b</em></h2>\n<p>a</p>\n</main>\n</body></html>\n')
    parser = BlockParser(html)
    parser.feed(html)
    parser.close()
    blocks = [(html[start:end], tag, inside) for start, end, tag, inside in parser.blocks]
    assert blocks == [('<header class="title-block"><h1>T</h1></header>', "header", False),
                      ('<h2 id="a">A <em>b</em></h2>', "h2", True), ("<p>a</p>", "p", True)]
    assert html[parser.body_start - 1] == ">" and html[parser.main_open:].startswith("<main>")
