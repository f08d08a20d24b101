"""A stand-in for a designer's own font: cardgen's DejaVu Sans under another name, cut down to the
Latin letters and their combining marks, punctuation, arrows, maths and shapes the tests print (1,600 of its 6,000 glyphs).

The bytes are the same every time (no timestamp), so a face cardgen synthesises from it is found in
the test run's font cache after the first time; and the small glyph set makes the synthesis itself
(cardgen.fonts.synth, every glyph's outline) about five times quicker than from the whole font."""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from cardgen.paths import FONTS_DIR

KEPT = (*range(0x20, 0x370), *range(0x2000, 0x2300), *range(0x2460, 0x2500), *range(0x25A0, 0x2600))


@functools.lru_cache(maxsize=1)
def _latin_dejavu() -> bytes:
    font = TTFont(FONTS_DIR / "DejaVuSans.ttf", recalcTimestamp=False)
    options = subset.Options(layout_features=["*"], name_IDs=["*"], name_languages=["*"], notdef_outline=True,
                             glyph_names=True, hinting=True, drop_tables=["FFTM"])
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=KEPT)
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def renamed_font(target: Path, names: Mapping[int, str]) -> Path:
    """The stand-in font saved as ``target``, its name table's records ``names`` (name ID → text) set."""
    font = TTFont(io.BytesIO(_latin_dejavu()), recalcTimestamp=False)
    table = font["name"]
    for record in list(table.names):
        if record.nameID in names:
            table.setName(names[record.nameID], record.nameID, record.platformID, record.platEncID, record.langID)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)
    return target
