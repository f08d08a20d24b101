"""Bold and italic faces a project family lacks, made as Chromium makes them (CSS ``font-synthesis``).

The designer's old toolchain (VS Code Markdown Extended, puppeteer, Chromium) printed ``font-weight:
bold`` in a family with a regular face only as a *fake bold*, and ``font-style: italic`` as a slanted
regular; WeasyPrint 70 synthesises neither (Kozea/WeasyPrint#1470, #1949).  So cardgen makes the
missing faces itself, once per font file and machine, and registers them in the ``@font-face`` rules
(:mod:`cardgen.fonts.lookup`) like any other face:

* **bold**: every glyph outline emboldened as Skia's FreeType scaler does it on Linux
  (``SkScalerContext_FreeType::emboldenIfNeeded``: ``FT_Outline_Embolden`` with strength
  em / :data:`EMBOLDEN_DIVISOR`, ``SK_OUTLINE_EMBOLDEN_DIVISOR`` = 24, FreeType's own
  ``FT_GlyphSlot_Embolden`` strength too): each outline grows em/24 wider and higher, its lower left
  in place, and every non-zero advance grows by the same em/24 (as ``FT_GlyphSlot_Embolden`` widens
  it), so emboldened letters do not run into each other;
* **italic**: every outline skewed by :data:`ITALIC_SKEW` (Blink's ``setSkewX(-1/4)``, about 14°);
* composite glyphs are flattened first (FreeType emboldens the flattened outline), hinting is dropped
  (``fpgm``, ``prep``, ``cvt``, the device tables and every glyph's instructions: they would snap the
  new outlines back), and the name table says what the face is ("Nova Round Bold (synthesised by
  cardgen)").

Only TrueType outlines are synthesised; a family whose only faces are CFF (PostScript) outlines or a
variable font is left as it is, with one warning.  Which faces are made (:func:`plan_synthesis`):
a family without any italic face gets a slanted twin of each upright face; a style (upright, italic)
without a face of weight 600 or more gets a bold (700) made from its heaviest face -- what Chromium
draws for ``bold`` there.

Making a face costs time for each glyph and each outline point, and fonts come from pull requests
(two renamed CJK fonts took a build from 13 s to 413 s).  So a face holds at most
:data:`MAX_FACE_COST` of that work (:func:`cardgen.fonts.outline.characters_within`) -- a larger
font's face its first characters in code-point order, Latin first -- and a project gets at most
:data:`MAX_MADE_FACES` made faces; each cut is one warning.  Fixed numbers, never a clock, so the
same fonts always give the same faces.

The made fonts are derived data: they live in cardgen's folder of the user's cache
(``cardgen/fonts``, :mod:`cardgen.speed.usercache`), never in the project, named by the digest of
the source file, these parameters and fontTools' version, followed by their own digest (checked on
every use; a damaged file is made again) and, for a cut face, what it holds.  Without a usable cache folder they go to a temporary
folder of the process.  Making them is deterministic: the same font gives the same bytes.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import io
import math
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from cardgen.atomic import write_atomic
from cardgen.errors import Problem
from cardgen.fonts.lookup import MAX_FONT_BYTES, FontFace, failure, fonttools_quiet
from cardgen.safefs import FileRefused, read_file, resolve_roots
from cardgen.speed.usercache import own_folder, user_cache_folder
from cardgen.fonts.outline import GLYPH_COST, characters_within, keep_characters, transform_glyphs

EMBOLDEN_DIVISOR = 24          # Skia SK_OUTLINE_EMBOLDEN_DIVISOR (Linux, FreeType): strength = em / 24
ITALIC_SKEW = 0.25             # Blink: SkFont::setSkewX(-1/4) (y down), x += y / 4 in font units
BOLD_THRESHOLD = 600           # a face this heavy counts as bold (Blink's BoldThreshold)
BOLD_WEIGHT = 700
FORMAT = "cardgen-fontsynth 2"
MAX_FACE_COST = 1_300_000      # outline points (and GLYPH_COST a glyph) of one made face: DejaVu Sans (1.21 M) fits, ~3 s
MAX_MADE_FACES = 12            # made faces of one project (four families without bold and italic)
LABEL_ORDER = ("bold", "italic", "bold italic")
HINTING_TABLES = ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")
NAME_IDS = (1, 2, 3, 4, 6, 16, 17)
OS2_ITALIC, OS2_BOLD, OS2_REGULAR = 0x01, 0x20, 0x40
MAC_BOLD, MAC_ITALIC = 0x01, 0x02


class NotSynthesisable(ValueError):
    """A font cardgen cannot make a face from (CFF outlines, a variable font)."""


@dataclass(frozen=True)
class Synthesis:
    """One face to make: from the real face ``source``, emboldened and/or slanted."""

    source: FontFace
    bold: bool
    italic: bool

    @property
    def label(self) -> str:
        return " ".join(word for word, on in (("bold", self.bold), ("italic", self.italic)) if on)

    def face(self, path: Path) -> FontFace:
        return FontFace(path, self.source.family, BOLD_WEIGHT if self.bold else self.source.weight,
                        "italic" if self.italic else self.source.style)


def plan_synthesis(faces: Iterable[FontFace]) -> list[Synthesis]:
    """The faces each family lacks, in the order of ``faces`` (sorted by path): see the module docstring."""
    families: dict[str, list[FontFace]] = {}
    for face in faces:
        families.setdefault(face.family, []).append(face)
    plan: list[Synthesis] = []
    for members in families.values():
        upright = [f for f in members if f.style == "normal"]
        italic = [f for f in members if f.style == "italic"]
        if not italic:
            plan += [Synthesis(face, bold=False, italic=True) for face in upright]
        for faces_of_style, slant in ((upright, False), (italic or upright, not italic)):
            heaviest = max(faces_of_style, key=lambda f: f.weight, default=None)
            if heaviest is not None and heaviest.weight < BOLD_THRESHOLD:
                plan.append(Synthesis(heaviest, bold=True, italic=slant))
    return plan


def note_line(family: str, labels: list[str]) -> str:
    """The one note a build says about ``family``'s synthesised faces (``labels``: bold, italic, bold italic)."""
    labels = sorted(set(labels), key=LABEL_ORDER.index)
    faces = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
    return (f"note: the font family {family} has no {faces} face: cardgen synthesised "
            f"{'it' if len(labels) == 1 else 'them'} as Chromium does (font_synthesis = false in cardgen.toml "
            "turns this off)")


