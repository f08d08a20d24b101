"""The words the balance report (``cardgen balance``) prints itself: its headings, the plots' axes, its
sentences and the choices it rests on -- glossary entries of ``content.po`` like the cards' words
(:data:`cardgen.content.words.WORDS` merges these with the others).

A sentence with a number or a name in it is one entry with numbered placeholders, ``{1}`` ``{2}`` …, as
a rulebook's entries have them: a translator puts them where the language wants them, and a translation
that drops or adds one is an error at its PO line (:func:`cardgen.i18n.catalog.read_catalog`).  The
report's view fills them (:func:`cardgen.balance.words.say`).
"""

from __future__ import annotations

CHOICES: tuple[tuple[str, str], ...] = (
    ("zelle", "der erwartete TP-Verlust pro AP des Ziels, mit der besten Waffe des Angreifers in dieser Lage "
              "(höchster erwarteter TP-Verlust pro AP, bei Gleichstand die erste der Karte)."),
    ("lagen", "Nahkampf (Angriff mit einer Nahkampfwaffe, ohne Angriffsbewegung) und ein Normaler Schuss auf jede "
              "genannte Entfernung (Regeln: balance.ranges_cm) mit jeder Fern- oder Wurfwaffe, die so weit reicht, "
              "mit ihrem Reichweitenmalus; keine Deckung, von vorn, das Ziel nicht in Verteidigung."),
    ("offensive", "der mittlere erwartete TP-Verlust pro AP über alle Ziele (alle Einheiten, auch die eigene "
                  "Fraktion und sie selbst) und alle Lagen; eine Lage, die keine ihrer Waffen erreicht, zählt 0 "
                  "(Reichweite ist etwas wert)."),
    ("haltbarkeit", "die AP, die der durchschnittliche Angreifer braucht, um sie von vollen TP auszuschalten "
                    "(harmonisches Mittel über alle Angreifer und Lagen; wer sie dort nicht erreicht oder nicht "
                    "verletzen kann, mit Rate 0; erwartete Angriffe aus der Kette der TP-Verluste × AP des Angriffs; "
                    "Schock und kritischer Zustand nicht gerechnet)."),
    ("wirkung", "Offensive × Haltbarkeit: die TP, die sie mit ihrer mittleren Rate austeilt, solange der "
                "durchschnittliche Angreifer braucht, um sie auszuschalten."),
    ("gerade", "Punkte = a + b · Wirkung, kleinste Quadrate; genannt wird, wer mehr als {1} % über "
               "oder unter dem Wert der Geraden liegt. Abweichung = (Punkte − Gerade) / Gerade: „kostet 18 % mehr, "
               "als seine Wirkung vorhersagt“ heißt 18 % mehr Punkte, als die Gerade seiner Wirkung gibt. Jede "
               "Einheit zählt gleich, auch ein Ausreißer: eine Einheit mit weit größerer Wirkung als alle anderen "
               "(etwa ein Koloss) zieht die Gerade zu sich und liegt darum selbst nahe an ihr; die Tabelle zeigt "
               "ihre Abweichung wie jede andere."),
    ("indirekt", "indirekter Fernkampf wird nicht gerechnet: der Bericht schießt direkt (die Odds kennen ihn: "
                 "cardgen odds --indirect)."),
    ("liegend", "jedes Ziel steht; ein liegendes Ziel (ein Größenprofil kleiner) rechnet cardgen odds "
                "--prone-target."),
    ("drohnen", "Drohnen greifen nicht an: sie würfeln mit FK, NK und AGI ihres Lenkers, und welcher Lenker das ist, "
                "legt erst die Gruppe fest; als Ziel werden sie beschossen, im Nahkampf fehlen ihre NK und AGI."),
    ("kolosse", "ein Koloss als Ziel: der W12 wählt die Trefferzone, der Schaden trifft nur ihre TP; ausgeschaltet "
                "mit Rumpf 0 oder mit Bewegung 0 und einer 12; jede zerstörte Seite senkt NK und AGI um 1. Offen "
                "gelassen: Schaden über die TP einer Zone hinaus und Treffer auf eine Zone ohne TP verfallen; die "
                "kritischen Zustände der Zonen nicht gerechnet."),
)
"""Every choice the report rests on, by name, in the source's words (docs/rules-and-points.md, "Balance",
lists them); ``{1}`` is the threshold in percent."""

