"""The edition written: every page through its template, the copied files, the search index, the web
app manifest and the service worker -- into a new folder that replaces ``OUT/site`` only when whole.

A failed run leaves the last edition as it was (the new one is written beside it, ``OUT/.site-new``,
and swapped in by two renames).  Every byte is a function of the input: pages in a fixed order, no
time, copied files by their paths, the service worker's list sorted with each file's SHA-256, and
its cache named by the digest of that list, so a browser replaces what it keeps exactly when the
edition changed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import jinja2

from cardgen.errors import RenderError
from cardgen.look.theme import template_environment, template_failure
from cardgen.paths import TEMPLATES_DIR
from cardgen.safefs import Roots
from cardgen.site.files import SiteFiles
from cardgen.site.model import Page
from cardgen.site.reuse import SiteReuse
from cardgen.site.search import index_site

TEMPLATES = TEMPLATES_DIR / "site"
STATIC = ("site.css", "screen.css", "register.js", "search.js")
SERVICE_WORKER = "sw.js"


@dataclass(frozen=True)
class SiteInfo:
    """What every page shows: the game, the version, the compared revision; the author's stylesheets
    (site paths) a chapter links."""

    game: str
    version: str
    since: str = ""
    book_css: tuple[str, ...] = ()
    lang: str = "de"            # the content's language: the source's (``languages``' first), else German


def render_page(environment: jinja2.Environment, page: Page, site: SiteInfo) -> str:
    try:
        return environment.get_template(page.template).render(page=page, site=site)
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure(page.template, exc)) from None


def manifest(site: SiteInfo) -> str:
    return json.dumps({"name": f"{site.game} {site.version}".strip(), "short_name": site.game,
                       "start_url": "index.html", "scope": "./", "display": "standalone",
                       "background_color": "#fdfcf8", "theme_color": "#202a44", "lang": site.lang},
                      ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def file_hashes(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` (its site path, ``/``-separated) → its SHA-256, sorted."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def service_worker(environment: jinja2.Environment, folder: Path) -> str:
    hashes = file_hashes(folder)
    digest = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    try:
        return environment.get_template("sw.js.j2").render(
            digest=digest, files_json=json.dumps(hashes, ensure_ascii=False, indent=1, sort_keys=True))
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure("sw.js.j2", exc)) from None


def write_site(pages: list[Page], site: SiteInfo, files: SiteFiles, roots: Roots, out: Path,
               search: bool = True, reuse: SiteReuse | None = None) -> Path:
    """Write the edition to ``out`` (``OUT/site``), all or nothing; return ``out``.  ``reuse``: the pages and
    the search index the last run kept (:mod:`cardgen.site.reuse`; None: every page rendered, the index made)."""
    reuse = reuse or SiteReuse(None)
    environment = template_environment(TEMPLATES)
    new = out.parent / ".site-new"
    old = out.parent / ".site-old"
    for stale in (new, old):
        if stale.exists():
            shutil.rmtree(stale)
    new.mkdir(parents=True)
    try:
        for page in pages:
            printed = reuse.page(page, site, lambda: render_page(environment, page, site))   # noqa: B023 (called now)
            html = files.rewrite(printed, roots, page.root)
            target = new / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
        for name in STATIC:
            (new / name).write_bytes((TEMPLATES / name).read_bytes())
        files.write(new)
        (new / "manifest.webmanifest").write_text(manifest(site), encoding="utf-8")
        if search:
            reuse.search(new, index_site)
        (new / SERVICE_WORKER).write_text(service_worker(environment, new), encoding="utf-8")
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)
        raise
    if out.exists():
        out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return out
