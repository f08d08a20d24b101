"""The directive's tables: weapon classes and terrain, in the vocabulary's roman numerals."""

from __future__ import annotations

from cardgen.rulebook.directive import weapon_classes_table, terrain_table


def test_directive_prints_roman_classes_and_cover():
    weapon = type("W", (), {"weapon_class": 4, "kind": "nahkampf", "name": "Axt"})
    assert "| IV | Axt |  |" in weapon_classes_table([weapon])
    rows = terrain_table([type("T", (), {"name": "Wald", "passierbarkeit": 2, "deckung": d, "sichtweite": None,
                                         "rules": ""}) for d in (None, 0, 3)])
    assert [row.split("|")[3].strip() for row in rows[2:]] == ["-", "0", "III"]
