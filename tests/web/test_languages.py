"""The web edition of a project with ``languages``: the source's language only, said in a note; every page
and the web app manifest carry that language (Pagefind stems by it)."""

from __future__ import annotations

import json

from conftest import small_project
from cardgen.build.context import open_run
from cardgen.build.run import find_rulebooks
from cardgen.project.settings import load_settings
from cardgen.site.build import build_site
from .checks import pages, parse


def test_the_source_language_only_with_a_note(tmp_path):
    root = tmp_path / "spiel"
    small_project(root / "content")
    (root / "cardgen.toml").write_text('content = "content"\nlanguages = ["en", "de"]\n', encoding="utf-8")
    settings = load_settings(root, out=root / "build")
    ctx = open_run(settings, rulebooks_only=True)
    site = build_site(ctx, find_rulebooks(settings.content, ctx.summary, ctx.project), search=False).out
    assert ctx.summary.notes == ["the web edition is in en only, the source's language: no pages in de yet "
                                 "(docs/web-edition.md)"]
    assert ctx.summary.warnings == []
    assert {parse(page).lang for page in pages(site)} == {"en"}
    assert json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))["lang"] == "en"
    assert not (root / "build" / "de").exists() and not (site / "de").exists()
