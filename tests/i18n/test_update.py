"""``cardgen translate``'s documents: the content's messages and each book's, with references and comments."""

from __future__ import annotations

from pathlib import Path

from cardgen.i18n.update import documents, update
from cardgen.project.file import Project


def test_a_book_s_messages_name_their_file_line_and_section(tmp_path):
    book = tmp_path / "Regeln" / "Regeln.md"
    book.parent.mkdir()
    book.write_text("# Regeln\n\n## Bewegung\n\nEin Modell läuft.\n", encoding="utf-8")
    project = Project(root=tmp_path, file=tmp_path / "cardgen.toml", languages=("de", "en"))
    found = documents(project, None, [(book, "rulebooks/Regeln/Regeln.pdf")])
    assert [(m.context, m.text, m.references, m.comment) for m in found["Regeln/Regeln"]] == [
        ("top/h", "Regeln", ("Regeln/Regeln.md:1",), ""), ("top/h", "Bewegung", ("Regeln/Regeln.md:3",), ""),
        ("bewegung/p", "Ein Modell läuft.", ("Regeln/Regeln.md:5",), "section bewegung")]
    counted = update(project, None, [(book, "rulebooks/Regeln/Regeln.pdf")], write=False)
    assert [(d.language, d.document, d.counts, d.written) for d in counted.documents] == [
        ("en", "Regeln/Regeln", {"translated": 0, "fuzzy": 0, "missing": 3}, False)]
    assert not Path(tmp_path / "translations").exists()
    written = update(project, None, [(book, "rulebooks/Regeln/Regeln.pdf")], write=True)
    assert written.documents[0].written and (tmp_path / "translations" / "en" / "Regeln" / "Regeln.po").is_file()
