"""The project file ``cardgen.toml``: found like git finds ``.git``, every key read, every mistake
reported as ``file:line:col: key: message`` in one run, and every command taking its defaults
from it (an option on the command line wins; without a project file nothing changes)."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from cardgen.build.run import rulebook_key
from cardgen.commands.main import main
from cardgen.errors import ContentError
from cardgen.project.file import PROJECT_FILE, Project, find_project, load_project
from cardgen.stages import load_content
from conftest import one_unit_content

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

FULL = """\
content   = "Inhalt"
out       = "Ausgabe"
rulebooks = ["Regeln/*.md"]
assets    = ["Grafiken"]
theme     = "Aussehen"
fonts     = ["Schriften"]
font_synthesis = false
strict    = true

[toc]
levels = [2, 3]

[css]
rulebook = ["Regeln/markdown.css"]
cards    = ["Aussehen/karten.css"]
powers   = []
groups   = ["Aussehen/gruppen.css"]
"""


def write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def run(capsys, monkeypatch):
    """``run(folder, *args)``: ``cardgen ARGS`` in-process with ``folder`` as the current folder."""

    def go(folder: Path, *args: object) -> tuple[int, str, str]:
        monkeypatch.chdir(folder)
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return go


def errors_of(path: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_project(path)
    return [line.replace(f"{path.parent}{os.sep}", "") for line in caught.value.lines()]


# --- finding and reading ----------------------------------------------------------------------------


def test_the_project_file_is_found_from_a_sub_folder(tmp_path):
    write(tmp_path / PROJECT_FILE, 'content = "Inhalt"\n')
    deep = tmp_path / "Regeln" / "Grafiken"
    deep.mkdir(parents=True)
    project = find_project(deep)
    assert project.root == tmp_path.absolute()
    assert project.file == tmp_path.absolute() / PROJECT_FILE
    assert project.content == tmp_path.absolute() / "Inhalt"


def test_without_a_project_file_everything_is_as_before(tmp_path):
    project = find_project(tmp_path)
    assert project == Project(root=tmp_path.absolute())
    assert (project.file, project.content, project.out, project.strict) == (None, Path("content"), Path("build"),
                                                                           False)
    assert project.allowed_roots == () and project.rulebook_sources() is None and project.theme is None


def test_every_key_is_read(tmp_path):
    for folder in ("Inhalt", "Grafiken", "Aussehen", "Schriften", "Regeln/Unter"):
        (tmp_path / folder).mkdir(parents=True)
    for name in ("Regeln/markdown.css", "Aussehen/karten.css", "Aussehen/gruppen.css", "Regeln/Regelbuch.md",
                 "Regeln/Anhang.md", "Regeln/notizen.txt", "Regeln/Unter/tief.md"):
        write(tmp_path / name)
    project = load_project(write(tmp_path / PROJECT_FILE, FULL))
    root = tmp_path.absolute()
    assert project == Project(
        root=root, file=root / PROJECT_FILE, content=root / "Inhalt", out=root / "Ausgabe",
        rulebooks=("Regeln/*.md",), content_named=True, assets=(root / "Grafiken",), theme=root / "Aussehen",
        fonts=(root / "Schriften",), font_synthesis=False, strict=True, toc_levels=(2, 3),
        css={"rulebook": (root / "Regeln/markdown.css",), "cards": (root / "Aussehen/karten.css",),
             "powers": (), "groups": (root / "Aussehen/gruppen.css",)})
    assert project.allowed_roots == (root,)
    assert project.rulebook_sources() == [root / "Regeln/Anhang.md", root / "Regeln/Regelbuch.md"]
    assert project.stylesheets("cards") == (root / "Aussehen/karten.css",)


def test_defaults_of_an_empty_project_file(tmp_path):
    (tmp_path / "Fonts").mkdir()
    (tmp_path / "theme" / "fonts").mkdir(parents=True)
    project = load_project(write(tmp_path / PROJECT_FILE))
    root = tmp_path.absolute()
    assert (project.content, project.out, project.rulebooks, project.strict) == (root / "content", root / "build",
                                                                                 None, False)
    assert project.theme == root / "theme"
    assert project.fonts == (root / "Fonts", root / "theme" / "fonts")
    assert project.font_synthesis is True                  # as the designer's Chromium did
    assert project.toc_levels is None


def test_no_rulebooks_at_all(tmp_path):
    write(tmp_path / "content" / "r.md")
    assert load_project(write(tmp_path / PROJECT_FILE, "rulebooks = []\n")).rulebook_sources() == []


# --- every mistake, all at once ---------------------------------------------------------------------


def test_every_mistake_is_reported_in_one_run(tmp_path):
    outside = tmp_path / "outside"
    (outside / "pics").mkdir(parents=True)
    root = tmp_path / "repo"
    root.mkdir()
    (root / "Grafiken").symlink_to(outside / "pics")
    path = write(root / PROJECT_FILE, """\
