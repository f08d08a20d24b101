"""Issue 8 (6): deeply nested Markdown or HTML is flattened beyond ``MAX_DEPTH`` levels with a
warning naming the line -- never a ``RecursionError``, never silently dropped text."""

from __future__ import annotations

import re
import shutil

import pytest

from cardgen.errors import RenderError
from cardgen.pdf import wrapper as pdf
from cardgen.rulebook.build import build_rulebook
from cardgen.rulebook.depth import MAX_DEPTH
from cardgen.rulebook.document import read_document
from conftest import FIXTURES, strip_root

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

INTRO = "# Regeln\n\nEinleitung.\n\n"     # the deep part starts on line 5
DEEP = {  # name -> (Markdown after INTRO, line of the warning, what the warning says)
    "div-one-line": ("<div>" * 300 + "geheim" + "</div>" * 300, 5, "HTML", "the block is shown as text"),
    "div-per-block": ("\n\n".join(["<div>"] * 100) + "\n\ngeheim\n", 5 + 2 * MAX_DEPTH, "HTML",
                      "the block is shown as text"),
    "span": ("a <span>" * 400 + "geheim", 5, "HTML", "the tag is shown as text"),
    "blockquote": ("> " * 3000 + "geheim", 5, "Markdown", "the rest of the block is shown as text"),
    "list": ("".join("  " * i + "- x\n" for i in range(200)) + "  " * 200 + "geheim\n", 20, "Markdown",
             "the rest of the block is shown as text"),
    "emphasis": ("Zeile\n" + "*" * 1500 + "geheim" + "*" * 1500, 6, "Markdown",
                 "the inner levels are flattened"),
    "emphasis-in-link": ("[" + "_" * 4000 + "geheim" + "_" * 4000 + "](#regeln)", 5, "Markdown",
                         "the inner levels are flattened"),
    "unclosed-bold": ("\n\n".join(f"Absatz <b class={i}>geheim" for i in range(3 * MAX_DEPTH)),
                      5 + 2 * MAX_DEPTH - 2, "HTML", "the tag is shown as text"),
}


@pytest.mark.parametrize("name", DEEP)
def test_deep_nesting_is_flattened_with_a_warning(tmp_path, name):
    text, line, kind, what = DEEP[name]
    document = read_document(tmp_path / "Regeln.md", INTRO + text, [])
    first = document.problems[0]
    assert (first.line, first.message) == (line, f"{kind} nested more than {MAX_DEPTH} levels deep; {what}")
    assert len(document.problems) <= 11                       # ten places and a count, not thousands
    assert "geheim" in document.body_html                     # flattened, never dropped


@pytest.mark.parametrize("name", ["div-one-line", "span", "emphasis", "unclosed-bold"])
def test_deep_nesting_renders_a_pdf(tmp_path, name):
    source = tmp_path / "Regeln.md"
    source.write_text(INTRO + DEEP[name][0], encoding="utf-8")
    result = build_rulebook(source, tmp_path / "Regeln.pdf")
    assert result.written and result.pages >= 1
    assert any("levels deep" in w.message for w in result.warnings)


@pytest.mark.parametrize("markup", [
    lambda n: "<div>" * n + "x" + "</div>" * n,
    lambda n: "> " * (n - 1) + "x",                                  # n - 1 quotes and a paragraph
    lambda n: "a <span>" * (n - 1) + "x" + "</span>" * (n - 1),
])
def test_the_cap_is_exact(tmp_path, markup):
    """``MAX_DEPTH`` nested elements are kept as written; one more is flattened."""
    def problems(depth: int) -> list[str]:
        return [p.message for p in read_document(tmp_path / "x.md", markup(depth), []).problems]
    assert problems(MAX_DEPTH) == []
    assert len(problems(MAX_DEPTH + 1)) == 1


