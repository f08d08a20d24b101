"""A picture checked before a card shows it (cardgen/cards/picturecheck.py): SVGs read as XML with their
references listed, rasters decoded only after their pixel count is checked.  The whole path -- a unit's
picture prepared, warned about, replaced by the silhouette -- is tests/cards/test_portrait.py's."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cardgen.cards.picturecheck import MAX_PIXELS, MAX_SVG_BYTES, Unusable, check_svg, looks_like_svg, open_raster

from .test_portrait import png_header

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">{}</svg>'


def test_an_svg_lists_every_reference_to_another_file_or_url_and_none_inside_itself():
    data = SVG.format('<style>@import "theme.css"; rect { fill: url(#grad) }</style>'
                      '<image xlink:href="../secret.png"/><rect style="fill: url(https://example.org/p)"/>'
                      '<use href="#inner"/><image href="data:image/png;base64,AAAA"/>').encode()
    assert sorted(check_svg(data)) == ["../secret.png", "https://example.org/p", "theme.css"]


@pytest.mark.parametrize("data,why", [
    (b'<!DOCTYPE svg [<!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg">&lol;</svg>', "entity"),
    (b"<svg", "as XML"),
    (b'<html xmlns="http://www.w3.org/1999/xhtml"/>', "whose root is <html>"),
    (b"<svg>" + b" " * MAX_SVG_BYTES + b"</svg>", "over the limit"),
])
def test_what_is_no_svg_cardgen_prints_is_unusable_saying_why(data, why):
    with pytest.raises(Unusable, match=why):
        check_svg(data)


def test_xml_is_told_from_a_raster_by_its_first_byte():
    assert looks_like_svg(b"\xef\xbb\xbf\n  <?xml version='1.0'?><svg/>")
    assert not looks_like_svg(png_header(10, 10))


def test_a_raster_over_the_pixel_limit_is_refused_before_it_is_decoded():
    side = int(MAX_PIXELS ** 0.5) + 1
    with pytest.raises(Unusable, match="million pixels"):
        open_raster(png_header(side, side))


def test_a_raster_comes_upright_with_its_real_format():
    image = Image.new("RGB", (30, 20), "red")
    exif = image.getexif()
    exif[0x0112] = 6                                  # EXIF orientation: turned 90° clockwise
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif)
    opened, real_format = open_raster(out.getvalue())
    assert real_format == "JPEG" and opened.size == (20, 30)
    with pytest.raises(Unusable, match="damaged"):
        open_raster(out.getvalue()[:40])
