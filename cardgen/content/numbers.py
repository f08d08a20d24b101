"""Numbers as an output's language writes them: its decimal mark (German ``0,42``, English ``0.42``) and
its percentages (German ``33,3 %``, English ``33.3%``), from Babel's locale data.

Every output that prints a decimal number -- the rulebook's odds tables, ``cardgen odds``, the balance
report, the web edition -- formats it here, so one language writes its numbers one way everywhere.  The
number itself is rounded by Python (``f"{value:.2f}"``) in every language, so two editions never differ in
a digit, only in the marks around it.  ``lang`` ``""`` is the source's: German, exactly as cardgen always
printed it (``33,3 %`` with a plain space), so the source's outputs stay byte-identical.

Lengths and weights written with ``:g`` (``12.5 cm`` on a card, a balance band's ``30 cm``) are not
formatted here: they keep the point in every language, the source's too (see ``docs/translations.md``).
"""

from __future__ import annotations

from copy import copy
from decimal import Decimal


def decimal_mark(lang: str) -> str:
    """The decimal mark of ``lang`` (Babel's locale data); the source's (``""``) is German's comma."""
    if not lang:
        return ","
    # lazy: Babel's locale data, only for a translation
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(lang)


def decimal(value: float, places: int = 2, mark: str = ",") -> str:
    """``0.4162`` → ``'0,42'`` (``mark``: the language's decimal mark, :func:`decimal_mark`)."""
    return f"{value:.{places}f}".replace(".", mark)


def percent(value: float, places: int = 1, lang: str = "") -> str:
    """``1/3`` → ``'33,3 %'`` in the source, ``'33.3%'`` in English, ``'33,3\\xa0%'`` in French: the number
    rounded by Python, written in ``lang``'s percent pattern (its sign, its space, its side)."""
    if not lang:
        return f"{value * 100:.{places}f} %".replace(".", ",")
    from babel import Locale
    from babel.numbers import parse_pattern

    locale = Locale.parse(lang)
    pattern = copy(parse_pattern(locale.percent_formats[None]))
    pattern.frac_prec = (places, places)
    return str(pattern.apply(Decimal(f"{value * 100:.{places}f}") / 100, locale))
