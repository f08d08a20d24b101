"""Dump what cardgen renders, so another engine (headless Chromium, Typst) can print the same input.

    .venv/bin/python bench/html.py rulebook ../shared/rulebook/Regelbuch.md /tmp/book.html [--assets assets]
    .venv/bin/python bench/html.py cards /tmp/content-100 /tmp/cards.html
    .venv/bin/python bench/html.py typst /tmp/content-100 /tmp/cards.json

``rulebook``: the book HTML of a Markdown file, exactly as ``cardgen rulebook``
lays it out (:func:`cardgen.rulebook.build.rulebook_page`; its virtual URLs are made
absolute ``file://`` URLs, so the HTML may be written anywhere).

``cards``: one HTML document with every unit card face (front, back) of a
content folder, one face per page: the ``<head>`` of the first face
(stylesheets, ``@page`` size) and the ``<body>`` of each face from
:func:`cardgen.cards.render.face_html`, with its portrait (prepared as the
build prepares it, into ``TARGET.work/`` beside the HTML).  Faces are shown at their full font
size (cardgen's shrink-to-fit rounds are not applied), power cards are left
out (another page size).

``typst``: the same unit cards as data for bench/typst/unit_card.typ (bench/typst_card.py): one
JSON file with the card view of every unit (:func:`cardgen.cards.view.unit_card`, the values the
PDF prints, with the same prepared portraits into ``TARGET.work/``), the column headings' icons and
the face page; every picture an absolute file path.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file is named html.py: run as a script, its folder comes first on sys.path and would
# hide the standard library's ``html`` package (which WeasyPrint imports).  Drop that folder.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
PROJECT = HERE.parent
sys.path.insert(0, str(PROJECT))

import argparse  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402

from cardgen.paths import ASSETS_DIR  # noqa: E402


def rulebook_html(source: Path, assets: list[Path], content: Path | None) -> str:
    from cardgen.rulebook.build import load_table_content, read_source, rulebook_page
    from cardgen.safefs import VIRTUAL_PREFIX

    text = read_source(source)
    page = rulebook_page(source, text, assets, content=load_table_content(text, content))
    html = page.html
    for name, root in page.roots.named:        # the PDF's virtual URLs as real ones, for another engine
        html = html.replace(f"file://{VIRTUAL_PREFIX}{name}/", root.as_uri() + "/")
    return html


def unit_cards(content_dir: Path, work: Path):
    """The card view of every unit of a content folder (sorted by id), the unit face page, and the
    folders a face reads (its virtual URL names), with the portraits prepared into ``work``."""
    from dataclasses import dataclass, field

    from cardgen.build.cache import Cache
    from cardgen.cards.planning import CardOptions, page_settings
    from cardgen.cards.portrait import face_roots, prepare_portraits
    from cardgen.cards.view import unit_card
    from cardgen.project.file import Project
    from cardgen.stages import load_and_derive
    from cardgen.look.theme import Theme

    @dataclass
    class Pictures:                         # what prepare_portraits needs (as cardgen serve has it)
        content: object
        project: Project
        cache: Cache
        theme: Theme = field(default_factory=Theme)

        def warn(self, message: str) -> None:
            print(message, file=sys.stderr)

    content, derived = load_and_derive(content_dir)
    pictures = Pictures(content, Project(root=content_dir), Cache(work))
    portraits = prepare_portraits(pictures)
    page, _ = page_settings(content, CardOptions())
    cards = [unit_card(derived.units[unit_id], content, portrait=portraits.get(unit_id))
             for unit_id in sorted(content.units)]
    return cards, page, face_roots(pictures)


def cards_html(content_dir: Path, work: Path) -> str:
    from cardgen.cards.render import face_html
    from cardgen.safefs import VIRTUAL_PREFIX

    cards, page, roots = unit_cards(content_dir, work)
    head, bodies = None, []
    for card in cards:
        for kind in ("front", "back"):
            html = face_html(kind, card, page)
            if head is None:
                head = re.search(r"<head>(.*?)</head>", html, re.S).group(1)
            bodies.append(re.search(r"<body[^>]*>(.*?)</body>", html, re.S).group(1))
    head = re.sub(r"<title>.*?</title>", "<title>cards</title>", head or "", flags=re.S)
    pages = "\n".join(f'<section class="face-page">{body}</section>' for body in bodies)
    html = (f'<!DOCTYPE html>\n<html lang="de">\n<head>{head}'
            "<style>.face-page { break-after: page; } .face-page:last-child { break-after: auto; }</style>\n"
            f"</head>\n<body>\n{pages}\n</body>\n</html>\n")
    for name, root in roots.named:          # the virtual URLs as real ones, for another engine
        html = html.replace(f"file://{VIRTUAL_PREFIX}{name}/", root.as_uri() + "/")
    return html


def cards_typst_data(content_dir: Path, work: Path) -> dict:
    """The card views of ``cards_html`` as JSON data for bench/typst/unit_card.typ: every field of
    :class:`cardgen.cards.unit_model.UnitCard` (a track's ``circles`` too), the column headings' icons
    (``head``) and the face page; every picture a file path (a tinted ``data:`` icon is written
    into ``work/icons``)."""
    from dataclasses import asdict

    from cardgen.cards.view import header_icons

    cards, page, roots = unit_cards(content_dir, work)
    data = {"page": asdict(page), "head": {name: asdict(pic) for name, pic in header_icons().items()},
            "cards": []}
    for card in cards:
        view = asdict(card)
        for track, shown in zip(view["tracks"], card.tracks):
            track["circles"] = shown.circles
        data["cards"].append(view)
    return _file_paths(data, roots, work / "icons")


def _file_paths(value, roots, icons: Path):
    """``value`` with every ``uri`` made a file path for Typst (whose root is ``/``): a virtual URL
    the file it names in ``roots``, a ``data:`` SVG a file written into ``icons``."""
    import hashlib
    from urllib.parse import unquote, urlparse

    if isinstance(value, (list, tuple)):
        return [_file_paths(item, roots, icons) for item in value]
    if not isinstance(value, dict):
        return value
    value = {key: _file_paths(item, roots, icons) for key, item in value.items()}
    uri = value.get("uri")
    if isinstance(uri, str) and uri.startswith("data:image/svg+xml,"):
        svg = unquote(uri.partition(",")[2]).encode("utf-8")
        path = icons / f"{hashlib.sha256(svg).hexdigest()[:16]}.svg"
        icons.mkdir(parents=True, exist_ok=True)
        path.write_bytes(svg)
        value["uri"] = str(path)
    elif isinstance(uri, str):
        local = unquote(urlparse(uri).path)
        value["uri"] = str(roots.path(local) or local)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["rulebook", "cards", "typst"])
    parser.add_argument("source", type=Path, help="the Markdown file (rulebook) or content folder (cards, typst)")
    parser.add_argument("target", type=Path, help="the HTML file (typst: the JSON file) to write")
    parser.add_argument("--assets", type=Path, action="append", default=[], help="rulebook: asset folder")
    parser.add_argument("--content", type=Path, default=None,
                        help="rulebook: content folder for {{ table: ... }} (default: ./content)")
    args = parser.parse_args()
    if args.kind == "rulebook":
        content = args.content or (PROJECT / "content")
        text = rulebook_html(args.source, [*args.assets, ASSETS_DIR], content)
    elif args.kind == "cards":
        text = cards_html(args.source, args.target.parent / f"{args.target.stem}.work")
    else:
        data = cards_typst_data(args.source, args.target.parent / f"{args.target.stem}.work")
        text = json.dumps(data, ensure_ascii=False)
    args.target.write_text(text, encoding="utf-8")
    print(f"wrote {args.target}")


if __name__ == "__main__":
    main()
