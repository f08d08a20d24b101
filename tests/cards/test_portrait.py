"""Portraits: found below the allowed folders, converted once to print resolution, refused loudly.

The unit's picture fills the card's 40 mm left column (cardgen/cards/portrait.py);
a missing picture is a content error at the ``image`` field, a picture that
cannot be used is a warning and the unit type's silhouette.
"""

from __future__ import annotations

import ctypes
import json
import re
import struct
import threading
import zlib
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from urllib.parse import unquote

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from PIL import Image

from cardgen.build.cache import Cache
from cardgen.cards import portrait as portrait_module
from cardgen.cards.portrait import PORTRAIT_MM, PRINT_DPI, prepare_portraits
from cardgen.content.model import Content
from cardgen.project.file import Project
from cardgen.look.theme import Theme
from cardgen.stages import check_and_derive, check_content, load_and_derive
from tests.conftest import one_unit_content, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

MM_PER_PT = 25.4 / 72
PORTRAIT_BOX_MM = (3.0, 12.0, 43.5, 71.5)   # left, top, right, bottom on the front: the 40 mm column between
                                            # the name cell and the points cell (unit.css), 0.5 mm leeway


@dataclass
class Ctx:
    """What prepare_portraits needs of a BuildContext."""

    content: Content
    cache: Cache
    project: Project
    theme: Theme = field(default_factory=Theme)
    warnings: list[str] = field(default_factory=list)

    def warn(self, message: str) -> None:
        self.warnings.append(message)


def content_with(root: Path, **fields) -> Path:
    """A one-unit content folder at ``root`` whose unit ``probe`` has ``fields`` (``image`` ...)."""
    one_unit_content(root)
    (root / "units" / "probe.yaml").write_text(yaml.safe_dump(unit("probe", **fields), allow_unicode=True),
                                               encoding="utf-8")
    return root


def prepared(tmp_path: Path, content_dir: Path, project: Project | None = None) -> tuple[dict, Ctx]:
    content, _ = load_and_derive(content_dir)
    ctx = Ctx(content, Cache(tmp_path / "out"), project or Project(root=tmp_path))
    return prepare_portraits(ctx), ctx


def photo_image(size: tuple[int, int]) -> Image.Image:
    """A photo-like picture (a gradient under noise) of ``size`` pixels."""
    gradient = Image.linear_gradient("L").resize(size).convert("RGB")
    noise = Image.effect_noise(size, 40)
    return Image.blend(gradient, Image.merge("RGB", (noise, gradient.getchannel(0), noise)), 0.4)


def save(image: Image.Image, path: Path, fmt: str = "JPEG") -> Path:
    """``image`` saved as ``fmt``; a PNG at zlib's fastest level (noise does not compress: the file is
    as big as at the default level, and saving it takes a fifth of the time)."""
    image.save(path, fmt, **({"compress_level": 1} if fmt == "PNG" else {}))
    return path


def photo(size: tuple[int, int], path: Path, fmt: str = "JPEG") -> Path:
    """A photo-like picture (a gradient under noise) of ``size`` pixels saved at ``path``."""
    return save(photo_image(size), path, fmt)


def target_pixels() -> tuple[int, int]:
    return tuple(round(mm / 25.4 * PRINT_DPI) for mm in PORTRAIT_MM)


def prepared_file(portrait, tmp_path: Path) -> Path:
    """The file a prepared portrait's virtual URL names (in the portrait folder of ``tmp_path/out``)."""
    assert portrait.kind == "picture", portrait
    name, _, path = portrait.uri.removeprefix("file:///.cardgen/").partition("/")
    assert name == "r1", portrait.uri                       # the first root after the (empty) theme's
    return tmp_path / "out" / ".cache" / "portraits" / unquote(path)


def test_a_big_raster_is_cropped_and_downsampled_to_300_dpi_at_its_printed_size(tmp_path):
    root = content_with(tmp_path / "content", image="images/probe.jpg")
    (root / "images").mkdir()
    photo((2000, 2000), root / "images" / "probe.jpg")
    portraits, ctx = prepared(tmp_path, root)
    with Image.open(prepared_file(portraits["probe"], tmp_path)) as image:
        width, height = image.size
        assert image.format == "JPEG"
    expected_w, expected_h = target_pixels()                 # 472 × 697: 40 × 59 mm at 300 dpi
    assert abs(width - expected_w) <= 1 and abs(height - expected_h) <= 1
    assert ctx.warnings == []


