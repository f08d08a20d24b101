"""``{{ list: … }}``: reference lists from content built in memory (``tests/rules/memory.py``).

The HTML of each kind and filter, the warnings with their line, hostile
content text, the anchors, the points (the rules engine's, as on the card),
and the kinds a list reads for the build cache.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import one_unit_content, unit as unit_file
from rules.memory import content, unit, weapon

from cardgen.build.run import build
from cardgen.cards.view import rules_entries, unit_card
from cardgen.rulebook.directive import kinds_read
from cardgen.rulebook.document import read_document
from cardgen.rulebook.lists import LISTS, list_groups
from cardgen.rulebook.markdown import make_markdown
from cardgen.rules.derive import derive
from cardgen.stages import load_content

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")

TRAITS = [
    {"id": "zäh", "name": "Zäh", "max_level": 3, "points_per_level": 15,
     "rules": "Je Stufe darf das Modell pro Runde einen Schock ignorieren."},
    {"id": "regeneration", "name": "Regeneration", "ap_cost": 2, "uses": 3,
     "rules": "Das Modell erhält 2 TP zurück.\n\nHöchstens bis zum [Startwert](#trait-zäh)."},
    {"id": "flink", "name": "Flink", "modifiers": [{"attribute": "GK", "value": 2, "mode": "permanent"}]},
]
EFFECTS = [{"id": "brand", "name": "Brand", "icon": "Effekt/brand.svg", "applies_to": "beide", "rules": "Brennt."}]
WEAPONS = [
    weapon("pistole", "fernkampf", 1, name="Pistole", strength=3, range="20/3", rules="Handlich."),
    weapon("axt", "nahkampf", 2, name="Axt", strength="+1", damage=2, effects=["brand"], unhandlich=True),
    weapon("granate", "wurf", 3, name="Granate", area_radius=3, uses=2),
]
ARMOR = [
    {"id": "weste", "name": "Weste", "protection": 3, "damage_reduction": 1, "effects": ["brand"]},
    {"id": "schild", "name": "Schild", "shield": {"melee": 1, "armor": 2}, "rules": "Nur von vorn."},
]
EQUIPMENT = [{"id": "funk", "name": "Funkgerät", "ap_cost": 1, "points": 10, "rules": "Ruft Hilfe."}]
SCHOOLS = [{"id": "feuer", "name": "Feuer", "colour": "#aa2200"}, {"id": "geist", "name": "Geist", "colour": "#224488"}]
POWERS = [
    {"id": "funke", "name": "Funke", "school": "feuer", "attribute": "EH", "difficulty": -1, "ap_cost": 2, "tp_loss": 1,
     "target": "modell", "range": "distanz", "range_cm": 20, "duration": "instantan", "points": 30, "level": 2,
     "rules": "Das Ziel erleidet 1 TP Schaden im Umkreis von 3 cm."},
    {"id": "blick", "name": "Blick", "school": "geist", "attribute": "WN", "ap_cost": 1, "target": "selbst",
     "range": "selbst", "duration": "dauerhaft", "points": 20, "rules": "Sieht mehr."},
]
FACTIONS = [{"id": "rot", "name": "Rote", "colour": "#aa0000"}]


def example():
    return content(traits=TRAITS, effects=EFFECTS, weapons=WEAPONS, armor=ARMOR, equipment=EQUIPMENT,
                   schools=SCHOOLS, powers=POWERS, factions=FACTIONS, units=[
                       unit("sturm", name="Sturm", weapons=["pistole"], traits=[{"id": "zäh", "level": 2}],
                            rules="Hält die Stellung."),
                       unit("rotling", name="Rotling", faction="rot", powers=["funke"]),
                   ])


def render(text: str, built=None) -> tuple[str, list]:
    env: dict = {"content": example() if built is None else built}
    html = make_markdown().render(text, env)
    return html, env.get("warnings", [])


def test_traits_name_levels_values_and_rules_paragraphs():
    html, warnings = render("{{ list: traits }}\n")
    assert warnings == []
    assert html == (
        '<div class="content-list traits">\n<dl>\n'
        '<dt id="trait-flink"><strong>Flink</strong></dt>\n'
        '<dt id="trait-regeneration"><strong>Regeneration</strong></dt>\n<dd>\n'
        '<p class="values">2 ⊙ · Einmalnutzung 3×</p>\n'
        '<p>Das Modell erhält 2 TP zurück.</p>\n'
        '<p>Höchstens bis zum <a href="#trait-zäh">Startwert</a>.</p>\n</dd>\n'
        '<dt id="trait-zäh"><strong>Zäh</strong><span class="summary">I–III</span></dt>\n<dd>\n'
        '<p>Je Stufe darf das Modell pro Runde einen Schock ignorieren.</p>\n</dd>\n'
        '</dl>\n</div>\n')


def test_weapons_show_kind_class_and_the_values_of_the_card():
    html, _ = render("{{ list: weapons }}\n")
    assert '<dt id="weapon-axt"><strong>Axt</strong><span class="summary">Nahkampfwaffe, WK II</span></dt>' in html
    assert '<p class="values">Stärke KO+1 · Schaden 2 · Effekte: Brand · unhandlich</p>' in html
    assert '<p class="values">Stärke 4 · Schaden 1 · Fläche 3 cm · Einmalnutzung 2×</p>' in html
    assert ('<span class="summary">Fernkampfwaffe, WK I</span></dt>\n<dd>\n'
            '<p class="values">Reichweite 20/3 · Stärke 3 · Schaden 1</p>\n<p>Handlich.</p>') in html
    assert html.index("weapon-axt") < html.index("weapon-granate") < html.index("weapon-pistole")


def test_armor_and_shields():
    html, _ = render("{{ list: armor }}\n")
    assert ('<dt id="armor-schild"><strong>Schild</strong><span class="summary">Schild</span></dt>\n<dd>\n'
            '<p class="values">NK +1 · Rüstungswurf +2</p>\n<p>Nur von vorn.</p>') in html
    assert '<p class="values">Schutz 3 · Schadensreduktion 1 · Effekte: Brand</p>' in html


def test_equipment():
    html, _ = render("{{ list: equipment }}\n")
    assert ('<dt id="equipment-funk"><strong>Funkgerät</strong></dt>\n<dd>\n<p class="values">1 ⊙</p>\n'
            '<p>Ruft Hilfe.</p>') in html


def test_powers_grouped_by_school_with_the_footer_and_text_of_their_card():
    html, _ = render("{{ list: powers }}\n")
    assert html.index('<p class="content-list-group" id="school-feuer">Feuer</p>') \
        < html.index('id="power-funke"') < html.index('id="school-geist"') < html.index('id="power-blick"')
    assert ('<p class="values">2 AP · Probe auf EH −1 · 1 TP-Verlust bei Misslingen · Ziel: Modell · '
            'Reichweite: Distanz 20 cm · Dauer: Instantan · Sichtlinie</p>') in html
    assert '<span class="summary">Stufe II</span>' in html
    assert "<p>Das Ziel erleidet 1\u00a0TP Schaden im Umkreis von 3\u00a0cm.</p>" in html   # as the power card


def test_units_grouped_by_faction_with_the_points_their_card_prints():
    built = example()
    html, _ = render("{{ list: units }}\n", built)
    derived = derive(built)
    for unit_id in ("sturm", "rotling"):
        points = unit_card(derived.units[unit_id], built).points
        assert f'<dt id="unit-{unit_id}"><strong>{built.units[unit_id].name}</strong>' \
               f'<span class="summary">{points} pkt</span></dt>' in html
    assert html.index('id="faction-rot"') < html.index('id="unit-rotling"') \
        < html.index('id="faction-test"') < html.index('id="unit-sturm"')
    assert "<p>Hält die Stellung.</p>" in html


def test_the_list_prints_the_rules_text_the_card_back_prints():
    built = example()
    back = {entry.name: entry.text for entry in rules_entries(built.units["sturm"], built)}
    html, _ = render("{{ list: traits }}\n", built)
    assert f"<p>{back['Zäh']}</p>" in html


@pytest.mark.parametrize("directive,present,absent", [
    ("{{ list: weapons kind=fernkampf }}", ["weapon-pistole"], ["weapon-axt", "weapon-granate"]),
    ("{{ list: weapons weapon_class=2 }}", ["weapon-axt"], ["weapon-pistole"]),
    ("{{ list: traits max_level=3 }}", ["trait-zäh"], ["trait-flink"]),
    ("{{ list: units faction=rot }}", ["faction-rot", "unit-rotling"], ["faction-test", "unit-sturm"]),
    ("{{ list: powers school=geist }}", ["school-geist", "power-blick"], ["school-feuer", "power-funke"]),
])
def test_filters_keep_the_objects_whose_field_equals_the_value(directive, present, absent):
    html, warnings = render(directive + "\n")
    assert warnings == []
    assert all(f'id="{anchor}"' in html for anchor in present)
    assert not any(f'id="{anchor}"' in html for anchor in absent)


def test_a_list_of_nothing_is_a_warning():
    """A filter value with a typo would otherwise print an empty list without a word."""
    _, warnings = render("{{ list: weapons kind=fernkamf }}\n\n{{ list: equipment }}\n", content())
    assert warnings == [(1, "list directive: list 'weapons' kind=fernkamf lists nothing"),
                        (3, "list directive: list 'equipment' lists nothing")]


def test_unknown_list_and_filter_are_warnings_with_their_line():
    html, warnings = render("# T\n\nText\n\n{{ list: trait }}\n\n{{ list: weapons farbe=rot }}\n")
    assert warnings == [
        (5, "list directive: unknown list 'trait' (did you mean 'traits'?)"),
        (7, "list directive: list 'weapons' has no field 'farbe'"),
    ]
    assert html.count('class="missing-table"') == 2 and "{{ list: trait }}" in html


def test_a_list_without_content_is_a_warning():
    env: dict = {}
    make_markdown().render("{{ list: traits }}\n", env)
    assert env["warnings"] == [(1, "list directive: no content folder (give --content DIR)")]


def test_every_token_of_a_list_carries_the_directive_line():
    tokens = make_markdown().parse("# T\n\n> {{ list: traits }}\n", {"content": example()})
    listed = tokens[tokens.index(next(t for t in tokens if t.type == "content_list_open")):]
    assert all(t.map == [2, 3] for t in listed if t.type != "blockquote_close")
    assert {t.level for t in listed if t.type == "content_list_open"} == {1}


HOSTILE = {
    "id": "böse", "name": "<script>alert(1)</script> *fett* | [x](#y) {{ card: a }}",
    "rules": "<script>alert(2)</script> **fett** | ok {.klasse onclick=x}\n\n"
             "# Kopf\n\n[[toc]]\n\n{{ table: terrain }}\n\nTODO versteckt\n\n!!! danger Aktion\n\n- Liste",
}


def test_hostile_content_text_prints_as_text():
    html, warnings = render("# T\n\n{{ list: traits }}\n", content(traits=[HOSTILE]))
    assert "<script>" not in html
    name = html[html.index('<dt id="trait-böse">'):html.index("</dt>")]
    assert name == ('<dt id="trait-böse"><strong>&lt;script&gt;alert(1)&lt;/script&gt; *fett* | [x](#y) '
                    '{{ card: a }}</strong>')
    assert "<p>&lt;script&gt;alert(2)&lt;/script&gt; <strong>fett</strong> | ok {.klasse onclick=x}</p>" in html
    for paragraph in ("# Kopf", "[[toc]]", "{{ table: terrain }}", "TODO versteckt", "!!! danger Aktion", "- Liste"):
        assert f"<p>{paragraph}</p>" in html
    assert "<h1" not in html.split("</h1>", 1)[1] and "<nav" not in html and "<table" not in html
    assert "onclick" not in html.replace("{.klasse onclick=x}", "")
    assert [message for _, message in warnings] == [     # directive-like text is never silent
        "directive {{ card: a }} works only on a line of its own; here it prints as text",
        "directive {{ table: terrain }} works only on a line of its own; here it prints as text",
    ]


def test_anchors_are_unique_and_links_to_them_are_checked(tmp_path):
    text = ("# T\n\n## Eigenschaften\n\nSiehe [Zäh](#trait-zäh) und [Flunk](#trait-flunk).\n\n"
            "{{ list: traits }}\n\n{{ list: traits max_level=3 }}\n")
    document = read_document(tmp_path / "R.md", text, [], content=example())
    assert document.body_html.count('id="trait-zäh"') == 1
    assert document.body_html.count("<strong>Zäh</strong>") == 2
    assert [p.message for p in document.problems] == [
        "broken link #trait-flunk: the content has no trait 'flunk' (did you mean '#trait-flink'?)"]


def test_lists_add_no_headings_to_the_contents(tmp_path):
    document = read_document(tmp_path / "R.md", "# T\n\n## A\n\n{{ list: units }}\n\n{{ list: powers }}\n", [],
                             content=example())
    assert [h[:2] for h in document.headings] == [(1, "t"), (2, "a")]


def test_a_unit_that_cannot_be_derived_is_a_warning_not_a_blank():
    broken = content(units=[unit("leer", weapons=["fehlt"])])
    _, warnings = render("{{ list: units }}\n", broken)
    assert warnings == [(1, "list directive: unit 'leer' has no points: it names objects the content lacks")]


def test_kinds_read_cover_what_each_list_prints():
    assert kinds_read("{{ list: traits }}\n") == ["traits"]
    assert kinds_read("{{ list: powers }}\n\n{{ list: weapons kind=wurf }}\n") == [
        "damage_effects", "powers", "schools", "weapons"]
    units = kinds_read("!!! note\n    {{ list: units faction=rot }}\n")
    assert units == sorted({"units", "factions", "weapons", "armor", "equipment", "traits", "powers",
                            "damage_effects", "ruleset"})
    assert kinds_read("{{ list: unbekannt }}\n\n{{ list traits }}\n") == []


def test_every_list_lists_its_own_kind_and_reads_it():
    for name, spec in LISTS.items():
        assert spec.kind in spec.reads, name
        assert list_groups(name, {}, example()), name


def pdf_text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                                   text=True).stdout.split())


@needs_poppler
def test_the_example_rulebook_lists_its_traits(example_build):
    """The example rulebook, from the suite's one cold build, prints every trait with its rules text."""
    text = pdf_text(example_build.out / "rulebooks" / "rulebook" / "Regeln.pdf")
    for trait in load_content(example_build.content).traits.values():
        assert trait.name + (f" | I–{'I' * trait.max_level}" if 1 < trait.max_level < 4 else "") in text
        assert " ".join(trait.rules.split()) in text
    assert "Bewährter Fernkämpfer | I–III Je Stufe darf ein FK-Wurf pro Runde einmal wiederholt werden." in text