HEADINGS = {
    "Balance": "the balance report's title (the PDF's, and its pages' footer: \"Balance · Seite 1 von 4\")",
    "Seite": "the balance report's pages' footer: \"Balance · Seite 1 von 4\"",
    "von": "the balance report's pages' footer: \"Balance · Seite 1 von 4\"",
    "Balance: Punkte gegen Wirkung": "the balance report's first heading",
    "Punkte gegen Wirkung": "the balance report's scatter plot, said to a reader who cannot see it",
    "Abweichungen": "the balance report: the heading of the units off the line",
    "Alle Einheiten": "the balance report: the heading of its table of every unit",
    "Wirkung": "the balance report: a column of its table (a unit's effectiveness)",
    "Gerade": "the balance report: a column of its table (the points the fitted line predicts)",
    "Abweichung": "the balance report: a column of its table (the deviation from the line)",
    "Hinweise": "the balance report: the heading of its notes",
    "So gerechnet": "the balance report: the heading of the choices it rests on",
    "Nahkampf": "the balance report: the melee situation of a heatmap",
}
PHRASES = {
    "{1} greift {2} an": "the balance report: a heatmap page's heading ({1} the attacking faction, {2} the target's)",
    "{1} gegen {2}": "the balance report: a heatmap said to a reader who cannot see it ({1}, {2} the factions)",
    "Teil {1} von {2}": "the balance report: one page of a faction pair's heatmap",
    "Erwarteter TP-Verlust pro AP mit der besten Waffe des Angreifers in jeder Lage (über jedem Feld: Nahkampf oder "
    "die Entfernung des Schusses); Zeilen: Angreifer, Spalten: Ziele; – oder weiß: kein Angriff möglich (keine Waffe "
    "reicht so weit, oder eine Drohne).": "the balance report: the caption of every heatmap page",
    "{1} (Angriff)": "the balance report: a heatmap panel's title, {1} the situation (melee)",
    "{1} (Normaler Schuss)": "the balance report: a heatmap panel's title, {1} the range (\"30 cm\")",
    "Ziel ({1})": "the balance report: a heatmap's axis, {1} the target faction",
    "Angreifer ({1})": "the balance report: a heatmap's axis, {1} the attacking faction",
    "erwarteter TP-Verlust pro AP": "the balance report: a heatmap's colour scale",
    "Gerade (kleinste Quadrate)": "the balance report: the fitted line in the scatter's legend",
    "Gerade (kleinste Quadrate), auf der log. Achse gebogen": "the same, on a log axis (where it is a curve)",
    "Wirkung (TP: Offensive × Haltbarkeit)": "the balance report: the scatter's horizontal axis",
    "Wirkung (TP: Offensive × Haltbarkeit), logarithmische Achse": "the same, on a log axis",
    "{1} kostet {2} % mehr, als seine Wirkung vorhersagt ({3} Punkte, die Gerade: {4})":
        "the balance report: a unit dearer than the line ({1} its name, {2} percent, {3} its points, {4} the line's)",
    "{1} kostet {2} % weniger, als seine Wirkung vorhersagt ({3} Punkte, die Gerade: {4})":
        "the balance report: a unit cheaper than the line ({1} its name, {2} percent, {3} its points, {4} the line's)",
    "… und {1} weitere.": "the balance report: how many more units are off the line",
    "Keine Einheit liegt mehr als {1} % neben der Geraden.": "the balance report: no unit off the line",
    "Greift in dieser Rechnung nicht an (keine Waffe, oder eine Drohne: sie nutzt FK, NK und AGI ihres Lenkers) – "
    "leere Zeile, nicht in der Geraden: {1}.": "the balance report: the units that do not attack ({1} their names)",
    "Kein Angreifer kann ihnen TP nehmen – nicht in der Geraden: {1}.":
        "the balance report: the units no attacker can hurt ({1} their names)",
    "Zu wenige Einheiten mit einer Wirkung (oder alle mit derselben) für eine Gerade: keine Abweichungen.":
        "the balance report: why there is no line",
    "Punkte = {1} + {2} · Wirkung ({3} Einheiten)": "the balance report: the fitted line ({3} how many units)",
    "Gezeigt: {1} von {2} Angreifern und {3} von {4} Zielen (höchstens {5} Seiten je Paar): von jedem Profil "
    "(gleiche Werte, gleiche Zeile) zuerst eine Einheit, dann die günstigsten; die Übersicht rechnet alle.":
        "the balance report: a faction pair with more units than its heatmap pages show",
}

REPORT_WORDS: dict[str, str] = {
    **HEADINGS, **PHRASES,
    **{name: "the balance report: the name of one of its choices (\"So gerechnet\")" for name, _ in CHOICES},
    **{sentence: f"the balance report: its choice \"{name}\"" for name, sentence in CHOICES},
}
"""Every word and sentence the balance report prints itself → what it is (the glossary entry's comment)."""