def test_contain_keeps_the_whole_picture_and_a_transparent_one_stays_png(tmp_path):
    root = content_with(tmp_path / "content", image={"file": "probe.png", "fit": "contain"})
    Image.new("RGBA", (3000, 1000), (200, 30, 30, 128)).save(root / "probe.png")
    portraits, _ = prepared(tmp_path, root)
    with Image.open(prepared_file(portraits["probe"], tmp_path)) as image:
        assert image.format == "PNG" and image.mode == "RGBA"
        assert image.size == (round(PORTRAIT_MM[0] / 25.4 * PRINT_DPI), round(PORTRAIT_MM[0] / 3 / 25.4 * PRINT_DPI))


def test_a_picture_is_converted_once(tmp_path, monkeypatch):
    root = content_with(tmp_path / "content", image="images/probe.png")
    (root / "images").mkdir()
    photo((1500, 2200), root / "images" / "probe.png", "PNG")
    first, _ = prepared(tmp_path, root)

    def never(*args, **kwargs):
        raise AssertionError("converted again")
    monkeypatch.setattr(portrait_module, "convert", never)
    second, ctx = prepared(tmp_path, root)
    assert second == first and ctx.warnings == []
    assert len(list((tmp_path / "out" / ".cache" / "portraits").iterdir())) == 1
    photo((1500, 2201), root / "images" / "probe.png", "PNG")      # a changed picture is converted anew
    with pytest.raises(AssertionError, match="converted again"):
        prepared(tmp_path, root)


def test_a_damaged_prepared_file_is_made_again(tmp_path):
    root = content_with(tmp_path / "content", image="probe.jpg")
    photo((900, 1300), root / "probe.jpg")
    first, _ = prepared(tmp_path, root)
    prepared_file(first["probe"], tmp_path).write_bytes(b"half a jpeg")
    second, _ = prepared(tmp_path, root)
    assert Image.open(prepared_file(second["probe"], tmp_path)).size == target_pixels()


def test_a_picture_under_150_dpi_warns_naming_the_file(tmp_path):
    root = content_with(tmp_path / "content", image="images/klein.jpg")
    (root / "images").mkdir()
    photo((200, 295), root / "images" / "klein.jpg")           # 127 dpi at 40 mm
    portraits, ctx = prepared(tmp_path, root)
    assert portraits["probe"].kind == "picture"
    assert len(ctx.warnings) == 1
    assert re.search(r"images/klein\.jpg: 127 dpi at its printed size \(40 × 59 mm\); at least 150 dpi",
                     ctx.warnings[0]), ctx.warnings


def test_a_missing_picture_is_a_content_error_at_its_field_with_a_hint(tmp_path):
    root = content_with(tmp_path / "content", image="images/Probe.png")
    (root / "images").mkdir()
    photo((500, 700), root / "images" / "probe.png", "PNG")
    other = root / "units" / "other.yaml"
    other.write_text(yaml.safe_dump(unit("other", image={"file": "bilder/other.svg"})), encoding="utf-8")
    _, problems = check_content(root)
    lines = sorted(p.format() for p in problems)
    assert lines == [
        f"{other}:12:9: image.file: no picture 'bilder/other.svg' below the content folder",
        f"{root / 'units' / 'probe.yaml'}:11:8: image: no picture 'images/Probe.png' below the content folder "
        "(did you mean 'images/probe.png'?)"]
    assert [p.severity for p in problems] == ["error", "error"]


def test_a_url_is_no_picture(tmp_path):
    root = content_with(tmp_path / "content", image="https://example.com/x.png")
    _, problems = check_content(root)
    assert [p.message for p in problems] == [
        "'https://example.com/x.png' is not a file name; name a picture below the content folder "
        "(no URL, no absolute path)"]


