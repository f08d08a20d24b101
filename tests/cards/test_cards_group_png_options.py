"""Acceptance 6–8: group sheets, PNG export, bleed and crop marks."""

from __future__ import annotations

import math
import re
import shutil

import pypdfium2
import pytest
from PIL import Image

from cardgen.cards.sheetlayout import best_sheet
from cardgen.geometry import FacePage, SheetOptions, mm_to_pt

from conftest import run_in_process

from .conftest import EXAMPLE, SMALL, flat, load_yaml, page_sizes, pdf_text
from .synthetic import placements

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

GROUP = "kampfgruppe_eisenfaust"


def test_group_sheet_cover_and_only_its_cards(group_build):
    code, out, err, folder = group_build
    assert code == 0, err
    assert err == ""
    group = load_yaml(EXAMPLE, "groups")[GROUP]
    units = load_yaml(EXAMPLE, "units")
    faction = load_yaml(EXAMPLE, "factions")[group["faction"]]
    pdf = folder / "groups" / f"{GROUP}.pdf"
    cover = flat(pdf_text(pdf, 1, 1))
    assert group["name"] in cover and faction["name"] in cover
    for model in group["models"]:          # points, loadouts and raw ids: tests/cards/test_group_sheet.py
        assert model.get("name", units[model["unit"]]["name"]) in cover, model
    pages = len(page_sizes(pdf))
    cards = flat(pdf_text(pdf, 2, pages))
    members = {m["unit"] for m in group["models"]}
    assert {units[u]["name"] for u in members if units[u]["name"] not in cards} == set()
    strangers = {u["name"] for i, u in units.items() if i not in members and u["name"] in cards}
    assert strangers == set()
    # only the faces the sheet shows were made (or reused): a front and a back per model, its powers
    powers = {p for m in group["models"] for p in units[m["unit"]].get("powers", [])}
    made = re.search(r"cards: (\d+) face\(s\) rendered, (\d+) reused", out)
    assert made and int(made[1]) + int(made[2]) == 2 * len(group["models"]) + len(powers), out


def test_unknown_group_fails_with_hint(cli, tmp_path):
    code, out, err = cli("cards", "--content", EXAMPLE, "--out", tmp_path, "--group", "kampfgruppe_eisenfaus")
    assert code == 1
    assert "did you mean" in err and GROUP in err, err


def test_png_faces_and_deck_sheets(small_build):
    code, out, err, folder = small_build
    assert code == 0, err
    assert err == ""
    png = folder / "png"
    units = sorted(load_yaml(SMALL, "units"))
    unit_size = (round(120 / 25.4 * 40), round(80 / 25.4 * 40))
    power_size = (round(63 / 25.4 * 40), round(88 / 25.4 * 40))
    for unit_id in units:
        for side in ("vorderseite", "rückseite"):
            size = Image.open(png / f"{unit_id}-{side}.png").size
            assert size == pytest.approx(unit_size, abs=2), (unit_id, side, size)
    assert Image.open(png / "gedankenblitz-kraft.png").size == pytest.approx(power_size, abs=2)
    for deck, count, face in (("einheiten-vorderseiten", len(units), unit_size),
                              ("einheiten-rückseiten", len(units), unit_size), ("kräfte", 1, power_size)):
        width, height = Image.open(png / f"deck-{deck}-1.png").size
        columns = min(10, count)
        assert width == pytest.approx(columns * face[0], abs=2 * columns)
        assert height == pytest.approx(math.ceil(count / columns) * face[1], abs=2)


def test_bleed_and_crop_marks_build(tmp_path, small_build):
    plain = small_build[3]
    layouts = ("fold", "duplex")
    results = []
    for name in layouts:
        if results:         # the faces do not depend on the layout: the duplex build starts from the fold's cache
            shutil.copytree(tmp_path / layouts[0], tmp_path / name)
        results.append(run_in_process("cards", "--content", SMALL, "--out", tmp_path / name, "--layout", name,
                                      "--bleed", 3, "--crop-marks"))
    for name, (code, _, err) in zip(layouts, results):
        assert code == 0, err
        assert err == ""
        for pdf in ("cards.pdf", "powers.pdf"):
            for width, height in page_sizes(tmp_path / name / pdf):
                assert sorted((width, height)) == pytest.approx([595.28, 841.89], abs=0.5)
    bleed = mm_to_pt(3)
    for pdf, (width, height) in (("cards.pdf", (120, 80)), ("powers.pdf", (63, 88))):
        # the plain build is the fold layout without bleed: each face is clipped to its trim box there,
        # and shows 3 mm of bleed around it here (fold pairs: on the outer edges only)
        trim = (mm_to_pt(width), mm_to_pt(height))
        bled = (2 * bleed, bleed if pdf == "cards.pdf" else 2 * bleed)
        for built, extra in ((plain, (0, 0)), (tmp_path / "fold", bled)):
            faces = placements((built / pdf).read_bytes())[0]
            assert faces, (built, pdf)
            for face in faces:
                size = (face.right - face.left, face.top - face.bottom)
                assert size == pytest.approx((trim[0] + extra[0], trim[1] + extra[1]), abs=0.05), (built, pdf)


@pytest.mark.parametrize("fold", [False, True])
def test_crop_marks_take_room_on_the_sheet(fold):
    card = FacePage(63, 88, 3) if not fold else FacePage(120, 80, 3)
    plain = best_sheet(card, SheetOptions(fold=fold))
    marked = best_sheet(card, SheetOptions(fold=fold, crop_marks=True))
    assert marked.per_page <= plain.per_page
    assert [s.trim for s in marked.slots[:2]] != [s.trim for s in plain.slots[:2]]
    for sheet, expected in ((marked, True), (plain, False)):
        trim = sheet.slots[0].trim                          # a mark: 1–4 mm left of the trim box, on its top edge
        mark = (trim.left - mm_to_pt(3 + 2.5), trim.bottom + trim.height)
        assert _ink_near(sheet.pdf, *mark) is expected
        assert _ink_near(sheet.pdf, trim.left - mm_to_pt(3 + 2.5), trim.bottom + trim.height / 2) is False


def _ink_near(pdf: bytes, x_pt: float, y_pt: float) -> bool:
    """Whether the first page of ``pdf`` has a dark pixel within 0.5 mm of (x, y) (points, origin bottom left)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        scale = 300 / 72
        image = document[0].render(scale=scale).to_pil().convert("L")
    finally:
        document.close()
    half = mm_to_pt(0.5) * scale
    x, y = x_pt * scale, image.height - y_pt * scale
    area = image.crop((round(x - half), round(y - half), round(x + half), round(y + half)))
    return area.getextrema()[0] < 128


def test_bad_bleed_and_png_dpi_are_usage_errors(cli, tmp_path):
    assert cli("cards", "--content", SMALL, "--out", tmp_path / "a", "--bleed", 11) == (
        1, "", "--bleed must be between 0 and 10 mm\n")
    assert cli("cards", "--content", SMALL, "--out", tmp_path / "b", "--png", 10) == (
        1, "", "--png DPI must be between 30 and 1200\n")
    assert list(tmp_path.iterdir()) == []                   # refused before anything was written
