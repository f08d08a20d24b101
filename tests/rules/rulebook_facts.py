"""The rulebook's worked examples and rules, copied as facts (numbers) for the rule tests.

The rule tests use these numbers and never skip; ``test_rulebook_facts.py``
checks, where the user's rulebook is beside the clone, that the rulebook
still says exactly this: each ``QUOTES`` entry is a pattern over the
rulebook's text and the distinct things ``re.findall`` finds there (a
sentence may stand in more than one section).  A rule changed in the
rulebook fails that test, naming the quote, before a card prints a stale
value.
"""

from __future__ import annotations

# Aktionspunkte
AP_PER_ROUND, AP_DRONE, AP_CAP = 6, 2, 12
# Tragkraft and Belastung: "KO von 5 und damit eine Tragkraft von 25kg"; "über 50kg um jeweils 2" ...
CAPACITY_EXAMPLE_KO, CAPACITY_EXAMPLE_KG = 5, 25
ENCUMBRANCE_STEPS = [(50, 2), (75, 3)]
# Trefferpunkte
HIT_POINTS_MAX = 20
# Größenprofil: size → (base in mm, height in cm)
SIZE_TABLE = {"klein": (25, 2.5), "mittel": (25, 4.0), "groß": (40, 6.0), "riesig": (50, 8.0)}
# Drohnen: a controller with EH 5 runs 1 drone, with EH 6 two
DRONE_EXAMPLES = [(5, 1), (6, 2)]

# Fernkampfwaffen: "Pistole verfügt über den Wert 20/3" (max 60 cm); 16 cm no malus, 42 cm −2
PISTOL_BAND, PISTOL_MAX_CM = (20, 3), 60
PISTOL_NEAR_CM, PISTOL_FAR_CM, PISTOL_FAR_MALUS = 16, 42, 2
# Indirekter Beschuss: Granatwerfer 25/4, max 100 cm, highest obstacle 50 cm
MORTAR_BAND, MORTAR_MAX_CM, MORTAR_HEIGHT_CM = (25, 4), 100, 50
# Dauerfeuer: a Maschinenpistole with DF 3 fires 4 shots
SMG_DF, SMG_SHOTS = 3, 4
# Aktionen: what each action costs, in AP, as the rulebook writes it
AP_ACTIONS = ("Normaler Schuss - WK+1", "Gezielter Schuss - WK+2", "Schnellschuss - WK", "Reaktionsfeuer - WK",
              "Angriff - WK", "Verwegener Angriff - WK+1", "Angriffsbewegung - WK", "Nachladen - WK")

QUOTES: list[tuple[str, list]] = [
    (r"pro Runde (\d+) AP", [str(AP_PER_ROUND)]),
    (r"Drohnen mit nur (\d+) AP", [str(AP_DRONE)]),
    (r"nie über mehr als (\d+) Aktionspunkte", [str(AP_CAP)]),
    (r"KO von (\d+) und damit eine Tragkraft von (\d+)kg", [(str(CAPACITY_EXAMPLE_KO), str(CAPACITY_EXAMPLE_KG))]),
    (r"über (\d+)kg um jeweils (\d)", [(str(kg), str(malus)) for kg, malus in ENCUMBRANCE_STEPS]),
    (r"Radius in cm = 12 - EH", ["Radius in cm = 12 - EH"]),
    (r"Distanz = WN \* 5cm", ["Distanz = WN * 5cm"]),
    (r"wird die Reichweite des Wahrnehmungsbereichs (halbiert \(aufgerundet\))", ["halbiert (aufgerundet)"]),
    (r"weniger als die Hälfte seiner maximalen Trefferpunkte", ["weniger als die Hälfte seiner maximalen "
                                                                "Trefferpunkte"]),
    (r"Trefferpunkten, über die ein Modell verfügen kann, liegt bei (\d+)", [str(HIT_POINTS_MAX)]),
    (r"\| (klein|mittel|groß|riesig) \| [^|]+\| (\d+)mm \| ([\d,]+)cm \|",
     [(size, str(base), f"{height:g}".replace(".", ",")) for size, (base, height) in SIZE_TABLE.items()]),
    (r"\| klein bis groß \|", ["| klein bis groß |"]),
    (r"\| groß bis riesig \|", ["| groß bis riesig |"]),
    (r"jeweils automatisch mit 2/3 des Rumpfes \(aufgerundet\)", ["jeweils automatisch mit 2/3 des Rumpfes "
                                                                  "(aufgerundet)"]),
    (r"EH von (\d+)\.\s*Ihm kann also nur (\d+) Drohne|EH von (\d+) könnten ihm (\d+) Drohnen",
     [("5", "1", "", ""), ("", "", "6", "2")]),
    (r"\|Stationär\|Kann nicht bewegt werden\.\|", ["|Stationär|Kann nicht bewegt werden.|"]),
    (r"Pistole verfügt über den Wert (\d+)/(\d+)", [tuple(map(str, PISTOL_BAND))]),
    (r"maximale Reichweite von (\d+)cm", [str(PISTOL_MAX_CM), str(MORTAR_MAX_CM)]),
    (r"Entfernung von (\d+)cm erhält keinen Malus, bei (\d+)cm würde sich ein Malus von -(\d)",
     [(str(PISTOL_NEAR_CM), str(PISTOL_FAR_CM), str(PISTOL_FAR_MALUS))]),
    (r"Granatwerfer hat eine Reichweite von (\d+)/(\d+) und somit eine maximale Reichweite von (\d+)cm.\s*"
     r"Die maximale Höhe für den Schuss beträgt somit (\d+)cm",
     [(*map(str, MORTAR_BAND), str(MORTAR_MAX_CM), str(MORTAR_HEIGHT_CM))]),
    (r"Maschinenpistole hat DF (\d)", [str(SMG_DF)]),
    (r"feuert alle (\d) Schuss", [str(SMG_SHOTS)]),
    (r"Die Reichweitenbänder werden hierbei (verdoppelt)\.", ["verdoppelt"]),
    (r"die Anzahl an Bändern ist dabei aber immer (\d)", ["3"]),
    (r"Sie wird auch verwendet, (falls sie höher als der Schutz der Rüstung sein sollte)\.",
     ["falls sie höher als der Schutz der Rüstung sein sollte"]),
    (r"Der Schaden berechnet sich durch (die KO geteilt durch 3 \(aufgerundet\))\.",
     ["die KO geteilt durch 3 (aufgerundet)"]),
    ("(" + "|".join(a.replace("+", "\\+") for a in AP_ACTIONS) + ") ⊙", list(AP_ACTIONS)),
    (r"kostet sie jede Aktion (1)⊙ weniger wenn sie eine Waffe der Klasse 4 oder 5 einsetzen", ["1"]),
    (r"Nur mit Schusswaffen der (WK I, II und III)\.", ["WK I, II und III"]),
]