def synthesise_faces(faces: list[FontFace], roots: Iterable[Path], folder: Path | None = None
                     ) -> tuple[list[FontFace], tuple[Path, ...], list[str], list[Problem]]:
    """The faces ``faces`` lack, made (or found in the cache ``folder``): (faces, the folder they are
    in as roots, one note per family, a warning per font that cannot be synthesised)."""
    plan = plan_synthesis(faces)
    if not plan:
        return [], (), [], []
    folder = folder or cache_folder()
    real_roots = resolve_roots(roots)
    made: list[FontFace] = []
    labels: dict[str, list[str]] = {}
    problems: list[Problem] = []
    refused: set[Path] = set()
    for item in plan:
        path, family = item.source.path, item.source.family
        if path in refused:
            continue
        if len(made) == MAX_MADE_FACES:
            refused.add(path)
            problems.append(Problem(str(path), 0, 0, "", f"no more faces synthesised for {family}: cardgen makes "
                                    f"at most {MAX_MADE_FACES} a project, and the fonts before it took them; it "
                                    "prints in its own faces there", "warning"))
            continue
        try:
            made.append(make_face(item, folder, real_roots))
        except NotSynthesisable as exc:
            refused.add(path)
            problems.append(Problem(str(path), 0, 0, "", f"no bold or italic face synthesised for "
                                    f"{family}: {exc}; it prints in its own faces only", "warning"))
            continue
        if cut := cut_line(made[-1]):
            problems.append(Problem(str(path), 0, 0, "", cut, "warning"))
        labels.setdefault(family, []).append(item.label)
    notes = [note_line(family, found) for family, found in labels.items()]
    problems = list(dict.fromkeys(problems))          # the faces of one font are cut alike: said once
    return made, resolve_roots([folder]) if made else (), notes, problems


