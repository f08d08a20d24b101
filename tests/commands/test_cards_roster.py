"""``cardgen cards --roster FILE``: a roster saved by BattleScribe or New Recruit prints the same sheet as
the equivalent group file; an older roster warns; bad input is one line, exit 1, nothing written."""

from __future__ import annotations

import shutil
import zipfile

import pytest
from pypdf import PdfReader

from cardgen.vocabulary import MAX_GROUP_MODELS
from conftest import EXAMPLE, FIXTURES

ROSTERS = FIXTURES / "roster"
ROSTER = ROSTERS / "kampfgruppe_eisenfaust.ros"


def _pages(path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.mark.pdf
def test_a_roster_prints_the_same_sheet_as_its_group_file(cli, tmp_path, example_build):
    out = shutil.copytree(example_build.out, tmp_path / "out")     # its faces cached: the sheets are what is new
    code, printed, _ = cli("cards", "--content", EXAMPLE, "--out", out, "--group", "kampfgruppe_eisenfaust")
    assert code == 0 and " 0 face(s) rendered" in printed, printed
    group = _pages(out / "groups" / "kampfgruppe_eisenfaust.pdf")
    assert len(group) == 7 and "Hagen Brandt" in group[0] and "Flammenwerfer" in group[0]
    for roster in ("kampfgruppe_eisenfaust.ros", "kampfgruppe_eisenfaust.rosz"):
        code, _, err = cli("cards", "--content", EXAMPLE, "--out", out, "--roster", ROSTERS / roster)
        assert (code, err) == (0, "")         # the .rosz: the same sheet key as the .ros, "wrote nothing new"
        assert _pages(out / "rosters" / "kampfgruppe_eisenfaust.pdf") == group
    code, _, err = cli("cards", "--content", EXAMPLE, "--out", out, "--roster", ROSTERS / "eisenfaust_alt.ros")
    lines = err.splitlines()
    assert code == 0 and len(lines) == 3 and all(": warning: " in line for line in lines)
    cover = _pages(out / "rosters" / "eisenfaust_alt.pdf")[0]
    assert "Eisenfaust (alte Liste)" in cover and "1200" in cover and "Panzergrenadier" not in cover


def _zip_bomb(path):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.ros", b"\0" * 20_000_000)
    return path


BAD = {
    "kaputt.ros": (b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces></roster>',
                   "kaputt.ros:1:75: not a roster: malformed XML (mismatched tag)"),
    "fremd.ros": (ROSTER.read_bytes().replace(b'gameSystemId="b210cdb7-a18b-59f7-a95c-717143bf4962" '
                                              b'gameSystemName="Universalis"',
                                              b'gameSystemId="28ec-711c-d87f-3aeb" gameSystemName="Warhammer 40,000"'),
                  "fremd.ros: a roster of another game: 'Warhammer 40,000' (game system 28ec-711c-d87f-3aeb), "
                  "not Universalis"),
    "lachen.ros": (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
                   b'<roster>&b;</roster>', "lachen.ros: refused: the XML declares a document type (<!DOCTYPE>)"),
    "extern.ros": (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster>&x;</roster>',
                   "extern.ros: refused: the XML declares a document type (<!DOCTYPE>)"),
    "bombe.rosz": (None, "bombe.rosz: refused: a zip bomb? 'bomb.ros' unpacks 20,000,000 bytes from "),
    "heer.ros": (ROSTER.read_bytes().replace(b'number="1" type="model" customName="Kurt Adler"',
                                             b'number="100" type="model" customName="Kurt Adler"'),
                 f"heer.ros:343:9: refused: a group of more than {MAX_GROUP_MODELS} models (this selection brings "
                 "the roster to 104)"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_roster_is_one_line_and_writes_nothing(cli, tmp_path, name):
    data, message = BAD[name]
    path = tmp_path / name
    if data is None:
        _zip_bomb(path)
    else:
        path.write_bytes(data)
    code, text, err = cli("cards", "--content", EXAMPLE, "--out", tmp_path / "out", "--roster", path)
    assert (code, text) == (1, "") and len(err.splitlines()) == 1
    assert err.startswith(f"{tmp_path}/{message}") and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_roster_and_group_or_print_shop_are_refused(cli, tmp_path):
    code, _, err = cli("cards", "--content", EXAMPLE, "--out", tmp_path, "--roster", ROSTER, "--group", "x")
    assert code == 1 and err == "--roster prints the roster's own sheet: leave out --group\n"
    code, _, err = cli("cards", "--content", EXAMPLE, "--out", tmp_path, "--roster", ROSTER, "--print-shop")
    assert code == 1 and err == "--print-shop writes the whole deck's print-shop files: leave out --roster\n"
