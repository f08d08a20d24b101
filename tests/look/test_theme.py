"""The project's look layered on cardgen's (cardgen.look.theme, cardgen.fonts.lookup): the order of the
stylesheets as it shows on the rendered page, the project's fonts embedded by family name, theme
templates (sandboxed, read only inside the theme), and the cache keys that follow the theme."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader
from PIL import ImageChops

from cardgen.cards.planning import plan_faces
from cardgen.build.context import CardOptions
from cardgen.errors import RenderError
from fontfixture import renamed_font
from cardgen.project.file import load_project
from cardgen.rulebook.build import build_rulebook
from cardgen.rules.derive import derive
from cardgen.stages import load_content
from cardgen.look.theme import Theme, theme_for

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

RED, BLUE, GREEN = (255, 0, 0), (0, 0, 255), (0, 160, 0)
SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "small"
BOOK = "# Regeln\n\nvorn\n\n## Bewegung\n\nText.\n"


def make_project(root: Path, toml: str = "", files: dict[str, str] | None = None):
    """A project at ``root``: ``cardgen.toml`` holding ``toml`` and ``files`` (path → text); the Project."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "cardgen.toml").write_text(toml, encoding="utf-8")
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return load_project(root / "cardgen.toml")


def make_font(target: Path, family: str = "Nova Round", postscript: str = "NovaRound-Regular") -> Path:
    """DejaVu Sans (Latin) renamed to ``family`` (and PostScript name ``postscript``), saved as ``target``."""
    return renamed_font(target, {1: family, 4: family, 16: family, 6: postscript})