def cut_line(face: FontFace) -> str:
    """The warning about a face made for a font's first characters only (its cache entry's name
    says how many: :func:`entry_name`), else ''."""
    parts = face.path.name.split(".")
    cut = parts[2].split("-") if len(parts) == 4 else []
    if len(cut) != 3 or not (cut[0].isdigit() and cut[1].isdigit()):
        return ""
    kept, total, last = cut
    return (f"the bold and italic faces synthesised for {face.family} hold its first {int(kept):,} of "
            f"{int(total):,} characters (up to U+{last}): cardgen makes at most {MAX_FACE_COST:,} outline "
            "points a face; the others in bold or italic fall back to the next font of the stylesheet's font-family")


def make_face(item: Synthesis, folder: Path, roots: tuple[Path, ...]) -> FontFace:
    """The face ``item`` made (or found in ``folder``); NotSynthesisable saying why not, whatever went
    wrong in the font: fontTools raises what it meets in a damaged one (the tables
    :func:`cardgen.fonts.lookup.check_tables` passed may still hold broken outlines or values)."""
    try:
        data = read_file(item.source.path, roots, MAX_FONT_BYTES)
    except FileRefused as exc:
        raise NotSynthesisable(exc.reason) from None
    try:
        with fonttools_quiet():
            return item.face(cached_face(folder, data, item.bold, item.italic))
    except NotSynthesisable:
        raise
    except Exception as exc:  # noqa: BLE001 -- fontTools' own errors on a hostile file, whatever they are
        raise NotSynthesisable(f"damaged font ({failure(exc)}, making its {item.label} face)") from None


def cache_folder() -> Path:
    """``cardgen/fonts`` in the user's cache if cardgen may use it, else a temporary folder of this process."""
    folder = user_cache_folder("fonts")
    if folder is not None and own_folder(folder, create=True):
        return folder
    return _temporary_folder()


@functools.lru_cache(maxsize=1)
def _temporary_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="cardgen-fonts-"))
    owner = os.getpid()

    def remove() -> None:                   # by the process that made it, not by a forked worker
        if os.getpid() == owner:
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(remove)
    return folder


def entry_key(data: bytes, bold: bool, italic: bool) -> str:
    """What a made face depends on: the source font, the parameters and budget, fontTools' version, this format."""
    from fontTools import version as fonttools_version  # type: ignore[import-untyped]

    sha = hashlib.sha256(f"{FORMAT}\0fontTools {fonttools_version}\0divisor {EMBOLDEN_DIVISOR}\0skew "
                         f"{ITALIC_SKEW}\0bold {bold}\0italic {italic}\0budget {MAX_FACE_COST} "
                         f"{GLYPH_COST}\0".encode("utf-8"))
    sha.update(hashlib.sha256(data).digest())
    return sha.hexdigest()[:32]


def cached_face(folder: Path, data: bytes, bold: bool, italic: bool) -> Path:
    """The file of the face made from ``data``: found in ``folder`` (its digest checked) or made there."""
    key = entry_key(data, bold, italic)
    for path in sorted(folder.glob(f"{key}.*.ttf")):
        try:
            found = read_file(path, resolve_roots([folder]), MAX_FONT_BYTES)
        except FileRefused:
            found = b""
        if path.name == entry_name(key, found, path.name.split(".")[2] if path.name.count(".") == 3 else ""):
            return path
        path.unlink(missing_ok=True)
    made, cut = synthesise_cut(data, bold, italic)
    path = folder / entry_name(key, made, cut)
    write_atomic(path, made)
    return path


