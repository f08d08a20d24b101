"""cardgen.errata.sections: a rulebook's sections by heading path, compared block by block."""

from __future__ import annotations

from cardgen.errata.sections import Section, SectionChange, compare_sections, sections

BOOK = """---
title: Regeln
---
Vorwort in
zwei Zeilen.

# Bewegung

Ein Modell   bewegt sich.

## Springen

- Anlauf
- Sprung

| a | b |
|---|---|
| 1 | 2 |

# Kampf

```
# kein Titel
```

## Springen
"""


def test_sections_are_named_by_their_headings_path():
    found = sections("Regeln/Regelbuch.md", BOOK)
    assert list(found) == ["", "Bewegung", "Bewegung › Springen", "Kampf", "Kampf › Springen"]
    assert found[""] == Section("Regeln/Regelbuch.md", "", ("Vorwort in zwei Zeilen.",))   # no front matter
    assert found["Bewegung"].blocks == ("Ein Modell bewegt sich.",)
    assert found["Bewegung › Springen"].blocks == ("- Anlauf - Sprung", "| a | b | |---|---| | 1 | 2 |")
    assert found["Kampf"].blocks == ("``` # kein Titel ```",)                 # a code line is no heading
    assert found["Kampf › Springen"].blocks == ()


def test_a_repeated_path_is_numbered_and_no_text_before_the_first_heading_is_no_section():
    found = sections("r.md", "# A\n\nx\n\n# A\n\ny\n\n# A\n")
    assert list(found) == ["A", "A (2)", "A (3)"]
    assert [s.path for s in found.values()] == ["A", "A (2)", "A (3)"]


def test_a_rewrapped_paragraph_is_no_change_and_a_reworded_one_exactly_one():
    old = sections("r.md", "# A\n\nEins zwei\ndrei.\n\nVier.\n\nFünf.\n")
    assert compare_sections(old, sections("r.md", "# A\n\nEins zwei drei.\n\nVier.\n\nFünf.\n")) == []
    assert compare_sections(old, sections("r.md", "# A\n\nEins zwei drei.\n\nVIER.\n\nFünf.\n")) == [
        SectionChange("r.md", "A", "changed", ("Vier.",), ("VIER.",))]


def test_added_sections_in_the_new_order_and_removed_ones_after_them():
    old = sections("r.md", "# A\n\na\n\n# Alt\n\nweg\n")
    new = sections("r.md", "# Neu\n\nda\n\n# A\n\na\n")
    assert compare_sections(old, new) == [SectionChange("r.md", "Neu", "added", (), ("da",)),
                                          SectionChange("r.md", "Alt", "removed", ("weg",), ())]
