"""The model's picture in the card's left column: found, checked, converted once.

A unit (or a group's model) names its picture with ``image:`` (PNG, JPEG,
WebP or SVG), looked up by :func:`cardgen.content.pictures.find_picture`:
below the content folder, then below the project root when there is a
``cardgen.toml``; nothing outside, no URL.  :func:`prepare_portraits` makes
every picture a file of the portrait folder (``OUT/.cache/portraits``), the
one folder a face may read them from (:func:`portrait_root`):

* a raster picture is decoded only after its pixel count is checked (no
  decompression bomb), turned upright (EXIF), cropped to the column's shape
  at its focal point (``cover``) or kept whole (``contain``), downsampled
  with Lanczos to :data:`PRINT_DPI` at its printed size (never enlarged)
  and saved as JPEG, or as PNG when it has transparency -- named after the
  picture's bytes and the way it is fitted, so a second build converts
  nothing and a view holding it changes when the picture does;
* a picture under :data:`MIN_DPI` at its printed size is a warning naming it;
* an SVG is checked (an XML document with an ``<svg>`` root, no entity
  declarations, size-capped: :mod:`cardgen.cards.picturecheck`, as the
  raster's pixel count is) and copied by its hash; references to other
  files or URLs are a warning -- the PDF fetcher never reads them;
* a bytes format that is not the file's suffix is a warning (the picture is
  used as what it is);
* a picture that cannot be used is a warning naming the file and why, and
  the card shows the silhouette of the unit type instead (never silently).

Without ``image:`` the column shows the unit type's silhouette
(``cardgen/assets/silhouettes/<type>.svg``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PIL import Image

from cardgen.atomic import write_atomic
from cardgen.cards.picturecheck import Unusable, check_svg, looks_like_svg, open_raster
from cardgen.content.model import Content
from cardgen.content.pictures import PICTURE_FORMATS, find_picture
from cardgen.content.schema import Picture
from cardgen.errors import display_path
from cardgen.paths import ASSETS_DIR, TEMPLATES_DIR
from cardgen.project.file import Project
from cardgen.safefs import FileRefused, Roots, check_file, read_checked

PORTRAIT_MM = (40.0, 59.0)
"""Printed size of the portrait column, width × height in mm (unit.css: the 40 mm left column
between the name cell and the points cell)."""
PRINT_DPI = 300                     # rasters are downsampled to this at their printed size
MIN_DPI = 150                       # below this a picture prints blurred: a warning
MAX_BYTES = 20 * 1024 * 1024        # one raster picture
JPEG_QUALITY = 88
SILHOUETTES = ASSETS_DIR / "silhouettes"
CONVERSION = 1                      # raise when the conversion changes: every picture is made again


@dataclass(frozen=True)
class Portrait:
    """What the portrait column shows and how it is fitted.

    ``uri``: a ``file://`` URI -- for a picture, the virtual URL (:func:`face_roots`) of its prepared
    file in the portrait folder, named after its bytes and fitting; for a silhouette, cardgen's file."""

    uri: str
    fit: str            # cover or contain (CSS object-fit)
    focus: str          # "X% Y%" (CSS object-position)
    kind: str           # picture or silhouette


class _Folders(Protocol):
    def folder(self, kind: str) -> Path: ...

    def record(self, name: str, key: str) -> None: ...


class _Themed(Protocol):
    @property
    def roots(self) -> tuple[Path, ...]: ...


class PortraitContext(Protocol):
    """What :func:`prepare_portraits` needs of a :class:`cardgen.build.context.BuildContext` (this module
    comes before the build in the stage order, so it names no orchestration module)."""

    @property
    def content(self) -> Content: ...

    @property
    def project(self) -> Project: ...

    @property
    def cache(self) -> _Folders: ...

    @property
    def theme(self) -> _Themed: ...

    def warn(self, message: str) -> None: ...


def portrait_root(ctx: PortraitContext) -> Path:
    """The folder of the prepared portraits: the one more folder a unit face may read."""
    return ctx.cache.folder("portraits").resolve()


def face_roots(ctx: PortraitContext) -> Roots:
    """The folders a unit face reads, named as :func:`cardgen.cards.render.render_face` names them
    (the cards' templates, the theme's roots, then the portrait folder).

    A prepared picture is referred to by its virtual URL in these roots, not by its path: WeasyPrint
    names a raster image after its URL, so a path below the output folder would make the PDF differ
    from one output folder to the next."""
    return Roots.build(TEMPLATES_DIR / "cards", (*ctx.theme.roots, portrait_root(ctx)))


