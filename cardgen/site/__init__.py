"""``cardgen site``: the web edition -- the rulebooks and every unit as static pages, searchable offline.

The pieces, each one module (``build.py`` runs them in order):

* :mod:`~cardgen.site.books` -- a rulebook's HTML (the PDF's) cut into chapter pages where the PDF cuts it;
* :mod:`~cardgen.site.units`, :mod:`~cardgen.site.catalogue` -- the object pages (units with their card as
  text, derived values and odds; factions, groups, traits, weapons, powers; the glossary);
* :mod:`~cardgen.site.changes` -- the "changed since" notes (``--since REV``, as ``cardgen diff``);
* :mod:`~cardgen.site.files` -- the icons, pictures and stylesheets the pages name, copied in;
* :mod:`~cardgen.site.write` -- the pages through their templates (``templates/site/``), the manifest, the
  service worker's list of every file with its hash, written all or nothing;
* :mod:`~cardgen.site.search` -- Pagefind's index, run as a subprocess under a time limit;
* :mod:`~cardgen.site.reuse` -- what a run keeps in the build cache for the next: a changed unit renders
  only the pages whose record changed, Pagefind runs only when a page's bytes changed.

Decisions (docs/web-edition.md; docs/decisions/2026-11-28-web-edition.md):

* **Reuse, not a second renderer**: a chapter is the rulebook's own HTML (every dialect feature as in the
  PDF); a card is the card stage's view (:func:`cardgen.cards.view.unit_card`) printed as HTML text.
* **Static files only**: every link relative, so the edition works from any folder, from disk and from a
  web server; the service worker only where served (browsers refuse it on ``file:``).
* **Pagefind** for search: a static index with German stemming, no server, its binary from PyPI.
* **Templates only print** (autoescaped, sandboxed); the views are plain frozen records (:mod:`~cardgen.site.model`).
"""
