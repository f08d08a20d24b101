"""``cardgen rulebook``: any Markdown document builds; warnings, --strict, errors."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.errors import display_path
from cardgen.paths import ASSETS_DIR
from cardgen.rulebook import build_rulebook

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

PROJECT_DIR = Path(__file__).resolve().parents[2]   # the checkout

DOCUMENTS = Path(__file__).parent / "fixtures" / "documents"
EXAMPLE = PROJECT_DIR / "content" / "rulebook" / "Regeln.md"


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout


@pytest.mark.parametrize("name", ["plain.md", "plain.txt"])
def test_any_markdown_document_builds_cleanly(tmp_path, name):
    out = tmp_path / "out.pdf"
    result = build_rulebook(DOCUMENTS / name, out)
    assert result.written and result.warnings == [] and result.pdf_warnings == ()
    reader = PdfReader(out)
    assert round(float(reader.pages[0].mediabox.width)) == 595
    assert "plain" in _text(out).lower()


def test_cli_prints_warnings_in_source_order(cli, tmp_path):
    source = tmp_path / "broken.md"
    source.write_text((DOCUMENTS / "broken.md").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "b.pdf"
    code, stdout, stderr = cli("rulebook", source, "--out", out)
    shown = display_path(source)
    assert code == 0 and out.is_file() and "wrote" in stdout
    assert stderr.splitlines() == [
        f"{shown}:5: warning: broken link #real-Heading (did you mean '#real-heading'?); linked there, as Markdown Extended does",
        f"{shown}:5: warning: broken link #nowhere",
        f"{shown}:7: warning: image not found: pictures/none.svg",
    ]


def test_strict_fails_and_keeps_the_last_pdf(cli, tmp_path):
    out = tmp_path / "b.pdf"
    out.write_bytes(b"last good")
    code, _, stderr = cli("rulebook", DOCUMENTS / "broken.md", "--out", out, "--strict")
    assert code == 1 and "not written" in stderr
    assert out.read_bytes() == b"last good"


@pytest.mark.parametrize("content,message", [
    ("tests/fixtures/broken", "table directive: content has errors: tests/fixtures/broken/"),
    ("no/such/content", "table directive: content folder no/such/content does not exist"),
])
def test_table_content_that_cannot_be_loaded_is_a_warning(cli, tmp_path, content, message):
    source = tmp_path / "T.md"
    source.write_text("# T\n\n{{ table: terrain }}\n", encoding="utf-8")
    code, stdout, stderr = cli("rulebook", source, "--out", tmp_path / "T.pdf", "--content", content)
    assert code == 0 and "wrote" in stdout
    assert stderr.startswith(f"{display_path(source)}:3: warning: {message}"), stderr
    code, _, stderr = cli("rulebook", source, "--out", tmp_path / "S.pdf", "--content", content, "--strict")
    assert code == 1 and stderr.splitlines()[-1].endswith("S.pdf not written")
    assert not (tmp_path / "S.pdf").exists()


def test_strict_passes_without_warnings(cli, tmp_path):
    code, _, _ = cli("rulebook", DOCUMENTS / "plain.md", "--out", tmp_path / "p.pdf", "--strict")
    assert code == 0


@pytest.mark.parametrize("args,message", [
    (["nothing.md"], "nothing.md: no such file"),
    (["tests/rulebook/fixtures/documents/plain.md", "--assets", "no/such/dir"],
     "assets folder no/such/dir does not exist"),
])
def test_usage_errors_without_traceback(cli, args, message):
    code, _, stderr = cli("rulebook", *args)
    assert code == 1 and stderr.strip() == message


def test_example_rulebook_uses_every_feature(tmp_path):
    """The shipped example builds; the only warnings allowed are icons not drawn yet."""
    out = tmp_path / "Regeln.pdf"
    result = build_rulebook(EXAMPLE, out, [], content_dir=PROJECT_DIR / "content")
    assert result.written and result.todos == 2 and result.pdf_warnings == ()
    icons_missing = [w for w in result.warnings if w.message.startswith("image not found: Grafiken/")]
    assert result.warnings == icons_missing
    if (ASSETS_DIR / "Grafiken").is_dir():
        assert icons_missing == []
    text = _text(out)
    for expected in ("Inhalt", "Vorrücken - 1 ⊙", "Ausweichen - 1 ⊙", "Schadenseffekte",
                     "Waffenklassen", "Geländetypen"):
        assert expected in text
    source = EXAMPLE.read_text(encoding="utf-8")
    for feature in ("[[toc]]", "!!! danger", "!!! warning", "!!! example", "!!! note", "!!! summary",
                    "!!! info", "!!! TODO", "^^", "{width=", "{align=", "{.img_border}",
                    "{{ table: damage-effects }}", "{{ table: weapon-classes }}", "{{ table: terrain }}"):
        assert feature in source


def test_an_unknown_directive_warns_and_strict_refuses_the_pdf(cli, tmp_path):
    """Issue 14, point 5: ``{{ card: sturmtruppe }}`` once printed raw into the PDF without a word
    (now a card figure); any directive the dialect does not know still does."""
    source = tmp_path / "K.md"
    source.write_text("# K\n\nText\n\n{{ karte: sturmtruppe }}\n", encoding="utf-8")
    code, stdout, stderr = cli("rulebook", source, "--out", tmp_path / "K.pdf")
    assert code == 0 and "wrote" in stdout
    assert stderr.splitlines() == [
        f"{display_path(source)}:5: warning: unknown directive {{{{ karte: sturmtruppe }}}} prints as text"]
    code, _, stderr = cli("rulebook", source, "--out", tmp_path / "S.pdf", "--strict")
    assert code == 1 and stderr.splitlines()[-1].endswith("S.pdf not written")
    assert not (tmp_path / "S.pdf").exists()
