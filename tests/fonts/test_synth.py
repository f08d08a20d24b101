"""The faces a project family lacks, made as Chromium makes them (cardgen.fonts.synth): which faces,
the emboldened and slanted outlines, the names, the cache in the user's cache folder, the one note."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

from cardgen.fonts.lookup import FontFace, read_face
from cardgen.fonts.synth import (EMBOLDEN_DIVISOR, ITALIC_SKEW, NotSynthesisable, Synthesis, cached_face,
                               note_line, plan_synthesis, synthesise, synthesise_faces)
from cardgen.paths import FONTS_DIR
from tests.e2e.rulebook_repo import nova_round

TEXT = "Hilo\u0301"                 # stems, a bowl and a mark with no advance


@pytest.fixture(scope="module")
def regular(tmp_path_factory) -> bytes:
    """The sample repository's "Nova Round" (DejaVu Sans renamed, hinted), cut down to :data:`TEXT`."""
    path = tmp_path_factory.mktemp("nova") / "NovaRound-Regular.ttf"
    nova_round(path)
    font = TTFont(path)
    options = Options()
    options.hinting = True
    options.name_IDs = ["*"]
    subsetter = Subsetter(options)
    subsetter.populate(text=TEXT)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def glyph_box(font: TTFont, name: str) -> tuple[int, int, int, int]:
    glyph = font["glyf"][name]
    glyph.recalcBounds(font["glyf"])
    return glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax


def face(name: str, family: str = "Nova Round", weight: int = 400, style: str = "normal") -> FontFace:
    return FontFace(Path(name), family, weight, style)


REGULAR, BOLD, ITALIC = face("R.ttf"), face("B.ttf", weight=700), face("I.ttf", style="italic")
LIGHT = face("L.ttf", weight=300)


@pytest.mark.parametrize("faces, made", [
    ([REGULAR], [(REGULAR, False, True), (REGULAR, True, False), (REGULAR, True, True)]),
    ([REGULAR, BOLD], [(REGULAR, False, True), (BOLD, False, True)]),     # skewed twins only
    ([REGULAR, ITALIC], [(REGULAR, True, False), (ITALIC, True, False)]),
    ([LIGHT, REGULAR], [(LIGHT, False, True), (REGULAR, False, True), (REGULAR, True, False),
                        (REGULAR, True, True)]),                          # bold from the heaviest
    ([REGULAR, face("S.ttf", weight=600), ITALIC, face("BI.ttf", weight=700, style="italic")], []),
    ([REGULAR, face("D.ttf", family="DejaVu Sans", weight=700)],
     [(REGULAR, False, True), (REGULAR, True, False), (REGULAR, True, True),
      (face("D.ttf", family="DejaVu Sans", weight=700), False, True)]),  # each family apart
])
def test_plan_the_faces_a_family_lacks(faces, made):
    assert plan_synthesis(faces) == [Synthesis(source, bold, italic) for source, bold, italic in made]


def test_the_bold_is_em_24_wider_and_higher_and_advances_grow_as_much(regular):
    source, bold = TTFont(io.BytesIO(regular)), TTFont(io.BytesIO(synthesise(regular, True, False)))
    strength = source["head"].unitsPerEm / EMBOLDEN_DIVISOR          # 2048 / 24 = 85.3 units
    assert round(strength) == 85
    for name in ("H", "l"):                                            # straight stems: exactly
        x0, y0, x1, y1 = glyph_box(source, name)
        assert glyph_box(bold, name) == (x0, y0, x1 + 85, y1 + 85)
    x0, y0, x1, y1 = glyph_box(source, "o")                            # a bowl: about as much
    bx0, by0, bx1, by1 = glyph_box(bold, "o")
    assert bx1 - bx0 == pytest.approx(x1 - x0 + 85, abs=2) and by1 - by0 == pytest.approx(y1 - y0 + 85, abs=2)
    for name in source.getGlyphOrder():
        advance = source["hmtx"][name][0]
        assert bold["hmtx"][name][0] == (advance + 85 if advance else 0), name
    assert 0 in [source["hmtx"][name][0] for name in source.getGlyphOrder()]      # the mark keeps none


def test_the_italic_leans_a_quarter_of_its_height_to_the_right(regular):
    source, italic = TTFont(io.BytesIO(regular)), TTFont(io.BytesIO(synthesise(regular, False, True)))
    x0, y0, x1, y1 = glyph_box(source, "l")
    assert glyph_box(italic, "l") == (x0, y0, round(x1 + ITALIC_SKEW * y1), y1)
    assert italic["post"].italicAngle == pytest.approx(-math.degrees(math.atan(0.25)))    # about 14°
    assert italic["post"].italicAngle == pytest.approx(-14.04, abs=0.01)
    assert italic["hmtx"]["l"][0] == source["hmtx"]["l"][0]


@pytest.mark.parametrize("bold, italic, style, weight, css_style", [
    (True, False, "Bold", 700, "normal"), (False, True, "Italic", 400, "italic"),
    (True, True, "Bold Italic", 700, "italic"),
])
def test_the_name_table_says_what_the_face_is(regular, bold, italic, style, weight, css_style):
    data = synthesise(regular, bold, italic)
    names = TTFont(io.BytesIO(data))["name"]
    assert [names.getDebugName(i) for i in (1, 2, 4, 6, 16, 17)] == [
        "Nova Round", style, f"Nova Round {style} (synthesised by cardgen)",
        f"NovaRound-{style.replace(' ', '')}Synthesised", "Nova Round", style]
    assert read_face(Path("x.ttf"), data) == FontFace(Path("x.ttf"), "Nova Round", weight, css_style)


