"""Keywords: links from a trait's, damage effect's or power's name to its definition, and ``{{ glossary }}``.

The modes, where a keyword never links, hostile names, the German order of the
glossary, the strict checks, the project file and cache key, and the example
rulebook's PDF read back (link annotations, glossary page numbers).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from rules.memory import content

from cardgen.build.run import rulebook_key
from cardgen.project.file import load_project
from cardgen.rulebook.document import read_document
from cardgen.rulebook.keywords import german_key
from cardgen.rulebook.markdown import make_markdown
from cardgen.stages import load_content

from rulebook.rulebook_parsers import fixture_cases, render_fixture

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")

TRAITS = [
    {"id": "zäh", "name": "Zäh", "max_level": 3, "rules": "Ignoriert einen Schock. Zäh bleibt Zäh."},
    {"id": "fern", "name": "Bewährter Fernkämpfer", "max_level": 3, "rules": "Wiederholt einen FK-Wurf."},
    {"id": "flink", "name": "Flink", "rules": "Schneller. Siehe Zäh."},
]
EFFECTS = [{"id": "brand", "name": "Brand", "icon": "Effekt/brand.svg", "applies_to": "beide", "rules": "Brennt."}]
SCHOOLS = [{"id": "feuer", "name": "Feuer", "colour": "#aa2200"}]
POWERS = [{"id": "funke", "name": "Funke", "school": "feuer", "attribute": "EH", "ap_cost": 2, "target": "modell",
           "range": "distanz", "range_cm": 20, "duration": "instantan", "points": 30, "rules": "Wie Brand."}]


def example(traits=TRAITS, effects=EFFECTS):
    return content(traits=traits, effects=effects, schools=SCHOOLS, powers=POWERS)


def render(text: str, built=None, mode: str | None = None) -> tuple[str, list]:
    env: dict = {"content": example() if built is None else built, "keyword_links": mode}
    html = make_markdown().render(text, env)
    return html, env.get("warnings", [])


def links(html: str) -> list[tuple[str, str]]:
    """(href, text) of every keyword link, in order."""
    return re.findall(r'<a href="#([^"]*)" class="keyword">([^<]*)</a>', html)


DOC = ("## Regeln\n\nZäh und Zäh, Bewährter Fernkämpfer II und Brand.\n\nNoch einmal Zäh.\n\n"
       "### Liste\n\nZäh.\n\n{{ list: traits }}\n\n{{ table: damage-effects }}\n")


@pytest.mark.parametrize("mode, expected", [
    (None, [("trait-zäh", "Zäh"), ("trait-fern", "Bewährter Fernkämpfer II"), ("effect-brand", "Brand"),
            ("trait-zäh", "Zäh")]),
    ("first", [("trait-zäh", "Zäh"), ("trait-fern", "Bewährter Fernkämpfer II"), ("effect-brand", "Brand"),
               ("trait-zäh", "Zäh")]),
    ("every", [("trait-zäh", "Zäh"), ("trait-zäh", "Zäh"), ("trait-fern", "Bewährter Fernkämpfer II"),
               ("effect-brand", "Brand"), ("trait-zäh", "Zäh"), ("trait-zäh", "Zäh"), ("trait-zäh", "Zäh")]),
    ("off", []),
])
def test_modes(mode, expected):
    """first: once per section (the list's section again; Flink's "Siehe Zäh" below it not); every: each
    mention except in Zäh's own entry; off: none.  A trait's level form links whole."""
    html, warnings = render(DOC, mode=mode)
    assert warnings == []
    assert links(html) == expected


def test_the_front_matter_wins_over_the_project():
    html, _ = render("---\nkeyword_links: off\n---\n\nZäh.\n\n{{ list: traits }}\n", mode="every")
    assert links(html) == []
    html, _ = render("---\nkeyword_links: every\n---\n\nZäh, Zäh.\n\n{{ list: traits }}\n", mode="off")
    assert len(links(html)) == 3               # and "Siehe Zäh" in Flink's rules text


def test_a_wrong_front_matter_mode_is_a_warning_and_ignored(tmp_path):
    document = read_document(tmp_path / "R.md", "---\nkeyword_links: alle\n---\n\nZäh, Zäh.\n\n{{ list: traits }}\n",
                             [], content=example())
    assert [(p.line, p.field, p.message) for p in document.problems] == [
        (2, "keyword_links", "expected first, every or off; ignored")]
    assert document.body_html.count('class="keyword"') == 1


def test_never_in_headings_links_code_terms_or_the_own_entry():
    html, _ = render("## Zäh\n\n[Zäh](#trait-zäh) `Zäh` <a href=\"#x\">Zäh</a> ![Zäh](z.svg) zäh Zähigkeit\n\n"
                     "```\nZäh\n```\n\n{{ list: traits }}\n", mode="every")
    assert links(html) == [("trait-zäh", "Zäh")]       # only Flink's rules text
    assert '<h2 id="zäh">Zäh</h2>' in html
    assert '<dt id="trait-zäh"><strong>Zäh</strong>' in html
    assert "<p>Ignoriert einen Schock. Zäh bleibt Zäh.</p>" in html
    assert "<code>Zäh</code>" in html and "<pre><code>Zäh\n</code></pre>" in html


def test_a_heading_of_its_name_is_the_definition_when_no_list_prints_it():
    html, warnings = render("## Regeln\n\nZäh und Flink.\n\n### Zäh\n\nZäh hält aus.\n\n{{ glossary }}\n")
    assert links(html) == [("zäh", "Zäh")]
    assert '<li><a href="#zäh"><span class="term">Zäh</span> <span class="kind">Eigenschaft</span></a></li>' in html
    assert "Flink" not in html.split('<nav class="glossary">')[1]


def test_hostile_names_are_escaped_and_match_as_written():
    traits = [{"id": "böse", "name": "<b>Böse & \"Gut\"</b> (x+)", "rules": "Text."}]
    html, _ = render('Ein <b>Böse & "Gut"</b> (x+) hier.\n\n\\<b>Böse & "Gut"\\</b> (x+) dort.\n\n'
                     "{{ list: traits }}\n\n{{ glossary }}\n", example(traits=traits), mode="every")
    assert '<a href="#trait-böse" class="keyword">&lt;b&gt;Böse &amp; &quot;Gut&quot;&lt;/b&gt; (x+)</a> dort' in html
    assert '<p>Ein <b>Böse &amp; &quot;Gut&quot;</b> (x+) hier.</p>' in html   # raw HTML is no mention
    assert ('<span class="term">&lt;b&gt;Böse &amp; &quot;Gut&quot;&lt;/b&gt; (x+)</span>') in html


@pytest.mark.parametrize("words", [
    ["Abend", "Äbte", "Affe", "Ödland", "Ofen", "Zäh", "Zahn", "Straße", "Strasse", "Strauch", "öl", "Öl"],
])
def test_german_order(words):
    assert sorted(words, key=german_key) == ["Abend", "Äbte", "Affe", "Ödland", "Ofen", "Öl", "öl", "Strasse",
                                             "Straße", "Strauch", "Zäh", "Zahn"]


def test_the_glossary_is_sorted_the_german_way_and_links_to_the_definitions():
    traits = [{"id": i, "name": n, "rules": ""} for i, n in
              (("z", "Zäh"), ("a", "Äther"), ("o", "Ofen"), ("oe", "Ödland"), ("ad", "Adler"))]
    html, _ = render("{{ glossary }}\n\n{{ list: traits }}\n\n{{ table: damage-effects }}\n", example(traits=traits))
    entries = re.findall(r'<li><a href="#([^"]*)"><span class="term">([^<]*)</span> <span class="kind">([^<]*)', html)
    assert entries == [("trait-ad", "Adler", "Eigenschaft"), ("trait-a", "Äther", "Eigenschaft"),
                       ("effect-brand", "Brand", "Schadenseffekt"), ("trait-oe", "Ödland", "Eigenschaft"),
                       ("trait-o", "Ofen", "Eigenschaft"), ("trait-z", "Zäh", "Eigenschaft")]


def test_a_glossary_reports_each_keyword_the_document_never_explains(tmp_path):
    text = "# T\n\n## A\n\nText.\n\n{{ list: traits }}\n\n## Stichwörter\n\n{{ glossary }}\n"
    document = read_document(tmp_path / "R.md", text, [], content=example())
    assert [p.format() for p in document.problems] == [
        f"{tmp_path}/R.md:11: warning: damage effect 'brand' (Brand) is never explained in this document; "
        "print its entry with {{ table: damage-effects }} or give it a heading 'Brand'",
        f"{tmp_path}/R.md:11: warning: power 'funke' (Funke) is never explained in this document; "
        "print its entry with {{ list: powers }} or give it a heading 'Funke'",
    ]


def test_without_a_glossary_nothing_is_claimed(tmp_path):
    document = read_document(tmp_path / "R.md", "# T\n\nZäh.\n", [], content=example())
    assert document.problems == []


def test_content_that_cannot_be_had_is_said_not_silently_skipped(tmp_path):
    from cardgen.rulebook.fromcontent import DirectiveError

    document = read_document(tmp_path / "R.md", "# T\n\nZäh.\n", [], content=DirectiveError("the content has errors"))
    assert [(p.line, p.message) for p in document.problems] == [
        (1, "keywords are not linked and no glossary is filled: the content has errors")]
    assert 'class="keyword"' not in make_markdown().render("Zäh.", {"content": DirectiveError("x")})


def test_links_to_keyword_entries_say_what_is_missing(tmp_path):
    text = "# T\n\n[a](#trait-zäh) [b](#trait-flnk)\n\n[c](#effect-brand)\n\n{{ list: traits }}\n"
    document = read_document(tmp_path / "R.md", text, [], content=example())
    assert [(p.line, p.message) for p in document.problems] == [
        (3, "broken link #trait-flnk: the content has no trait 'flnk' (did you mean '#trait-flink'?)"),
        (5, "broken link #effect-brand: this document has no entry for damage effect 'brand' "
            "(print it with {{ table: damage-effects }})"),
    ]


def test_strict_fails_on_a_keyword_the_rulebook_never_explains(cli, tmp_path):
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", tmp_path / "content",
                    ignore=shutil.ignore_patterns("rulebook"))
    source = tmp_path / "R.md"
    source.write_text("# R\n\n## Eigenschaften\n\n{{ list: traits }}\n\n[Feuer](#power-feuerbal)\n\n"
                      "## Stichwörter\n\n{{ glossary }}\n", encoding="utf-8")
    code, _, err = cli("rulebook", source, "--content", tmp_path / "content", "--out", tmp_path / "R.pdf", "--strict")
    assert code == 1
    assert "R.md:7: warning: broken link #power-feuerbal: the content has no power 'feuerbal' " \
           "(did you mean '#power-feuerball'?)" in err
    assert "R.md:11: warning: damage effect 'brand' (Brand) is never explained" in err
    assert "R.md:11: warning: power 'feuerball' (Feuerball) is never explained" in err
    assert "trait '" not in err
    assert not (tmp_path / "R.pdf").exists()


def test_the_project_file_sets_the_mode(tmp_path):
    (tmp_path / "cardgen.toml").write_text('keyword_links = "every"\n', encoding="utf-8")
    assert load_project(tmp_path / "cardgen.toml").keyword_links == "every"
    (tmp_path / "cardgen.toml").write_text('keyword_links = "alle"\n', encoding="utf-8")
    with pytest.raises(Exception, match="keyword_links: Input should be 'first', 'every' or 'off'"):
        load_project(tmp_path / "cardgen.toml")


def test_the_cache_key_covers_the_keywords_also_without_directives(tmp_path):
    """A rulebook without any directive links the traits: changing a trait's name must rebuild it."""
    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", root)
    source = tmp_path / "book" / "R.md"
    source.parent.mkdir()
    source.write_text("# R\n\nZäh.\n", encoding="utf-8")
    before = rulebook_key(source, load_content(root), "tool")
    trait = root / "traits" / "zäh.yaml"
    trait.write_text(trait.read_text(encoding="utf-8").replace("name: Zäh", "name: Zäher"), encoding="utf-8")
    assert rulebook_key(source, load_content(root), "tool") != before


