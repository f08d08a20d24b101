"""Fuzzing the rulebook with random and mutated Markdown (front matter included): the Markdown →
checked HTML stage, and a few whole builds to PDF, end without a traceback and without a hang.

Anything but a :class:`CardgenError` escaping is a bug; so is an example that runs longer than
``ALARM_SECONDS`` (a per-example alarm fails it instead of hanging CI).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardgen.stages import load_content
from cardgen.errors import CardgenError
from cardgen.rulebook.build import build_rulebook
from cardgen.rulebook.document import read_document
from cardgen.rulebook.layout import book_html
from conftest import FIXTURES, no_hang
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

ALARM_SECONDS = 20
MAX_BUILD_CHARS = 3000      # the whole-build examples stay small: a PDF each
SEEDS = sorted((Path(__file__).parents[1] / "rulebook" / "fixtures").rglob("*.md"))
CONTENT = FIXTURES / "rules"


@lru_cache(maxsize=1)
def _content():
    return load_content(CONTENT)


# --- documents from the dialect's pieces ----------------------------------------------------------

words = st.text(st.sampled_from("abcäß XYZ09-_:#*_`[](){}<>!|^\\&;\"'~=./"), max_size=20)
lengths = st.sampled_from(["40pt", "300", "1e9px", "-3cm", "abc", "\"", "100%", ""])
sources = st.sampled_from(["Grafiken/Effekt/brand.svg", "fehlt.png", "../../etc/passwd", "/etc/passwd",
                           "file:///etc/hostname", "http://example.com/x.png", "data:image/png;base64,xx",
                           "<a b>", "a b.svg", "Größe/klein.svg", ""])
html_tags = st.sampled_from(["<div>", "</div>", "<span>", "</span>", "<b>", "</b>", "<p>", "<br/>",
                             "<img src=x>", "<!--", "-->", "<style>p{color:red}</style>", "<table><tr><td>",
                             "<svg><g>", "</li>", "<a href='#x'>", "<script>x</script>", "<div/>",
                             "<td colspan=\"99999999\">", "<![ x y>", "<![CDATA[",
                             "<col span=5000>", "<td rowspan=70000>",
                             "<div style=\"font-size: 1e10pt\">", "<span style=\"word-spacing: 1e30px\">"])
headings = st.builds(lambda level, text: "#" * level + " " + text, st.integers(1, 7), words)
admonitions = st.builds(lambda kind, title, body: f"!!! {kind} {title}\n" + "".join(f"    {b}\n" for b in body),
                        st.sampled_from(["danger", "warning", "note", "TODO", "example", "x-y", ""]),
                        st.sampled_from(["Titel", '""', '"a"', "Bewegung - 1-2 ⊙", "*x*", ""]),
                        st.lists(words, max_size=3))
tables = st.builds(lambda head, rows: (f"| {head} | b |\n|:--:|--|\n"
                                       + "".join(f"| {a} | {b} |\n" for a, b in rows)),
                   words, st.lists(st.tuples(st.sampled_from(["^^", "x", "", "^^ ", "\\|"]), words), max_size=4))
images = st.builds(lambda alt, src, attr: f"![{alt}]({src}){attr}", words, sources,
                   st.one_of(st.just(""), lengths.map(lambda v: f"{{width={v}}}"),
                             st.sampled_from(["{.img_border}", "{height=2cm}{.a}", "{", "{width=\"x\"}"])))
links = st.builds(lambda text, target: f"[{text}]({target})", words,
                  st.sampled_from(["#regeln", "#fehlt", "#", "#Regeln", "javascript:x", "file:///etc/passwd",
                                   "<>"]))
directives = st.builds(lambda name, flt: f"{{{{ table: {name}{flt} }}}}",
                       st.sampled_from(["damage-effects", "weapon-classes", "terrain", "waffen", "x"]),
                       st.sampled_from(["", " applies_to=waffen", " farbe=rot", " kind=nahkampf"]))
front_values = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), lengths, words)
front_matter = st.builds(
    lambda fmt, landscape, margin, header, extra: (
        "---\npuppeteer:\n  pdf:\n" f"    format: {fmt}\n    landscape: {landscape}\n"
        f"    margin: {{top: '{margin}', left: {margin!r}}}\n    displayHeaderFooter: true\n"
        f"    footerTemplate: '<span class=\"pageNumber\"></span> {header}'\n{extra}---\n"),
    st.sampled_from(["A4", "A5", "letter", "x", "[1, 2]", "{a: b}"]), front_values, lengths, words,
    st.sampled_from(["", "  toc: true\n", "x: [\n", "  - a\n", "a: &x [*x]\n", "puppeteer: 3\n"]))
nested = st.builds(lambda piece, times: piece * times,
                   st.sampled_from(["<div>", "</div>", "> ", "*", "_", "[", "<span>", "<b>", "!!! note x\n    ",
                                    "- ", "1. ", "  ", "**[", "~~"]), st.integers(0, 300))
pieces = st.one_of(
    nested, headings, admonitions, tables, images, links, directives, html_tags, words,
    st.sampled_from(["[[toc]]", "TODO austauschen", "> Zitat", "- Liste", "    code", "```\nfence", "---",
                     "*", "**", "^^", "!!!", "{{", "}}", "{.c}", "Version {align=\"center\"}", "1. eins",
                     "Text {style=\"font-size: 1e10pt\"}"]))
documents = st.builds(
    lambda front, parts, seps: front + "".join(p + s for p, s in zip(parts, seps)),
    st.one_of(st.just(""), front_matter),
    st.lists(pieces, max_size=20), st.lists(st.sampled_from(["\n", "\n\n", " ", "\n    ", "\n> "]),
                                            min_size=20, max_size=20))


# --- mutations of the real fixture files -----------------------------------------------------------

INSERTS = ["{", "}", "[", "]", "<", ">", "*", "_", "^^", "!!!", "\n", "    ", "`", "|", "---\n", "{{", "}}",
           "<div>", "](#", "\\", "!!! TODO ", "[[toc]]", "> ", "- ", "\0", "\ufeff"]
edits = st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "insert"]), st.integers(0, 10**6),
                           st.integers(1, 40), st.sampled_from(INSERTS)), max_size=8)


def mutate(text: str, changes: list[tuple[str, int, int, str]]) -> str:
    for kind, position, length, insert in changes:
        at = position % (len(text) + 1)
        if kind == "delete":
            text = text[:at] + text[at + length:]
        elif kind == "duplicate":
            text = text[:at] + text[at:at + length] * 2 + text[at + length:]
        else:
            text = text[:at] + insert + text[at:]
    return text


def check_html(tmp_path: Path, text: str, draft: bool = False) -> None:
    """The Markdown → checked HTML stage: a result or a CardgenError, within the time limit."""
    with no_hang(ALARM_SECONDS):
        try:
            document = read_document(tmp_path / "Regeln.md", text, [], draft=draft, content=_content())
            book_html(document, draft=draft)
        except CardgenError:
            pass


FAST = settings(max_examples=100, deadline=5000, suppress_health_check=[HealthCheck.function_scoped_fixture])
BUILDS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(documents, st.booleans())
@example(text="!!! TODO\n" + "    " * 40 + "- x", draft=True)
@example(text="<div>\n<![ x y>\n</div>\n", draft=False)                   # was AssertionError
def test_random_rulebooks_give_html_or_a_cardgen_error(tmp_path, text, draft):
    check_html(tmp_path, text, draft)


@FAST
@given(st.sampled_from(SEEDS), edits)
def test_mutated_fixtures_give_html_or_a_cardgen_error(tmp_path, seed, changes):
    check_html(tmp_path, mutate(seed.read_text(encoding="utf-8"), changes))


@BUILDS
@example(text="<div>" * 500 + "x")                                          # was RecursionError
@example(text="a " + "*" * 1500 + "x" + "*" * 1500)                          # was RecursionError
@example(text="<table><tr><td colspan=\"99999999\">a</td></tr></table>")   # was a hang
@example(text="<table><col span=\"99999999\"><tr><td>a</td></tr></table>")  # was a hang
@example(text="<div style=\"font-size: 1e10pt\">x</div>")                  # was ZeroDivisionError
@example(text="<span style=\"word-spacing: 1e30px\">a b</span>")           # was OverflowError
@given(st.one_of(documents, st.builds(mutate, st.sampled_from(SEEDS).map(lambda p: p.read_text("utf-8")), edits))
       .filter(lambda text: len(text) <= MAX_BUILD_CHARS))
def test_random_rulebooks_build_a_pdf_or_a_cardgen_error(tmp_path, text):
    source = tmp_path / "Regeln.md"
    source.write_text(text, encoding="utf-8", errors="surrogatepass")
    with no_hang(ALARM_SECONDS):
        try:
            build_rulebook(source, tmp_path / "Regeln.pdf", content_dir=CONTENT)
        except CardgenError:
            pass
