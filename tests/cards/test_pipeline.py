"""The card stage's registry of outputs (cardgen.cards.pipeline): which outputs a build makes for its
options, in order, each made once.  (The whole stage: tests/e2e/test_build.py.)"""

from __future__ import annotations

import pytest

from cardgen.cards import pipeline
from cardgen.cards.pipeline import OUTPUTS, build_all_cards
from cardgen.build.context import CardOptions


@pytest.mark.parametrize("options, made", [
    (CardOptions(), ["figures", "cards.pdf", "powers.pdf", "groups", "changed-cards.pdf"]),
    (CardOptions(png_dpi=300), ["figures", "cards.pdf", "powers.pdf", "groups", "changed-cards.pdf", "png"]),
    (CardOptions(print_shop=True), ["figures", "cards.pdf", "powers.pdf", "groups", "changed-cards.pdf",
                                    "print-shop"]),
    (CardOptions(group="trupp", print_shop=True), ["figures", "groups"]),
])
def test_the_outputs_a_build_makes_for_its_options(options, made):
    assert [output.name for output in OUTPUTS if output.wanted(options)] == made


def test_build_all_cards_makes_each_wanted_output_once_in_order(monkeypatch):
    made = []
    run = type("Run", (), {"options": CardOptions(group="trupp")})()
    monkeypatch.setattr(pipeline, "card_run", lambda ctx: run)
    monkeypatch.setattr(pipeline, "OUTPUTS", [
        pipeline.CardOutput(output.name, output.wanted, lambda r, name=output.name: made.append((name, r)))
        for output in OUTPUTS])
    build_all_cards(object())                                  # type: ignore[arg-type]
    assert made == [("figures", run), ("groups", run)]


@pytest.mark.parametrize("units, imposed", [({}, []), ({"probe": object()}, ["cards.pdf"])])
def test_content_without_units_has_no_cards_pdf(monkeypatch, units, imposed):
    """A build of rulebooks only (issue 29): no unit, no cards.pdf -- not an empty one."""
    made = []
    monkeypatch.setattr(pipeline, "impose_sheet", lambda run, name, *args, **kwargs: made.append(name))
    ctx = type("Ctx", (), {"content": type("C", (), {"units": units})()})()
    run = type("Run", (), {"ctx": ctx, "changed": []})()
    pipeline._unit_cards(run)                                      # type: ignore[arg-type]
    assert made == imposed