contnt = "Inhalt"
out = "../build"
strict = "yes"
assets = ["Grafiken", "fehlt"]
rulebooks = ["/etc/*.md", "Regeln/../../*.md"]
fonts = "Fonts"

[toc]
levels = [3, 2]

[css]
rulebook = ["markdown.css"]
card = []
""")
    assert errors_of(path) == [
        "cardgen.toml:1:1: contnt: unknown key 'contnt' (did you mean 'content'?); known keys: assets, content, "
        "css, font_synthesis, fonts, keyword_links, languages, out, rulebook_base, rulebooks, site, strict, theme, toc, version, "
        "version_on_cards",
        "cardgen.toml:2:1: out: '../build' leaves the project root; paths in cardgen.toml are relative to the "
        "folder holding it",
        "cardgen.toml:3:1: strict: must be true or false",
        "cardgen.toml:4:1: assets[0]: 'Grafiken' leaves the project root; paths in cardgen.toml are relative "
        "to the folder holding it",
        "cardgen.toml:4:1: assets[1]: no folder 'fehlt' below the project root; paths in cardgen.toml are "
        "relative to the folder holding it",
        "cardgen.toml:5:1: rulebooks[0]: '/etc/*.md' must be a pattern below the project root; no '/' first "
        "and no '..', like \"Regeln/*.md\"",
        "cardgen.toml:5:1: rulebooks[1]: 'Regeln/../../*.md' must be a pattern below the project root; no '/' "
        "first and no '..', like \"Regeln/*.md\"",
        "cardgen.toml:6:1: fonts: must be a list in brackets, like [\"Grafiken\"]",
        "cardgen.toml:9:1: toc.levels: list each level once, in ascending order, like [2, 3]",
        "cardgen.toml:12:1: css.rulebook[0]: 'markdown.css': no such file; name a stylesheet below the project "
        "root, like \"theme/extra.css\"",
        "cardgen.toml:13:1: css.card: unknown key 'card' (did you mean 'cards'?); known keys: cards, "
        "groups, powers, rulebook",
    ]


@pytest.mark.parametrize("text, expected", [
    ('content = "Inhalt\n', "cardgen.toml:1:18: not valid TOML: Illegal character '\\n'; text values need "
                            "quotes (content = \"content\"), lists brackets (levels = [2, 3])"),
    ("content = Inhalt\n", "cardgen.toml:1:11: not valid TOML: Invalid value; text values need quotes "
                           "(content = \"content\"), lists brackets (levels = [2, 3])"),
    ("content = 3\n", "cardgen.toml:1:1: content: must be a text in quotes, like \"build\""),
    ("[toc]\nlevels = [0, 7]\n", "cardgen.toml:2:1: toc.levels: heading levels are 1 to 6"),
    ("[toc]\nlevels = []\n", "cardgen.toml:2:1: toc.levels: must not be empty"),
    ("toc = 2\n", "cardgen.toml:1:1: toc: must be a table, like [toc]"),
    ('theme = "/etc"\n', "cardgen.toml:1:1: theme: '/etc' must be a path relative to the project root; paths "
                         "in cardgen.toml are relative to the folder holding it"),
    ('rulebooks = [""]\n', "cardgen.toml:1:1: rulebooks[0]: '' must be a pattern below the project root; "
                           "no '/' first and no '..', like \"Regeln/*.md\""),
])
def test_each_mistake(tmp_path, text, expected):
    assert errors_of(write(tmp_path / PROJECT_FILE, text)) == [expected]


def test_a_css_file_linked_out_of_the_root(tmp_path):
    write(tmp_path / "elsewhere.css", "h1 { color: red }")
    root = tmp_path / "repo"
    root.mkdir()
    (root / "markdown.css").symlink_to(tmp_path / "elsewhere.css")
    path = write(root / PROJECT_FILE, '[css]\nrulebook = ["markdown.css"]\n')
    assert errors_of(path) == [
        "cardgen.toml:2:1: css.rulebook[0]: 'markdown.css' leaves the project root; name a stylesheet below the project root, like \"theme/extra.css\""]


def test_a_broken_project_file_stops_every_command(tmp_path, run):
    write(tmp_path / PROJECT_FILE, "strict = 1\n")
    (tmp_path / "sub").mkdir()
    for command in (["validate"], ["list"], ["build"], ["cards"], ["rulebook", "x.md"]):
        code, out, err = run(tmp_path / "sub", *command)
        assert (code, out) == (1, "")
        assert err == f"{tmp_path / PROJECT_FILE}:1:1: strict: must be true or false\n"


# --- the commands follow the project file -----------------------------------------------------------


@pytest.fixture
def designer(tmp_path):
    """A designer's repository: content in Inhalt/, outputs in Ausgabe/, the rulebook in Regeln/."""
    one_unit_content(tmp_path / "Inhalt")
    write(tmp_path / "Regeln" / "Regelbuch.md", "# Regeln\n\n## Bewegung\n\nText.\n")
    write(tmp_path / PROJECT_FILE, 'content = "Inhalt"\nout = "Ausgabe"\nrulebooks = ["Regeln/*.md"]\n')
    return tmp_path


