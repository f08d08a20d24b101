"""Acceptance 1: ``cardgen cards`` on the example content, fold and duplex layouts."""

from __future__ import annotations

import math

import pytest

from tests.cards.conftest import EXAMPLE, flat, load_yaml, page_sizes, pdf_text, show_json

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

A4 = (595.28, 841.89)
UNITS = load_yaml(EXAMPLE, "units")
POWERS = load_yaml(EXAMPLE, "powers")
WEAPONS = load_yaml(EXAMPLE, "weapons")
ATTRIBUTE_ROW = "AGI"     # the attribute labels: every unit card's front has them
BACK_HEADING = "Aktionen"  # the heading of a back's list of actions: only backs have it


@pytest.fixture(params=["fold", "duplex"])
def build(request, example_fold, example_duplex):
    return {"fold": example_fold, "duplex": example_duplex}[request.param]


def test_exits_0_without_any_warning(build):
    code, out, err, folder = build
    assert code == 0, err
    assert err == "", f"stderr must be empty (WeasyPrint warnings are printed there):\n{err}"
    assert (folder / "cards.pdf").is_file() and (folder / "powers.pdf").is_file()


def test_every_pdf_is_a4(build):
    code, _, err, folder = build
    assert code == 0, err
    pdfs = sorted(folder.glob("*.pdf")) + sorted((folder / "groups").glob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {"cards.pdf", "powers.pdf", "changed-cards.pdf",
            "kampfgruppe_eisenfaust.pdf", "zirkel_der_glut.pdf"} <= names
    for pdf in pdfs:
        for number, (width, height) in enumerate(page_sizes(pdf), start=1):
            size = sorted((width, height))
            assert size == pytest.approx(sorted(A4), abs=0.5), f"{pdf.name} page {number}: {size}"


def test_cards_pdf_shows_every_unit_its_points_and_weapons(build):
    code, _, err, folder = build
    assert code == 0, err
    text = flat(pdf_text(folder / "cards.pdf"))
    missing = []
    for unit_id, unit in UNITS.items():
        expected = [unit["name"], f"{show_json(EXAMPLE, unit_id)['points']} pkt"]
        expected += [WEAPONS[w if isinstance(w, str) else w["id"]]["name"] for w in unit.get("weapons", [])]
        missing += [f"{unit_id}: {e!r}" for e in expected if e not in text]
    assert not missing, missing


def test_powers_pdf_shows_every_power(build):
    code, _, err, folder = build
    assert code == 0, err
    text = flat(pdf_text(folder / "powers.pdf"))
    assert [p["name"] for p in POWERS.values() if p["name"] not in text] == []


def _printed(name: str, words: list[str]) -> bool:
    """``name``'s words in ``words`` in their order, at most two others between two of them: a name
    that wraps in its (vertically centred) cell is read out beside the cell next to it ("Belagerungsläufer
    AGI Goliath")."""
    want = name.split()
    for start in (i for i, word in enumerate(words) if word == want[0]):
        at = start
        for part in want[1:]:
            following = words[at + 1:at + 4]
            if part not in following:
                break
            at += 1 + following.index(part)
        else:
            return True
    return False


def _names_on(text: str) -> set[str]:
    words = text.split()
    return {u["name"] for u in UNITS.values() if _printed(u["name"], words)}


def test_duplex_fronts_on_odd_pages_backs_on_even_pages(example_duplex):
    code, _, err, folder = example_duplex
    assert code == 0, err
    pages = len(page_sizes(folder / "cards.pdf"))
    # A4 portrait, 5 mm margins: one column of 120 mm cards, floor(287 / 80) = 3 rows
    per_page = math.floor((297 - 10) / 80) * math.floor((210 - 10) / 120)
    assert pages == 2 * math.ceil(len(UNITS) / per_page)
    seen: list[str] = []
    for number in range(1, pages + 1, 2):
        front = flat(pdf_text(folder / "cards.pdf", number, number))
        back = flat(pdf_text(folder / "cards.pdf", number + 1, number + 1))
        assert front.count(ATTRIBUTE_ROW) >= 1, f"page {number} is not a page of fronts"
        assert BACK_HEADING not in front, f"page {number} is not a page of fronts"
        assert back.count(BACK_HEADING) >= 1, f"page {number + 1} is not a page of backs"
        front_names = _names_on(front)
        assert front_names, f"page {number}: no unit name"
        assert _names_on(back) == front_names, f"the backs on page {number + 1} belong to other units"
        seen += sorted(front_names)
    assert sorted(seen) == sorted(u["name"] for u in UNITS.values())


def test_fold_pages_hold_front_and_back_of_each_card(example_fold):
    code, _, err, folder = example_fold
    assert code == 0, err
    pages = len(page_sizes(folder / "cards.pdf"))
    # A4 landscape holds two 120 × 160 mm strips (front + back) side by side
    assert pages == math.ceil(len(UNITS) / 2)
    seen = []
    for number in range(1, pages + 1):
        text = flat(pdf_text(folder / "cards.pdf", number, number))
        names = _names_on(text)
        for name in names:    # the name is on the front and on its (turned) back
            assert text.count(name) >= 2, f"page {number}: {name} only once"
        seen += names
    assert sorted(seen) == sorted(u["name"] for u in UNITS.values())
