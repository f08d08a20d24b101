"""``cardgen balance``: the PDF of the example content, its pages and sentences, the same bytes twice,
and one clear line (never a traceback, never a half-written PDF) where there is nothing to compare."""

from __future__ import annotations

import contextlib
import io
import shutil

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from cardgen.balance.view import balance_of
from cardgen.stages import load_and_derive
from cardgen.commands.main import main
from conftest import EXAMPLE, FIXTURES, unit

SMALL = FIXTURES / "cards" / "small"

pytestmark = pytest.mark.pdf


@pytest.fixture(scope="module")
def example_report(tmp_path_factory):
    """The example content's report, built once for the tests that read it: (its path, stderr)."""
    out = tmp_path_factory.mktemp("balance")
    said = io.StringIO()
    with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
        code = main(["balance", "--content", str(EXAMPLE), "--out", str(out)])
    assert code == 0, said.getvalue()
    return out / "balance.pdf", said.getvalue()


def test_the_example_report(example_report):
    path, err = example_report
    pages = PdfReader(path).pages
    assert len(pages) == 3 + 4      # the scatter page, the table, the notes and method, 2 × 2 faction pairs
    overview = pages[0].extract_text()
    assert "Balance: Punkte gegen Wirkung" in overview
    assert "MG-Schütze kostet 23 % mehr, als seine Wirkung vorhersagt" in " ".join(overview.split())
    assert "Imperium greift Orden der Glut an" in pages[5].extract_text()
    assert f"wrote {path} (7 pages; 3 beyond ±15 % of the line)" in err
    assert "Greift in dieser Rechnung nicht an" in err and "Kettendrohne Bulldogge" in err


def _sized_chars(path):
    """Every printed character of every page with its size in pt (the size set times the page's scale)."""
    for number, page in enumerate(pdfium.PdfDocument(str(path)), 1):
        text = page.get_textpage()
        for index in range(text.count_chars()):
            char = chr(pdfium.raw.FPDFText_GetUnicode(text, index))
            if char.strip():
                matrix = pdfium.raw.FS_MATRIX()
                pdfium.raw.FPDFText_GetMatrix(text, index, matrix)
                scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                yield number, char, pdfium.raw.FPDFText_GetFontSize(text, index) * scale


def test_no_character_of_the_report_is_under_6_pt(example_report):
    """Heatmap numbers were 5.3 pt and row labels 5.7 pt: the plots' text counts as the page's."""
    sizes = [(number, char, size) for number, char, size in _sized_chars(example_report[0])]
    assert {number for number, *_ in sizes} == set(range(1, 8))         # the plots' text is text on every page
    assert min(size for *_, size in sizes) >= 6.0, [s for s in sizes if s[2] < 6.0][:5]


def test_every_unit_is_named_and_every_line_is_a_readable_measure(example_report):
    content, derived = load_and_derive(EXAMPLE)
    view = balance_of(content, derived.units)
    pages = [page.extract_text() for page in PdfReader(example_report[0]).pages]
    table = " ".join(pages[1].split())
    assert all(dot.name in table for dot in view.dots) and len(view.dots) == 15
    assert "Belagerungsläufer Goliath ■ Imperium 3775 410,9 3872 −2 %" in table     # the colossus, named
    assert max(len(line) for page in pages for line in page.splitlines()) <= 100     # not 170 a line


def test_the_same_content_gives_the_same_bytes(cli, tmp_path):
    """Plots, fonts and the PDF without dates or random salts (the small fixture: its scatter page and
    heatmaps are drawn by the code that draws the example's)."""
    made = []
    for name in ("a", "b"):
        code, _, err = cli("balance", "--content", SMALL, "--out", tmp_path / name)
        assert code == 0, err
        made.append((tmp_path / name / "balance.pdf").read_bytes())
    assert len(PdfReader(io.BytesIO(made[0])).pages) == 4 and made[0] == made[1]     # scatter, table, method, one pair


def test_no_units_is_one_line(cli, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "rules", content)
    code, out, err = cli("balance", "--content", content, "--out", tmp_path / "out")
    assert code == 1 and out == "" and err.strip().endswith("no units, nothing to compare")
    assert not (tmp_path / "out").exists()


def test_a_missing_content_folder_is_one_line(cli, tmp_path):
    code, _, err = cli("balance", "--content", tmp_path / "nirgends", "--out", tmp_path / "out")
    assert code == 1 and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_one_unit_gives_a_report_with_a_note(cli, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "rules", content)
    (content / "units").mkdir()
    (content / "units" / "probe.yaml").write_text(yaml.safe_dump(unit("probe")), encoding="utf-8")
    code, _, err = cli("balance", "--content", content, "--out", tmp_path / "out")
    assert code == 0, err
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "balance.pdf").pages)
    assert "Zu wenige Einheiten" in " ".join(text.split())


def test_a_failed_write_leaves_no_pdf(cli, tmp_path, monkeypatch):
    import cardgen.commands.balance as command

    def fail(target, data):
        raise OSError(28, "No space left on device", str(target))
    monkeypatch.setattr(command, "write_atomic", fail)
    code, _, err = cli("balance", "--content", SMALL, "--out", tmp_path / "out")
    assert code == 1 and "No space left on device" in err and "Traceback" not in err
    assert not (tmp_path / "out" / "balance.pdf").exists()
