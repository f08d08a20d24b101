"""cardgen.site.write: the service worker's cache name follows the edition's bytes; the edition is put in
place whole or not at all."""

from __future__ import annotations

import re

import pytest

from cardgen.errors import RenderError
from cardgen.safefs import Roots
from cardgen.site.files import SiteFiles
from cardgen.site.model import Page
from cardgen.site.write import TEMPLATES, SiteInfo, service_worker, write_site
from cardgen.look.theme import template_environment


def cache_name(folder) -> str:
    worker = service_worker(template_environment(TEMPLATES), folder)
    found = re.search(r'const CACHE = "([^"]+)"', worker)
    assert found is not None
    return found[1]


def test_the_cache_name_changes_with_any_file(tmp_path):
    (tmp_path / "a.html").write_text("eins", encoding="utf-8")
    first = cache_name(tmp_path)
    assert cache_name(tmp_path) == first
    (tmp_path / "a.html").write_text("zwei", encoding="utf-8")
    assert cache_name(tmp_path) != first


def test_a_failed_run_keeps_the_last_edition(tmp_path):
    out = tmp_path / "out" / "site"
    info = SiteInfo("Spiel", "v1")
    pages = [Page("glossar.html", "glossary.html.j2", "Glossar", "", ())]
    write_site(pages, info, SiteFiles(), Roots.build(tmp_path), out, search=False)
    before = (out / "glossar.html").read_bytes()
    broken = [*pages, Page("x.html", "no-such-template.html.j2", "X", "", None)]
    with pytest.raises(RenderError, match="no-such-template"):
        write_site(broken, info, SiteFiles(), Roots.build(tmp_path), out, search=False)
    assert (out / "glossar.html").read_bytes() == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]
