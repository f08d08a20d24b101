"""``cardgen balance``: the PDF of the example content, its pages and sentences, the same bytes twice,
and one clear line (never a traceback, never a half-written PDF) where there is nothing to compare."""

from __future__ import annotations

import io
import shutil

import pytest
import yaml
from pypdf import PdfReader

from conftest import EXAMPLE, FIXTURES, unit

SMALL = FIXTURES / "cards" / "small"

pytestmark = pytest.mark.pdf


def test_the_example_report(cli, tmp_path):
    code, _, err = cli("balance", "--content", EXAMPLE, "--out", tmp_path / "a")
    assert code == 0, err
    pdf = (tmp_path / "a" / "balance.pdf").read_bytes()
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) == 2 + 4                     # the scatter page, the notes and method, 2 × 2 faction pairs
    overview = pages[0].extract_text()
    assert "Balance: Punkte gegen Wirkung" in overview
    assert "MG-Schütze kostet 23 % mehr, als seine Wirkung vorhersagt" in " ".join(overview.split())
    assert "Imperium greift Orden der Glut an" in pages[4].extract_text()
    assert f"wrote {tmp_path / 'a' / 'balance.pdf'} (6 pages; 3 beyond ±15 % of the line)" in err
    assert "Kann in diesem Modell nicht angreifen" in err and "Kettendrohne Bulldogge" in err


def test_the_same_content_gives_the_same_bytes(cli, tmp_path):
    """Plots, fonts and the PDF without dates or random salts (the small fixture: its scatter page and
    heatmaps are drawn by the code that draws the example's)."""
    made = []
    for name in ("a", "b"):
        code, _, err = cli("balance", "--content", SMALL, "--out", tmp_path / name)
        assert code == 0, err
        made.append((tmp_path / name / "balance.pdf").read_bytes())
    assert len(PdfReader(io.BytesIO(made[0])).pages) == 3 and made[0] == made[1]


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
