"""Issue 30.10: the print-shop files are PDF/X-4 (``cards/pdfx.py``): an output intent with its ICC
profile, ``GTS_PDFXVersion``, TrimBox and BleedBox on every page, every font embedded, no RGB
without a profile; ``--icc FILE`` is the shop's profile, a file inside the project."""

from __future__ import annotations

import subprocess

import pikepdf
import pytest

from cardgen.cards.pdfx import DEFAULT_PROFILE, PDFX_VERSION, PDFXID
from cardgen.cards.printshop import PRINT_SHOP_NAMES

from conftest import run_in_process

from .conftest import SMALL

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


def _check_pdfx(path, profile: bytes, condition: str) -> None:
    with pikepdf.open(path) as document:
        assert document.pdf_version <= "1.6"
        (intent,) = document.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier) == condition
        assert intent.DestOutputProfile.read_bytes() == profile and int(intent.DestOutputProfile.N) == 4
        assert str(document.docinfo["/GTS_PDFXVersion"]) == PDFX_VERSION
        assert document.docinfo["/Trapped"] == pikepdf.Name.False_
        assert document.open_metadata()[f"{{{PDFXID}}}GTS_PDFXVersion"] == PDFX_VERSION
        for page in document.pages:
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
            (face,) = page.Resources.XObject.values()
            assert face.Resources.ColorSpace.DefaultRGB[0] == pikepdf.Name.ICCBased
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), fonts     # the "emb" column


def test_print_shop_files_are_pdfx4_with_fogra39(print_shop_build):
    code, _, err, folder = print_shop_build
    assert code == 0, err
    for name in PRINT_SHOP_NAMES.values():
        _check_pdfx(folder / name, DEFAULT_PROFILE.read_bytes(), "FOGRA39")


def test_home_sheets_stay_plain_pdf(print_shop_build):
    code, _, err, folder = print_shop_build
    with pikepdf.open(folder / "cards.pdf") as document:
        assert "/OutputIntents" not in document.Root and "/GTS_PDFXVersion" not in document.docinfo


def test_icc_is_the_shops_profile_and_must_lie_inside_the_project(tmp_path):
    """The tests run from the checkout (the project): a profile in it is taken, one outside refused."""
    profile = DEFAULT_PROFILE.read_bytes()                   # any CMYK profile: named after its file
    outside = tmp_path / "outside.icc"
    outside.write_bytes(profile)
    out = tmp_path / "out"
    args = ("cards", "--content", SMALL, "--out", out, "--print-shop", "--icc")
    code, _, err = run_in_process(*args, DEFAULT_PROFILE.relative_to(DEFAULT_PROFILE.parents[3]))
    assert code == 0, err
    _check_pdfx(out / PRINT_SHOP_NAMES["front"], profile, DEFAULT_PROFILE.stem)
    code, _, err = run_in_process(*args, outside)
    assert code != 0 and "outside the allowed folders" in err, err
    code, _, err = run_in_process("cards", "--content", SMALL, "--out", out, "--icc", outside)
    assert code != 0 and "--icc is the print-shop files' output profile: add --print-shop" in err
