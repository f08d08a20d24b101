"""Glyph outlines emboldened and slanted as FreeType and Skia do it, for :mod:`cardgen.fonts.synth`.

:func:`embolden` is FreeType's ``FT_Outline_EmboldenXY`` (``ftoutln.c``) in floating point: each point
moves along the bisector of its two edges' outward normals so that every edge moves half the
strength outwards, and then the whole outline moves half the strength right and up -- the outline
grows ``strength`` wider and higher with its lower left corner in place.  Like FreeType it works on
all points of a TrueType outline, on and off the curve, and leaves a turn sharper than about 160°
alone.  :func:`transform_glyphs` applies it (and the slant) to every glyph of a ``glyf`` font;
:func:`characters_within` says which characters' glyphs fit a budget of that work, and
:func:`keep_characters` cuts a font to them.
"""

from __future__ import annotations

import math
from typing import Sequence

Point = tuple[float, float]

SHARP_TURN = -0xF000 / 0x10000         # FreeType: shift only where the turn is less than ~160°
GLYPH_COST = 160                       # a glyph's own work in transform_glyphs and saving, in outline points (measured)


def orientation(points: Sequence[Point], ends: Sequence[int]) -> int:
    """+1 for counter-clockwise outer contours (PostScript), -1 for clockwise (TrueType), 0 for none:
    the sign of the outline's area, as ``FT_Outline_Get_Orientation`` decides it."""
    area, first = 0.0, 0
    for last in ends:
        for i in range(first, last + 1):
            x0, y0 = points[i - 1 if i > first else last]
            x1, y1 = points[i]
            area += (y1 - y0) * (x1 + x0)
        first = last + 1
    return 0 if area == 0 else (1 if area > 0 else -1)


def embolden(points: Sequence[Point], ends: Sequence[int], strength: float) -> list[Point]:
    """``points`` (contours ending at ``ends``) emboldened by ``strength`` font units in x and y."""
    moved = [tuple(p) for p in points]
    turn = orientation(points, ends)
    half = strength / 2
    if not half or turn == 0:
        return [(float(x), float(y)) for x, y in moved]
    first = 0
    for last in ends:
        embolden_contour(points, moved, first, last, half, turn)
        first = last + 1
    return [(float(x), float(y)) for x, y in moved]


def embolden_contour(points: Sequence[Point], moved: list, first: int, last: int, half: float, turn: int) -> None:
    """One contour of :func:`embolden` (FreeType's loop: ``i`` advances only when points move; ``k``
    marks the first point moved; points on a zero-length edge move together)."""
    in_x = in_y = anchor_x = anchor_y = 0.0
    l_in = l_anchor = 0.0
    i, j, k = last, first, -1
    while j != i and i != k:
        if j != k:
            out_x, out_y = points[j][0] - points[i][0], points[j][1] - points[i][1]
            l_out = math.hypot(out_x, out_y)
            if l_out == 0:
                j = j + 1 if j < last else first
                continue
            out_x, out_y = out_x / l_out, out_y / l_out
        else:
            out_x, out_y, l_out = anchor_x, anchor_y, l_anchor
        if l_in != 0:
            if k < 0:
                k, anchor_x, anchor_y, l_anchor = i, in_x, in_y, l_in
            shift_x, shift_y = bisector_shift(in_x, in_y, l_in, out_x, out_y, l_out, half, turn)
            while i != j:
                moved[i] = (moved[i][0] + half + shift_x, moved[i][1] + half + shift_y)
                i = i + 1 if i < last else first
        else:
            i = j
        in_x, in_y, l_in = out_x, out_y, l_out
        j = j + 1 if j < last else first


