"""cardgen.printable: which characters a printed or exported text may hold (issue 40, finding 6)."""

from __future__ import annotations

import pytest

from cardgen.printable import code_point, refused_character


@pytest.mark.parametrize(("text", "lines", "refused"), [
    ("Glutorden ä ⊙ \ue000 Sturm\u00adtruppe \u200f\u200d", False, None),     # soft hyphen, marks, private use
    ("a\n\tb", True, None),
    ("a\u2028b", True, None),
    ("a\nb", False, "U+000A"), ("a\tb", False, "U+0009"), ("a\u2028b", False, "U+2028"),
    ("a\r\nb", True, "U+000D"), ("\x00", True, "U+0000"), ("\x1b[31m", True, "U+001B"), ("\x7f", True, "U+007F"),
    ("\x80", True, "U+0080"), ("\x85", True, "U+0085"), ("\x9f", True, "U+009F"),
    ("\ud800", True, "U+D800"), ("\udfff", True, "U+DFFF"),
    ("\ufdd0", True, "U+FDD0"), ("\ufdef", True, "U+FDEF"), ("\ufffe", True, "U+FFFE"), ("\uffff", True, "U+FFFF"),
    ("\U0001fffe", True, "U+1FFFE"), ("\U0010ffff", True, "U+10FFFF"),
    ("\u202a", True, "U+202A"), ("\u202e", True, "U+202E"), ("\u2066", True, "U+2066"), ("\u2069", True, "U+2069"),
])
def test_refused_characters_are_named_by_code_point(text, lines, refused):
    reason = refused_character(f"ok {text} ok", lines=lines)
    assert (reason is None) if refused is None else reason.startswith(f"contains {refused}, ")


def test_the_first_refused_character_is_named_with_why_and_a_hint():
    assert refused_character("a\x07b\x00") == ("contains U+0007, a control character, which no card, rulebook or "
                                               "XML file can hold and a terminal obeys; remove it")
    assert "right-to-left letters need none" in refused_character("\u202e")
    assert code_point("\U0001fffe") == "U+1FFFE"

