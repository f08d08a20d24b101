"""A picture checked before a card shows it (:mod:`cardgen.cards.portrait` prepares it): an SVG is read
as XML -- size-capped, no entity declarations, its references to other files and URLs listed (the PDF
fetcher never reads them) -- and a raster is decoded only after its pixel count is checked, so a
12-byte header that claims 10 GB decodes nothing.  :class:`Unusable` says in a few words why a
picture cannot be printed; the card then shows the unit type's silhouette, with a warning."""

from __future__ import annotations

import io
import re
import struct
import zlib
from xml.etree import ElementTree

from PIL import Image, ImageOps

MAX_SVG_BYTES = 2 * 1024 * 1024     # one SVG (WeasyPrint draws every element of it)
MAX_PIXELS = 60_000_000             # decoded size of one raster (a 12-byte header can claim 10 GB)
_DECODE_ERRORS = (OSError, ValueError, SyntaxError, EOFError, struct.error, zlib.error, MemoryError,
                  Image.DecompressionBombError)


class Unusable(ValueError):
    """A picture cardgen will not print; the message says why in a few words."""


def looks_like_svg(data: bytes) -> bool:
    """Whether ``data`` is XML text (an SVG, if anything) rather than a raster's binary header."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"<"


_EXTERNAL_URL = re.compile(r"url\(\s*['\"]?(?!#)([^)'\"]*)", re.IGNORECASE)
_IMPORT = re.compile(r"@import\s+(?:url\()?\s*['\"]?([^'\")\s;]+)", re.IGNORECASE)


def _svg_references(root: ElementTree.Element) -> list[str]:
    """Every reference of an SVG to another file or a URL (``href``, ``url(...)``, ``@import``)."""
    found = []
    for element in root.iter():
        for name, value in element.attrib.items():
            if name.rpartition("}")[2] == "href" and not value.strip().startswith(("#", "data:")):
                found.append(value)
            found += _EXTERNAL_URL.findall(value)
        if element.tag.rpartition("}")[2] == "style" and element.text:
            found += _EXTERNAL_URL.findall(element.text) + _IMPORT.findall(element.text)
    return [ref for ref in found if ref.strip()]


def check_svg(data: bytes) -> list[str]:
    """The references of an SVG to other files or URLs; :class:`Unusable` if it is no SVG cardgen prints."""
    if len(data) > MAX_SVG_BYTES:
        raise Unusable(f"an SVG of {len(data) / 1048576:.1f} MiB is over the limit of "
                       f"{MAX_SVG_BYTES // 1048576} MiB")
    if b"<!ENTITY" in data:
        raise Unusable("an SVG with entity declarations (<!ENTITY>) is not read")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise Unusable(f"not a PNG, JPEG, WebP or SVG picture (as XML: {exc})") from None
    if root.tag.rpartition("}")[2] != "svg":
        raise Unusable(f"an XML file whose root is <{root.tag.rpartition('}')[2]}>, not an SVG picture")
    return _svg_references(root)


def open_raster(data: bytes) -> tuple[Image.Image, str]:
    """The decoded picture (first frame), upright, and its format; :class:`Unusable` for anything else."""
    try:
        image = Image.open(io.BytesIO(data), formats=["PNG", "JPEG", "WEBP"])
        real_format = "JPEG" if image.format == "MPO" else str(image.format)
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise Unusable(f"{width} × {height} pixels is over the limit of {MAX_PIXELS // 1_000_000} "
                           "million pixels; scale it down")
        image.load()
        return ImageOps.exif_transpose(image) or image, real_format
    except Image.DecompressionBombError:
        raise Unusable(f"over the limit of {MAX_PIXELS // 1_000_000} million pixels; scale it down") from None
    except Unusable:
        raise
    except _DECODE_ERRORS as exc:
        raise Unusable(f"not a PNG, JPEG, WebP or SVG picture, or a damaged one ({exc})") from None
