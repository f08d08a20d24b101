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
        assert document.docinfo["/Trapped"] == pikepdf.Name("/False")       # not /False_ (issue 42.1)
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


def _boxes_nest(page: pikepdf.Page) -> bool:
    """TrimBox within BleedBox within MediaBox (ISO 15930-7 6.2.4), and no ArtBox beside the TrimBox."""
    media, bleed, trim = (pikepdf.Rectangle(page.obj[key]) for key in ("/MediaBox", "/BleedBox", "/TrimBox"))
    inside = all(inner.llx >= outer.llx - 0.01 and inner.lly >= outer.lly - 0.01 and inner.urx <= outer.urx + 0.01
                 and inner.ury <= outer.ury + 0.01 for inner, outer in ((trim, bleed), (bleed, media)))
    return inside and "/ArtBox" not in page.obj


def _graphics_states(document: pikepdf.Pdf):
    """Every ExtGState dictionary of the file."""
    for obj in document.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.ExtGState:
            yield obj


def test_print_shop_files_meet_the_pdfx4_rules(print_shop_build):
    """Issue 42.1: the rows of the ISO 15930-7 table in docs/cards-and-printing.md that the files show:
    no encryption, trailer ids, one output intent, nested boxes, no optional content, no actions or
    JavaScript, no annotations on the card, no transfer functions, no PostScript, page groups not in
    DeviceRGB, the XMP ids."""
    code, _, err, folder = print_shop_build
    assert code == 0, err
    paths = sorted((folder / "print-shop").glob("*.pdf"))
    assert len(paths) >= 3, paths
    for path in paths:
        with pikepdf.open(path) as document:
            assert not document.is_encrypted and "/Encrypt" not in document.trailer
            assert len(document.trailer.ID) == 2 and len(bytes(document.trailer.ID[0])) == 16
            assert len(document.Root.OutputIntents) == 1
            assert not {"/OCProperties", "/OpenAction", "/AA"} & set(document.Root.keys())
            assert "/JavaScript" not in document.Root.get("/Names", {})
            meta = document.open_metadata()
            assert meta["xmpMM:DocumentID"].removeprefix("urn:uuid:").replace("-", "") \
                == bytes(document.trailer.ID[0]).hex()
            assert meta["xmpMM:RenditionClass"] == "default" and meta["xmpMM:VersionID"]
            for page in document.pages:
                assert _boxes_nest(page), path
                assert "/Annots" not in page.obj and "/AA" not in page.obj
                assert page.obj.get("/Group", {}).get("/CS") != pikepdf.Name.DeviceRGB
            for state in _graphics_states(document):
                assert "/TR" not in state and state.get("/TR2", pikepdf.Name.Default) == pikepdf.Name.Default
            for obj in document.objects:
                assert not (isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.PS)
                assert not (isinstance(obj, pikepdf.Dictionary) and obj.get("/S") == pikepdf.Name.JavaScript)
