"""cardgen's own icon set: one style, safe files, legible at 4 mm, complete for rulebook and content."""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from cardgen.look import icons
from cardgen.stages import load_content
from cardgen.content.resolve import ICON_FIELDS
from cardgen.errors import RenderError
from cardgen.paths import ICONS_DIR

PROJECT_DIR = Path(__file__).resolve().parents[2]   # the checkout

SVG_NS = "{http://www.w3.org/2000/svg}"
ALL = icons.all_icons()
FORBIDDEN_TAGS = {"text", "tspan", "textPath", "image", "script", "foreignObject", "use", "style", "a"}
RULEBOOK_FOLDERS = ("Marker", "Bewegung", "Größe", "Modell", "Waffe", "Rüstung", "Effekt")
PX_4MM_300DPI = round(4 / 25.4 * 300)  # 47 px


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def test_the_icon_set_is_cardgens_icon_folder():
    assert icons.ICON_SET_DIR == ICONS_DIR
    assert len(ALL) >= 70


@pytest.mark.parametrize("key", sorted(icons.ICONS))
def test_every_key_names_an_existing_icon(key):
    assert icons.icon_path(icons.ICONS[key]).is_file()
    assert icons.icon(key).startswith("file://")


def test_keys_use_the_content_models_enum_words():
    from typing import get_args

    from cardgen.content import schema

    for prefix, literal in (("type", schema.UnitType), ("size", schema.Size), ("movement", schema.Movement)):
        assert {f"{prefix}.{word}" for word in get_args(literal)} <= set(icons.ICONS)
    for field in ("target", "range", "duration", "tp_loss_when"):
        group = {"target": "ziel", "range": "reichweite", "duration": "dauer", "tp_loss_when": "tp_verlust"}[field]
        words = get_args(schema.Power.model_fields[field].annotation)
        assert {f"power.{group}.{w}" for w in words} <= set(icons.ICONS)


@pytest.mark.parametrize("name", ALL)
def test_every_icon_is_a_clean_svg_in_the_house_style(name):
    path = icons.icon_path(name)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!--"), "each file opens with a comment saying what it shows"
    root = ET.fromstring(text)
    assert local(root.tag) == "svg"
    if name != "logo.svg":
        assert root.get("viewBox") == "0 0 24 24"
        assert (root.get("width"), root.get("height")) == ("24", "24")
    for element in root.iter():
        assert local(element.tag) not in FORBIDDEN_TAGS, f"{name}: <{local(element.tag)}>"
        for attribute, value in element.attrib.items():
            assert local(attribute) != "href", f"{name}: {attribute}={value}"
            assert not local(attribute).startswith("on"), f"{name}: event handler {attribute}"
            assert "url(" not in value, f"{name}: reference {value}"
        if "stroke-width" in element.attrib:
            assert element.get("stroke-width") == "2", f"{name}: stroke-width {element.get('stroke-width')}"


@pytest.mark.parametrize("name", ALL)
def test_every_icon_rasterises_at_4mm_with_ink(name):
    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    png = cairosvg.svg2png(bytestring=icons.icon_path(name).read_bytes(), output_height=PX_4MM_300DPI)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    assert image.height == PX_4MM_300DPI
    white = Image.new("RGBA", image.size, "white")
    grey = Image.alpha_composite(white, image).convert("L")
    dark = sum(grey.histogram()[:128])
    assert dark > 0.02 * image.width * image.height, f"{name} is (nearly) blank at 4 mm"


def test_every_icon_the_rulebook_shows_exists(regelbuch):
    pattern = re.compile(r"Grafiken/((?:%s)/[^)\"\s]+)" % "|".join(RULEBOOK_FOLDERS))
    wanted = {re.sub(r"\.png$", ".svg", m) for m in pattern.findall(regelbuch)}
    assert len(wanted) > 40  # the pattern still finds the rulebook's icons
    assert sorted(wanted - set(ALL)) == []


@pytest.mark.parametrize("bad", ["../x.svg", "/etc/passwd", "Effekt/../../x.svg", "", "gibtsnicht.svg", "Effekt"])
def test_icon_path_refuses_escapes_and_unknown_names(bad):
    with pytest.raises(RenderError, match="icon"):
        icons.icon_path(bad)


def test_unknown_key_names_the_key():
    with pytest.raises(RenderError, match="size.gross") as info:
        icons.icon("size.gross")
    assert "size.groß" in str(info.value)


def test_icon_uri_is_a_file_uri_of_the_file():
    uri = icons.icon_uri("Effekt/brand.svg")
    assert uri == (icons.ICON_SET_DIR / "Effekt" / "brand.svg").resolve().as_uri()


def _tmp_content(tmp_path):
    """The rules fixture plus every damage effect and both schools, as a designer would write them."""
    root = tmp_path / "content"
    shutil.copytree(PROJECT_DIR / "tests" / "fixtures" / "rules", root)

    def add(kind: str, data: dict) -> None:
        folder = root / kind
        folder.mkdir(exist_ok=True)
        (folder / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")

    for name in ALL:
        if name.startswith("Effekt/"):
            effect = name.removeprefix("Effekt/").removesuffix(".svg")
            slug = effect.replace("ä", "ae").replace("ü", "ue").replace("ß", "ss")
            add("effects", {"id": slug, "name": effect.title(), "icon": name, "applies_to": "beide",
                            "rules": "Probe."})
    for school in ("elementar", "geist"):
        add("schools", {"id": school, "name": school.title(), "colour": "#884422",
                        "icon": f"Schule/{school}.svg"})
    return load_content(root)


def test_content_icons_of_the_example_content_all_exist(tmp_path):
    """Before, a ContentError of the example content was swallowed and the test passed on either outcome."""
    example = load_content(PROJECT_DIR / "content")             # must load: its icons are checked here
    written = _tmp_content(tmp_path)
    assert len(_named_icons(written)) == 14
    assert _named_icons(example), "the example content names no icon"
    for item in (written, example):
        for name in _named_icons(item):
            assert icons.icon_path(name).is_file(), name


def _named_icons(content) -> set[str]:
    """Icon names the content gives (damage effects, schools, faction emblems)."""
    return {getattr(item, field) for kind, field in ICON_FIELDS for item in content.kind(kind).values()
            if getattr(item, field)}