def first_page(pdf: bytes, dpi: int = 50, number: int = 0):
    """Page ``number`` (default: the first) of ``pdf`` as an RGB image."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[number].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def font_names(pdf: bytes) -> set[str]:
    """The base names of every font the PDF embeds (subset prefixes dropped)."""
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            name = str(ref.get_object().get("/BaseFont", ""))
            found.add(name.lstrip("/").split("+")[-1])
    return found




def corner(pdf: bytes) -> tuple[int, int, int]:
    """The background colour of the first page: below its title, left of the middle (nothing printed there)."""
    image = first_page(pdf)
    return image.getpixel((image.width // 4, image.height * 3 // 4))


def book(root: Path, project, theme: Theme | None = None, text: str = BOOK):
    source = root / "Regeln" / "Regeln.md"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(text, encoding="utf-8")
    return build_rulebook(source, root / "out.pdf", write=False, project=project, theme=theme)


def test_theme_stylesheet_comes_after_cardgen_and_css_option_after_the_theme(tmp_path):
    project = make_project(tmp_path, files={"theme/rulebook.css": "html { background: rgb(255, 0, 0); }",
                                            "extra.css": "html { background: rgb(0, 0, 255); }"})
    assert corner(book(tmp_path, project).pdf) == (255, 255, 255)            # no theme given: cardgen's look
    themed = book(tmp_path, project, theme_for(project))
    assert corner(themed.pdf) == RED and themed.warnings == []
    assert corner(book(tmp_path, project, theme_for(project, [tmp_path / "extra.css"])).pdf) == BLUE


def test_project_file_stylesheets_come_between_theme_and_css_option(tmp_path):
    project = make_project(tmp_path, '[css]\nrulebook = ["look.css"]\ncards = ["cards.css"]\n',
                           {"theme/rulebook.css": "html { background: rgb(255, 0, 0); }",
                            "look.css": "html { background: rgb(0, 160, 0); }", "cards.css": ""})
    theme = theme_for(project)
    assert [p.name for p in theme.stylesheets("rulebook")] == ["rulebook.css", "look.css"]
    assert [p.name for p in theme.stylesheets("cards")] == ["cards.css"]
    assert theme.stylesheets("powers") == () and theme.stylesheets("groups") == ()
    assert corner(book(tmp_path, project, theme).pdf) == GREEN


def test_a_variable_restyles_the_rulebook(tmp_path):
    project = make_project(tmp_path, files={"theme/rulebook.css": ":root { --cardgen-h2-rule: rgb(0, 0, 255); "
                                                                  "--cardgen-text: rgb(0, 0, 255); }"})
    plain, themed = book(tmp_path, project).pdf, book(tmp_path, project, theme_for(project)).pdf

    def blue(pdf: bytes) -> int:
        """The pixels of page 2 with blue above 200 and red below 80 (PIL's channel arithmetic:
        a Python loop over every pixel costs seconds)."""
        red, _, blue = first_page(pdf, 100, number=1).convert("RGB").split()
        both = ImageChops.multiply(blue.point(lambda v: 255 if v > 200 else 0),
                                   red.point(lambda v: 255 if v < 80 else 0))
        return both.histogram()[255]
    assert blue(plain) == 0 < blue(themed)


def test_front_matter_css_comes_last_and_bad_values_warn_at_their_line(tmp_path):
    project = make_project(tmp_path, files={"theme/rulebook.css": "html { background: rgb(255, 0, 0); }",
                                            "Regeln/own.css": "html { background: rgb(0, 0, 255); }"})
    result = book(tmp_path, project, theme_for(project), "---\ncss: own.css\n---\n" + BOOK)
    assert corner(result.pdf) == BLUE and result.warnings == []
    result = book(tmp_path, project, theme_for(project),
                  "---\ncss:\n  - own.css\n  - 12\n  - ../../outside.css\ntoc: 3\n---\n" + BOOK)
    assert corner(result.pdf) == BLUE
    shown = [(p.line, p.field, p.message) for p in result.warnings]
    assert shown == [(4, "css[1]", "expected a stylesheet path (text) relative to the document; ignored"),
                     (5, "css", "stylesheet not used: ../../outside.css: no such file"),
                     (6, "toc", "expected a mapping like {levels: [2, 3]}; ignored")]


def test_a_front_matter_stylesheet_outside_the_allowed_folders_is_refused(tmp_path):
    (tmp_path / "secret.css").write_text("html { background: rgb(255, 0, 0); }", encoding="utf-8")
    project = make_project(tmp_path / "repo")
    result = book(tmp_path / "repo", project, theme_for(project), "---\ncss: ../../secret.css\n---\n" + BOOK)
    assert corner(result.pdf) == (255, 255, 255)
    assert [(p.line, p.message) for p in result.warnings] == [
        (2, "stylesheet not used: ../../secret.css: its real path lies outside the allowed folders")]


def test_a_font_from_the_project_is_embedded_by_family_name(tmp_path):
    project = make_project(tmp_path, files={"theme/rulebook.css": 'h2 { font-family: "Nova Round"; }'})
    make_font(tmp_path / "Fonts" / "NovaRound-Regular.ttf")
    project = load_project(tmp_path / "cardgen.toml")           # Fonts/ exists now: a default font folder
    theme = theme_for(project)
    assert '"Nova Round"' in theme.font_faces and theme.warnings == ()
    result = book(tmp_path, project, theme)
    assert "Nova-Round-Bold" in font_names(result.pdf) and result.warnings == []     # h2 is bold
    assert not any("Nova" in name for name in font_names(book(tmp_path, project).pdf))


def test_the_faces_a_project_family_lacks_are_synthesised_unless_the_project_file_says_no(tmp_path):
    from cardgen.speed.usercache import user_cache_folder

    make_font(tmp_path / "Fonts" / "NovaRound-Regular.ttf")
    theme = theme_for(make_project(tmp_path))
    cache = user_cache_folder("fonts")
    assert cache is not None and cache.resolve() in theme.roots and tmp_path.resolve() in theme.roots
    rules = theme.font_faces.splitlines()
    assert [rule.split("font-weight: ")[1] for rule in rules] == [
        "400; font-style: normal; }", "400; font-style: italic; }", "700; font-style: normal; }",
        "700; font-style: italic; }"]
    assert all(cache.as_uri() in rule for rule in rules[1:])
    assert theme.fonts == (tmp_path / "Fonts" / "NovaRound-Regular.ttf",) and theme.warnings == ()
    assert theme.notes == ("note: the font family Nova Round has no bold, italic or bold italic face: cardgen "
                           "synthesised them as Chromium does (font_synthesis = false in cardgen.toml turns this off)",)

    plain = theme_for(make_project(tmp_path, "font_synthesis = false\n"))
    assert plain.font_faces == rules[0] and plain.notes == () and plain.roots == (tmp_path.resolve(),)
    assert plain.digest() != theme.digest()


def test_a_font_that_cannot_be_read_is_a_warning_naming_it(tmp_path):
    make_project(tmp_path, files={"fonts/broken.ttf": "not a font", "theme/fonts/notes.txt": "x"})
    make_font(tmp_path / "theme" / "fonts" / "Bold.otf", "Nova Round", "NovaRound-Bold")
    theme = theme_for(load_project(tmp_path / "cardgen.toml"))
    assert [(Path(p.file).name, p.severity) for p in theme.warnings] == [("broken.ttf", "warning")]
    assert theme.warnings[0].message.startswith("font not used: not a font file fontTools can read")
    assert theme.fonts == (tmp_path / "theme" / "fonts" / "Bold.otf",)


def test_without_a_project_file_only_css_options_count(tmp_path):
    from cardgen.project.file import find_project

    (tmp_path / "theme").mkdir()
    (tmp_path / "theme" / "rulebook.css").write_text("html { background: red; }", encoding="utf-8")
    make_font(tmp_path / "Fonts" / "x.ttf")
    theme = theme_for(find_project(tmp_path))
    assert theme.stylesheets("rulebook") == () and theme.font_faces == "" and theme.roots == ()
    assert theme.digest() == Theme().digest()


def test_a_theme_template_replaces_cardgen_s_by_name(tmp_path):
    template = (Path(__file__).resolve().parents[2] / "cardgen" / "templates" / "rulebook" / "book.html.j2")
    own = template.read_text(encoding="utf-8").replace("<main>", "<main><p>Eigene Vorlage</p>")
    project = make_project(tmp_path, files={"theme/templates/rulebook/book.html.j2": own})
    text = PdfReader(io.BytesIO(book(tmp_path, project, theme_for(project)).pdf)).pages[1].extract_text()
    assert "Eigene Vorlage" in text


@pytest.mark.parametrize("attack", ["{{ ''.__class__.__mro__ }}", "{{ cycler.__init__.__globals__ }}",
                                    "{{ page.__class__.__init__.__globals__['os'] }}"])
def test_a_sandbox_escape_in_a_theme_template_is_a_clean_render_error(tmp_path, attack):
    project = make_project(tmp_path, files={"theme/templates/rulebook/book.html.j2": attack})
    with pytest.raises(RenderError, match=r"template rulebook/book.html.j2: .*unsafe|is undefined"):
        book(tmp_path, project, theme_for(project))


def test_a_theme_template_linked_out_of_the_theme_is_refused(tmp_path):
    project = make_project(tmp_path, files={"secret.html.j2": "{{ title }}"})
    (tmp_path / "theme" / "templates" / "rulebook").mkdir(parents=True)
    (tmp_path / "theme" / "templates" / "rulebook" / "book.html.j2").symlink_to(tmp_path / "secret.html.j2")
    project = load_project(tmp_path / "cardgen.toml")
    with pytest.raises(RenderError, match="its real path lies outside the allowed folders"):
        book(tmp_path, project, theme_for(project))


def test_a_theme_change_changes_the_cache_keys(tmp_path):
    content = load_content(SMALL)
    derived = derive(content)
    project = make_project(tmp_path, files={"theme/cards.css": ":root { --cardgen-text: #000; }"})

    def keys(theme: Theme | None) -> list[str]:
        return [job.key for job in plan_faces(content, CardOptions(), "tool", derived, theme)]
    plain, themed = keys(None), keys(theme_for(project))
    assert plain == keys(Theme()) and not set(plain) & set(themed)
    assert keys(theme_for(project)) == themed                     # same files, same keys
    (tmp_path / "theme" / "cards.css").write_text(":root { --cardgen-text: #111; }", encoding="utf-8")
    assert not set(keys(theme_for(project))) & set(themed)          # an edited stylesheet
    digest = theme_for(project).digest()
    (tmp_path / "theme" / "templates" / "cards").mkdir(parents=True)
    (tmp_path / "theme" / "templates" / "cards" / "face.html.j2").write_text("x", encoding="utf-8")
    assert theme_for(load_project(tmp_path / "cardgen.toml")).digest() != digest   # a template


def test_the_theme_digest_does_not_depend_on_where_the_project_lies(tmp_path):
    files = {"theme/cards.css": "a {}", "theme/templates/cards/x.j2": "y"}
    first = make_project(tmp_path / "a", files=files)
    second = make_project(tmp_path / "b", files=files)
    assert theme_for(first).digest() == theme_for(second).digest()