def test_commands_read_the_project_content_from_a_sub_folder(designer, run):
    assert run(designer / "Regeln", "validate") == (0, f"{designer / 'Inhalt'}: valid\n", "")
    assert run(designer, "validate") == (0, "Inhalt: valid\n", "")
    code, out, _ = run(designer, "list", "units")
    assert (code, out) == (0, "probe  Probe\n")
    assert run(designer, "show", "probe")[0] == 0


def test_an_option_wins_over_the_project_file(designer, run):
    code, _, err = run(designer, "validate", "--content", "nirgends")
    assert code == 1 and "nirgends" in err
    one_unit_content(designer / "Andere")
    assert run(designer, "validate", "--content", "Andere") == (0, "Andere: valid\n", "")


def test_build_follows_the_project_file(designer, run):
    code, out, err = run(designer, "build")
    assert code == 0, err
    assert (designer / "Ausgabe" / "cards.pdf").is_file()
    assert (designer / "Ausgabe" / "rulebooks" / "Regeln" / "Regelbuch.pdf").is_file()
    assert not (designer / "build").exists()
    assert "built  rulebooks/Regeln/Regelbuch.pdf" in out
    code, out, err = run(designer, "build", "--out", "anderswo")        # the option wins
    assert code == 0, err
    assert (designer / "anderswo" / "rulebooks" / "Regeln" / "Regelbuch.pdf").is_file()


def test_cardgen_rulebook_writes_the_book_where_cardgen_build_does(designer, run):
    """Issue 41, point 6: one book, one path -- ``cardgen rulebook Regeln/Regelbuch.md`` wrote
    ``Ausgabe/rulebooks/Regelbuch.pdf`` beside build's ``Ausgabe/rulebooks/Regeln/Regelbuch.pdf``."""
    write(designer / "Regeln" / "Regelbuch.md", "# Regeln\n\nText.\n")
    code, out, err = run(designer, "build")
    assert code == 0 and "built  rulebooks/Regeln/Regelbuch.pdf" in out, err
    built = (designer / "Ausgabe" / "rulebooks" / "Regeln" / "Regelbuch.pdf").read_bytes()
    code, out, err = run(designer / "Regeln", "rulebook", "Regelbuch.md")        # from the book's folder too
    assert code == 0 and out.endswith("/Ausgabe/rulebooks/Regeln/Regelbuch.pdf (1 pages)\n"), out + err
    assert sorted(p.relative_to(designer / "Ausgabe").as_posix() for p in (designer / "Ausgabe").rglob("*.pdf")
                  if "rulebooks" in p.parts) == ["rulebooks/Regeln/Regelbuch.pdf"]
    assert (designer / "Ausgabe" / "rulebooks" / "Regeln" / "Regelbuch.pdf").read_bytes() == built


def test_strict_from_the_project_file_and_no_strict_wins(designer, run):
    write(designer / "Regeln" / "Regelbuch.md", "# Regeln\n\n![Logo](fehlt.svg)\n")
    write(designer / PROJECT_FILE, 'content = "Inhalt"\nout = "Ausgabe"\nrulebooks = ["Regeln/*.md"]\n'
                                   "strict = true\n")
    code, out, err = run(designer, "rulebook", "Regeln/Regelbuch.md")
    assert code == 1
    assert err.splitlines()[-1] == "--strict: 1 warning(s) count as errors; Ausgabe/rulebooks/Regeln/Regelbuch.pdf " \
                                   "not written"
    code, out, err = run(designer, "rulebook", "Regeln/Regelbuch.md", "--no-strict")
    assert code == 0, err
    assert out.endswith("wrote Ausgabe/rulebooks/Regeln/Regelbuch.pdf (1 pages)\n")


def test_a_glob_matching_nothing_and_a_refused_rulebook_are_warnings(designer, tmp_path_factory, run):
    elsewhere = write(tmp_path_factory.mktemp("elsewhere") / "fremd.md", "# Fremd\n")
    (designer / "Regeln" / "fremd.md").symlink_to(elsewhere)
    write(designer / PROJECT_FILE, 'content = "Inhalt"\nrulebooks = ["Regeln/*.md", "Buch/*.md"]\n')
    from cardgen.build.run import find_rulebooks
    from cardgen.build.context import Summary

    summary = Summary()
    found = find_rulebooks(designer / "Inhalt", summary, load_project(designer / PROJECT_FILE))
    assert found == [(designer / "Regeln" / "Regelbuch.md", "rulebooks/Regeln/Regelbuch.pdf")]
    assert [w.replace(f"{designer}{os.sep}", "") for w in summary.warnings] == [
        "cardgen.toml: warning: rulebooks[1]: 'Buch/*.md' matches no Markdown file",
        "Regeln/fremd.md: warning: not read as a rulebook: its real path lies outside the allowed folders",
    ]


