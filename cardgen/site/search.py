"""The edition's search index: Pagefind run over the written pages, offline.

Pagefind (PyPI ``pagefind[bin]``, which ships its binary in ``pagefind_bin``) reads the pages'
``<main data-pagefind-body>``, stems German words (every page says ``lang="de"``), and writes its index
and its search interface into ``pagefind/``; a result links to the heading (its ``id``) its words
stand under.  It runs as a subprocess: its binary found by the package's location, without
importing the package (nor anything from the project's folder), in the site's folder, with an
environment of its own (no ``PAGEFIND_*`` settings from outside, no proxy: it needs no network), under
a time limit.  Its failure is a :class:`~cardgen.errors.RenderError` with its last lines.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

from cardgen.errors import RenderError

TIME_LIMIT_S = 120
BUNDLE = "pagefind"
KEPT_ENVIRONMENT = ("PATH", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT")


def pagefind_binary() -> Path:
    """The Pagefind binary of the installed ``pagefind_bin`` package (found, not imported)."""
    spec = importlib.util.find_spec("pagefind_bin")
    if spec is None or not spec.submodule_search_locations:
        raise RenderError("the search index needs Pagefind: pip install 'pagefind[bin]' (cardgen's dependency)")
    folder = Path(next(iter(spec.submodule_search_locations)))
    for name in ("pagefind_extended", "pagefind", "pagefind.exe"):
        if (folder / name).is_file():
            return folder / name
    raise RenderError(f"no Pagefind binary in {folder}: reinstall 'pagefind[bin]'")


def index_site(site: Path) -> None:
    """Write the search index of the pages in ``site`` into ``site/pagefind/``."""
    environment = {name: os.environ[name] for name in KEPT_ENVIRONMENT if name in os.environ}
    command = [str(pagefind_binary()), "--site", ".", "--output-subdir", BUNDLE, "--silent"]
    try:
        done = subprocess.run(command, cwd=site, env=environment, capture_output=True, text=True,
                              timeout=TIME_LIMIT_S, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise RenderError(f"the search index (Pagefind) took over {TIME_LIMIT_S} s; stopped") from None
    except OSError as exc:
        raise RenderError(f"the search index (Pagefind) could not run: {exc.strerror or exc}") from None
    if done.returncode != 0:
        last = " | ".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise RenderError(f"the search index (Pagefind) failed (exit {done.returncode}): {last}")
