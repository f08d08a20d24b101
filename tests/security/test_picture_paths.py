"""A picture name longer than the system allows is a picture not found, at its file and line (issue 27, point 7).

Before, a 4,000-character name (one part over 255 bytes, or a whole path over
4,095) raised ``OSError: [Errno 36] File name too long`` from inside
``pathlib``: ``validate`` stopped with one line naming neither file nor line,
``build`` stopped for one rulebook picture and ``serve`` dropped the
connection.  Messages show such a name shortened: its two ends and its length.
"""

from __future__ import annotations

import re

import pytest

from conftest import strip_root, unit

from cardgen.errors import shortened
from cardgen.look.icons import icon_problem
from cardgen.pdf.fetcher import RefusedResource, SafeFetcher
from cardgen.safefs import NAME_TOO_LONG, FileRefused, Roots, check_file, resolve_roots
from cardgen.serve.server import PreviewApp

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

DEEP = "c/" * 2100 + "x.svg"            # 4,205 characters in short parts: over PATH_MAX
WIDE = "images/" + "a" * 4000 + ".svg"  # one part of 4,004 characters: over NAME_MAX


def test_shortened_keeps_both_ends_and_says_the_length():
    assert shortened("images/x.svg") == "images/x.svg"
    assert shortened(WIDE) == "images/" + "a" * 57 + "…<4,011 characters>…" + "a" * 28 + ".svg"


@pytest.mark.parametrize("name", [DEEP, WIDE])
def test_check_file_refuses_a_name_too_long_as_no_such_file(tmp_path, name):
    with pytest.raises(FileRefused) as caught:
        check_file(tmp_path / name, resolve_roots([tmp_path]))
    assert caught.value.reason == NAME_TOO_LONG
    assert len(str(caught.value)) < 300


def _line_of(path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if line.startswith(start))


def test_validate_reports_every_long_picture_and_icon_at_its_line(cli, rules_content):
    deep = _line_of(rules_content("units", unit("tief", image=DEEP)), "image:")
    wide = _line_of(rules_content("units", unit("breit", image=WIDE)), "image:")
    rules_content("effects", {"id": "brand", "name": "Brand", "icon": DEEP, "applies_to": "beide",
                              "rules": "Probe."})
    code, _, err = cli("validate", "--content", rules_content.root)
    lines = [strip_root(line, rules_content.root) for line in err.splitlines()]
    assert code == 1
    assert lines == [
        f"effects/brand.yaml:3:7: icon: no icon '{shortened(DEEP)}' in the icon set",
        f"units/breit.yaml:{wide}:8: image: no picture '{shortened(WIDE)}' below the content folder",
        f"units/tief.yaml:{deep}:8: image: no picture '{shortened(DEEP)}' below the content folder",
        f"3 error(s) in {rules_content.root}",
    ]


def test_a_rulebook_with_long_picture_names_is_written_with_a_warning_at_each_line(cli, tmp_path):
    book = tmp_path / "Regeln.md"
    book.write_text(f"# Regeln\n\nText.\n\n![tief]({DEEP})\n\n![breit]({WIDE})\n", encoding="utf-8")
    code, out, err = cli("rulebook", book, "--out", tmp_path / "Regeln.pdf")
    lines = [strip_root(line, tmp_path) for line in err.splitlines()]
    assert code == 0, err
    assert lines == [f"Regeln.md:5: warning: image not found: {shortened(DEEP)}",
                     f"Regeln.md:7: warning: image not found: {shortened(WIDE)}"]
    assert (tmp_path / "Regeln.pdf").is_file()


def test_the_pdf_fetcher_refuses_a_long_file_url_as_not_found(tmp_path):
    fetcher = SafeFetcher(roots=Roots.build(tmp_path))
    with pytest.raises(RefusedResource, match=re.escape(NAME_TOO_LONG)):
        fetcher.fetch(f"file:///.cardgen/doc/{DEEP}")       # a picture's virtual URL (safefs.Roots)
    [(shown, reason)] = fetcher.reasons.items()
    assert reason == NAME_TOO_LONG
    assert shown.endswith(" characters>…" + DEEP[-32:])


def test_serve_answers_a_long_file_request_with_not_found(tmp_path):
    app = PreviewApp(preview=None, worker=None)   # type: ignore[arg-type]  (files need no preview)
    folder = app.files.name(tmp_path.resolve())
    answer = app.answer(f"/files/{folder}/{DEEP}", {})
    assert answer.status == 404


def test_icon_names_too_long_are_not_found():
    assert icon_problem(WIDE) == f"no icon '{shortened(WIDE)}' in the icon set"


def test_a_project_file_path_too_long_is_a_problem_at_its_line(cli, tmp_path, monkeypatch):
    (tmp_path / "cardgen.toml").write_text(f'theme = "{"t/" * 2100}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("validate")
    assert code == 1
    # the project file's own cap on a path (cardgen/project/file.py) comes before the system's limit
    assert err.splitlines()[0] == "cardgen.toml:1:1: theme: is too long (at most 1024 characters, 255 a name)"
