"""cardgen.commands.site: ``cardgen site`` writes OUT/site/, all or nothing; ``site = true`` makes
``cardgen build`` write it too."""

from __future__ import annotations

import pytest
import yaml

from cardgen.commands import site
from conftest import one_unit_content


def test_site_writes_the_edition(cli, tmp_path):
    content = one_unit_content(tmp_path / "content")
    code, out, err = cli("site", "--content", content, "--out", tmp_path / "out", "--no-search")
    assert (code, err) == (0, "")
    assert out.startswith("wrote ") and out.endswith(" (14 pages, 14 rendered, no search index)\n")
    again = cli("site", "--content", content, "--out", tmp_path / "out", "--no-search")[1]
    assert again.endswith(" (14 pages, 0 rendered, no search index)\n")          # the pages kept (cardgen.site.reuse)
    edition = tmp_path / "out" / "site"
    assert (edition / "einheit" / "probe.html").is_file() and (edition / "waffe" / "pistole.html").is_file()
    assert not (edition / "pagefind").exists()
    assert site.add_parser is not None


def test_a_strict_run_with_a_warning_keeps_the_last_edition(cli, tmp_path):
    content = one_unit_content(tmp_path / "content")
    assert cli("site", "--content", content, "--out", tmp_path / "out", "--no-search")[0] == 0
    index = tmp_path / "out" / "site" / "index.html"
    before = index.read_bytes()
    (content / "Regeln.md").write_text("# Regeln\n\n## Teil\n\nSiehe [dort](#nirgends).\n", encoding="utf-8")
    code, out, err = cli("site", "--content", content, "--out", tmp_path / "out", "--no-search", "--strict")
    assert code == 1
    assert err.count("Regeln.md:5: warning: broken link #nirgends") == 1
    assert "the web edition not written" in err
    assert index.read_bytes() == before
    assert not (tmp_path / "out" / ".site-new").exists()


@pytest.mark.pdf
def test_build_writes_the_edition_when_the_project_file_says_site(cli, tmp_path, monkeypatch):
    root = tmp_path / "repo"
    one_unit_content(root / "content")
    (root / "cardgen.toml").write_text("site = true\n", encoding="utf-8")
    monkeypatch.chdir(root)
    from cardgen.commands.main import main

    assert main(["build", "--no-strict"]) == 0
    assert (root / "build" / "site" / "einheit" / "probe.html").is_file()
    assert (root / "build" / "site" / "pagefind" / "pagefind.js").is_file()


def test_since_notes_what_changed_on_each_page(cli, tmp_path):
    old = one_unit_content(tmp_path / "alt")
    new = one_unit_content(tmp_path / "neu")
    (old / "Regeln.md").write_text("# Regeln\n\n## Teil\n\nAlt.\n\n## Rest\n\nGleich.\n", encoding="utf-8")
    (new / "Regeln.md").write_text("# Regeln\n\n## Teil\n\nNeu.\n\n## Rest\n\nGleich.\n", encoding="utf-8")
    pistole = yaml.safe_load((new / "weapons" / "pistole.yaml").read_text(encoding="utf-8"))
    (new / "weapons" / "pistole.yaml").write_text(yaml.safe_dump({**pistole, "damage": 2}), encoding="utf-8")
    code, out, err = cli("site", "--content", new, "--out", tmp_path / "out", "--no-search", "--since", old)
    assert (code, err) == (0, "")
    edition = tmp_path / "out" / "site"
    assert "Geändert seit" in (edition / "waffe" / "pistole.html").read_text(encoding="utf-8")
    assert "<li>Schaden: 1 → 2</li>" in (edition / "waffe" / "pistole.html").read_text(encoding="utf-8")
    chapters = {p.read_text(encoding="utf-8").split("<title>")[1].split(" – ")[0]: p.read_text(encoding="utf-8")
                for p in (edition / "regeln").rglob("kapitel-*.html")}
    assert "<li>Regeln › Teil: Text geändert</li>" in chapters["Teil"]
    assert "Unverändert seit" in chapters["Rest"]
    assert "Einheiten und Gegenstände: 1 geändert oder neu" in (edition / "index.html").read_text(encoding="utf-8")