def silhouette(unit_type: str) -> Portrait:
    """cardgen's own silhouette of ``unit_type`` (infanterie, koloss, drohne)."""
    path = SILHOUETTES / f"{unit_type}.svg"
    if not path.is_file():
        path = SILHOUETTES / "infanterie.svg"
    return Portrait(path.resolve().as_uri(), "contain", "50% 50%", "silhouette")


def prepare_portraits(ctx: PortraitContext) -> dict[str, Portrait]:
    """The portrait of every unit (by id) and of every group model with its own ``image:``
    (by ``"<group id>/<index>"``); warnings through ``ctx.warn``."""
    content = ctx.content
    project_root = ctx.project.root if ctx.project.file is not None else None
    folder = portrait_root(ctx)
    roots = face_roots(ctx)
    made: dict[tuple[str, str, str], Portrait | None] = {}

    def portrait(ref: Picture | str | None, unit_type: str, source: Path, owner: str) -> Portrait:
        if ref is None:
            return silhouette(unit_type)
        picture = ref if isinstance(ref, Picture) else Picture(file=ref)
        found = find_picture(picture.file, content.root, project_root)
        if found.path is None:
            ctx.warn(f"{display_path(source)}: image: {found.reason}; the card of '{owner}' shows the "
                     "silhouette instead")
            return silhouette(unit_type)
        key = (str(found.path), picture.fit, picture.focus)
        if key not in made:
            made[key] = _prepare(ctx, found.path, picture, folder, roots)
        result = made[key]
        if result is None:
            ctx.warn(f"the card of '{owner}' shows the silhouette instead of {display_path(found.path)}")
            return silhouette(unit_type)
        return result

    portraits = {}
    for unit_id in sorted(content.units):
        unit = content.units[unit_id]
        portraits[unit_id] = portrait(unit.image, unit.type, content.source("units", unit_id).path, unit_id)
    for group_id in sorted(content.groups):
        for index, member in enumerate(content.groups[group_id].models):
            if member.image is not None:
                owner = f"{group_id}/{index}"
                unit_type = content.units[member.unit].type
                portraits[owner] = portrait(member.image, unit_type, content.source("groups", group_id).path, owner)
    return portraits


def _prepare(ctx: PortraitContext, real: Path, picture: Picture, folder: Path, roots: Roots) -> Portrait | None:
    """The prepared file of one picture, or ``None`` after a warning saying why not."""
    shown = display_path(real)
    try:
        data = read_checked(real, MAX_BYTES)
        if looks_like_svg(data):
            path = _copy_svg(ctx, data, shown, folder)
            real_format = "SVG"
        else:
            path, real_format = _raster(ctx, data, shown, picture, folder)
    except (FileRefused, Unusable) as exc:
        reason = exc.reason if isinstance(exc, FileRefused) else str(exc)
        ctx.warn(f"{shown}: {reason}")
        return None
    named = PICTURE_FORMATS.get(real.suffix.lower())
    if named != real_format:
        ctx.warn(f"{shown}: the file is {_article(real_format)} {real_format} picture, named like "
                 f"{_article(named or 'other')} {named or 'other'} file; it is used as the {real_format} it is "
                 f"(rename it to end in .{real_format.lower().replace('jpeg', 'jpg')})")
    ctx.cache.record(f"portrait:{path.name.split('.')[0]}", path.name.split(".")[0])
    return Portrait(roots.url(path), picture.fit, picture.focus, "picture")


def _article(word: str) -> str:
    return "an" if word[:1] in "AEIOUS" else "a"


def _copy_svg(ctx: PortraitContext, data: bytes, shown: str, folder: Path) -> Path:
    references = check_svg(data)
    if references:
        listed = ", ".join(f"'{ref[:60]}'" for ref in sorted(set(references))[:3])
        ctx.warn(f"{shown}: refers to other files or URLs ({listed}); cardgen never reads them, the card "
                 "shows the picture without them")
    path = folder / f"{hashlib.sha256(data).hexdigest()}.svg"
    if _read_prepared(folder, path) != data:
        write_atomic(path, data)
    return path


# --- raster ---------------------------------------------------------------------------------

