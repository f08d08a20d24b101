"""Compile the benchmark's Typst reference: every unit card face of a set, one face per page.

    .venv/bin/python bench/html.py typst /tmp/content-100 /tmp/cards-100.json
    .venv/bin/python bench/typst_card.py /tmp/cards-100.json /tmp/cards-100.pdf

The card is our own drawing of cardgen's unit card in Typst (bench/typst/unit_card.typ), from the
card views ``bench/html.py typst`` writes.  Typst is the PyPI wheel ``typst`` (tested with 0.15.x),
no dependency of cardgen: ``bench/run.py`` times it where it is installed, as a reference for the
physical limit of laying out the same cards.
"""

from __future__ import annotations

import argparse
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE / "typst" / "unit_card.typ"
FONTS = HERE.parent / "cardgen" / "assets" / "fonts"      # DejaVu, as cardgen's cards.css


def available() -> bool:
    """Whether the ``typst`` wheel is installed (run as a script, bench/ comes first on sys.path and
    its folder typst/ imports as an empty namespace package where the wheel is missing)."""
    try:
        import typst
    except ImportError:
        return False
    return callable(getattr(typst, "compile", None))


def version() -> str:
    import typst

    return getattr(typst, "__version__", "?")


def compile_cards(data: Path, pdf: Path) -> None:
    """``pdf``: the faces of the card views in ``data`` (the JSON of ``bench/html.py typst``).

    Typst's root is ``/``: the views name their pictures by absolute path (icons in cardgen/assets,
    portraits and tinted icons beside the JSON); only DejaVu is used, no system font."""
    import typst

    typst.compile(str(TEMPLATE), output=str(pdf), root="/", font_paths=[str(FONTS)], ignore_system_fonts=True,
                  sys_inputs={"data": str(Path(data).resolve())})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the card views (bench/html.py typst CONTENT DATA.json)")
    parser.add_argument("pdf", type=Path, help="the PDF to write")
    args = parser.parse_args()
    if not available():
        raise SystemExit("typst is not installed (pip install typst)")
    compile_cards(args.data, args.pdf)


if __name__ == "__main__":
    main()
