"""The words cardgen prints on a card itself -- labels (AGI, NK, TP, AP), section bars ("Eigenschaften"),
"pkt", the actions' names ("Normaler Schuss"), "Waffenlos" -- and a language's words for them.

Every such word is listed here once (:data:`CARD_WORDS`, each with what it means, which is the glossary
entry's comment in ``content.po``); the views and the card templates print ``words[WORD]`` of the
content's :class:`Words` (the templates through the card's view model, ``card.words``), never the word
itself.  The source's ``Words()`` prints every word as it is; a translated build's holds the glossary's
translations (:func:`cardgen.i18n.content.translated_content`), and a word without one prints in the
source's words (counted as missing by the build).  A word not in :data:`CARD_WORDS` is a KeyError, so a
template or view that prints a new word without listing it fails in the tests instead of escaping
translation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.content.report_words import REPORT_WORDS
from cardgen.vocabulary import ACTION_NAMES, HIT_ZONES, MOUNT_NAMES, POWER_USES, PROFILE_NAMES, UNIT_TYPE_NAMES

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
    # --- the balance report's words (cardgen balance, issue 45 point 3; branch fix/i18nbalance) ---
    **REPORT_WORDS,
}
"""Every word cardgen prints on a card itself → what it is (the glossary's comment); the rulebook's list
of units prints "pkt" and the unit types from here as well, the balance report its own words
(:mod:`cardgen.content.report_words`)."""


@dataclass(frozen=True)
class Words:
    """The words of :data:`CARD_WORDS` in a document's language: ``words["pkt"]``; the source's word
    where ``translated`` has none.  Picklable and compared by value (it is part of a card's view, so a
    face's cache key changes with a translation)."""

    translated: tuple[tuple[str, str], ...] = ()
    _found: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._found.update(self.translated)

    def __getitem__(self, word: str) -> str:
        if word not in CARD_WORDS:
            raise KeyError(f"{word!r} is not one of the words cardgen prints on a card (cardgen.content.words)")
        return self._found.get(word, word)
