"""Which colour paints each piece of text and each line of a PDF page (issue 42.2): the page's
content stream and every form XObject it draws, walked with pikepdf's ``parse_content_stream``,
the fill and stroke colours followed through ``q``/``Q`` and into the forms."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

import pikepdf

TEXT_SHOWING = {"Tj", "TJ", "'", '"'}
FILLING = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKING = {"S", "s", "B", "B*", "b", "b*"}
SPACES = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}
K_ONLY = ("DeviceCMYK", (0.0, 0.0, 0.0, 1.0))


@dataclass(frozen=True)
class Ink:
    """The colours in force: (colour space, components) to fill and to stroke."""

    fill: tuple[str, tuple[float, ...]] = ("DeviceGray", (0.0,))
    stroke: tuple[str, tuple[float, ...]] = ("DeviceGray", (0.0,))


def _space(name: pikepdf.Object, resources: pikepdf.Object) -> str:
    """A colour space operand as a name: a device space, else what the resources' entry is."""
    key = str(name)
    if key.removeprefix("/") in SPACES.values():
        return key.removeprefix("/")
    entry = resources.get("/ColorSpace", {}).get(key)
    return str(entry[0] if isinstance(entry, pikepdf.Array) else entry).removeprefix("/")


def _next_ink(ink: Ink, op: str, operands: list, resources: pikepdf.Object) -> Ink:
    """The colours after one colour operator (lower case: fill, upper case: stroke)."""
    numbers = tuple(float(x) for x in operands if isinstance(x, (int, float, Decimal)))
    lower = op.lower()
    side = "fill" if op == lower else "stroke"
    if lower in SPACES:
        return replace(ink, **{side: (SPACES[lower], numbers)})
    if lower == "cs":
        return replace(ink, **{side: (_space(operands[0], resources), ())})
    if lower in {"sc", "scn"}:
        return replace(ink, **{side: (getattr(ink, side)[0], numbers)})
    return ink


def painted(obj: pikepdf.Object, ink: Ink = Ink(), depth: int = 0) -> Iterator[tuple[str, Ink]]:
    """("text" | "fill" | "stroke", the colours in force) for every text-showing and path-painting
    operator of ``obj`` (a page or a form XObject) and of the forms it draws."""
    resources = obj.get("/Resources", pikepdf.Dictionary())
    saved: list[Ink] = []
    for operands, operator in pikepdf.parse_content_stream(obj):
        op = str(operator)
        if op == "q":
            saved.append(ink)
        elif op == "Q":
            ink = saved.pop() if saved else ink
        elif op in TEXT_SHOWING:
            yield "text", ink
        elif op == "Do":
            form = resources.get("/XObject", {}).get(str(operands[0]))
            if form is not None and form.get("/Subtype") == pikepdf.Name.Form and depth < 20:
                yield from painted(form, ink, depth + 1)
        else:
            if op in FILLING:
                yield "fill", ink
            if op in STROKING:
                yield "stroke", ink
            ink = _next_ink(ink, op, list(operands), resources)


def is_near_black(colour: tuple[str, tuple[float, ...]]) -> bool:
    """A colour meant as black (gray, RGB each at most 0.2; CMYK with K at least 0.8)."""
    space, values = colour
    if space in {"DeviceGray", "DeviceRGB", "ICCBased"} and values and len(values) in (1, 3):
        return max(values) <= 0.2
    return space == "DeviceCMYK" and len(values) == 4 and values[3] >= 0.8
