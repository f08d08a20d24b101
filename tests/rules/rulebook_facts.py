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
]
