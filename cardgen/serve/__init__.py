"""``cardgen serve``: a local preview of every card face, power card, group sheet and rulebook.

The pieces, each one module:

* :mod:`~cardgen.serve.preview` -- the files as last saved, loaded and derived
  (a :class:`~cardgen.serve.preview.Snapshot`), and the documents the PDFs are
  made of, rendered with the build's own templates and CSS;
* :mod:`~cardgen.serve.pages` -- the preview's pages around those documents:
  the build's state, and each error beside the card it concerns;
* :mod:`~cardgen.serve.files` -- the ``file:`` URLs of a document mapped to the
  server, and the only way from a request to a file;
* :mod:`~cardgen.serve.server` -- the HTTP server, its routes and defences, the
  live-reload long poll;
* :mod:`~cardgen.serve.hosts` -- the ``Host`` names it answers to;
* :mod:`~cardgen.serve.worker` -- the warm build worker, shared with ``cardgen watch``;
* :mod:`~cardgen.commands.serve` -- the command line.

Decisions (also in docs/commands.md, "Preview while you edit"):

* **Standard library, no new dependency**: ``http.server.ThreadingHTTPServer``
  and the ``watchfiles`` cardgen already uses for ``watch``.  A preview for one
  designer needs a handful of GET routes; starlette/uvicorn would add two
  packages (and their updates) for nothing the page uses.
* **Live reload by long poll** (``/_live``), not Server-Sent Events: one JSON
  answer per change, which the page's small script (``static/live.js``) turns
  into a reload (the files changed, or a build finished) or a new status text
  (a build started); a thread per open page, idle until something changes.
  A save reloads the page once the preview's snapshot is loaded (load, derive,
  portraits: tenths of a second), before the PDFs are rebuilt.
* **The same HTML as the PDFs**: a face is ``face_html`` of the card view, a
  group page the cover and reference templates, a rulebook ``rulebook_page``
  (what ``build_rulebook`` lays out); only their ``file:`` URLs are mapped to
  ``/files/N/…``.  The browser's layout is not WeasyPrint's: text that the PDF
  shrinks to fit shows at its first size, and an overflow is reported by the
  build, beside the card.
* **The warm worker** is one thread in the serve process running the normal
  incremental build (:func:`cardgen.build.run.build`) after each change, folding
  changes that arrive during a build into one more; WeasyPrint, fonts, icons
  and the hyphenation dictionary stay loaded.  Its render workers are forked
  from a forkserver that has rendered three sample faces once
  (:mod:`cardgen.cards.preload_warm`), so no worker pays the first face's half second
  of set-up again.  ``cardgen watch`` runs the same worker in the foreground,
  warmed up itself before its first build.
* **Security**: 127.0.0.1 by default (``--host`` elsewhere warns); the
  ``Host`` header must name this machine -- a loopback name, its host name,
  the address the request reached, the ``--host`` given or an
  ``--allow-host NAME`` (DNS rebinding, :mod:`cardgen.serve.hosts`); idle
  connections time out, handler threads are capped, a gone client is dropped quietly; files only below the folders the documents may read, real paths
  checked, no ``..``, no hidden names, no listings; autoescaped templates;
  frames without scripts and a Content-Security-Policy that loads nothing
  from elsewhere, so a rulebook's raw HTML can neither run script nor fetch a URL.
* **Errors never end the server**: a content error shows with file, line,
  column and hint on every page (the last valid state stays in view, and the
  card whose file it is is marked); a failed build shows its errors.
"""

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
"""The host names that are this machine (the default address, and the ``Host`` headers accepted)."""
