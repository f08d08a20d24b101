"""Which characters a printed or exported text may hold: what a card, the rulebook, a BattleScribe file
and a terminal all show as its author meant it.

A content value arrives in a pull request.  YAML's double-quoted escapes (``"\\x07"``, ``"\\0"``,
``"\\uFFFE"``, ``"\\ud800"``) give it characters no XML document may contain -- ``cardgen export
battlescribe`` wrote them raw and its ``.gst``/``.cat`` were not well-formed -- and characters a
terminal obeys.  So every text the schema prints or exports is checked here, once, when it is read:

- refused: the C0 controls (a multi-line text keeps its line breaks ``\\n`` and tabs ``\\t``, a text
  of one line refuses them and the separators U+2028, U+2029 too; ``\\r``
  is refused too: a line break is a new line, and a lone ``\\r`` rewrites a terminal's line), DEL, the
  C1 controls U+0080–U+009F, lone surrogate halves, and the noncharacters (U+FDD0–U+FDEF and the last
  two code points of every plane, U+FFFE and U+FFFF among them);
- refused too: the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069.  They are
  not needed to write right-to-left letters (those carry their direction themselves), and they make a
  text show in another order than it is stored -- "Trojan Source": a name that looks like another on a
  card, a number that reads differently in a review than on the card -- and an unclosed one runs on
  into the text after it;
- allowed: every other character, the marks U+200E/U+200F, soft hyphens, joiners and private-use
  characters (icon fonts) included.
"""

from __future__ import annotations

import re

_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f"
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}"
                                          for plane in range(0, 0x110000, 0x10000))
_BIDI = "\u202a-\u202e\u2066-\u2069"
_REFUSED = re.compile(f"[{_CONTROL}\ud800-\udfff{_NONCHARACTERS}{_BIDI}]")
_REFUSED_IN_A_LINE = re.compile(f"[\t\n\u2028\u2029{_CONTROL}\ud800-\udfff{_NONCHARACTERS}{_BIDI}]")


def code_point(ch: str) -> str:
    """``'\\x07'`` → ``'U+0007'``."""
    return f"U+{ord(ch):04X}"


def _kind(ch: str) -> str:
    """What ``ch`` is, for the message, and why it cannot stay."""
    number = ord(ch)
    if ch in "\t\n\u2028\u2029":
        return "a line break or tab: this text is one line"
    if ch == "\r":
        return "a carriage return (a line break is a new line of the YAML; a lone one rewrites a terminal's line)"
    if number < 0x20 or 0x7F <= number <= 0x9F:
        return "a control character, which no card, rulebook or XML file can hold and a terminal obeys"
    if 0xD800 <= number <= 0xDFFF:
        return "half of a surrogate pair, no character at all"
    if 0x202A <= number <= 0x202E or 0x2066 <= number <= 0x2069:
        return ("a bidi override, which shows a text in another order than it is stored (right-to-left "
                "letters need none)")
    return "a noncharacter, which Unicode keeps out of every text"


def refused_character(text: str, lines: bool = False) -> str | None:
    """Why ``text`` cannot be printed or exported -- its first refused character named by code point
    (``contains U+0007, a control character …; remove it``) -- or None when every character may stay.
    ``lines``: a multi-line text (rules text), which keeps its line breaks and tabs."""
    found = (_REFUSED if lines else _REFUSED_IN_A_LINE).search(text)
    if found is None:
        return None
    return f"contains {code_point(found[0])}, {_kind(found[0])}; remove it"