def test_nesting_a_rulebook_uses_is_untouched(tmp_path):
    text = ("!!! note Hinweis\n    - Liste\n        - tiefer\n            > **[Zitat](#x)** <span>*a*</span>\n\n"
            "<div class=\"box\"><div><p>HTML</p></div></div>\n")
    document = read_document(tmp_path / "x.md", text, [])
    assert [p for p in document.problems if "deep" in p.message] == []
    assert document.body_html.count("<ul>") == 2 and "<blockquote>" in document.body_html


def test_a_remaining_recursion_error_is_a_render_error(tmp_path, monkeypatch):
    source = tmp_path / "Regeln.md"
    source.write_text("# Regeln\n", encoding="utf-8")

    def too_deep(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(pdf, "load_document", too_deep)          # (the build imports it where it lays out)
    with pytest.raises(RenderError, match=f"Regeln.md: nested too deeply to lay out .*{MAX_DEPTH} levels"):
        build_rulebook(source, tmp_path / "Regeln.pdf")


def test_rulebook_command_warns_with_the_line(cli, tmp_path):
    source = tmp_path / "Regeln.md"
    source.write_text(INTRO + DEEP["div-one-line"][0], encoding="utf-8")
    code, out, err = cli("rulebook", source, "--out", tmp_path / "Regeln.pdf")
    assert code == 0, err
    assert strip_root(err, tmp_path) == (f"Regeln.md:5: warning: HTML nested more than {MAX_DEPTH} levels deep; "
                                         "the block is shown as text\n")
    assert strip_root(out, tmp_path) == "wrote Regeln.pdf (1 pages)\n"


def test_build_command_warns_with_the_line(cli, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "rules", content)
    (content / "rulebook").mkdir()
    (content / "rulebook" / "Regeln.md").write_text(INTRO + DEEP["emphasis"][0], encoding="utf-8")
    code, out, err = cli("build", "--content", content, "--out", tmp_path / "out")
    assert code == 0, err
    assert f"Regeln.md:6: warning: Markdown nested more than {MAX_DEPTH} levels deep" in err + out
    assert (tmp_path / "out" / "rulebooks" / "rulebook" / "Regeln.pdf").is_file()


@pytest.mark.parametrize("html,message", [
    ('<table><tr><td colspan="99999999">a</td></tr></table>', "HTML colspan=99999999 is more than 1000"),
    ('<table><col span="5000x"><tr><td>a</td></tr></table>', "HTML span=5000 is more than 1000"),
    ("<table><tr><td rowspan=70000>a</td></tr></table>", "HTML rowspan=70000 is more than 65534"),
])
def test_table_spans_beyond_html_limits_are_text(tmp_path, html, message):
    """WeasyPrint does not clamp them: ``colspan="99999999"`` lays out for hours."""
    document = read_document(tmp_path / "Regeln.md", INTRO + html, [])
    assert [(p.line, p.message) for p in document.problems] == [(5, f"{message}; the block is shown as text")]
    assert "<table>" not in document.body_html


def test_spans_within_html_limits_stay(tmp_path):
    document = read_document(tmp_path / "Regeln.md", '<table><tr><td colspan="1000">a</td></tr></table>', [])
    assert document.problems == [] and "<table>" in document.body_html


@pytest.mark.parametrize("css,error", [("font-size: 1e10pt", "ZeroDivisionError"),
                                       ("word-spacing: 1e30px", "OverflowError")])
def test_weasyprint_failure_on_extreme_css_is_one_error_line(cli, tmp_path, css, error):
    source = tmp_path / "Regeln.md"
    source.write_text(f'# Regeln\n\n<div style="{css}">a b</div>\n', encoding="utf-8")
    code, out, err = cli("rulebook", source, "--out", tmp_path / "Regeln.pdf")
    assert code == 1
    assert re.fullmatch(rf"Regeln\.md: the PDF could not be laid out \({error}: [^\n]+\); look for extreme sizes "
                        r"in its raw HTML or style attributes\n", strip_root(err, tmp_path)), err
    assert not (tmp_path / "Regeln.pdf").exists()