@pytest.mark.parametrize("how", ["dotdot", "symlink"])
def test_a_picture_outside_the_allowed_folders_is_refused_with_a_warning_and_the_silhouette(tmp_path, how):
    secret = photo((600, 900), tmp_path / "secret.jpg")
    root = content_with(tmp_path / "content", image="../secret.jpg" if how == "dotdot" else "images/link.jpg")
    if how == "symlink":
        (root / "images").mkdir()
        (root / "images" / "link.jpg").symlink_to(secret)
    _, problems = check_content(root)                         # validation refuses it ...
    assert [p.message.split(":")[0] for p in problems] == [f"'{'../secret.jpg' if how == 'dotdot' else 'images/link.jpg'}' is not read"]
    content, _, _ = check_and_derive(root)                    # ... and a build that got past it never reads it
    ctx = Ctx(content, Cache(tmp_path / "out"), Project(root=tmp_path))
    portraits = prepare_portraits(ctx)
    assert portraits["probe"].kind == "silhouette" and portraits["probe"].uri.endswith("/silhouettes/infanterie.svg")
    assert len(ctx.warnings) == 1 and "outside the allowed folders" in ctx.warnings[0]
    assert "the card of 'probe' shows the silhouette" in ctx.warnings[0]
    assert list((tmp_path / "out" / ".cache" / "portraits").iterdir()) == []


