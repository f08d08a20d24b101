"""The words cardgen prints into an output itself -- labels (AGI, NK, TP, AP), section bars ("Eigenschaften"),
"pkt", the actions' names ("Normaler Schuss"), "Waffenlos", a power card's cells in words ("Probe auf",
"Dauer"), the rulebook's list and table directives' words ("Stärke", "Geländetyp"), the cut sheet's
"falten", the BattleScribe data's force and categories -- and a language's words for them.

Every such word is listed here once (:data:`WORDS`, merged from the groups :data:`CARD_WORDS`,
:data:`POWER_WORDS`, :data:`BOOK_WORDS`, :data:`SHEET_WORDS` and :data:`EXPORT_WORDS`, each word with what
it means, which is the glossary entry's comment in ``content.po``; a word two groups print is one entry);
the views, directives, exporter and templates print ``words[WORD]`` of the content's :class:`Words` (the
templates through their view model, ``card.words``), never the word itself.  The source's ``Words()``
prints every word as it is, so an output without translations is what it always was; a translated
build's holds the glossary's translations (:func:`cardgen.i18n.content.translated_content`), and a word
without one prints in the source's words (counted as missing by the build).  A word not in
:data:`WORDS` is a KeyError, so a template or view that prints a new word without listing it fails in
the tests instead of escaping translation.  Phrases are put together from words ("Probe auf" + the
attribute's label), so a translator translates a word once; ids (a BattleScribe entry's, a PNG's file
name) never depend on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.content.report_words import REPORT_WORDS
from cardgen.vocabulary import (
    ACTION_NAMES, HIT_ZONES, MOUNT_NAMES, POWER_DURATIONS, POWER_RANGES, POWER_TARGETS, POWER_USES, PROFILE_NAMES,
    TP_LOSS_WHEN, UNIT_TYPE_NAMES, WEAPON_KIND_NAMES,
)

LABELS = {**PROFILE_NAMES, "AP": "Aktionspunkte", "WK": "Waffenklasse", "DF": "Dauerfeuer",
          "WB": "Wahrnehmungsbereich", "GB": "Gefahrenbereich", "W12": "der zwölfseitige Würfel"}
"""The cards' short labels, with their German names."""

CARD_WORDS: dict[str, str] = {
    **{label: f"the cards' label for {name}" for label, name in LABELS.items()},
    "pkt": "after a card's points (\"180 pkt\")",
    **{word: "a section bar of the unit card" for word in ("Eigenschaften", "Waffen", "Rüstung", "Ausrüstung",
                                                            "Kräfte")},
    "Wurf": "the armour bar's column heading: what the armour adds to the roll",
    "Drohnen": "the unit card's drone capacity (\"Drohnen 2\")",
    "unhandlich": "an unwieldy weapon or item",
    "Aktionen": "the heading of the back's actions", "Reaktion": "before a weapon's reactions on the back",
    "Keine Sonderregeln.": "the back of a card without rules texts",
    "Waffenlos": "the unarmed attack's row", "keine Rüstung": "the armour row of a model without armour",
    "bei Verteidigung": "a shield's bonus: \"NK +1 bei Verteidigung\"",
    "Rüstungswurf": "a shield's bonus: \"Rüstungswurf +2\"",
    **{word: "the kind of a rules text on the back (\"Kampfrausch (Eigenschaft)\")" for word in (
        "Sonderregel", "Waffe", "Eigenschaft", "Kraft", "Schadenseffekt")},
    **{name: "an action or reaction of a weapon, on the back" for name in ACTION_NAMES.values()},
    **{name: "a colossus's hit zone (its TP track)" for name in HIT_ZONES.values()},
    **{name: "where a colossus carries a weapon (its row)" for name in MOUNT_NAMES.values()},
    **{name: "how a power is used (the power card)" for name in POWER_USES.values()},
    **{name: "a unit type (the rulebook's list of units; the type icon's title)" for name in UNIT_TYPE_NAMES.values()},
    "Schadenseffekte": "a section of a group sheet's reference pages",
    **{word: "a group sheet's cover" for word in ("Fraktion", "Modell", "Einheit", "Punkte", "Standard", "Gesamt",
                                                   "Modelle", "Gruppenführer", "gesteuert von")},
    **{word: "a group sheet's reference pages" for word in ("Regeln", "Forts.", "Genutzt von")},
}
"""Every word cardgen prints on a card itself → what it is (the glossary's comment); the rulebook's list
of units prints "pkt" and the unit types from here as well."""

POWER_WORDS: dict[str, str] = {
    "Probe auf": "a power's roll, before its attribute: \"Probe auf WN −2\" (a power card cell's title; the "
                 "rulebook's list of powers)",
    "TP-Verlust": "a power's TP loss: \"2 TP-Verlust bei Misslingen\"",
    "kein TP-Verlust": "a power that costs no TP",
    **{word: "when a power's TP loss applies: \"2 TP-Verlust bei Misslingen\"" for word in TP_LOSS_WHEN.values()},
    **{word: "before a power's target, range or duration: \"Dauer: Instantan\"" for word in ("Ziel", "Reichweite",
                                                                                              "Dauer")},
    **{word: "a power's target: \"Ziel: Modell\"" for word in POWER_TARGETS.values()},
    **{word: "a power's range: \"Reichweite: Distanz 20 cm\"" for word in POWER_RANGES.values()},
    **{word: "a power's duration: \"Dauer: Instantan\"" for word in POWER_DURATIONS.values()},
    "Stufe": "a power's level: \"Stufe II\" (the rulebook's list of powers; the title of a power card's stars)",
}
"""The power card's cells in words (their titles) and the rulebook's list of powers."""

