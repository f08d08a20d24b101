"""A TODO heading hides its whole section, down to the next heading of its level or above, in the PDF
and in its contents, and both commands say which sections they hid (issue 41, point 1).

The fixture repository ``tests/fixtures/missions-repo/`` (a ``cardgen.toml`` and ``Regeln/Missionen.md``)
is shaped like the designer's: its ``Missionen.md`` has missions not yet
named (``## 03 . TODO``, ``## 05 . TODO``, the last in the file) with their maps and win conditions
as subsections, and a deeper unnamed note (``#### 4.1 . TODO``) inside a named mission.  Before the
fix, mission 02 printed the maps and win conditions of mission 03 as its own and the contents listed
their headings again.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardgen.rulebook.todo import todo_lines

pytestmark = pytest.mark.pdf          # lays books out (make test-fast leaves it out)

MISSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "missions-repo"
DRAFTS = ["Karte des Entwurfs drei.", "Sieg im Entwurf drei.", "Eine Sonderregel im Entwurf.",
          "Karte des Entwurfs fünf."]


def _text(pdf: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                                   text=True).stdout.split())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """The book built by ``cardgen rulebook``, as final and as draft, and by ``cardgen build`` twice
    (the second reuses it) in a project that names it: (stdout, PDF text) of each."""
    from cardgen.commands.main import main

    root = tmp_path_factory.mktemp("missionen") / "repo"
    shutil.copytree(MISSIONS, root)
    runs = {"final": ["rulebook", "Regeln/Missionen.md", "--out", "final.pdf"],
            "draft": ["rulebook", "Regeln/Missionen.md", "--out", "draft.pdf", "--draft"],
            "build": ["build"], "again": ["build"]}
    made = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        for name, args in runs.items():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                assert main(args) == 0, name
            made[name] = out.getvalue()
    made["final.pdf"] = _text(root / "final.pdf")
    made["draft.pdf"] = _text(root / "draft.pdf")
    made["build.pdf"] = _text(root / "build" / "rulebooks" / "Regeln" / "Missionen.pdf")
    return made


def test_an_unnamed_mission_is_hidden_with_its_maps_and_win_conditions(built):
    text = built["final.pdf"]
    assert [line for line in DRAFTS if line in text] == []
    body = text[text.index("02 . Hinterhalt", text.index("Sturm")):]        # past the contents
    mission_02 = body[:body.index("04 . Sturm")]
    assert mission_02.count("Zonen") == 1 and mission_02.count("Siegesbedingungen") == 1, mission_02
    assert "Karte des Sturms." in text and "Der Sturm auf die Festung." in text


def test_the_contents_list_each_printed_heading_once(built):
    text = built["final.pdf"]
    contents = text[:text.index("01 . Landung", text.index("04 . Sturm"))]        # up to the first chapter
    assert re.findall(r"0\d \.", contents) == ["01 .", "02 .", "04 ."], contents
    assert contents.count("Zonen") == 3 and contents.count("Siegesbedingungen") == 1, contents


def test_a_draft_shows_every_hidden_section(built):
    assert [line for line in DRAFTS if line not in built["draft.pdf"]] == []
    assert "03 . TODO" in built["draft.pdf"] and "05 . TODO" in built["draft.pdf"]


def test_both_commands_say_which_sections_they_hid(built):
    line = "Regeln/Missionen.md: 3 TODO note(s) hidden; hid 3 section(s): 03, 4.1, 05 (--draft shows them)"
    assert line in built["final"].splitlines() and line in built["build"].splitlines()
    assert line in built["again"].splitlines() and "reused 1" in built["again"]       # a reused book says it too
    assert "Regeln/Missionen.md: 3 TODO note(s) shown, marked (a draft)" in built["draft"].splitlines()
    assert built["build.pdf"] == built["final.pdf"]


def test_todo_lines():
    assert todo_lines("R.md", 0, [], False) == []
    assert todo_lines("R.md", 2, [], False) == ["R.md: 2 TODO note(s) hidden (--draft shows them)"]
    assert todo_lines("R.md", 2, ["03"], True) == ["R.md: 2 TODO note(s) shown, marked (a draft)"]
