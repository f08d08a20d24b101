"""One Markdown rulebook to one PDF (cardgen.rulebook.build): its source read, the content its directives
need loaded once.  (Whole rulebooks: test_command.py, tests/e2e/test_regelbuch.py.)"""

from __future__ import annotations

import pytest

from cardgen.errors import UsageError
from cardgen.rulebook.build import build_rulebook, load_table_content, read_source
from cardgen.rulebook.fromcontent import DirectiveError
from conftest import FIXTURES


def test_standalone_rulebook_loads_content_only_for_tables(tmp_path):
    missing = tmp_path / "nowhere"
    assert load_table_content("# Ohne Tabelle\n", missing) is None
    assert load_table_content("{{ table: terrain }}\n", None) is None
    error = load_table_content("{{ table: terrain }}\n", missing)
    assert isinstance(error, DirectiveError) and str(error).endswith("nowhere does not exist")
    error = load_table_content("{{ table: terrain }}\n", FIXTURES / "broken")
    assert isinstance(error, DirectiveError) and str(error).startswith("content has errors: ")


def test_read_source_reads_utf8_with_or_without_bom_and_says_why_not(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_bytes("\ufeff# Größe\n".encode("utf-8"))
    assert read_source(tmp_path / "a.md") == "# Größe\n"
    (tmp_path / "b.md").write_bytes(b"# Gr\xf6\xdfe\n")
    with pytest.raises(UsageError, match=r"^b\.md: not UTF-8 text \(invalid start byte at byte 4\)$"):
        read_source(tmp_path / "b.md")
    with pytest.raises(UsageError, match=r"^c\.md: no such file$"):
        read_source(tmp_path / "c.md")


@pytest.mark.pdf
def test_a_rendered_rulebook_says_what_it_read(tmp_path):
    """Issue 29: the record a build keys the book on (cardgen/rulebook/reads.py): the picture it drew,
    the one it looked for in vain, the front matter's stylesheet -- not the other files of its folder."""
    (tmp_path / "Grafiken").mkdir()
    (tmp_path / "Grafiken" / "stern.svg").write_bytes(b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
    (tmp_path / "Grafiken" / "schild.svg").write_bytes(b"<svg/>")              # another book's
    (tmp_path / "extra.css").write_text("p { color: black }", encoding="utf-8")
    source = tmp_path / "Regeln.md"
    source.write_text("---\ncss: extra.css\n---\n# R\n\n![S](Grafiken/stern.svg) ![F](Grafiken/fehlt.svg)\n",
                      encoding="utf-8")
    result = build_rulebook(source, tmp_path / "out.pdf", write=False)
    assert [path for path, _ in result.reads.files] == ["Grafiken/fehlt.svg", "Grafiken/stern.svg", "extra.css"]
    assert dict(result.reads.files)["Grafiken/fehlt.svg"] == "refused: no such file"
    assert result.reads.lookups == ((("fehlt.svg", "fehlt.png"), (), False),)
