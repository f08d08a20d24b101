"""Names sorted as a reader of the content's language expects them (issue 45: sort order per language).

Babel has no collation and PyICU is not a dependency, so the key is cardgen's own, small and
deterministic: the Unicode Collation Algorithm's first levels as most Latin-script languages use them
-- letters compared without their accents and case (DIN 5007-1 for German: ä as a, ß as ss), ties
broken by the accents, then by the case -- and, for the languages whose alphabets give some accented
letters a place of their own, that place (:data:`OWN_LETTERS`): Swedish and Finnish å ä ö and Danish and
Norwegian æ ø å after z, Polish ą after a, ł after l …, Spanish ñ after n, Czech č after c ….
"""

from __future__ import annotations

import unicodedata

OWN_LETTERS: dict[str, tuple[str, str]] = {
    "sv": ("", "åäö"), "fi": ("", "åäö"), "da": ("", "æøå"), "nb": ("", "æøå"), "nn": ("", "æøå"),
    "no": ("", "æøå"), "is": ("", "þæö"), "et": ("", "šžõäöü"),
    "pl": ("ąćęłńóśźż", ""), "es": ("ñ", ""), "cs": ("čřšž", ""), "sk": ("äčôš", ""), "hu": ("öü", ""),
    "tr": ("çğıöşü", ""), "ro": ("ăâîșț", ""), "hr": ("čćđšž", ""), "sl": ("čšž", ""), "lt": ("čšž", ""),
    "lv": ("čģķļņšž", ""),
}
"""Language → (letters sorted right after their base letter, letters sorted after z in this order)."""
AFTER_Z = "\U000f0000"             # a private-use character after every letter


def name_key(text: str, lang: str = "") -> tuple[str, str, str]:
    """The sort key of ``text`` in language ``lang`` (a code such as ``de``, ``sv``, ``pt_BR``; ``""``:
    the source's, German)."""
    folded = text.casefold()
    after_base, after_z = OWN_LETTERS.get(lang.split("_")[0].lower(), ("", ""))
    bare = []
    for char in unicodedata.normalize("NFC", folded):
        if char in after_z:
            bare.append(AFTER_Z + chr(0x41 + after_z.index(char)))
        elif char in after_base:
            bare.append(_bare(char) + AFTER_Z)
        else:
            bare.append(_bare(char))
    return "".join(bare), folded, text


def _bare(text: str) -> str:
    special = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ı": "i", "þ": "th"}
    decomposed = unicodedata.normalize("NFD", "".join(special.get(c, c) for c in text))
    return "".join(c for c in decomposed if not unicodedata.combining(c))
