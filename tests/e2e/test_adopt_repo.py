"""Acceptance (issue 41.5): his repository adopted on the first try.

A copy of ``tests/fixtures/rulebook-repo`` without its ``cardgen.toml`` (books in ``Regeln/``, his
``markdown.css``, ``Fonts/NovaRound-Regular.ttf``, ``.vscode/settings.json`` in JSONC with
``markdown.styles`` and ``markdownExtended.tocLevels: [2]``, puppeteer front matter):

* a bare ``cardgen build`` says in one line what to run, and writes nothing;
* ``cardgen init`` writes ``cardgen.toml`` and the workflow and nothing else, and says what it found;
* ``cardgen build`` then prints every book: headings in his "Nova Round", his dark title bars
  (``#202a44``), the contents at his levels only (``##``), and the base he wrote his CSS against
  (``###`` in normal weight).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.commands.main import main
from cardgen.project.file import load_project
from tests.e2e.rulebook_repo import make_rulebook_repo
from tests.rulebook.test_base import chars, first

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

HIS_BAR = (0x20, 0x2A, 0x44)          # markdown.css: h2 { background: #202a44 }


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def files(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}


@pytest.fixture(scope="module")
def adopted(tmp_path_factory) -> dict:
    """The copy, a bare build, init and a build in it (once for the module): what each said."""
    repo = make_rulebook_repo(tmp_path_factory.mktemp("adopt") / "repo")
    (repo / "cardgen.toml").unlink()
    said: dict = {"repo": repo, "before": files(repo)}
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(repo)
        monkeypatch.setattr("cardgen.pdf.wrapper._FONT_CONFIG", None)      # no "Nova Round" of another test's project
        said["bare"] = run("build")
        said["after_bare"] = files(repo)
        said["init"] = run("init")
        said["after_init"] = files(repo)
        said["build"] = run("build")
    return said


def test_a_bare_build_says_what_to_run_and_writes_nothing(adopted):
    code, out, err = adopted["bare"]
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and "cardgen.toml: not found (here or above), and no content folder: run " \
        "`cardgen init` to adopt this repository" in err, err
    assert adopted["after_bare"] == adopted["before"]


def test_init_writes_the_project_file_and_the_workflow_only(adopted):
    code, out, err = adopted["init"]
    assert (code, err) == (0, ""), err
    assert adopted["after_init"] - adopted["before"] == {"cardgen.toml", ".github/workflows/cardgen.yml"}
    assert "2 Markdown book(s): Regeln/Eigenschaften.md, Regeln/Regelbuch.md" in out
    assert "markdown.styles markdown.css; markdownExtended.tocLevels [2]" in out
    assert "fonts: Fonts; pictures: Grafiken" in out and "rulebook base: markdown-extended" in out
    project = load_project(adopted["repo"] / "cardgen.toml")
    assert project.rulebooks == ("Regeln/*.md",) and project.toc_levels == (2,)
    assert project.rulebook_base == "markdown-extended"
    assert [p.name for p in project.fonts] == ["Fonts"] and [p.name for p in project.assets] == ["Grafiken"]
    assert [p.name for p in project.stylesheets("rulebook")] == ["markdown.css"]


def test_the_build_prints_every_book_with_his_font_colours_and_contents(adopted):
    code, out, err = adopted["build"]
    assert code == 0, err
    books = adopted["repo"] / "build" / "rulebooks" / "Regeln"
    assert sorted(p.name for p in books.glob("*.pdf")) == ["Eigenschaften.pdf", "Regelbuch.pdf"]
    for book in books.glob("*.pdf"):
        found = chars(book)
        heading = "Grundlagen" if book.stem == "Regelbuch" else "Positive Eigenschaften"
        assert all("Nova-Round" in c.font for c in first(found, heading, last=True)), book.name   # (not the contents)
        document = pdfium.PdfDocument(str(book))
        page = next(p for p in document if heading in p.get_textpage().get_text_range())
        image = page.render(scale=1).to_pil().convert("RGB")
        assert HIS_BAR in {colour for _, colour in image.getcolors(1 << 20)}, book.name


def test_the_contents_list_his_levels_and_h3_prints_as_his_base_did(adopted):
    book = adopted["repo"] / "build" / "rulebooks" / "Regeln" / "Regelbuch.pdf"
    contents = pdfium.PdfDocument(str(book))[1].get_textpage().get_text_range()
    assert "Inhaltsverzeichnis" in contents and "Grundlagen" in contents and "Marker" in contents
    assert "Vergleichender Wurf" not in contents and "Reichweiten" not in contents       # ### not listed
    assert all("Bold" not in c.font for c in first(chars(book), "Reichweiten"))           # his ### not bold


def test_the_adopted_workflow_has_the_web_editions_job_switched_off(adopted):
    """Adopting writes the same workflow as a new project (issue 46.4): the site job runs only on a tag and
    with the repository variable PUBLISH_SITE; the project file does not switch the edition on in builds."""
    import yaml

    repo = adopted["repo"]
    job = yaml.safe_load((repo / ".github" / "workflows" / "cardgen.yml").read_text(encoding="utf-8"))["jobs"]["site"]
    assert job["if"] == "startsWith(github.ref, 'refs/tags/') && vars.PUBLISH_SITE == 'true'"
    assert job["needs"] == "build" and job["steps"][-2]["with"] == {"path": "build/site"}
    assert load_project(repo / "cardgen.toml").site is False
    assert not (repo / "build" / "site").exists()