def test_the_project_root_is_allowed_only_with_a_project_file(tmp_path):
    root = content_with(tmp_path / "content", image="../images/probe.jpg")
    (tmp_path / "images").mkdir()
    photo((600, 900), tmp_path / "images" / "probe.jpg")
    assert check_content(root)[1]                              # no cardgen.toml: outside
    (tmp_path / "cardgen.toml").write_text("", encoding="utf-8")
    assert check_content(root)[1] == []
    portraits, ctx = prepared(tmp_path, root, Project(root=tmp_path, file=tmp_path / "cardgen.toml"))
    assert portraits["probe"].kind == "picture" and ctx.warnings == []


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` × ``height`` pixels (a few bytes that would decode to gigabytes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("size", [(9000, 7000), (100_000, 100_000)])
def test_a_decompression_bomb_is_refused(tmp_path, size):
    root = content_with(tmp_path / "content", image="bomb.png")
    (root / "bomb.png").write_bytes(png_header(*size))
    portraits, ctx = prepared(tmp_path, root)
    assert portraits["probe"].kind == "silhouette"
    assert any("bomb.png: " in w and "million pixels" in w for w in ctx.warnings), ctx.warnings


def test_a_mismatched_suffix_warns_and_the_picture_is_used_as_what_it_is(tmp_path):
    root = content_with(tmp_path / "content", image="probe.png")
    photo((472, 697), root / "probe.png", "JPEG")
    portraits, ctx = prepared(tmp_path, root)
    assert portraits["probe"].kind == "picture"
    assert ctx.warnings == [f"{root / 'probe.png'}: the file is a JPEG picture, named like a PNG file; it is used "
                            "as the JPEG it is (rename it to end in .jpg)"]


class _Recorder(BaseHTTPRequestHandler):
    requests: list[str] = []

    def do_GET(self):
        self.requests.append(self.path)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"")

    def log_message(self, *args):
        pass


def test_an_svg_referring_to_urls_and_files_fetches_nothing(tmp_path, monkeypatch):
    from cardgen.cards.planning import page_settings
    from cardgen.cards.render import render_face
    from cardgen.cards.view import unit_card
    from cardgen.build.context import CardOptions

    server = HTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    secret = tmp_path / "secret.png"
    photo((50, 50), secret, "PNG")
    url = f"http://127.0.0.1:{server.server_address[1]}/spy.png"
    root = content_with(tmp_path / "content", image="probe.svg")
    (root / "probe.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 59">'
        f'<style>@import url("{url}"); rect {{ fill: url({url}#x); }}</style><rect width="40" height="59"/>'
        f'<image href="{url}" width="40" height="59"/><image xlink:href="{secret.as_uri()}" width="9" height="9"/>'
        '<image href="../secret.png" width="9" height="9"/></svg>', encoding="utf-8")
    portraits, ctx = prepared(tmp_path, root)
    assert portraits["probe"].kind == "picture"
    assert len(ctx.warnings) == 1 and "refers to other files or URLs" in ctx.warnings[0]
    content, derived = load_and_derive(root)
    card = unit_card(derived.units["probe"], content, portrait=portraits["probe"])
    page = page_settings(content, CardOptions())[0]
    face = render_face("front", card, page, content.checked_ruleset().cards.min_font_pt,
                       extra_roots=(tmp_path / "out" / ".cache" / "portraits",))
    server.shutdown()
    assert _Recorder.requests == []
    refused = " ".join(face.warnings)
    assert "spy.png" in refused and "secret.png" in refused
    images = [o for o in pdfium.PdfDocument(face.pdf)[0].get_objects(max_depth=5)
              if o.type == pdfium_c.FPDF_PAGEOBJ_IMAGE]
    assert images == []                                       # neither the spy nor the secret is drawn


def _fill(obj) -> str | None:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not pdfium_c.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a):
        return None
    return f"#{r.value:02x}{g.value:02x}{b.value:02x}"


def _in_portrait_box(obj, page_height: float) -> bool:
    left, bottom, right, top = (v * MM_PER_PT for v in obj.get_bounds())
    box_left, box_top, box_right, box_bottom = PORTRAIT_BOX_MM
    return (left >= box_left and right <= box_right and page_height * MM_PER_PT - top >= box_top
            and page_height * MM_PER_PT - bottom <= box_bottom)


def front_faces(build) -> dict[str, bytes]:
    """The front face PDF of every unit of a build, from its cache (the faces cards.pdf is made of)."""
    manifest = json.loads((build.out / ".cache" / "manifest.json").read_text(encoding="utf-8"))
    faces = {}
    for name, key in manifest.items():
        owner, _, kind = name.removeprefix("face:").rpartition(":")
        if name.startswith("face:") and kind == "front" and "/" not in owner:
            entry = (build.out / ".cache" / "faces" / f"{key}.pdf").read_bytes()
            faces[owner] = entry.partition(b"\n")[2]
    return faces


def test_every_example_unit_front_shows_its_portrait_inside_the_column(example_build):
    content, _ = load_and_derive(example_build.content)
    faces = front_faces(example_build)
    assert sorted(faces) == sorted(content.units)
    rasters = 0
    for unit_id, face in sorted(faces.items()):
        image = content.units[unit_id].image
        assert image is not None, f"example unit '{unit_id}' has no picture"
        name = image if isinstance(image, str) else image.file
        page = pdfium.PdfDocument(face)[0]
        height = page.get_size()[1]
        objects = list(page.get_objects(max_depth=5))
        if not name.endswith(".svg"):
            rasters += 1
            drawn = [o for o in objects if o.type == pdfium_c.FPDF_PAGEOBJ_IMAGE]
            assert len(drawn) == 1 and _in_portrait_box(drawn[0], height), (unit_id, drawn[0].get_bounds())
            continue
        colours = set(re.findall(r'fill="(#[0-9a-f]{6})"', (example_build.content / name).read_text("utf-8")))
        inside = {_fill(o) for o in objects if o.type == pdfium_c.FPDF_PAGEOBJ_PATH and _in_portrait_box(o, height)}
        assert len(colours & inside) >= min(3, len(colours)), (unit_id, sorted(colours), sorted(inside))
    assert rasters == 1


def test_the_example_pictures_are_small_and_the_raster_is_sharp_enough(example_build):
    pictures = sorted((example_build.content / "images").iterdir())
    assert all(p.stat().st_size < 20_000 for p in pictures if p.suffix == ".svg")
    raster = [p for p in pictures if p.suffix != ".svg"]
    assert len(raster) == 1
    with Image.open(raster[0]) as image:
        assert image.width / (PORTRAIT_MM[0] / 25.4) >= 150
    assert not [w for w in example_build.summary.warnings if "dpi" in w or "image" in w]


def test_a_deck_of_portraits_stays_small(tmp_path):
    """Different 12-megapixel photos become print-sized JPEGs (a deck of 100 stays a few MB)."""
    root = content_with(tmp_path / "content")
    (root / "units" / "probe.yaml").unlink()
    sheet = photo_image((3006, 4000))       # four photos cut from one: its noise is most of the time it takes
    for i in range(4):
        save(sheet.crop((i, 0, 3000 + 2 * i, 4000)), root / f"p{i}.jpg")        # 3000 + i × 4000 pixels
        (root / "units" / f"u{i}.yaml").write_text(yaml.safe_dump(unit(f"u{i}", image=f"p{i}.jpg")), encoding="utf-8")
    portraits, _ = prepared(tmp_path, root)
    sizes = [prepared_file(p, tmp_path).stat().st_size for p in portraits.values()]
    assert max(sizes) < 250_000, sizes
    assert sum((root / f"p{i}.jpg").stat().st_size for i in range(4)) > 4 * sum(sizes)
