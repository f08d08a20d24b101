"""The benchmark's Typst reference (bench/typst/unit_card.typ, bench/typst_card.py): the card views
of a generated set compile to one face per page, of the unit card's size, with the names and points
the cards print.  Skipped where the ``typst`` wheel is not installed (it is no dependency)."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from pypdf import PdfReader

from cardgen.geometry import mm_to_pt
from tests.conftest import PROJECT


def bench_module(name: str):
    """A module of bench/ (not a package; its html.py must not shadow the standard library's html)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", PROJECT / "bench" / f"{name}.py")
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)   # dataclasses look it up
    spec.loader.exec_module(module)
    return module


typst_card = bench_module("typst_card")
pytestmark = pytest.mark.skipif(not typst_card.available(),
                                reason="typst (the PyPI wheel) is not installed: pip install typst "
                                       "(bench/run.py's optional Typst reference)")


def test_typst_reference_prints_every_face_of_the_set(tmp_path):
    content = bench_module("generate").generate(2, tmp_path / "content")
    data = bench_module("html").cards_typst_data(content, tmp_path / "cards.work")
    (tmp_path / "cards.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    typst_card.compile_cards(tmp_path / "cards.json", tmp_path / "cards.pdf")

    pages = PdfReader(tmp_path / "cards.pdf").pages
    assert len(pages) == 4
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(mm_to_pt(data["page"]["width_mm"]), abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(mm_to_pt(data["page"]["height_mm"]), abs=0.01)
    for n, card in enumerate(data["cards"]):
        for side in pages[2 * n: 2 * n + 2]:
            text = " ".join(side.extract_text().split())
            assert card["name"] in text
            assert f"{card['points']} pkt" in text