def test_without_a_project_file_the_commands_are_as_before(tmp_path, run):
    one_unit_content(tmp_path / "content")
    assert run(tmp_path, "validate") == (0, "content: valid\n", "")
    code, out, err = run(tmp_path, "cards")
    assert code == 0, err
    assert (tmp_path / "build" / "cards.pdf").is_file()
    assert "wrote build/cards.pdf" in out


def test_css_option_must_name_a_file(designer, run):
    code, out, err = run(designer, "cards", "--css", "fehlt.css")
    assert (code, err) == (1, "--css fehlt.css: no such file\n")


# --- the rulebook's key follows everything it can read ----------------------------------------------


def test_rulebook_key_follows_its_text_settings_and_theme_not_its_folder(designer):
    """The first part of a rulebook's key (issue 29): what is known before rendering.  Its pictures,
    wherever they lie, are the second part, recorded when rendered (tests/rulebook/test_reads.py,
    tests/e2e/test_rulebook_repo_build.py): a file of its folder or an asset folder is not in this one."""
    logo = write(designer / "Grafiken" / "logo.svg", "<svg/>")
    write(designer / "Bilder" / "x.png", "1")
    write(designer / PROJECT_FILE, 'content = "Inhalt"\nassets = ["Bilder"]\n')
    source = write(designer / "Regeln" / "Regelbuch.md", "# R\n\n![Logo](../Grafiken/logo.svg)\n")
    project = load_project(designer / PROJECT_FILE)
    content = load_content(designer / "Inhalt")

    def key(theme=None, project=project) -> str:
        return rulebook_key(source, content, "tool", project, theme)

    first = key()
    assert key() == first
    logo.write_text("<svg></svg>", encoding="utf-8")            # a picture: the record's part
    write(designer / "Bilder" / "y.png", "2")                   # an asset folder's file
    write(designer / "Regeln" / "b.png", "3")                   # the rulebook's folder
    assert key() == first
    source.write_text("# R\n\nmehr\n", encoding="utf-8")       # its text
    second = key()
    assert second != first
    theme = type("T", (), {"digest": lambda self: "look 1"})()
    assert key(theme) != second
    assert key(project=dataclasses.replace(project, toc_levels=(2,))) != second
    assert key(project=dataclasses.replace(project, assets=())) != second


# --- pictures from cardgen's icon set; what watch watches -------------------------------------------


def test_pictures_from_cardgens_icon_set_are_counted_once_and_named_with_verbose(designer, run):
    """Issue 41, point 6: one short line on every run; ``--verbose`` names them."""
    write(designer / "Regeln" / "Regelbuch.md", "# Regeln\n\n![Beine](Grafiken/Bewegung/beine.svg)\n")
    line = "1 picture(s) from cardgen's icon set (--verbose lists them)\n"
    named = "1 picture(s) from cardgen's icon set: Grafiken/Bewegung/beine.svg\n"
    code, out, err = run(designer, "build")
    assert code == 0, err
    assert line in out and "beine" not in out
    code, out, err = run(designer, "build", "--verbose")            # reused: still counted, and named
    assert code == 0 and "reused  rulebooks/Regeln/Regelbuch.pdf" in out and named in out
    code, out, err = run(designer, "rulebook", "Regeln/Regelbuch.md")
    assert code == 0, err
    assert out == line + "wrote Ausgabe/rulebooks/Regeln/Regelbuch.pdf (1 pages)\n"    # build's path
    code, out, err = run(designer, "rulebook", "Regeln/Regelbuch.md", "-v")
    assert code == 0 and out.startswith(named), err


def test_watch_watches_the_project(designer, monkeypatch):
    from cardgen.commands.build import watched_paths
    from cardgen.project.settings import load_settings

    monkeypatch.chdir(designer)
    for folder in ("theme", "Grafiken", "Fonts"):
        (designer / folder).mkdir()
    write(designer / "extra.css")
    write(designer / PROJECT_FILE, 'content = "Inhalt"\nrulebooks = ["Regeln/*.md"]\nassets = ["Grafiken"]\n'
                                   '[css]\ncards = ["extra.css"]\n')
    paths = watched_paths(load_settings())
    root = designer.absolute()
    for path in (root / "Inhalt", root / PROJECT_FILE, root / "theme", root / "Grafiken", root / "Fonts",
                 root / "extra.css", root / "Regeln"):
        assert path in paths