def entry_name(key: str, data: bytes, cut: str = "") -> str:
    """``KEY.DIGEST.ttf``, or ``KEY.DIGEST.KEPT-TOTAL-LAST.ttf`` for a face of a font's first characters."""
    return f"{key}.{hashlib.sha256(data).hexdigest()[:32]}{'.' + cut if cut else ''}.ttf"


def synthesise(data: bytes, bold: bool, italic: bool, budget: int | None = None) -> bytes:
    """The font ``data`` emboldened and/or slanted, hinting dropped, named for what it is, cut to ``budget``."""
    return synthesise_cut(data, bold, italic, budget)[0]


def synthesise_cut(data: bytes, bold: bool, italic: bool, budget: int | None = None) -> tuple[bytes, str]:
    """:func:`synthesise` and, for a face cut to the budget, ``KEPT-TOTAL-LAST`` (characters kept, the
    font's characters, the last one kept in hex), else ''."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(io.BytesIO(data), fontNumber=0, recalcTimestamp=False)
    if "glyf" not in font:
        raise NotSynthesisable("its outlines are CFF (PostScript), which cardgen does not embolden or slant")
    if "fvar" in font:
        raise NotSynthesisable("it is a variable font")
    cut = ""
    kept = characters_within(font, budget or MAX_FACE_COST)
    if kept is not None:
        cut = f"{len(kept)}-{len(font.getBestCmap())}-{kept[-1] if kept else 0:04X}"
        keep_characters(font, kept)
    transform_glyphs(font, font["head"].unitsPerEm / EMBOLDEN_DIVISOR if bold else 0.0,
                     ITALIC_SKEW if italic else 0.0)
    for tag in HINTING_TABLES:
        if tag in font:
            del font[tag]
    mark_style(font, bold, italic)
    out = io.BytesIO()
    font.flavor = None
    font.save(out)
    return out.getvalue(), cut


def mark_style(font, bold: bool, italic: bool) -> None:
    """Weight, style bits, slant and names of the made face."""
    names = font["name"]
    family = (names.getDebugName(16) or names.getDebugName(1) or "").strip()
    own = (names.getDebugName(17) or names.getDebugName(2) or "Regular").strip()
    words = [w for w in own.split() if w.lower() not in ("regular", "italic", "oblique", "bold")]
    style = " ".join(words + (["Bold"] if bold else []) + (["Italic"] if italic else [])) or "Regular"
    postscript = "".join(c for c in (names.getDebugName(6) or family).split("-")[0] if c.isalnum())
    if "OS/2" in font:
        os2 = font["OS/2"]
        if bold:
            os2.usWeightClass = BOLD_WEIGHT
        os2.fsSelection = (os2.fsSelection & ~OS2_REGULAR) | (OS2_BOLD if bold else 0) | (OS2_ITALIC if italic else 0)
    font["head"].macStyle |= (MAC_BOLD if bold else 0) | (MAC_ITALIC if italic else 0)
    if italic:
        font["post"].italicAngle = -math.degrees(math.atan(ITALIC_SKEW))
        font["hhea"].caretSlopeRise = font["head"].unitsPerEm
        font["hhea"].caretSlopeRun = round(font["head"].unitsPerEm * ITALIC_SKEW)
    full = f"{family} {style} (synthesised by cardgen)"
    names.names = [record for record in names.names if record.nameID not in NAME_IDS]
    for name_id, text in ((1, family), (2, style), (3, f"cardgen: {full}"), (4, full),
                          (6, f"{postscript}-{style.replace(' ', '')}Synthesised"[:63]), (16, family), (17, style)):
        names.setName(text, name_id, 3, 1, 0x409)
