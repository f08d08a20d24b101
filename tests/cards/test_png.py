"""``cards/png.py``: one PNG per face, cropped to the trim box at the asked DPI, and deck sheets of
up to 10 × 7 faces for Tabletop Simulator, one series per side."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from cardgen.cards.png import deck_sheet, export_png, rasterise
from cardgen.geometry import FacePage

from .synthetic import BLEED_RGB, face_pdf

UNIT = FacePage(120, 80, 3)         # with 3 mm bleed, which the PNGs leave out
POWER = FacePage(63, 88, 3)
DPI = 30


def _colour(index: int) -> tuple[int, int, int]:
    """A colour of its own for each face, so a sheet cell tells which face it holds."""
    return (10 + 3 * index, 200 - index, 60)


def _pixels(mm: float, dpi: int) -> float:
    return mm / 25.4 * dpi


def _size_at(mm: tuple[float, float], dpi: int) -> tuple[float, float]:
    """The pixel size of ``mm`` at ``dpi``; PDFium rounds the page and the cropped bleed each on its
    own, so an edge may come out one pixel short."""
    return pytest.approx((_pixels(mm[0], dpi), _pixels(mm[1], dpi)), abs=1)


class Staged(dict):
    """Stands in for the build's staged outputs: path → bytes."""

    def stage(self, path: Path, data: bytes) -> None:
        assert path not in self, f"{path} staged twice"
        self[path] = data


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


@pytest.mark.parametrize("dpi", [30, 96])
def test_a_face_becomes_its_trim_area_at_the_asked_dpi(dpi):
    image = rasterise(face_pdf("X", UNIT, trim_rgb=(0, 0, 255)), dpi)
    assert image.size == _size_at((120, 80), dpi)
    width, height = image.size
    for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.getpixel(corner) == (0, 0, 255), corner         # no red bleed at the edges


def test_deck_sheet_puts_faces_row_by_row_ten_across():
    faces = [Image.new("RGB", (4, 6), _colour(i)) for i in range(23)]
    sheet = deck_sheet(faces)
    assert sheet.size == (10 * 4, 3 * 6)
    for i in range(23):
        assert sheet.getpixel(((i % 10) * 4 + 2, (i // 10) * 6 + 3)) == _colour(i), i
    assert sheet.getpixel((3 * 4 + 2, 2 * 6 + 3)) == (255, 255, 255)   # after the last face: white
    assert deck_sheet(faces[:3]).size == (3 * 4, 6)                     # fewer than 10: one short row


def test_export_writes_every_face_and_decks_of_at_most_70():
    fronts = [SimpleNamespace(owner=f"u{i:02d}", kind="front", key=f"f{i}") for i in range(71)]
    backs = [SimpleNamespace(owner="u00", kind="back", key="b0")]
    powers = [SimpleNamespace(owner="blitz", kind="power", key="p0")]
    faces = {f"f{i}": face_pdf(f"F{i}", UNIT, _colour(i)) for i in range(71)}
    faces.update(b0=face_pdf("B", UNIT, (0, 0, 0)), p0=face_pdf("P", POWER, (0, 128, 0)))
    staged = Staged()
    out = Path("png")
    export_png(fronts + backs + powers, faces, out, DPI, staged)
    unit_px = _image(staged[out / "u00-vorderseite.png"]).size
    assert unit_px == _size_at((120, 80), DPI)
    power_px = _image(staged[out / "blitz-kraft.png"]).size
    assert power_px == _size_at((63, 88), DPI)
    expected = {f"u{i:02d}-vorderseite.png" for i in range(71)} | {"u00-rückseite.png", "blitz-kraft.png"}
    expected |= {"deck-einheiten-vorderseiten-1.png", "deck-einheiten-vorderseiten-2.png",
                 "deck-einheiten-rückseiten-1.png", "deck-kräfte-1.png"}
    assert {path.name for path in staged} == expected and {path.parent for path in staged} == {out}
    for i in range(71):
        face = _image(staged[out / f"u{i:02d}-vorderseite.png"])
        assert face.size == unit_px                                     # every face the same size
        assert face.getpixel((5, 5)) == pytest.approx(_colour(i), abs=1)

    first = _image(staged[out / "deck-einheiten-vorderseiten-1.png"])
    assert first.size == (10 * unit_px[0], 7 * unit_px[1])              # the full 10 × 7 grid
    for i in range(70):                                                # face i in column i % 10, row i // 10
        left, top = (i % 10) * unit_px[0], (i // 10) * unit_px[1]
        assert first.getpixel((left + unit_px[0] - 5, top + unit_px[1] - 5)) == \
            pytest.approx(_colour(i), abs=1), i
    second = _image(staged[out / "deck-einheiten-vorderseiten-2.png"])  # the 71st face starts a new sheet
    assert second.size == unit_px
    assert second.getpixel((5, 5)) == pytest.approx(_colour(70), abs=1)
    assert _image(staged[out / "deck-einheiten-rückseiten-1.png"]).size == unit_px
    assert _image(staged[out / "deck-kräfte-1.png"]).size == power_px
    assert BLEED_RGB not in {colour for _, colour in first.getcolors(maxcolors=1 << 16)}   # no bleed anywhere


def test_every_png_carries_its_dpi():
    """The pHYs chunk: printed or opened in an editor, a face comes out at its card size."""
    jobs = [SimpleNamespace(owner="u", kind="front", key="f"), SimpleNamespace(owner="p", kind="power", key="p")]
    faces = {"f": face_pdf("F", UNIT), "p": face_pdf("P", POWER)}
    staged = Staged()
    export_png(jobs, faces, Path("png"), 72, staged)
    assert len(staged) == 4                                             # two faces, two deck sheets
    for path, data in staged.items():
        assert Image.open(io.BytesIO(data)).info["dpi"] == pytest.approx((72, 72), abs=0.01), path
