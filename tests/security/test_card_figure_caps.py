"""A card figure's width within bounds (issue 27, point 9).

A figure's width is a finite length from 1 mm to 1000 mm or 1 % to 100 % of the
text width; anything else is a warning at its Markdown line, as other directive
errors are.  Before, ``width=99…9mm`` (infinite as a float) reached WeasyPrint
and failed the whole book with a line naming neither file nor line.
"""

from __future__ import annotations

from cardgen.rulebook.document import read_document

BAD_WIDTHS = ["1e30mm", "9" * 400 + "mm", "99999999999999999999999999999999mm", "0mm", "0.5mm", "1001mm",
              "0.05cm", "101%", "0%", "nanmm", "infmm", "mm", "-5mm"]


def _width_message(item: str) -> str:
    return (f"card directive: card option {item}: width must be a length from 1mm to 1000mm "
            "or a share of the text width from 1% to 100%, such as 60% or 120mm")


def test_every_width_out_of_bounds_is_a_warning_at_its_line(tmp_path):
    text = "# K\n\n" + "".join(f"{{{{ card: probe width={width} }}}}\n\n" for width in BAD_WIDTHS)
    document = read_document(tmp_path / "K.md", text, [])
    expected = [(3 + 2 * n, _width_message(f"width={w}")) for n, w in enumerate(BAD_WIDTHS)]
    expected[1] = (5, _width_message(f"width={'9' * 58}…<408 characters>…{'9' * 30}mm"))
    assert [(p.line, p.message) for p in document.problems] == expected
    assert document.figures == []
