"""What every page of an edition must be: its links and anchors resolve, one h1, a lang, a title, alt texts."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.h1 = 0
        self.lang = ""
        self.title = ""
        self.in_title = False
        self.images_without_alt: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"] or "")
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag == "h1":
            self.h1 += 1
        if tag == "title":
            self.in_title = True
        if tag == "img" and a.get("alt") is None:
            self.images_without_alt.append(a.get("src") or "")
        for name in ("href", "src"):
            if a.get(name) is not None and tag in ("a", "link", "img", "script"):
                self.links.append(a[name] or "")

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data


def parse(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "pagefind" not in p.relative_to(site).parts)


def broken_links(site: Path) -> list[str]:
    """Every internal href or src of every page that names no file of the site, or no id in it."""
    site = site.resolve()
    parsed = {p: parse(p) for p in pages(site)}
    broken = []
    for page, parser in parsed.items():
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                broken += [f"{page.relative_to(site)}: {link}"] if parts.scheme in ("file", "about") else []
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
                continue
            if parts.fragment:
                ids = parsed[target].ids if target in parsed else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken
