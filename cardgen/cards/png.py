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
from typing import Callable, Container, Protocol

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


def png_bytes(image: Image.Image, dpi: int) -> bytes:
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


def export_png(jobs, faces: Faces, folder: Path, dpi: int, outputs,
               keep: Callable[[str], None] | None = None, failed: Container[str] = ()) -> None:
    """``folder/<id>-<side>.png`` for every face and ``folder/deck-<series>-<n>.png``; a face whose
    key is ``failed`` (it does not fit), and a deck sheet showing one, is handed to ``keep`` (its
    file name) instead: the last build's file stays.

    Works one deck sheet (70 faces) at a time, so memory stays bounded.
    """
    per_sheet = DECK_COLUMNS * DECK_ROWS
    for kind, series in DECKS.items():
        of_kind = [job for job in jobs if job.kind == kind]
        for number, start in enumerate(range(0, len(of_kind), per_sheet), start=1):
            images = []
            for job in of_kind[start:start + per_sheet]:
                name = f"{job.owner}-{SIDES[kind]}.png"
                if job.key in failed and keep is not None:
                    keep(name)
                    continue
                image = rasterise(faces[job.key], dpi)
                outputs.stage(folder / name, png_bytes(image, dpi))
                images.append(image)
            deck = f"deck-{series}-{number}.png"
            if len(images) < len(of_kind[start:start + per_sheet]) and keep is not None:
                keep(deck)
            else:
                outputs.stage(folder / deck, png_bytes(deck_sheet(images), dpi))
