"""The balance report's words in the content's language: its headings and the plots' labels
(:class:`ReportText`), its sentences with their numbers and names filled in (:func:`say`), and the
decimal mark of the language (German ``0,42``, English ``0.42``).

The words are the glossary's (:mod:`cardgen.content.report_words`, read through the content's
:class:`~cardgen.content.words.Words`): the source prints them as written, a translation its
``content.po``'s, and a word without a translation prints in the source's words (counted as missing by
the build's ``translation``).  The numbers are the same in every language; only their decimal mark
follows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.content.words import Words

PLACEHOLDER = re.compile(r"\{(\d+)\}")


def say(words: Words, template: str, *values: object) -> str:
    """``template`` (a glossary entry with ``{1}`` ``{2}`` …) in ``words``' language, each placeholder
    replaced by its value.  A translation keeps every placeholder of its source (the PO file's check),
    so each number has its value."""
    return PLACEHOLDER.sub(lambda match: str(values[int(match[1]) - 1]), words[template])


def decimal_mark(lang: str) -> str:
    """The decimal mark of ``lang`` (Babel's locale data); the source's (``""``) is German's comma."""
    if not lang:
        return ","
    # lazy: Babel's locale data, only for a translation
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(lang)


def decimal(value: float, places: int = 2, mark: str = ",") -> str:
    """``0.4162`` → ``'0,42'`` (``mark``: the language's decimal mark)."""
    return f"{value:.{places}f}".replace(".", mark)


@dataclass(frozen=True)
class ReportText:
    """The report's fixed words as its template and plots print them."""

    lang: str                               # the HTML's lang (hyphenation): "de" for the source
    translated: bool                        # a translation's (its footer's words from the page: report.css)
    mark: str                               # the decimal mark
    title: str
    page: str                               # the footer: "Balance · Seite 1 von 4"
    of: str
    heading: str
    scatter_alt: str
    deviations: str
    all_units: str
    columns: tuple[str, ...]                # the table's: unit, faction, points, effectiveness, line, deviation
    notes: str
    method: str
    caption: str
    colour_scale: str
    line_legend: str
    line_legend_log: str                    # the line on a log axis (where it is a curve)
    x_label: str
    x_label_log: str
    y_label: str


def report_text(words: Words | None = None, lang: str = "") -> ReportText:
    """The report's words in ``words``' language (``lang``: ``""`` the source's; no ``words``: the source's)."""
    words = words or Words()
    return ReportText(
        lang=lang or "de", translated=bool(lang), mark=decimal_mark(lang), title=words["Balance"], page=words["Seite"], of=words["von"],
        heading=words["Balance: Punkte gegen Wirkung"],
        scatter_alt=words["Punkte gegen Wirkung"], deviations=words["Abweichungen"], all_units=words["Alle Einheiten"],
        columns=tuple(words[w] for w in ("Einheit", "Fraktion", "Punkte", "Wirkung", "Gerade", "Abweichung")),
        notes=words["Hinweise"], method=words["So gerechnet"],
        caption=words["Erwarteter TP-Verlust pro AP mit der besten Waffe des Angreifers in jeder Lage (über jedem Feld: "
                      "Nahkampf oder die Entfernung des Schusses); Zeilen: Angreifer, Spalten: Ziele; – oder weiß: kein "
                      "Angriff möglich (keine Waffe reicht so weit, oder eine Drohne)."],
        colour_scale=words["erwarteter TP-Verlust pro AP"], line_legend=words["Gerade (kleinste Quadrate)"],
        line_legend_log=words["Gerade (kleinste Quadrate), auf der log. Achse gebogen"],
        x_label=words["Wirkung (TP: Offensive × Haltbarkeit)"],
        x_label_log=words["Wirkung (TP: Offensive × Haltbarkeit), logarithmische Achse"], y_label=words["Punkte"])
