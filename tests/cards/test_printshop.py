"""``--print-shop``: one PDF per face kind, one card per page, /TrimBox the card, /BleedBox and
/MediaBox the card and its bleed; fronts and backs in matching order (``cards/printshop.py``)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pikepdf
import pytest
from pypdf import PdfReader

from cardgen.build.run import build
from cardgen.cards.planning import planned_outputs
from cardgen.cards.printshop import (PRINT_SHOP_BLEED_MM, PRINT_SHOP_NAMES, bleed_warning, press_name, press_plan,
                                     press_sheet, print_shop_bleed, print_shop_outputs)
from cardgen.build.context import CardOptions
from cardgen.errors import UsageError
from cardgen.geometry import PRESS_SHEETS_MM, FacePage, mm_to_pt, press_layout

from conftest import run_in_process

from .conftest import EXAMPLE, SMALL, flat, load_yaml
from .synthetic import LABEL_OFFSET, face_pdf, words

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

UNIT, POWER = (120, 80), (63, 88)
TOL = 0.01                          # points


def _boxes(pdf: bytes) -> list[dict[str, list[float]]]:
    with pikepdf.Pdf.open(io.BytesIO(pdf)) as document:
        return [{name: [float(v) for v in page.obj[f"/{name}"]] for name in ("MediaBox", "TrimBox", "BleedBox")}
                for page in document.pages]


def _expected(size: tuple[float, float], bleed_mm: float) -> dict[str, list[float]]:
    b, w, h = mm_to_pt(bleed_mm), mm_to_pt(size[0]), mm_to_pt(size[1])
    media = [0, 0, w + 2 * b, h + 2 * b]
    return {"MediaBox": media, "BleedBox": media, "TrimBox": [b, b, b + w, b + h]}


def _jobs(kind: str, count: int) -> list[SimpleNamespace]:
    return [SimpleNamespace(owner=f"{kind}{i}", kind=kind, key=f"{kind}{i}") for i in range(count)]


@pytest.mark.parametrize("bleed", [0, 3])
def test_every_face_is_a_page_with_its_boxes_and_its_trim_on_the_trim_box(bleed):
    unit, power = FacePage(*UNIT, bleed), FacePage(*POWER, bleed)
    jobs = _jobs("front", 3) + _jobs("back", 3) + _jobs("power", 2)
    faces = {job.key: face_pdf(job.key.upper(), power if job.kind == "power" else unit) for job in jobs}
    files = print_shop_outputs(jobs, faces, unit, power)
    assert list(files) == list(PRINT_SHOP_NAMES.values())
    for name, kind, size, count in ((PRINT_SHOP_NAMES["front"], "FRONT", UNIT, 3),
                                    (PRINT_SHOP_NAMES["back"], "BACK", UNIT, 3),
                                    (PRINT_SHOP_NAMES["power"], "POWER", POWER, 2)):
        boxes = _boxes(files[name])
        assert len(boxes) == count
        for page in boxes:
            for box, value in _expected(size, bleed).items():
                assert page[box] == pytest.approx(value, abs=TOL), (name, box)
            if not bleed:
                assert page["TrimBox"] == pytest.approx(page["MediaBox"], abs=TOL)
        found = words(files[name])
        assert [(w.page, w.text) for w in found] == [(i + 1, f"{kind}{i}") for i in range(count)]
        alone = words(faces[f"{kind.lower()}0"])[0]      # the face's own page: trim box at (bleed, bleed)
        for word in found:                              # each face's trim box lies on the page's trim box
            assert (word.left, word.bottom) == pytest.approx((alone.left, alone.bottom), abs=0.01)
            assert word.left == pytest.approx(mm_to_pt(bleed) + LABEL_OFFSET, abs=0.01)


def test_only_kinds_with_faces_get_a_file():
    unit, power = FacePage(*UNIT), FacePage(*POWER)
    jobs = _jobs("power", 1)
    assert list(print_shop_outputs(jobs, {"power0": face_pdf("P", power)}, unit, power)) == [
        PRINT_SHOP_NAMES["power"]]


def test_print_shop_bleed_and_its_warning():
    assert print_shop_bleed(None) == PRINT_SHOP_BLEED_MM == 3
    assert print_shop_bleed(0) == 0 and print_shop_bleed(5) == 5
    assert bleed_warning(3) is None and bleed_warning(2) is None
    assert bleed_warning(1) == ("--print-shop with --bleed 1: print shops ask for at least 2 mm of bleed "
                                "(leave out --bleed for 3 mm)")


def test_planned_outputs_name_the_print_shop_files(example_content):
    names = [name for name, _ in planned_outputs(example_content, CardOptions(print_shop=True))]
    assert [n for n in names if n.startswith("print-shop/")] == list(PRINT_SHOP_NAMES.values())
    assert not [n for n, _ in planned_outputs(example_content) if n.startswith("print-shop/")]


def test_planned_outputs_name_the_press_sheets_only_with_a_sheet(example_content):
    names = [name for name, _ in planned_outputs(example_content, CardOptions(print_shop=True, sheet="A3"))]
    assert [n for n in names if n.startswith("print-shop/press-")] == [
        "print-shop/press-A3-cards.pdf", "print-shop/press-A3-powers.pdf"]


def test_press_sheet_names_are_the_papers_in_any_case():
    assert [press_sheet(name) for name in ("SRA3", "sra3", "a4", "A3")] == ["SRA3", "SRA3", "A4", "A3"]
    with pytest.raises(UsageError, match=r"^unknown press sheet 'A5'; known: A4, A3, SRA3$"):
        press_sheet("A5")


def test_press_plan_pairs_front_i_with_back_i_and_powers_alone():
    unit, power = FacePage(*UNIT, 3), FacePage(*POWER, 3)
    jobs = _jobs("front", 2) + _jobs("back", 2) + _jobs("power", 1)
    assert press_plan(jobs, unit, power, "SRA3") == {
        press_name("SRA3", "cards"): ([("front0", "back0"), ("front1", "back1")], unit),
        press_name("SRA3", "powers"): ([("power0", None)], power)}


def _page_texts(path) -> list[str]:
    return [flat(page.extract_text()) for page in PdfReader(path).pages]


def test_print_shop_files(print_shop_build):
    code, out, err, folder = print_shop_build
    assert code == 0, err
    assert "--print-shop" not in err                    # the default 3 mm bleed is enough: no warning
    units, powers = load_yaml(SMALL, "units"), load_yaml(SMALL, "powers")
    fronts, backs = (_page_texts(folder / PRINT_SHOP_NAMES[k]) for k in ("front", "back"))
    names = [units[i]["name"] for i in sorted(units)]
    assert len(fronts) == len(backs) == len(names)
    for index, name in enumerate(names):                # page i of both files: unit i
        assert name in fronts[index] and name in backs[index], (index, name)
    power_texts = _page_texts(folder / PRINT_SHOP_NAMES["power"])
    assert [powers[i]["name"] in text for i, text in zip(sorted(powers), power_texts, strict=True)] == \
        [True] * len(powers)
    for kind, size in (("front", UNIT), ("back", UNIT), ("power", POWER)):
        for page in _boxes((folder / PRINT_SHOP_NAMES[kind]).read_bytes()):
            for box, value in _expected(size, 3).items():
                assert page[box] == pytest.approx(value, abs=TOL), (kind, box)


def test_print_shop_is_refused_with_a_group(tmp_path):
    code, _, stderr = run_in_process("cards", "--content", EXAMPLE, "--out", tmp_path / "out", "--print-shop",
                                     "--group", "kampfgruppe_eisenfaust")
    assert code != 0 and "--print-shop writes the whole deck's print-shop files: leave out --group" in stderr


def test_build_writes_print_shop_files_and_a_build_without_keeps_them(tmp_path):
    out = tmp_path / "out"
    summary = build(SMALL, out, card_options=CardOptions(print_shop=True, bleed_mm=3))
    assert set(PRINT_SHOP_NAMES.values()) <= set(summary.built)
    pages = _boxes((out / PRINT_SHOP_NAMES["front"]).read_bytes())
    assert len(pages) == len(load_yaml(SMALL, "units"))
    assert pages[0]["TrimBox"] == pytest.approx(_expected(UNIT, 3)["TrimBox"], abs=TOL)
    again = build(SMALL, out, card_options=CardOptions(print_shop=True, bleed_mm=3))
    assert set(PRINT_SHOP_NAMES.values()) <= set(again.reused)          # cached like the sheets
    build(SMALL, out)                                   # like --png: only a build that makes them owns them
    assert all((out / name).is_file() for name in PRINT_SHOP_NAMES.values())


def test_print_shop_leaves_the_home_sheets_byte_for_byte_as_they_are(print_shop_build, tmp_path):
    """``--print-shop`` adds print-shop/ and changes nothing else: the home sheets keep no bleed (their
    trim hairline) and their layout (issue 30.5); only the print-shop files have the 3 mm bleed."""
    code, _, err, folder = print_shop_build
    assert code == 0, err
    out = tmp_path / "out"
    code, _, err = run_in_process("cards", "--content", SMALL, "--out", out, "--crop-marks")
    assert code == 0, err
    home = _outputs(out)
    assert home and "cards.pdf" in home and "powers.pdf" in home
    for name in home:
        assert (folder / name).read_bytes() == (out / name).read_bytes(), name
    assert _outputs(folder) == sorted(home + list(PRINT_SHOP_NAMES.values()) + PRESS)


def _outputs(out) -> list[str]:
    """The PDFs a build wrote below ``out`` (not its cache)."""
    return sorted(name for p in out.rglob("*.pdf") if not (name := p.relative_to(out).as_posix()).startswith("."))


PRESS = [press_name("SRA3", "cards"), press_name("SRA3", "powers")]


def test_press_sheets_of_the_small_deck(print_shop_build):
    """``--sheet SRA3``: the three units on one press sheet (front side page 1, back side page 2, each
    back behind its front), the power card on a one-sided sheet; every page PDF/X-4, the sheet its
    own trim box."""
    code, _, err, folder = print_shop_build
    assert code == 0, err
    units, powers = load_yaml(SMALL, "units"), load_yaml(SMALL, "powers")
    names = [units[i]["name"] for i in sorted(units)]
    cards, power_sheet = (folder / name for name in PRESS)
    texts = _page_texts(cards)
    assert len(texts) == 2 and all(name in texts[0] and name in texts[1] for name in names)
    assert [powers[i]["name"] in text for i in sorted(powers) for text in _page_texts(power_sheet)] == [True]
    sheet = [0, 0, *(mm_to_pt(v) for v in PRESS_SHEETS_MM["SRA3"])]
    for path in (cards, power_sheet):
        with pikepdf.open(path) as document:
            assert str(document.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4" and document.Root.OutputIntents
            for page in document.pages:
                assert [float(v) for v in page.obj.TrimBox] == pytest.approx(sheet, abs=TOL)
                assert [float(v) for v in page.obj.MediaBox] == pytest.approx(sheet, abs=TOL)
    fronts, backs = (_name_lefts(cards, page, names) for page in (0, 1))
    assert press_layout(FacePage(*UNIT, 3), "SRA3").columns == 2
    for name in names:                               # mirrored: a card left of the centre has its back right of it
        assert (fronts[name] < sheet[2] / 2) is (backs[name] > sheet[2] / 2), name


def _name_lefts(path, page: int, names: list[str]) -> dict[str, float]:
    """Where each unit's name (its first word) first starts on ``page`` (from 0), in points from the left."""
    found: dict[str, float] = {}
    for word in words(path.read_bytes()):
        for name in names:
            if word.page == page + 1 and word.text == name.split()[0]:
                found.setdefault(name, word.left)
    return found
