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


def test_the_cache_key_follows_the_entries_the_book_reads_and_no_other(tmp_path):
    project = Project(root=tmp_path, file=tmp_path / "cardgen.toml", languages=("de", "en"))
    path = po_path(project, "en", "Regeln")

    def key(*entries) -> str:
        write_po(path, *entries)
        language = Language("en", project)
        language.lookup("Regeln")("top/h", "Regeln")               # the book's one message, as count_book reads it
        return language.key("Regeln")

    first = key(("top/h", "Regeln", "Rules", False))
    assert key(("top/h", "Regeln", "Rules", True)) != first                    # fuzzy now: the German prints
    assert key(("top/h", "Regeln", "Rules!", False)) != first                  # another translation
    assert key(("top/h", "Regeln", "Rules", False), ("top/p", "Alt", "Old", False)) == first   # not the book's
    assert key(("top/h", "Regeln", "Rules", False)) == first
    assert book_document("rulebooks/Regeln/Regelbuch.pdf") == "Regeln/Regelbuch"
