"""The card stage's sheets (cardgen.cards.sheets) without imposing: an output is made again only when its
key or its file changed; the unit cards whose faces changed since the last build."""

from __future__ import annotations

import pytest

from cardgen.cards.planning import FaceJob
from cardgen.cards.sheets import changed_units, impose_once
from cardgen.build.context import make_context
from cardgen.geometry import FacePage
from cardgen.project.file import Project
from cardgen.stages import load_and_derive
from conftest import unit


@pytest.fixture
def run(rules_content, tmp_path):
    """A build's context over two units, and a way to run ``step(ctx)`` as one build (committed)."""
    rules_content("units", unit("probe"))
    rules_content("units", unit("zweiter"))
    content, derived = load_and_derive(rules_content.root)

    def build(step):
        ctx = make_context(Project(root=tmp_path), content, derived, tmp_path / "out")
        with ctx.staged(lambda name: True):
            result = step(ctx)
        return ctx, result
    return build


def test_an_output_is_imposed_again_only_when_its_key_or_its_file_changed(run, tmp_path):
    made = []

    def impose(key):
        return lambda ctx: impose_once(ctx, "cards.pdf", key, lambda: made.append(key) or f"PDF {key}".encode())

    ctx, _ = run(impose("k1"))
    assert made == ["k1"] and ctx.summary.built == ["cards.pdf"]
    ctx, _ = run(impose("k1"))
    assert made == ["k1"] and ctx.summary.reused == ["cards.pdf"]
    run(impose("k2"))
    assert made == ["k1", "k2"] and (tmp_path / "out" / "cards.pdf").read_bytes() == b"PDF k2"
    (tmp_path / "out" / "cards.pdf").write_bytes(b"edited")
    run(impose("k2"))
    assert made == ["k1", "k2", "k2"]


def test_the_changed_units_are_those_whose_faces_changed(run):
    def jobs(probe_key):
        return [FaceJob(owner, kind, None, FacePage(120, 80), 6.0, key) for owner, kind, key in [
            ("probe", "front", probe_key), ("probe", "back", "pb"),
            ("zweiter", "front", "zf"), ("zweiter", "back", "zb")]]

    assert run(lambda ctx: changed_units(ctx, jobs("pf")))[1] == ["probe", "zweiter"]
    assert run(lambda ctx: changed_units(ctx, jobs("pf")))[1] == []
    assert run(lambda ctx: changed_units(ctx, jobs("pf2")))[1] == ["probe"]
