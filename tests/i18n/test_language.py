"""One language as a build reads it: its PO files, what the build printed of them, its cache key."""

from __future__ import annotations

import polib

from cardgen.i18n.language import Language, book_document, po_path
from cardgen.project.file import Project


def write_po(path, *entries):
    po = polib.POFile()
    for context, msgid, msgstr, fuzzy in entries:
        po.append(polib.POEntry(msgctxt=context, msgid=msgid, msgstr=msgstr, flags=["fuzzy"] if fuzzy else []))
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def test_a_build_counts_each_message_once_and_prints_only_translations_that_are_not_fuzzy(tmp_path):
    project = Project(root=tmp_path, file=tmp_path / "cardgen.toml", languages=("de", "en"))
    write_po(po_path(project, "en", "content"), ("units/a/name", "Alpha", "Alpha EN", False),
             ("units/b/name", "Beta", "Beta EN", True))
    language = Language("en", project)
    find = language.lookup("content")
    assert [find("units/a/name", "Alpha"), find("units/a/name", "Alpha"), find("units/b/name", "Beta"),
            find("units/c/name", "Gamma")] == ["Alpha EN", "Alpha EN", None, None]
    assert language.counts("content") == {"translated": 1, "fuzzy": 1, "missing": 1}
    assert language.report_lines() == ["en: content: 1 translated, 1 fuzzy, 1 missing"]
    assert [w.replace(str(tmp_path) + "/", "") for w in language.untranslated()] == [
        "translations/en/content.po: warning: 1 fuzzy and 1 missing entries printed in the source's words; run "
        "`cardgen translate` and translate them"]


def test_the_cache_key_follows_the_entries(tmp_path):
    project = Project(root=tmp_path, file=tmp_path / "cardgen.toml", languages=("de", "en"))
    path = po_path(project, "en", "Regeln")
    write_po(path, ("top/h", "Regeln", "Rules", False))
    first = Language("en", project).key("Regeln")
    write_po(path, ("top/h", "Regeln", "Rules", True))
    assert Language("en", project).key("Regeln") != first
    assert book_document("rulebooks/Regeln/Regelbuch.pdf") == "Regeln/Regelbuch"