BOOK_WORDS: dict[str, str] = {
    "Einmalnutzung": "an item used a limited number of times, in the rulebook's lists: \"Einmalnutzung 2×\"",
    **{word: "a weapon's value in the rulebook's list of weapons: \"Stärke 4\", \"Effekte: Brand\"" for word in (
        "Reichweite", "Stärke", "Schaden", "Dauerfeuer", "Fläche", "Effekte")},
    **{word: "a weapon's or an armour's mark in the rulebook's lists" for word in ("nachladen", "indirekt",
                                                                                   "selbsttragend")},
    **{word: "a kind of weapon, in the rulebook's list of weapons (\"Fernkampfwaffe, WK I\")"
       for word in WEAPON_KIND_NAMES.values()},
    **{word: "an armour's value in the rulebook's list of armour: \"Schutz 3\"" for word in ("Schutz",
                                                                                            "Schadensreduktion")},
    "Schild": "an armour that is a shield (the rulebook's list of armour)",
    **{word: "a column of the rulebook's table of damage effects" for word in ("Symbol", "Name", "Bedeutung")},
    **{word: "a column of the rulebook's table of weapon classes" for word in ("Klasse", "Nahkampf", "Fernkampf")},
    **{word: "a column of the rulebook's table of terrain" for word in ("Geländetyp", "Passierbarkeit", "Deckung",
                                                                      "Sichtweite", "Regeln")},
    "Keine Stichwörter.": "the rulebook's glossary of keywords when it has none",
    **{word: "a column of the rulebook's odds table ({{ odds: … }})" for word in (
        "Treffer", "nur Schock", "TP-Verlust", "erwarteter TP-Verlust", "pro AP")},
    **{word: "the odds table's caption: \"Sturmtruppe mit Sturmgewehr gegen Panzerjäger, 30 cm, Deckung II\""
       for word in ("mit", "gegen", "Deckung")},
    **{word: "a card figure's side in the rulebook (its label: \"probe (Vorderseite)\")" for word in (
        "Vorderseite", "Rückseite", "Kraftkarte")},
}
"""The words the rulebook's list and table directives print themselves."""

SHEET_WORDS: dict[str, str] = {
    "falten": "on the fold line of a cut sheet with fronts and backs (fold here)",
    "Indirekt: max. Höhe in cm": "the title of an indirect weapon's height on the unit card",
    "Radius": "the title of an area weapon's radius on the unit card",
}
"""The sheets' and the unit card's other fixed words."""

EXPORT_WORDS: dict[str, str] = {
    "Gruppen für BattleScribe und New Recruit": "the BattleScribe data's readme: \"Universalis: Gruppen für "
                                                "BattleScribe und New Recruit, Revision 3.\"",
    **{word: "the BattleScribe data's readme: \"Seitenangaben: Regelbuch.\"" for word in ("Revision", "Seitenangaben",
                                                                                       "Kontakt")},
    "Gruppe": "the BattleScribe data's force (a player's group) and its rule's name",
    "Eine Gruppe besteht aus zwei oder mehr Modellen einer Fraktion. Genau ein Modell ist Gruppenführer "
    "(keine Drohne). Jede Drohne braucht einen Kontroller aus der Gruppe; ein Kontroller führt höchstens "
    "⌊EH/3⌋ Drohnen.": "the BattleScribe data's group rule (its force's rule text)",
    **{word: "a category of the BattleScribe data" for word in ("Gruppenführer", "Drohnenkontroller", "Modell")},
    **{word: "a characteristic of the BattleScribe data's profiles" for word in (
        "Typ", "Größe", "Bewegung", "Reichweite", "Stärke", "Schaden", "Effekte", "Schutz", "Schadensreduktion",
        "Stufen", "Regel", "Schule", "Attribut", "Schwierigkeit", "TP-Verlust", "Ziel", "Dauer")},
    "Verteidigung": "a shield's bonus in the BattleScribe data: \"Schild: NK +1 (Verteidigung)\"",
    "Sonderregeln": "the name of a unit's rules in the BattleScribe data: \"Sturmtruppe: Sonderregeln\"",
    "Ausrüstung verwenden": "an equipment's action in the BattleScribe data: \"(Ausrüstung verwenden: 1 AP)\"",
    "höchstens": "a controller's drones in the BattleScribe data: \"Drohnen (höchstens 2, ⌊EH/3⌋)\"",
}
"""The words the BattleScribe exporter writes itself (:mod:`cardgen.export`); its ids never depend on them."""


def _merged(*groups: dict[str, str]) -> dict[str, str]:
    """One word → its meanings (a word several groups print is one glossary entry, its meanings joined)."""
    found: dict[str, list[str]] = {}
    for group in groups:
        for word, meaning in group.items():
            meanings = found.setdefault(word, [])
            if meaning not in meanings:
                meanings.append(meaning)
    return {word: "; ".join(meanings) for word, meanings in found.items()}


WORDS: dict[str, str] = _merged(CARD_WORDS, POWER_WORDS, BOOK_WORDS, SHEET_WORDS, EXPORT_WORDS, REPORT_WORDS)
"""Every word cardgen prints into an output itself (cards, sheets, the rulebook's directives, the
BattleScribe data, the balance report: :mod:`cardgen.content.report_words`) → what it is: the glossary
of ``content.po``."""


@dataclass(frozen=True)
class Words:
    """The words of :data:`WORDS` in a document's language: ``words["pkt"]``; the source's word
    where ``translated`` has none.  Picklable and compared by value (it is part of a card's view, so a
    face's cache key changes with a translation)."""

    translated: tuple[tuple[str, str], ...] = ()
    _found: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._found.update(self.translated)

    def __getitem__(self, word: str) -> str:
        if word not in WORDS:
            raise KeyError(f"{word!r} is not one of the words cardgen prints on a card (cardgen.content.words)")
        return self._found.get(word, word)
