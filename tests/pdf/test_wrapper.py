"""The WeasyPrint wrapper: refused references, captured warnings, determinism, atomic writes."""

from __future__ import annotations

import hashlib

import pytest

from cardgen.errors import RenderError
from cardgen.pdf import fetcher as fetching
from cardgen.pdf import wrapper as pdf

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

HOSTILE_HTML = """<p>Hallo
<img src="file:///etc/passwd">
<img src="http://example.com/x.png">
<img src="https://example.com/y.png">
<img src="../../../../etc/hostname">
<img src="/etc/hosts">
<link rel="stylesheet" href="http://example.com/evil.css">
</p>"""


def test_files_outside_the_allowed_folders_and_urls_are_refused(tmp_path):
    doc = tmp_path / "doc"
    doc.mkdir()
    rendered = pdf.render_pdf(HOSTILE_HTML, doc)
    refused = set(rendered.refused)
    assert "file:///etc/passwd" in refused
    assert "http://example.com/x.png" in refused
    assert "https://example.com/y.png" in refused
    assert "http://example.com/evil.css" in refused
    assert any(url.endswith("/etc/hostname") for url in refused)
    assert "file:///etc/hosts" in refused
    assert rendered.pdf.startswith(b"%PDF")


def test_files_inside_the_document_folder_are_read(tmp_path):
    (tmp_path / "bild.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                       '<rect width="10" height="10"/></svg>', encoding="utf-8")
    rendered = pdf.render_pdf('<img src="bild.svg">', tmp_path)
    assert rendered.refused == () and rendered.warnings == ()


def test_every_local_file_asked_for_is_named_with_what_was_served(tmp_path):
    """What a rulebook's key records of its reads (cardgen/rulebook/reads.py): each local file with the
    SHA-256 of the bytes served, or refused; no network URL, no data: URL."""
    data = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    (tmp_path / "bild.svg").write_bytes(data)
    rendered = pdf.render_pdf('<img src="bild.svg"><img src="fehlt.svg"><img src="http://example.com/x.png">'
                              '<img src="data:image/svg+xml,<svg/>">', tmp_path)
    assert rendered.read == ((str(tmp_path / "bild.svg"), hashlib.sha256(data).hexdigest()),
                             (str(tmp_path / "fehlt.svg"), "refused"))


def test_symlink_out_of_the_folder_is_refused(tmp_path):
    (tmp_path / "geheim").symlink_to("/etc/passwd")
    rendered = pdf.render_pdf('<img src="geheim">', tmp_path)
    assert rendered.refused == (str(tmp_path / "geheim"),)


def test_same_html_gives_the_same_bytes(tmp_path):
    html = "<h1>Universalis</h1><p>Gleich und gleich.</p>"
    assert pdf.render_pdf(html, tmp_path).pdf == pdf.render_pdf(html, tmp_path).pdf


@pytest.mark.parametrize("prefix", ["data:", "DATA:", "Data:", " data:", "\tdata:"])
def test_a_data_url_over_the_size_limit_is_refused_however_it_is_written(prefix):
    """A data: URL is known by its first characters where they are plain (no splitting of a picture's
    megabytes), else by the URL's scheme as urlsplit reads it; either way the size cap holds."""
    fetcher = fetching.SafeFetcher()
    huge = prefix + "text/plain;base64," + "A" * fetching.MAX_DATA_URL_CHARS
    with pytest.raises(fetching.RefusedResource, match="data: URL over the size limit"):
        fetcher.fetch(huge)
    small = fetcher.fetch(prefix.strip() + "text/plain;base64,SGFsbG8=")
    assert small is not None


def test_weasyprints_note_about_the_machine_is_one_note_and_no_warning():
    """WeasyPrint logs the missing HarfBuzz-Subset once per font; it says nothing about the document."""
    import logging

    notes: list[str] = []
    with pdf.captured_log(notes) as messages:
        for family in ("Nova Round", "DejaVu Sans", "Nova Round"):
            logging.getLogger("weasyprint").warning(
                'Using fontTools instead of HarfBuzz-Subset for font "%s". This will be unsupported in future '
                'versions of WeasyPrint. Please install HarfBuzz-Subset >= 4.1.0 with your package manager.', family)
        logging.getLogger("weasyprint").warning("Ignored `colour: red` at 1:4, unknown property.")
    assert messages == ["Ignored `colour: red` at 1:4, unknown property."]
    assert notes == [pdf.HARFBUZZ_SUBSET_NOTE]
    assert "libharfbuzz-subset0" in notes[0] and notes[0].startswith("note: ")


def test_a_render_without_harfbuzz_subset_warns_nothing_and_notes_it_once(monkeypatch, tmp_path):
    """WeasyPrint's own fallback (its HarfBuzz-Subset taken away, not our record): two fonts, one note."""
    import weasyprint.pdf.fonts

    monkeypatch.setattr(weasyprint.pdf.fonts, "harfbuzz_subset", None)
    html = '<p style="font-family: serif">Hallo</p><p style="font-family: monospace">Welt</p>'
    logged: list[str] = []
    monkeypatch.setattr(pdf, "system_note", lambda message, real=pdf.system_note: logged.append(message)
                        or real(message))
    rendered = pdf.render_pdf(html, tmp_path)
    assert len([m for m in logged if "HarfBuzz-Subset" in m]) >= 2        # once per font, as WeasyPrint says it
    assert rendered.warnings == ()
    assert rendered.notes == (pdf.HARFBUZZ_SUBSET_NOTE,)
    monkeypatch.undo()                                                      # HarfBuzz-Subset back: no note
    assert pdf.render_pdf(html, tmp_path).notes == ()


@pytest.mark.parametrize("colour", ["device-cmyk(0 0 0 1)", "lab(50 20 20)", "oklch(0.5 0.1 100)"])
def test_a_gradient_weasyprint_cannot_draw_is_one_line_not_a_traceback(tmp_path, colour):
    """tinycss2 parses these colours but cannot turn them into sRGB for a gradient (NotImplementedError)."""
    html = f"<style>body {{ background: linear-gradient({colour}, red) }}</style><p>Verlauf</p>"
    with pytest.raises(RenderError, match="gradient sRGB colours"):
        pdf.render_pdf(html, tmp_path)
