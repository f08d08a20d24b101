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
# Modifikatoren im Fernkampf, Größe des Ziels: target size → the shooter's FK modifier
TARGET_SIZE = {"klein": -1, "mittel": 0, "groß": 1, "riesig": 2}
# Bewegungsart Rad: "Auf dem Geländetyp Straße wird die Bewegung um 2cm erhöht"
ROAD_BONUS_CM = 2
# Unhandliche Waffen und Ausrüstung im Nahkampf: "einen Malus von -3"
UNWIELDY_MELEE_MALUS = 3
# Herunterfallen: nothing up to 1× the size profile's height, a Bewegungstest up to 2×; Klettern up to 2×
FALL_SAFE_TIMES, FALL_TEST_TIMES, CLIMB_TIMES = 1, 2, 2
# Springen: GK in cm from standing, twice that after a full move
JUMP_TIMES, JUMP_RUNNING_TIMES = 1, 2
# Trefferzonen: the W12 table of the rulebook's hit-zone figure (reference/trefferzonen.png)
ZONE_FIGURE = {"rumpf": (1, 6), "rechts": (7, 8), "links": (9, 10), "bewegung": (11, 12)}
# Schilde: "Sie können dem Träger 2 verschiedene Arten von Boni geben"
SHIELD_BONUS_KINDS = 2

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
    (r"\|\s*(kleines|mittleres|großes|riesiges) Ziel\s*\|\s*([-+±]\d)\s*\|",
     [(f"{w}", f"{v:+d}" if v else "±0") for w, v in zip(("kleines", "mittleres", "großes", "riesiges"),
                                                          TARGET_SIZE.values())]),
    (r"Auf dem Geländetyp Straße wird die Bewegung um (\d)cm erhöht", [str(ROAD_BONUS_CM)]),
    (r"unhandliche Waffe oder anderen Ausrüstungsgegenstand trägt, erleidet es im Nahkampf einen Malus von -(\d)",
     [str(UNWIELDY_MELEE_MALUS)]),
    (r"Bis zu einer Fallhöhe in (Höhe) seines \[Größenprofils\]\(#größenprofil\) passiert nichts\.\s*"
     r"Bis zur (doppelten) Höhe seines Größenprofils kann Schaden durch einen erfolgreichen Bewegungstest",
     [("Höhe", "doppelten")]),
    (r"auf oder herunter von Hindernissen bis zu seinem (doppelten) \[Größenprofil\]", ["doppelten"]),
    (r"Das Modell springt (entsprechend seiner GK) in cm weit wenn es gestanden hat\.\s*Falls es unmittelbar "
     r"vorher mindestens eine volle Bewegung gemacht hat, darf es die (doppelte) Reichweite springen",
     [("entsprechend seiner GK", "doppelte")]),
    (r"Liegende Modelle gelten als (ein) \[Größenprofil\]\(#größenprofil\) kleiner als sie sind\.\s*"
     r"Kleine Modelle werden dadurch (nicht noch kleiner)", [("ein", "nicht noch kleiner")]),
    (r"Ein Modell welches eine Eigenschaft in mehreren Stufen besitzt profitiert nur von der (höchsten) Stufe",
     ["höchsten"]),
    (r"Sie können dem Träger (\d) verschiedene Arten von Boni geben", [str(SHIELD_BONUS_KINDS)]),
    (r"Verwegener Angriff - WK\+1 ⊙\s+!!! TODO ([^\n]+)", ["Das funktioniert nach den aktuellen Regeln nicht mehr"]),
    (r"(?s)### Aktionen: Bewegung\n(?:(?!\n### ).)*?!!! danger (Angriffsbewegung) - WK ⊙"
     r"(?:(?!\n### ).)*?!!! danger (Nachladen) - WK ⊙", [("Angriffsbewegung", "Nachladen")]),
    (r"Es wird immer der (aktuelle) Attributswert genommen", ["aktuelle"]),
    (r"Sollte ein zu erreichender Wert (kleiner/gleich 0) sein, entfällt der Wurf", ["kleiner/gleich 0"]),
    (r"Drohnen verfügen nicht über die Attribute (AGI, NK, FK und EH)", ["AGI, NK, FK und EH"]),
    (r"Die Seite wird zerstört und (dort getragene Waffen können nicht mehr verwendet werden)",
     ["dort getragene Waffen können nicht mehr verwendet werden"]),
    (r"Eine (Schusswaffe) verfügt zusätzlich über eine Reichweite in Form eines", ["Schusswaffe"]),
    (r"Welche Trefferzone im Fernkampf und Nahkampf getroffen wird, muss mit (1W12) festgestellt werden",
     ["1W12"]),
]
