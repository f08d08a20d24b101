"""The rulebook's HTML page (cardgen.rulebook.layout): the layout prints the document's fragments as they
are and escapes everything else."""

from __future__ import annotations

from pathlib import Path

from cardgen.rulebook.document import read_document
from cardgen.rulebook.layout import book_html


def _page(**options) -> str:
    document = read_document(Path("Regeln.md"), "# A <b> & B\n\n## Eins\n\n*Text*\n", [])
    return book_html(document, **options)


def test_the_fragments_are_printed_and_the_title_is_escaped():
    html = _page()
    assert "<title>A &lt;b&gt; &amp; B</title>" in html
    assert "<p><em>Text</em></p>" in html and '<html lang="de"' in html


def test_a_language_that_is_no_language_tag_falls_back_to_german():
    assert '<html lang="en-GB"' in _page(lang="en-GB")
    assert '<html lang="de"' in _page(lang='de" onload="x')


def test_the_stamp_goes_into_the_footer():
    assert '"\\A" "v1.2"' in _page(stamp="v1.2")