def bisector_shift(in_x: float, in_y: float, l_in: float, out_x: float, out_y: float, l_out: float,
                   half: float, turn: int) -> Point:
    """How far a point between the unit edges ``in`` and ``out`` moves (before the half-strength shift)."""
    d = in_x * out_x + in_y * out_y
    if d <= SHARP_TURN:
        return 0.0, 0.0
    d += 1
    shift_x, shift_y = in_y + out_y, in_x + out_x
    q = out_x * in_y - out_y * in_x
    if turn < 0:                      # TrueType: clockwise outer contours
        shift_x, q = -shift_x, -q
    else:
        shift_y = -shift_y
    shortest = min(l_in, l_out)       # a collapsing edge moves no further than its length
    shift_x = shift_x * half / d if half * q <= shortest * d else shift_x * shortest / q
    shift_y = shift_y * half / d if half * q <= shortest * d else shift_y * shortest / q
    return shift_x, shift_y


def transform_glyphs(font, strength: float, skew: float) -> None:
    """Every glyph of the ``glyf`` font ``font`` flattened, slanted by ``skew`` (x += skew * y) and
    emboldened by ``strength`` font units (advances widened by as much), its instructions dropped."""
    from fontTools.misc.roundTools import otRound  # type: ignore[import-untyped]
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates  # type: ignore[import-untyped]
    from fontTools.ttLib.tables.ttProgram import Program  # type: ignore[import-untyped]

    glyf, hmtx = font["glyf"], font["hmtx"]
    order = font.getGlyphOrder()
    outlines = {name: glyf[name].getCoordinates(glyf) for name in order}     # flattened, before any change
    for name in order:
        coordinates, ends, flags = outlines[name]
        glyph = Glyph()
        glyph.numberOfContours = len(ends)
        if ends:
            slanted = [(x + skew * y, y) for x, y in coordinates]        # Skia: the skew is FreeType's load
            points = embolden(slanted, list(ends), strength)               # transform, emboldened after it
            glyph.coordinates = GlyphCoordinates([(otRound(x), otRound(y)) for x, y in points])
            glyph.endPtsOfContours = list(ends)
            glyph.flags = bytearray(flag & 0x01 for flag in flags)          # on-curve bit only
            glyph.program = Program()
            glyph.program.fromBytecode(b"")
            glyph.recalcBounds(glyf)
        glyf[name] = glyph
        advance, _ = hmtx[name]
        width = advance + otRound(strength) if advance and strength else advance
        hmtx[name] = (width, glyph.xMin if ends else 0)


def characters_within(font, budget: int) -> list[int] | None:
    """None when all glyphs of the ``glyf`` font ``font`` cost at most ``budget`` together (a glyph
    :data:`GLYPH_COST` and its flattened outline's points, what :func:`transform_glyphs` works
    through), else the characters of its ``cmap``, lowest first, whose glyphs do.  Counting stops
    at the budget, so a font of any size costs at most twice the budget to look at."""
    glyf = font["glyf"]
    total, cost = 0, {}
    for name in font.getGlyphOrder():
        cost[name] = GLYPH_COST + len(glyf[name].getCoordinates(glyf)[0])
        total += cost[name]
        if total > budget:
            break
    else:
        return None
    kept: list[int] = []
    spent: set[str] = set()
    total = 0
    for code, name in sorted(font.getBestCmap().items()):
        if name not in spent:
            if name not in cost:
                cost[name] = GLYPH_COST + len(glyf[name].getCoordinates(glyf)[0])
            if total + cost[name] > budget:
                break
            total += cost[name]
            spent.add(name)
        kept.append(code)
    return kept


def keep_characters(font, characters: list[int]) -> None:
    """``font`` cut to the glyphs of ``characters`` (and the components they need), its layout tables
    kept for them, without the closure of their substitutions (which could bring back any glyph)."""
    from fontTools import subset  # type: ignore[import-untyped]

    options = subset.Options(layout_features=["*"], layout_closure=False, name_IDs=["*"], name_languages=["*"],
                             notdef_outline=True, glyph_names=True, legacy_kern=True, symbol_cmap=True,
                             legacy_cmap=True, prune_unicode_ranges=False, drop_tables=[])
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=characters)
    cutter.subset(font)