def printed(size: tuple[int, int], fit: str) -> tuple[tuple[float, float], float]:
    """The printed size (mm) of a picture of ``size`` pixels fitted into the column, and its dpi there.

    ``cover`` fills the column (cropping the rest), ``contain`` shows it whole inside it."""
    width, height = size
    box_w, box_h = PORTRAIT_MM
    scale = max(box_w / width, box_h / height) if fit == "cover" else min(box_w / width, box_h / height)
    dpi = 25.4 / scale
    if fit == "cover":
        return (box_w, box_h), dpi
    return (width * scale, height * scale), dpi


def crop_box(size: tuple[int, int], focus: str) -> tuple[int, int, int, int]:
    """The part of a picture of ``size`` that ``cover`` shows: the column's shape, placed at the
    focal point as CSS ``object-position`` places it (0% left/top edge, 100% right/bottom edge)."""
    width, height = size
    aspect = PORTRAIT_MM[0] / PORTRAIT_MM[1]
    crop_w, crop_h = (round(height * aspect), height) if width / height > aspect else (width, round(width / aspect))
    crop_w, crop_h = max(1, min(crop_w, width)), max(1, min(crop_h, height))
    fx, fy = (int(part.rstrip("%")) / 100 for part in focus.split())
    left, top = round((width - crop_w) * fx), round((height - crop_h) * fy)
    return left, top, left + crop_w, top + crop_h


def _raster(ctx: PortraitContext, data: bytes, shown: str, picture: Picture, folder: Path) -> tuple[Path, str]:
    """The prepared JPEG or PNG of a raster picture (made once) and the picture's real format."""
    image, real_format = open_raster(data)
    size = image.size
    if picture.fit == "cover":
        box = crop_box(size, picture.focus)
        size = (box[2] - box[0], box[3] - box[1])
    (width_mm, height_mm), dpi = printed(size, picture.fit)
    if dpi < MIN_DPI:
        ctx.warn(f"{shown}: {dpi:.0f} dpi at its printed size ({width_mm:.0f} × {height_mm:.0f} mm); at least "
                 f"{MIN_DPI} dpi print sharply ({PRINT_DPI} dpi is best: {_pixels(width_mm, height_mm)})")
    recipe = ["portrait", CONVERSION, hashlib.sha256(data).hexdigest(), picture.fit, picture.focus,
              PORTRAIT_MM, PRINT_DPI, JPEG_QUALITY]
    key = hashlib.sha256(json.dumps(recipe).encode()).hexdigest()
    cached = _cached(folder, key)
    if cached is not None:
        return cached, real_format
    out, suffix = convert(image, picture, dpi)
    path = folder / f"{key}.{hashlib.sha256(out).hexdigest()[:16]}{suffix}"
    write_atomic(path, out)
    return path, real_format


def _pixels(width_mm: float, height_mm: float) -> str:
    return f"{round(width_mm / 25.4 * PRINT_DPI)} × {round(height_mm / 25.4 * PRINT_DPI)} pixels"


def _cached(folder: Path, key: str) -> Path | None:
    """The prepared file for ``key`` if it is there and whole (its name carries its hash)."""
    for path in sorted(folder.glob(f"{key}.*")):
        _, sha, _ = (path.name.split(".") + ["", ""])[:3]
        data = _read_prepared(folder, path)
        if data is not None and hashlib.sha256(data).hexdigest()[:16] == sha:
            return path
        with suppress(OSError):             # damaged or not a file: made again
            os.unlink(path)
    return None


def _read_prepared(folder: Path, path: Path) -> bytes | None:
    """The bytes of a prepared file (a regular file in the portrait folder, no link), or ``None``."""
    try:
        return read_checked(check_file(path, (folder,)), MAX_BYTES)
    except FileRefused:
        return None


def convert(image: Image.Image, picture: Picture, dpi: float) -> tuple[bytes, str]:
    """``image`` cropped (``cover``), downsampled to :data:`PRINT_DPI` at its printed size and encoded:
    JPEG, or PNG when it has transparency.  Deterministic: no metadata, no date."""
    if picture.fit == "cover":
        image = image.crop(crop_box(image.size, picture.focus))
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    image = image.convert("RGBA" if alpha else "RGB")
    if alpha and image.getchannel("A").getextrema()[0] == 255:
        image, alpha = image.convert("RGB"), False
    if dpi > PRINT_DPI:
        ratio = PRINT_DPI / dpi
        size = (max(1, round(image.width * ratio)), max(1, round(image.height * ratio)))
        image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    if alpha:
        image.save(out, format="PNG", optimize=True)
        return out.getvalue(), ".png"
    image.save(out, format="JPEG", quality=JPEG_QUALITY, optimize=True, subsampling=2)
    return out.getvalue(), ".jpg"
