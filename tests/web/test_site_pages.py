"""cardgen site on the example content and on the rulebook fixture repository: a page for every chapter and
object, no broken link or anchor, each page with lang, title, one h1 and alt texts, the theme's text colours
readable, the same bytes twice."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from conftest import EXAMPLE
from cardgen.build.cache import Cache
from cardgen.build.context import open_run
from cardgen.project.settings import load_settings
from cardgen.rulebook.build import read_source, rulebook_page
from cardgen.site.books import cut_book
from cardgen.site.model import object_path
from cardgen.site.write import TEMPLATES, file_hashes
from cardgen.stages import load_and_derive
from .checks import broken_links, pages, parse
from .conftest import build_edition

pytestmark = pytest.mark.pdf          # the example's card figures are rendered (make test-fast leaves it out)

KINDS = ("units", "factions", "groups", "traits", "weapons", "powers")


def test_every_object_of_the_example_has_a_page(example_site):
    content, derived = load_and_derive(EXAMPLE)
    for kind in KINDS:
        ids = derived.units if kind == "units" else getattr(content, kind)
        assert ids, kind
        missing = [i for i in ids if not (example_site / object_path(kind, i)).is_file()]
        assert missing == [], f"{kind} without a page: {missing}"
    assert (example_site / "glossar.html").is_file() and (example_site / "index.html").is_file()


def test_every_chapter_has_a_page_as_the_pdf_cuts_it(example_site, tmp_path):
    settings = load_settings(tmp_path, content=EXAMPLE, out=tmp_path / "out")
    ctx = open_run(settings)
    source = EXAMPLE / "rulebook" / "Regeln.md"
    page = rulebook_page(source, read_source(source), [], content=ctx.content, project=ctx.project, theme=ctx.theme)
    count = cut_book(page, Cache(tmp_path / "out")).count
    assert count > 1
    chapters = sorted((example_site / "regeln" / "rulebook-Regeln").glob("kapitel-*.html"))
    assert len(chapters) == count


def test_the_fixture_repositorys_books_are_cut_at_their_h2(fixture_site):
    book = fixture_site / "regeln" / "Regeln-Regelbuch"
    titles = [parse(p).title.split(" – ")[0] for p in sorted(book.glob("kapitel-*.html"))]
    assert "Grundlagen" in titles and "Marker" in titles
    text = (book / "kapitel-1.html").read_text(encoding="utf-8")
    assert 'rel="next" href="../../regeln/Regeln-Regelbuch/kapitel-2.html"' in text


@pytest.mark.parametrize("which", ["example_site", "fixture_site"])
def test_no_link_or_anchor_is_broken(which, request):
    site = request.getfixturevalue(which)
    assert len(pages(site)) > 10
    assert broken_links(site) == []


def test_the_link_check_finds_a_broken_anchor(example_site, tmp_path):
    """The check can fail: a page with a missing file and a missing anchor."""
    (tmp_path / "index.html").write_text('<html lang="de"><a href="x.html">x</a><a href="#nah">y</a></html>')
    assert broken_links(tmp_path) == ["index.html: x.html (no such file)", "index.html: #nah (no such anchor)"]


@pytest.mark.parametrize("which", ["example_site", "fixture_site"])
def test_each_page_has_lang_title_one_h1_and_alt_texts(which, request):
    site = request.getfixturevalue(which)
    for page in pages(site):
        parsed = parse(page)
        where = page.relative_to(site)
        assert parsed.lang == "de", where
        assert parsed.title.strip(), where
        assert parsed.h1 == 1, f"{where}: {parsed.h1} h1"
        assert parsed.images_without_alt == [], where


def test_a_unit_page_shows_card_values_weapons_traits_groups_and_odds(example_site):
    text = (example_site / "einheit" / "seherin.html").read_text(encoding="utf-8")
    for part in ("Vorderseite", "Rückseite", "Trefferpunkte (TP)", "Waffen", "Schwebt: ignoriert Passierbarkeit",
                 "Chancen gegen die anderen Fraktionen", "../eigenschaft/scharfe_sinne.html", "../kraft/gedankenschlag.html",
                 "Punkte"):
        assert part in text, part
    assert "file:" not in text and "about:invalid" not in text


def test_a_trait_page_links_to_its_definition_in_the_rulebook(example_site):
    text = (example_site / "eigenschaft" / "scharfe_sinne.html").read_text(encoding="utf-8")
    assert '<h2>Im Regelbuch</h2>' in text and 'kapitel-' in text and "#trait-scharfe_sinne" in text


def _luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


PAIRS = (("text", "background"), ("muted", "background"), ("link", "background"), ("bar-text", "bar"),
         ("note-text", "note"))


@pytest.mark.parametrize("scheme", [0, 1], ids=["light", "dark"])
def test_the_theme_text_colours_contrast_at_least_4_5(scheme):
    css = (TEMPLATES / "site.css").read_text(encoding="utf-8")
    blocks = re.findall(r":root\s*\{([^}]*)\}", css)
    assert len(blocks) == 2
    colours = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", blocks[scheme]))
    for text, background in PAIRS:
        assert contrast(colours[text], colours[background]) >= 4.5, (text, background)


def test_contrast_is_computed_as_wcag_says():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert contrast("#777777", "#ffffff") < 4.5


def test_the_same_input_gives_the_same_bytes(example_site, tmp_path):
    """The whole edition, Pagefind's index and the service worker's list included."""
    again = build_edition(tmp_path, tmp_path / "build", EXAMPLE)
    assert file_hashes(again) == file_hashes(example_site)


def test_the_service_worker_lists_every_file_with_its_hash(example_site):
    worker = (example_site / "sw.js").read_text(encoding="utf-8")
    hashes = {p: h for p, h in file_hashes(example_site).items() if p != "sw.js"}
    assert all(f'"{path}": "{sha}"' in worker for path, sha in hashes.items())
    assert '"index.html"' in worker and '"pagefind/pagefind.js"' in worker
    assert (example_site / "manifest.webmanifest").is_file()


def indexed_pages(site: Path) -> dict[str, str]:
    """Pagefind's index as its fragments hold it (gzip, ``pagefind_dcd`` then JSON): url → indexed text."""
    found = {}
    for fragment in sorted((site / "pagefind" / "fragment").iterdir()):
        data = json.loads(gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd"))
        found[data["url"]] = data["content"]
    return found


def test_the_search_index_finds_a_unit_by_a_rules_word_and_by_its_name(example_site):
    """German (``de_`` fragments: stemmed as German), the unit's page holding its rules text and name."""
    assert all(f.name.startswith("de_") for f in (example_site / "pagefind" / "fragment").iterdir())
    index = indexed_pages(example_site)
    with_word = [url for url, text in index.items() if "Passierbarkeit" in text]
    assert "/einheit/seherin.html" in with_word
    assert "Seherin" in index["/einheit/seherin.html"]
    assert "/" in index            # the front page (Pagefind names it by its folder)


@pytest.mark.parametrize("which", ["example_site", "fixture_site"])
def test_every_rule_section_has_a_deep_link(which, request):
    """Every heading of every chapter has an id (a section can be linked to, and search results land there)."""
    site = request.getfixturevalue(which)
    for chapter in (site / "regeln").rglob("kapitel-*.html"):
        text = chapter.read_text(encoding="utf-8").split('<div class="book">')[1].split('<nav class="chapters"')[0]
        without = re.findall(r"<h[1-6](?![^>]*\sid=)[^>]*>", text)
        assert without == [], f"{chapter.name}: {without}"