def test_hinting_is_dropped_and_the_bytes_are_the_same_every_time(regular):
    assert {"fpgm", "prep", "cvt "} <= set(TTFont(io.BytesIO(regular)).keys())
    once = synthesise(regular, True, True)
    font = TTFont(io.BytesIO(once))
    assert not {"fpgm", "prep", "cvt ", "hdmx"} & set(font.keys())
    assert all(font["glyf"][name].program.getBytecode() == b"" for name in font.getGlyphOrder()
               if font["glyf"][name].numberOfContours > 0)
    assert synthesise(regular, True, True) == once


def cff_font() -> bytes:
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "H"])
    builder.setupCharacterMap({ord("H"): "H"})
    pen = T2CharStringPen(600, None)
    pen.moveTo((100, 0)), pen.lineTo((100, 700)), pen.lineTo((200, 700)), pen.lineTo((200, 0)), pen.closePath()
    builder.setupCFF("Probe-Regular", {"FullName": "Probe"}, {".notdef": pen.getCharString(),
                                                               "H": pen.getCharString()}, {})
    builder.setupHorizontalMetrics({".notdef": (600, 100), "H": (600, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Probe", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


def test_cff_outlines_are_not_synthesised_and_say_so_once(tmp_path):
    with pytest.raises(NotSynthesisable, match="CFF"):
        synthesise(cff_font(), True, False)
    fonts = tmp_path / "Fonts"
    fonts.mkdir()
    (fonts / "Probe.otf").write_bytes(cff_font())
    made, roots, notes, problems = synthesise_faces([FontFace(fonts / "Probe.otf", "Probe")], [tmp_path],
                                                    tmp_path / "cache")
    assert (made, roots, notes) == ([], (), [])
    assert [(p.file, p.severity, p.message) for p in problems] == [
        (str(fonts / "Probe.otf"), "warning", "no bold or italic face synthesised for Probe: its outlines are CFF "
         "(PostScript), which cardgen does not embolden or slant; it prints in its own faces only")]


def test_the_made_faces_are_cached_outside_the_project_and_named_in_one_note(regular, tmp_path, monkeypatch):
    fonts, cache = tmp_path / "repo" / "Fonts", tmp_path / "cache"
    fonts.mkdir(parents=True)
    cache.mkdir()
    (fonts / "NovaRound-Regular.ttf").write_bytes(regular)
    source = FontFace(fonts / "NovaRound-Regular.ttf", "Nova Round")
    made, roots, notes, problems = synthesise_faces([source], [tmp_path / "repo"], cache)
    assert [(f.family, f.weight, f.style, f.path.parent) for f in made] == [
        ("Nova Round", 400, "italic", cache), ("Nova Round", 700, "normal", cache), ("Nova Round", 700, "italic", cache)]
    assert roots == (cache.resolve(),) and problems == []
    assert notes == ["note: the font family Nova Round has no bold, italic or bold italic face: cardgen synthesised "
                     "them as Chromium does (font_synthesis = false in cardgen.toml turns this off)"]
    assert sorted(p.name for p in fonts.iterdir()) == ["NovaRound-Regular.ttf"]          # nothing in the project
    assert made[1].path.read_bytes() == synthesise(regular, True, False)

    monkeypatch.setattr("cardgen.fonts.synth.synthesise", lambda *_: pytest.fail("made again"))
    assert synthesise_faces([source], [tmp_path / "repo"], cache)[0] == made              # found, checked

    made[1].path.write_bytes(b"damaged")
    monkeypatch.undo()
    assert cached_face(cache, regular, True, False) == made[1].path                        # made again
    assert made[1].path.read_bytes() == synthesise(regular, True, False)


def test_a_new_fonttools_makes_the_faces_again(regular, tmp_path, monkeypatch):
    first = cached_face(tmp_path, regular, True, False)
    monkeypatch.setattr("fontTools.version", "99.0")
    assert cached_face(tmp_path, regular, True, False).name.split(".")[0] != first.name.split(".")[0]


def test_one_face_is_one_note():
    assert note_line("Nova Round", ["bold"]) == (
        "note: the font family Nova Round has no bold face: cardgen synthesised it as Chromium does "
        "(font_synthesis = false in cardgen.toml turns this off)")


def test_cardgens_own_dejavu_has_every_face():
    faces = [read_face(p, p.read_bytes()) for p in sorted(FONTS_DIR.glob("DejaVuSans*.ttf"))
             if "Condensed" not in p.name and "Mono" not in p.name and "ExtraLight" not in p.name]
    assert {(f.weight, f.style) for f in faces} == {(400, "normal"), (700, "normal"), (400, "italic"), (700, "italic")}
    assert plan_synthesis(faces) == []


def test_without_a_user_cache_the_faces_go_to_a_folder_of_the_process(tmp_path, monkeypatch):
    from cardgen.fonts.synth import cache_folder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_folder() == tmp_path / "xdg" / "cardgen" / "fonts"
    (tmp_path / "xdg" / "cardgen" / "fonts").chmod(0o777)            # anyone may write: not trusted
    folder = cache_folder()
    assert folder.is_dir() and folder.name.startswith("cardgen-fonts-") and cache_folder() == folder
