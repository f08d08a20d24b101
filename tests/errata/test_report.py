"""cardgen.errata.report: the errata as Markdown, every content value escaped."""

from __future__ import annotations

import pytest

from cardgen.errata.compare import Change
from cardgen.errata.report import errata_markdown, escaped, label
from cardgen.errata.sections import SectionChange


@pytest.mark.parametrize("raw, shown", [
    ("*fett* _x_ `c`", r"\*fett\* \_x\_ \`c\`"),
    ("<script>alert(1)</script>", r"\<script\>alert(1)\</script\>"),
    ("[link](x){.a} | ^^b^^ ~~s~~ &amp; #h $ !", r"\[link\](x)\{.a\} \| \^\^b\^\^ \~\~s\~\~ \&amp; \#h \$ \!"),
    ("zwei\n  Zeilen\t hier", "zwei Zeilen hier"),
    (20, "20"),
])
def test_escaped(raw, shown):
    assert escaped(raw) == shown


def test_label_in_the_errata_words():
    names = {"sturmgewehr": "Sturmgewehr"}
    assert label("weapons.sturmgewehr.damage", names) == "Waffe Sturmgewehr Schaden"
    assert label("attributes.KO", names) == "KO"                  # "attributes" has no word of its own
    assert label("unbekannt.x", names) == "unbekannt x"


def test_no_changes():
    assert errata_markdown("v1", "v2", [], [], {}) == "# Errata: v1 → v2\n\nKeine Änderungen.\n"


def test_the_whole_report_in_the_kinds_order_then_the_rulebook():
    changes = [
        Change("weapons", "pistole", "Pistole", "Revolver", "changed", (("damage", "1", "2"),)),
        Change("units", "probe", "Probe", "Probe", "changed",
               (("weapons.pistole.damage", "1", "2"), ("rules", "–", "*neu*"))),
        Change("units", "neu", None, "Neuling", "added"),
        Change("armor", "weste", "Weste", None, "removed"),
    ]
    section_changes = [SectionChange("Regeln/R.md", "Kampf › Nahkampf", "changed", ("alt.",), ("neu.",)),
                       SectionChange("Regeln/R.md", "", "added", (), ("Vorwort",))]
    assert errata_markdown("v1.0", "HEAD", changes, section_changes, {"pistole": "Revolver"}) == (
        "# Errata: v1.0 → HEAD\n\n"
        "## Einheiten\n\n"
        "### Probe\n\n- Waffe Revolver Schaden: 1 → 2\n- Regeltext: – → \\*neu\\*\n\n"
        "### Neuling (neu)\n\n"
        "## Waffen\n\n"
        "### Pistole → Revolver\n\n- Schaden: 1 → 2\n\n"
        "## Rüstungen\n\n"
        "### Weste (entfernt)\n\n"
        "## Regelbuch\n\n"
        "### Regeln/R.md › Kampf › Nahkampf\n\n- alt: alt.\n- neu: neu.\n\n"
        "### Regeln/R.md (neu)\n\n- neu: Vorwort\n")


def test_a_change_without_names_is_titled_by_its_id():
    change = Change("effects", "brand", None, None, "added")
    assert "### brand (neu)\n" in errata_markdown("a", "b", [change], [], {})
