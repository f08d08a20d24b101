"""Large fonts in a project's font folder (issue 40, finding 9): making the bold and italic faces a
family lacks costs time in proportion to its glyphs and their points (two renamed CJK fonts took a
build from 13 s to 413 s), so a made face holds at most MAX_FACE_COST of that work -- a larger
font's face keeps its first characters, said in one warning -- and a project gets at most
MAX_MADE_FACES made faces.  The fonts are made here with FontBuilder, not shipped."""

from __future__ import annotations

import io

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph

from cardgen.fonts.outline import GLYPH_COST, characters_within
from cardgen.fonts.lookup import FontFace
from cardgen.fonts.synth import MAX_FACE_COST, MAX_MADE_FACES, synthesise, synthesise_cut, synthesise_faces
from cardgen.paths import FONTS_DIR

FIRST, GLYPHS = 0x4E00, 20_000          # CJK ideographs, as many as a CJK font has
POINTS = 4                              # each glyph a quadrilateral
SHAPES = 500                            # of different widths
KEPT = 100                              # characters a test budget holds


def many_glyphs(count: int = GLYPHS, family: str = "Viele") -> bytes:
    """A TrueType font of ``count`` glyphs for U+4E00 onwards, each a quadrilateral of one of
    :data:`SHAPES` widths (compiled once each: 20,000 glyphs are built in half a second)."""
    names = [".notdef"] + [f"g{i}" for i in range(count)]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({FIRST + i: f"g{i}" for i in range(count)})
    shapes = []
    for width in range(SHAPES):
        pen = TTGlyphPen(None)
        pen.moveTo((100, 0)), pen.lineTo((100, 700)), pen.lineTo((200 + width, 700)), pen.lineTo((200, 0))
        pen.closePath()
        shapes.append(pen.glyph())
    builder.setupGlyf({name: shapes[i % SHAPES] for i, name in enumerate(names)})
    glyf = builder.font["glyf"]
    compiled = [shape.compile(glyf) for shape in shapes]
    glyf.glyphs = {name: Glyph(compiled[i % SHAPES]) for i, name in enumerate(names)}
    builder.font.recalcBBoxes = False                  # the bounds setupGlyf found hold
    builder.setupHorizontalMetrics({name: (600 + i % SHAPES, 100) for i, name in enumerate(names)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost(keepGlyphNames=False)
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


@pytest.fixture(scope="module")
def big() -> bytes:
    return many_glyphs()


def budget_for(characters: int) -> int:
    return characters * (GLYPH_COST + POINTS)


def test_a_face_of_a_big_font_holds_only_the_characters_the_budget_allows(big):
    made, cut = synthesise_cut(big, True, False, budget_for(KEPT))
    font = TTFont(io.BytesIO(made))
    assert len(font.getGlyphOrder()) == KEPT + 1                        # and .notdef
    assert sorted(font.getBestCmap()) == list(range(FIRST, FIRST + KEPT))
    assert cut == f"{KEPT}-{GLYPHS}-{FIRST + KEPT - 1:04X}"


def test_the_cut_face_draws_its_characters_as_the_whole_face_does(big):
    whole = TTFont(io.BytesIO(synthesise(many_glyphs(KEPT), True, True)))
    cut = TTFont(io.BytesIO(synthesise(big, True, True, budget_for(KEPT))))
    assert synthesise_cut(many_glyphs(KEPT), True, True, budget_for(KEPT + 1))[1] == ""   # fits (.notdef too)
    for code in range(FIRST, FIRST + KEPT):
        name, other = whole.getBestCmap()[code], cut.getBestCmap()[code]
        assert cut["glyf"][other].getCoordinates(cut["glyf"])[0] == whole["glyf"][name].getCoordinates(whole["glyf"])[0]
        assert cut["hmtx"][other] == whole["hmtx"][name]


def test_the_default_budget_holds_cardgens_largest_font_whole_and_cuts_a_big_one(big):
    assert characters_within(TTFont(FONTS_DIR / "DejaVuSans.ttf"), MAX_FACE_COST) is None      # 6,253 glyphs
    kept = characters_within(TTFont(io.BytesIO(big)), MAX_FACE_COST)
    assert kept == list(range(FIRST, FIRST + MAX_FACE_COST // (GLYPH_COST + POINTS)))


def test_a_cut_font_is_one_warning_on_a_cold_and_a_warm_build(big, tmp_path, monkeypatch):
    monkeypatch.setattr("cardgen.fonts.synth.MAX_FACE_COST", budget_for(KEPT))
    path = tmp_path / "Fonts" / "Viele.ttf"
    path.parent.mkdir()
    path.write_bytes(big)
    (tmp_path / "cache").mkdir()
    source = FontFace(path, "Viele")
    made, _, notes, problems = synthesise_faces([source], [tmp_path], tmp_path / "cache")
    assert [(face.weight, face.style) for face in made] == [(400, "italic"), (700, "normal"), (700, "italic")]
    assert [(p.file, p.message) for p in problems] == [(str(path), (
        f"the bold and italic faces synthesised for Viele hold its first {KEPT} of 20,000 characters (up to "
        f"U+{FIRST + KEPT - 1:04X}): cardgen makes at most {budget_for(KEPT):,} outline points a face; the others "
        "in bold or italic fall back to the next font of the stylesheet's font-family"))]
    monkeypatch.setattr("cardgen.fonts.synth.synthesise_cut", lambda *_: pytest.fail("made again"))
    assert synthesise_faces([source], [tmp_path], tmp_path / "cache") == (made, (tmp_path.resolve() / "cache",),
                                                                          notes, problems)


def test_a_project_gets_at_most_so_many_made_faces(tmp_path):
    fonts = tmp_path / "Fonts"
    fonts.mkdir()
    families = MAX_MADE_FACES // 3 + 1                       # each lacks three faces
    sources = []
    for index in range(families):
        (fonts / f"F{index}.ttf").write_bytes(many_glyphs(2, f"Familie {index}"))
        sources.append(FontFace(fonts / f"F{index}.ttf", f"Familie {index}"))
    made, _, notes, problems = synthesise_faces(sources, [tmp_path], tmp_path / "cache")
    assert len(made) == MAX_MADE_FACES and len(notes) == families - 1
    last = families - 1
    assert [(p.file, p.message) for p in problems] == [(str(fonts / f"F{last}.ttf"), (
        f"no more faces synthesised for Familie {last}: cardgen makes at most {MAX_MADE_FACES} a project, and "
        "the fonts before it took them; it prints in its own faces there"))]
