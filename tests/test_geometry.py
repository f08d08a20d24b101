"""Geometry is data in one place (cardgen.geometry); templates only print ready numbers."""

from __future__ import annotations

import pytest
from jinja2 import nodes

from cardgen import geometry
from cardgen.cards.sheetlayout import layout_sheet
from cardgen.cards.render import CARDS_TEMPLATES, environment
from cardgen.geometry import FacePage, SheetOptions, paper_mm, sheet_layout, slots_to_try

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

ARITHMETIC = (nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Pow,
              nodes.Neg, nodes.Pos)


def test_one_constant_per_unit_conversion():
    assert geometry.PT_PER_PX == 0.75
    assert geometry.px_to_pt(96) == 72
    assert geometry.mm_to_pt(25.4) == pytest.approx(72)
    assert geometry.pt_to_mm(geometry.mm_to_pt(63)) == pytest.approx(63)


@pytest.mark.parametrize("paper,orientation,size", [
    ("A4", "portrait", (210, 297)), ("A4", "landscape", (297, 210)),
    ("A3", "portrait", (297, 420)), ("Letter", "landscape", (279.4, 215.9))])
def test_paper_sizes_are_data(paper, orientation, size):
    assert paper_mm(paper, orientation) == size


def test_defaults_are_a4_with_a_5mm_margin():
    options = SheetOptions()
    assert (options.paper, options.margin_mm, options.orientation) == ("A4", 5, "portrait")


def test_sheet_layout_gives_the_template_every_number():
    layout = sheet_layout(FacePage(120, 80, 3), SheetOptions(fold=True, orientation="landscape"))
    assert (layout.paper_width_mm, layout.paper_height_mm, layout.margin_mm) == (297, 210, 5)
    assert (layout.slot_width_mm, layout.slot_height_mm, layout.pair_slot_height_mm) == (126, 86, 83)
    assert (layout.trim_width_mm, layout.trim_height_mm, layout.bleed_mm) == (120, 80, 3)
    assert (layout.fold_line_top_mm, layout.fold_label_top_mm) == (83, 83.5)
    assert layout.fold and not layout.mirrored and not layout.crop_marks


def test_slots_to_try_follows_the_paper():
    card = FacePage(63, 88)
    assert slots_to_try(card, SheetOptions()) == 13                  # 210 × 297 / (63 × 88) + 2
    assert slots_to_try(card, SheetOptions(paper="A3")) == 24
    assert slots_to_try(FacePage(1, 1), SheetOptions()) == geometry.MAX_SLOTS


def test_a3_sheet_holds_every_card_that_fits():
    """Before, the imposer assumed A4 when counting slots: an A3 sheet got 13 power cards, not 16."""
    sheet = layout_sheet(FacePage(63, 88), SheetOptions(paper="A3"))
    assert (sheet.width_pt, sheet.height_pt) == pytest.approx(tuple(map(geometry.mm_to_pt, (297, 420))), abs=0.01)
    assert sheet.per_page == 16


@pytest.mark.parametrize("template", sorted(p.name for p in CARDS_TEMPLATES.glob("*.j2")))
def test_card_templates_do_no_arithmetic(template):
    source = (CARDS_TEMPLATES / template).read_text(encoding="utf-8")
    found = [(type(n).__name__, n.lineno) for n in environment().parse(source).find_all(ARITHMETIC)]
    assert found == [], f"{template}: compute these numbers in Python (cardgen.geometry or the view)"
