"""PO files merged as msgmerge merges them, read with each translation checked, written deterministically."""

from __future__ import annotations

import polib

from cardgen.i18n.catalog import Message, counts, header, merged, po_text, read_catalog, write_catalog


def po_of(*entries: polib.POEntry) -> polib.POFile:
    po = polib.POFile()
    for entry in entries:
        po.append(entry)
    return po


def test_a_changed_source_makes_its_translation_fuzzy_with_the_old_source_shown():
    old = po_of(polib.POEntry(msgctxt="a/p", msgid="Ein Modell läuft.", msgstr="A model walks."),
                polib.POEntry(msgctxt="a/p", msgid="Es bleibt.", msgstr="It stays."))
    new = merged(old, [Message("a/p", "Ein Modell rennt.", ("R.md:3",)), Message("a/p", "Es bleibt.")], "en", "p")
    changed = new.find("Ein Modell rennt.", msgctxt="a/p")
    assert changed.fuzzy and changed.msgstr == "A model walks." and changed.previous_msgid == "Ein Modell läuft."
    assert "#| msgid \"Ein Modell läuft.\"" in str(new)
    assert not new.find("Es bleibt.", msgctxt="a/p").fuzzy
    assert counts(new) == {"translated": 1, "fuzzy": 1, "missing": 0}


def test_a_removed_message_becomes_obsolete_and_comes_back_when_its_source_does():
    old = po_of(polib.POEntry(msgctxt="a/p", msgid="Weg.", msgstr="Gone."),
                polib.POEntry(msgctxt="a/p", msgid="Leer.", msgstr=""))
    new = merged(old, [Message("b/p", "Ganz anders.")], "en", "p")
    assert [(e.msgid, e.obsolete) for e in new] == [("Ganz anders.", False), ("Weg.", True)]
    assert "#~ msgid \"Weg.\"" in str(new)
    back = merged(new, [Message("a/p", "Weg.")], "en", "p")
    assert [(e.msgid, e.msgstr, e.obsolete, e.fuzzy) for e in back] == [("Weg.", "Gone.", False, False)]


def test_a_content_field_carries_its_translation_however_much_its_text_changed():
    old = po_of(polib.POEntry(msgctxt="traits/zaeh/rules", msgid="Alt.", msgstr="Old."))
    new = merged(old, [Message("traits/zaeh/rules", "Völlig neuer Text.")], "en", "p", one_per_context=True)
    assert new[0].fuzzy and new[0].msgstr == "Old."


def test_a_renamed_section_carries_its_translations_fuzzy():
    old = po_of(polib.POEntry(msgctxt="alt/p", msgid="Derselbe Text.", msgstr="The same text."))
    new = merged(old, [Message("neu/p", "Derselbe Text.")], "en", "p")
    assert new[0].fuzzy and new[0].previous_msgctxt == "alt/p"


def test_the_same_messages_give_the_same_bytes_and_no_date(tmp_path):
    messages = [Message("a/p", "Eins.", ("R.md:1",), "section a"), Message("a/h", "Zwei")]
    first = po_text(merged(polib.POFile(), messages, "en", "p"))
    assert first == po_text(merged(polib.POFile(), messages, "en", "p"))
    assert b"Date" not in first and b"Plural-Forms: nplurals=2; plural=(n != 1);" in first
    path = tmp_path / "en" / "content.po"
    assert write_catalog(path, merged(polib.POFile(), messages, "en", "p"))
    assert not write_catalog(path, merged(polib.pofile(str(path)), messages, "en", "p"))


def test_a_broken_translation_is_an_error_at_its_line_and_the_others_stay(tmp_path):
    path = tmp_path / "book.po"
    path.write_text('msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgctxt "a/p"\nmsgid "Ein <1>Modell</1>."\n'
                    'msgstr "A model."\n\nmsgctxt "a/h"\nmsgid "Regeln"\nmsgstr "Rules"\n', encoding="utf-8")
    catalog = read_catalog(path, [tmp_path], "placeholders")
    assert [p.format().replace(str(tmp_path) + "/", "") for p in catalog.problems] == [
        "book.po:7: msgstr: placeholders do not match the source: missing <1>, </1>; keep each of <1>, </1> once "
        "(they stand for markup, links and directives) (msgctxt \"a/p\")"]
    assert catalog.translation("a/p", "Ein <1>Modell</1>.") == ("missing", "")
    assert catalog.translation("a/h", "Regeln") == ("translated", "Rules")


def test_a_file_that_is_no_po_file_is_an_error(tmp_path):
    path = tmp_path / "content.po"
    path.write_text('msgid "a"\nmsgstr "b"\nxyz\n', encoding="utf-8")
    problems = read_catalog(path, [tmp_path], "markdown").problems
    assert len(problems) == 1 and problems[0].line == 3 and "not a PO file" in problems[0].message


def test_the_header_names_the_language_and_its_plural_forms():
    assert header("pl", "p")["Plural-Forms"].startswith("nplurals=3;")
