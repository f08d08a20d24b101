"""Draw the example content's one raster portrait: content/images/seherin.jpg.

A procedural painting made with Pillow only (nothing copied, no model, no
download): a dusk gradient, a glow behind the figure, the seer in her robe
with two embers in her raised hands, then a few thousand seeded brush
strokes that take their colour from the picture below them, and a fine
grain.  Seeded and deterministic: the same Pillow version writes the same
bytes.  The picture is 600 × 885 pixels, 381 dpi at the card's 40 × 59 mm
portrait column, so the build downsamples it to 300 dpi.

    .venv/bin/python scripts/make_example_raster.py [OUT]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

WIDTH, HEIGHT = 600, 885
SEED = 11
OUT = Path(__file__).resolve().parent.parent / "content" / "images" / "seherin.jpg"


def lerp(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def background() -> Image.Image:
    """A dusk sky: deep violet above, ember orange at the horizon, dark ground."""
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    top, horizon, ground = (38, 28, 62), (214, 120, 64), (46, 36, 34)
    for y in range(HEIGHT):
        t = y / HEIGHT
        colour = lerp(top, horizon, t / 0.72) if t < 0.72 else lerp(horizon, ground, min(1.0, (t - 0.72) / 0.1))
        draw.line([(0, y), (WIDTH, y)], fill=colour)
    return image


def glow(image: Image.Image, centre: tuple[int, int], radius: int, colour: tuple[int, int, int]) -> Image.Image:
    """``image`` with a soft light added around ``centre``."""
    light = Image.new("RGB", image.size, (0, 0, 0))
    x, y = centre
    ImageDraw.Draw(light).ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour)
    return ImageChops.add(image, light.filter(ImageFilter.GaussianBlur(radius * 0.6)))


def figure(image: Image.Image) -> Image.Image:
    """The seer: a hooded figure in a violet robe with a green sash, hands raised."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    cx = WIDTH // 2
    draw.polygon([(cx - 95, 300), (cx + 95, 300), (cx + 165, 760), (cx - 165, 760)], fill=(78, 58, 102, 255))
    draw.polygon([(cx - 22, 300), (cx + 22, 300), (cx + 34, 760), (cx - 34, 760)], fill=(47, 93, 58, 255))
    for side in (-1, 1):                                   # sleeves up to the raised hands
        draw.line([(cx + side * 85, 320), (cx + side * 160, 250), (cx + side * 185, 170)],
                  fill=(70, 52, 94, 255), width=46, joint="curve")
        draw.ellipse([cx + side * 185 - 18, 150, cx + side * 185 + 18, 186], fill=(206, 160, 130, 255))
    draw.pieslice([cx - 85, 150, cx + 85, 330], 180, 360, fill=(47, 93, 58, 255))      # hood
    draw.rectangle([cx - 85, 238, cx + 85, 300], fill=(47, 93, 58, 255))
    draw.ellipse([cx - 50, 190, cx + 50, 290], fill=(30, 24, 28, 255))                  # face in shadow
    for dx in (-18, 18):
        draw.ellipse([cx + dx - 6, 232, cx + dx + 6, 244], fill=(255, 170, 70, 255))
    soft = layer.filter(ImageFilter.GaussianBlur(2.5))
    out = image.convert("RGBA")
    out.alpha_composite(soft)
    out = out.convert("RGB")
    for side in (-1, 1):                                   # the embers she holds
        out = glow(out, (cx + side * 185, 140), 46, (255, 150, 60))
    return glow(out, (cx, 205), 130, (60, 40, 20))


def brush(image: Image.Image, rng: random.Random, strokes: int = 4000) -> Image.Image:
    """Seeded brush strokes that take their colour from the picture: a painted look."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    pixels = image.load()
    for _ in range(strokes):
        x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
        r, g, b = pixels[x, y]
        length, width = rng.randint(6, 22), rng.randint(2, 5)
        dx = rng.choice((-1, 1)) * length
        draw.line([(x, y), (x + dx, y + rng.randint(-length // 2, length // 2))], fill=(r, g, b, 150), width=width)
    out = image.convert("RGBA")
    out.alpha_composite(layer)
    return out.convert("RGB")


def grain(image: Image.Image, rng: random.Random, amount: int = 14) -> Image.Image:
    """A fine seeded grain (Pillow's own noise is not seeded)."""
    noise = Image.frombytes("L", image.size, rng.randbytes(WIDTH * HEIGHT)).point(lambda v: v * amount // 255)
    lighter = ImageChops.add(image, Image.merge("RGB", (noise, noise, noise)))
    return Image.blend(image, lighter, 0.5)


def paint() -> Image.Image:
    rng = random.Random(SEED)
    image = glow(background(), (WIDTH // 2, 330), 220, (90, 60, 40))
    return grain(brush(figure(image), rng), rng)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUT
    paint().save(out, format="JPEG", quality=85, optimize=True, dpi=(381, 381))
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB, {WIDTH} × {HEIGHT} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
