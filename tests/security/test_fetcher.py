"""The PDF fetcher reads exactly the checked file, once (issue 8, points 1, 2, 3, 7, 16).

Each test renders a small HTML document through :mod:`cardgen.pdf.wrapper` with a
secret file planted *outside* the document's folder and checks that its
bytes reach neither the PDF nor any message.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from cardgen.pdf import fetcher
from cardgen.pdf import wrapper as pdf
from cardgen.paths import FONTS_DIR
from conftest import no_hang

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

MARKER = b"TOPSECRET-4711"


def jpeg(path: Path, colour: str = "red", comment: bytes = b"") -> Path:
    Image.new("RGB", (4, 4), colour).save(path, "JPEG", comment=comment)
    return path


@pytest.fixture
def planted(tmp_path):
    """``tmp/doc/`` (the document's folder, with ``ok.jpg``) and ``tmp/secret.jpg`` outside it."""
    doc = tmp_path / "doc"
    doc.mkdir()
    jpeg(doc / "ok.jpg")
    jpeg(tmp_path / "secret.jpg", "blue", MARKER)
    (tmp_path / "secret.css").write_text('p::after { content: "TOPSECRET-4711"; }', encoding="utf-8")
    return doc


def test_fragment_cannot_name_another_file(planted):
    """``ok.jpg#/../../x`` with a folder ``ok.jpg#`` beside: WeasyPrint used to re-read the path
    *with* the fragment when it wrote the PDF, publishing ``x``."""
    (planted / "ok.jpg#").mkdir()
    rendered = pdf.render_pdf('<img src="ok.jpg#/../../secret.jpg">', planted)
    assert MARKER not in rendered.pdf
    assert rendered.refused == ()          # the fragment is no part of the file name: ok.jpg is shown


def test_fragment_in_css_url_cannot_name_another_file(planted):
    (planted / "ok.jpg#").mkdir()
    html = ('<style>div { width: 4px; height: 4px; '
            'background: url("ok.jpg#/../../secret.jpg") }</style><div></div>')
    assert MARKER not in pdf.render_pdf(html, planted).pdf


@pytest.mark.parametrize("html, name", [
    ('<img src="link.jpg">', "link.jpg"),
    ('<style>div { width: 4px; height: 4px; background: url("link.jpg") }</style><div></div>', "link.jpg"),
    ('<link rel="stylesheet" href="link.css"><p>x</p>', "link.css"),
    ('<style>@import "link.css";</style><p>x</p>', "link.css"),
])
def test_symlink_to_a_file_outside_is_refused(planted, html, name):
    (planted / "link.jpg").symlink_to(planted.parent / "secret.jpg")
    (planted / "link.css").symlink_to(planted.parent / "secret.css")
    rendered = pdf.render_pdf(html, planted)
    assert MARKER not in rendered.pdf
    assert rendered.refused == (str(planted / name),)
    assert "outside the allowed folders" in pdf_reason(rendered, name)


def pdf_reason(rendered: pdf.Rendered, name: str) -> str:
    return " ".join(w for w in rendered.warnings if name in w)


def test_symlinked_font_outside_is_refused(planted, tmp_path):
    font = tmp_path / "outside.ttf"
    font.write_bytes((FONTS_DIR / "DejaVuSans.ttf").read_bytes())
    (planted / "font.ttf").symlink_to(font)
    html = ('<style>@font-face { font-family: X; src: url("font.ttf") } p { font-family: X }</style>'
            "<p>Hallo</p>")
    rendered = pdf.render_pdf(html, planted)
    assert rendered.refused == (str(planted / "font.ttf"),)


def test_a_symlink_inside_the_folder_is_read(planted):
    (planted / "same.jpg").symlink_to(planted / "ok.jpg")
    assert pdf.render_pdf('<img src="same.jpg">', planted).refused == ()


@pytest.mark.parametrize("html, name", [
    ('<img src="pipe.png">', "pipe.png"),
    ('<link rel="stylesheet" href="pipe.css"><p>x</p>', "pipe.css"),
    ('<style>@import "pipe.css";</style><p>x</p>', "pipe.css"),
    ('<style>@font-face { font-family: X; src: url("pipe.ttf") } p { font-family: X }</style><p>x</p>',
     "pipe.ttf"),
])
def test_a_fifo_is_refused_without_blocking(planted, html, name):
    os.mkfifo(planted / name)
    with no_hang():
        rendered = pdf.render_pdf(html, planted)
    assert rendered.refused == (str(planted / name),)
    assert "FIFO" in pdf_reason(rendered, name)


def test_a_folder_named_like_an_image_is_refused(planted):
    (planted / "dir.png").mkdir()
    rendered = pdf.render_pdf('<img src="dir.png">', planted)
    assert rendered.refused == (str(planted / "dir.png"),)


def test_a_stylesheet_importing_itself_twice_finishes_and_reports_the_cycle(planted):
    (planted / "a.css").write_text('@import "a.css";\n@import "a.css";\np { color: red }\n', encoding="utf-8")
    with no_hang():
        rendered = pdf.render_pdf('<link rel="stylesheet" href="a.css"><p>x</p>', planted)
    assert rendered.refused == (str(planted / "a.css"),)
    assert "@import cycle" in pdf_reason(rendered, "a.css")


def test_an_import_chain_is_capped(planted):
    for i in range(fetcher.MAX_STYLESHEETS + 5):
        (planted / f"s{i}.css").write_text(f'@import "s{i + 1}.css";\n', encoding="utf-8")
    with no_hang():
        rendered = pdf.render_pdf('<link rel="stylesheet" href="s0.css"><p>x</p>', planted)
    assert rendered.refused == (str(planted / f"s{fetcher.MAX_STYLESHEETS}.css"),)
    assert "more than 64 stylesheets" in pdf_reason(rendered, f"s{fetcher.MAX_STYLESHEETS}.css")


def test_a_raster_image_gives_the_same_bytes_wherever_the_folder_lies(tmp_path):
    """WeasyPrint names a raster image after its URL; documents use virtual URLs
    (``file:///.cardgen/doc/…``), so the checkout's path does not reach the PDF."""
    results = []
    for place in ("laptop/home/designer/universalis", "runner/work/x"):
        doc = tmp_path / place
        doc.mkdir(parents=True)
        jpeg(doc / "bild.jpg")
        Image.new("RGB", (3, 3), "green").save(doc / "bild.png")
        results.append(pdf.render_pdf('<img src="bild.jpg"><img src="bild.png">', doc))
    assert results[0].refused == ()
    assert results[0].pdf == results[1].pdf


def test_a_rulebook_with_pictures_gives_the_same_bytes_wherever_the_checkout_lies(tmp_path):
    """Issue 8, point 16: the same rulebook at two paths (a laptop, a CI runner)."""
    from cardgen.rulebook.build import build_rulebook

    pdfs = []
    for place in ("laptop/universalis", "runner/work/universalis/universalis"):
        book = tmp_path / place / "Regeln"
        (book / "Grafiken").mkdir(parents=True)
        jpeg(book / "Grafiken" / "foto.jpg")
        Image.new("RGB", (3, 3), "green").save(book / "Grafiken" / "karte.png")
        (book / "Regeln.md").write_text(
            "# Regeln\n\n## Bilder\n\n![Foto](Grafiken/foto.jpg)\n\n<img src=\"Grafiken/karte.png\">\n\n"
            "<div style=\"width: 5px; height: 5px; background: url('Grafiken/karte.png')\"></div>\n",
            encoding="utf-8")
        result = build_rulebook(book / "Regeln.md", tmp_path / "unused.pdf", write=False)
        assert result.warnings == []
        pdfs.append(result.pdf)
    assert pdfs[0] == pdfs[1]
