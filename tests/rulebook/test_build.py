"""One Markdown rulebook to one PDF (cardgen.rulebook.build): its source read, the content its directives
need loaded once.  (Whole rulebooks: test_command.py, tests/e2e/test_regelbuch.py.)"""

from __future__ import annotations

import pytest

from cardgen.errors import UsageError
from cardgen.rulebook.build import load_table_content, read_source
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
