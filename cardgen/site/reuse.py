"""The web edition built again from what the last run left: pages, odds, card pictures and the search
index kept in the build cache (``OUT/.cache/site/``) by the digest of what each reads.

* **A page** (its HTML as the template printed it, before :meth:`~cardgen.site.files.SiteFiles.rewrite`
  maps its ``file:`` URLs) by the digest of its record (``repr`` of the frozen :class:`~cardgen.site.model.Page`
  and its view: every field, no sets), of what every page shows (:class:`~cardgen.site.write.SiteInfo`:
  the game, the version, the stylesheets), of the site's templates and their CSS, and of cardgen's
  version and code.  The ``file:`` URLs are mapped for every page, rendered or not, so the files are
  numbered as in a cold build.
* **The odds** of one attacker against one target in one band (:func:`cardgen.rules.balance.best_attack`,
  two thirds of a cold run's own work on the example) by the digest of both models, the attacker's
  weapons, the band and the odds rules -- not of names: renaming a unit computes nothing again.
* **A card figure's picture** by the digest of the card's PDF and the resolution.
* **The search index.**  Pagefind cannot update an index: its Python API (``pagefind.index``) builds a
  new one from every page as the binary does, and its files (fragments named by their content, the
  word index split into chunks over all pages) change as a whole.  So it runs whenever one page's
  bytes changed, on all pages, and its whole output is kept by the digest of every page's path and
  bytes (all it reads): a run whose pages are all the same copies the index instead of running it.

Each entry is read behind the build cache's header (length and SHA-256: a damaged entry is made
again); entries this run did not use are dropped at its end.  ``cache=None`` (no build cache): every
page is rendered, the index always made.  The output is the same bytes either way
(``tests/web/test_incremental.py``).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.build.cache import Cache, digest, source_digest, tree_digest
from cardgen.paths import TEMPLATES_DIR

KIND = "site"
ODDS_KEY = "odds"              # one entry: every pair's odds, keyed by its inputs' digest
SEARCH_FOLDER = "pagefind"


def _key(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


class SiteReuse:
    """What this run found kept, used and made (counted for the command's line)."""

    def __init__(self, cache: Cache | None) -> None:
        self.cache = cache
        self.code = digest(__version__, source_digest(), tree_digest(TEMPLATES_DIR / "site")) if cache else ""
        self.used: set[str] = set()
        self.rendered = 0
        self.reused = 0
        self.indexed = False
        self._odds: dict[str, Any] = self._load_odds()
        self._odds_used: dict[str, Any] = {}

    def _get(self, key: str, suffix: str) -> bytes | None:
        if self.cache is None:
            return None
        self.used.add(key + suffix)
        return self.cache.get(KIND, key, suffix)

    def _put(self, key: str, suffix: str, data: bytes) -> None:
        if self.cache is not None:
            self.used.add(key + suffix)
            self.cache.put(KIND, key, data, suffix)

    def page(self, page: Any, site: Any, render: Callable[[], str]) -> str:
        """The page's HTML as ``render`` prints it: kept, else rendered and kept."""
        key = _key(self.code, page, site)
        kept = self._get(key, ".html")
        if kept is not None:
            self.reused += 1
            return kept.decode("utf-8")
        self.rendered += 1
        html = render()
        self._put(key, ".html", html.encode("utf-8"))
        return html

    def picture(self, pdf: bytes, dpi: int, make: Callable[[], bytes]) -> bytes:
        """A card figure's PNG: kept, else made and kept."""
        key = _key(self.code, hashlib.sha256(pdf).hexdigest(), dpi)
        kept = self._get(key, ".png")
        if kept is None:
            kept = make()
            self._put(key, ".png", kept)
        return kept

    def _load_odds(self) -> dict[str, Any]:
        raw = self.cache.get(KIND, ODDS_KEY, ".json") if self.cache is not None else None
        with contextlib.suppress(ValueError):
            found = json.loads(raw) if raw else {}
            if isinstance(found, dict) and found.get("code") == self.code and isinstance(found.get("pairs"), dict):
                return found["pairs"]
        return {}

    def odds(self, inputs: tuple, compute: Callable[[], tuple[int, float] | None]) -> tuple[int, float] | None:
        """One attack's best weapon and expected TP lost per AP (``inputs``: everything it reads)."""
        key = _key(inputs)
        found = self._odds.get(key, False)
        if found is False or not (found is None or (isinstance(found, list) and len(found) == 2)):
            found = compute()
            found = None if found is None else [found[0], found[1]]
        self._odds_used[key] = found
        return None if found is None else (int(found[0]), float(found[1]))

    def search(self, site: Path, index: Callable[[Path], None]) -> None:
        """Pagefind's index of the pages in ``site``: kept for these very pages, else made (``index``) and kept."""
        pages = {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                 for p in sorted(site.rglob("*.html"))}
        key = _key(self.code, pages)
        kept = self._get(key, ".json")
        files = None
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            files = {name: base64.b64decode(data, validate=True) for name, data in json.loads(kept).items()} if kept else None
        if files is None or not all(_plain(name) for name in files):
            self.indexed = True
            index(site)
            folder = site / SEARCH_FOLDER
            files = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
            self._put(key, ".json", json.dumps({n: base64.b64encode(d).decode() for n, d in files.items()}).encode())
            return
        for name, data in sorted(files.items()):
            target = site / SEARCH_FOLDER / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)

    def finish(self) -> None:
        """Keep this run's odds; drop every entry it did not use."""
        if self.cache is None:
            return
        self.cache.put(KIND, ODDS_KEY, json.dumps({"code": self.code, "pairs": self._odds_used}).encode(), ".json")
        folder = self.cache.folder(KIND)
        for path in folder.iterdir():
            if path.name not in self.used and path.name != f"{ODDS_KEY}.json" and not path.name.startswith("."):
                with contextlib.suppress(OSError):
                    path.unlink()


def _plain(name: str) -> bool:
    """Whether a kept index file's name is a plain relative path (a damaged entry writes nowhere else)."""
    parts = name.split("/")
    return bool(name) and all(part not in ("", ".", "..") for part in parts) and "\\" not in name and "\0" not in name
