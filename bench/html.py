"""Dump the HTML cardgen renders, so another engine (headless Chromium) can print the same input.

    .venv/bin/python bench/html.py rulebook ../shared/rulebook/Regelbuch.md /tmp/book.html [--assets assets]
    .venv/bin/python bench/html.py cards /tmp/content-100 /tmp/cards.html

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


def cards_html(content_dir: Path, work: Path) -> str:
    from dataclasses import dataclass, field

    from cardgen.cache import Cache
    from cardgen.cards.pipeline import CardOptions, page_settings
    from cardgen.cards.portrait import face_roots, prepare_portraits
    from cardgen.cards.render import face_html
    from cardgen.cards.view import unit_card
    from cardgen.project import Project
    from cardgen.safefs import VIRTUAL_PREFIX
    from cardgen.stages import load_and_derive
    from cardgen.theme import Theme

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
    head, bodies = None, []
    for unit_id in sorted(content.units):
        card = unit_card(derived.units[unit_id], content, portrait=portraits.get(unit_id))
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
    for name, root in face_roots(pictures).named:   # the virtual URLs as real ones, for another engine
        html = html.replace(f"file://{VIRTUAL_PREFIX}{name}/", root.as_uri() + "/")
    return html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["rulebook", "cards"])
    parser.add_argument("source", type=Path, help="the Markdown file (rulebook) or content folder (cards)")
    parser.add_argument("target", type=Path, help="the HTML file to write")
    parser.add_argument("--assets", type=Path, action="append", default=[], help="rulebook: asset folder")
    parser.add_argument("--content", type=Path, default=None,
                        help="rulebook: content folder for {{ table: ... }} (default: ./content)")
    args = parser.parse_args()
    if args.kind == "rulebook":
        content = args.content or (PROJECT / "content")
        html = rulebook_html(args.source, [*args.assets, ASSETS_DIR], content)
    else:
        html = cards_html(args.source, args.target.parent / f"{args.target.stem}.work")
    args.target.write_text(html, encoding="utf-8")
    print(f"wrote {args.target}")


if __name__ == "__main__":
    main()
