"""PNG export for Tabletop Simulator and online play (``--png DPI``).

Each face's PDF is rasterised with PDFium (pypdfium2: maintained binary
wheels, no system library, renders WeasyPrint's PDFs faithfully), cropped
to the trim box; every PNG names its DPI (pHYs); Pillow assembles the deck sheets: up to 10 × 7 faces per
sheet (Tabletop Simulator's deck grid), one series per card size and side.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Protocol

import pypdfium2
from PIL import Image

from cardgen.geometry import PT_PER_INCH


class Faces(Protocol):
    """The face store (:class:`cardgen.cards.faces.FaceStore`): a face's PDF by its key."""

    def __getitem__(self, key: str) -> bytes: ...

DECK_COLUMNS, DECK_ROWS = 10, 7
DECKS = {"front": "einheiten-vorderseiten", "back": "einheiten-rückseiten", "power": "kräfte"}
SIDES = {"front": "vorderseite", "back": "rückseite", "power": "kraft"}


def rasterise(pdf: bytes, dpi: int) -> Image.Image:
    """The trim area of a one-page face PDF as an RGB image."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        media, trim = page.get_mediabox(), page.get_trimbox()
        crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        bitmap = page.render(scale=dpi / PT_PER_INCH, crop=crop, fill_color=(255, 255, 255, 255))
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def _png(image: Image.Image, dpi: int) -> bytes:
    """PNG bytes that carry their resolution (a pHYs chunk): printed, a face comes out at its size."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buffer.getvalue()


def deck_sheet(images: list[Image.Image]) -> Image.Image:
    """Up to 10 × 7 equally sized images on one sheet, row by row."""
    width, height = images[0].size
    columns = min(DECK_COLUMNS, len(images))
    rows = math.ceil(len(images) / columns)
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for index, image in enumerate(images):
        sheet.paste(image, ((index % columns) * width, (index // columns) * height))
    return sheet


def export_png(jobs, faces: Faces, folder: Path, dpi: int, outputs) -> None:
    """``folder/<id>-<side>.png`` for every face and ``folder/deck-<series>-<n>.png``.

    Works one deck sheet (70 faces) at a time, so memory stays bounded.
    """
    per_sheet = DECK_COLUMNS * DECK_ROWS
    for kind, series in DECKS.items():
        of_kind = [job for job in jobs if job.kind == kind]
        for number, start in enumerate(range(0, len(of_kind), per_sheet), start=1):
            images = []
            for job in of_kind[start:start + per_sheet]:
                image = rasterise(faces[job.key], dpi)
                outputs.stage(folder / f"{job.owner}-{SIDES[kind]}.png", _png(image, dpi))
                images.append(image)
            outputs.stage(folder / f"deck-{series}-{number}.png", _png(deck_sheet(images), dpi))