def _pdf_text(path: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
                          check=True, capture_output=True, text=True).stdout


def _destinations(pdf: pikepdf.Pdf) -> dict[str, int]:
    """Named destination → page number (1-based)."""
    pages = {page.objgen: number for number, page in enumerate(pdf.pages, start=1)}
    found = {}
    names = pikepdf.NameTree(pdf.Root.Names.Dests)
    for name, dest in names.items():
        target = dest[0] if isinstance(dest, pikepdf.Array) else dest.D[0]
        found[str(name)] = pages[target.objgen]
    return found


def _links(pdf: pikepdf.Pdf) -> list[tuple[int, str]]:
    """(page, destination name) of every internal link annotation."""
    found = []
    for number, page in enumerate(pdf.pages, start=1):
        for annot in page.get("/Annots", []):
            if annot.get("/Subtype") == "/Link" and "/Dest" in annot:
                found.append((number, str(annot.Dest)))
            elif annot.get("/Subtype") == "/Link" and "/A" in annot and "/D" in annot.A:
                found.append((number, str(annot.A.D)))
    return found


@needs_poppler
def test_the_example_rulebook_pdf_links_keywords_and_prints_the_glossary_pages(example_build):
    path = example_build.out / "rulebooks" / "rulebook" / "Regeln.pdf"
    built = load_content(example_build.content)
    with pikepdf.open(path) as pdf:
        destinations = _destinations(pdf)
        link_targets = _links(pdf)
        count = len(pdf.pages)
    keywords = {f"trait-{i}": t.name for i, t in built.traits.items()}
    keywords |= {f"power-{i}": p.name for i, p in built.powers.items()}
    keywords |= {f"effect-{i}": e.name for i, e in built.effects.items()}
    assert set(keywords) <= set(destinations)
    # the paragraph about keywords links Zäh, Bewährter Fernkämpfer II, Brand and Feuerball to their definitions
    intro = next(n for n in range(1, count + 1) if "Eigenschaften wie Zäh" in _pdf_text(path, n))
    assert {"trait-zäh", "trait-bewährter_fernkämpfer", "effect-brand", "power-feuerball"} <= {
        target for page, target in link_targets if page == intro}
    glossary = next(n for n in range(1, count + 1) if _pdf_text(path, n).lstrip().startswith("Stichwörter"))
    text = _pdf_text(path, glossary)
    for anchor, name in keywords.items():
        assert re.search(rf"{re.escape(name)} +\S+ +{destinations[anchor]}(\s|$)", text), (name, text)
        assert (glossary, anchor) in link_targets
    assert "Seite" in text                      # the footer is there: the glossary is a real page


@pytest.mark.parametrize("line,text,expected", fixture_cases("keywords"))
def test_fixture(line, text, expected):
    assert render_fixture("keywords", text) == expected