@needs_poppler
def test_one_build_prints_a_changed_trait_text_on_the_card_back_and_in_the_rulebook(tmp_path):
    """One source of truth: the trait's rules text in YAML is what the card back and the rulebook's
    list print, and a change reaches both in the same (incremental) build."""
    root = one_unit_content(tmp_path / "content")
    (root / "traits").mkdir()
    (root / "rulebook").mkdir()
    (root / "rulebook" / "R.md").write_text("# R\n\n## Eigenschaften\n\n{{ list: traits }}\n", encoding="utf-8")
    (root / "units" / "probe.yaml").write_text(yaml.safe_dump(unit_file("probe", traits=["zäh"])), encoding="utf-8")
    trait = root / "traits" / "zäh.yaml"
    for rules in ("Ignoriert einen Schock pro Runde.", "Ignoriert zwei Schocks pro Runde."):
        trait.write_text(yaml.safe_dump({"id": "zäh", "name": "Zäh", "rules": rules}, allow_unicode=True),
                         encoding="utf-8")
        build(root, tmp_path / "out")
        assert rules in pdf_text(tmp_path / "out" / "cards.pdf")
        assert f"Zäh {rules}" in pdf_text(tmp_path / "out" / "rulebooks" / "rulebook" / "R.pdf")


def test_a_list_prints_the_glossary_s_words_of_the_content_s_language():
    from dataclasses import replace

    from cardgen.content.words import Words

    english = replace(example(), words=Words((
        ("Schutz", "Protection"), ("Einmalnutzung", "Single use"), ("Schild", "Shield"), ("Stufe", "Level"),
        ("KO", "TG"), ("Stärke", "Strength"), ("Nahkampfwaffe", "Melee weapon"), ("unhandlich", "unwieldy"),
        ("Effekte", "Effects"), ("Probe auf", "Test"), ("Keine Stichwörter.", "No keywords."))))
    html, _ = render("{{ list: armor }}\n\n{{ list: traits }}\n\n{{ list: weapons }}\n\n{{ list: powers }}\n", english)
    assert '<p class="values">Protection 3 · Schadensreduktion 1 · Effects: Brand</p>' in html   # untranslated: German
    assert '<span class="summary">Shield</span>' in html and "2 ⊙ · Single use 3×" in html
    assert "Strength TG+1 · Schaden 2 · Effects: Brand · unwieldy" in html
    assert '<span class="summary">Melee weapon, WK II</span>' in html and '<span class="summary">Level II</span>' in html
    assert "Test EH −1" in html and "Probe auf" not in html
    assert '<li class="empty">No keywords.</li>' in render("{{ glossary }}\n", english)[0]
    assert '<li class="empty">Keine Stichwörter.</li>' in render("{{ glossary }}\n")[0]
