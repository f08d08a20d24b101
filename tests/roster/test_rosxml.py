"""cardgen.roster.rosxml: a roster's XML as a plain Roster; bad XML and entity attacks one line each."""

from __future__ import annotations

import pytest

from cardgen.errors import shortened
from cardgen.roster import rosxml
from cardgen.roster.rosfile import RosterError
from cardgen.roster.rosxml import ROSTER_NS, parse_roster
from conftest import FIXTURES

HEAD = f'<roster xmlns="{ROSTER_NS}" name="R" gameSystemId="g">'


def test_the_fixture_roster():
    data = (FIXTURES / "roster" / "kampfgruppe_eisenfaust.ros").read_bytes()
    roster = parse_roster("r.ros", data)
    assert (roster.name, roster.game_system_name) == ("Kampfgruppe Eisenfaust", "Universalis")
    (force,) = roster.forces
    assert force.catalogue_name == "Imperium"
    models = [(s.name, s.custom_name, s.line, s.column) for s in force.selections]
    assert models == [("Feldleutnant", "Hagen Brandt", 12, 9), ("Drohnenlenker", "Ilse Vogt", 132, 9),
                      ("Sturmtruppe", "Kurt Adler", 343, 9), ("Sturmtruppe", "Otto Kessler", 450, 9),
                      ("MG-Schütze", None, 541, 9)]
    lenker = force.selections[1]
    assert lenker.costs == (("ea8939f9-9bd1-599f-a777-1a0f29142960", 1312.0),)
    assert lenker.cost("ea8939f9-9bd1-599f-a777-1a0f29142960") == 1312.0 and lenker.cost("pts") is None
    drones = [c for c in lenker.children if c.type == "model"]
    assert [d.name for d in drones] == ["Späherdrohne Falke", "Kettendrohne Bulldogge"]
    assert drones[0].entry_id.count("::") == 1 and drones[0].target == drones[0].entry_id.split("::")[1]
    assert drones[0].group_target == "70fe35e4-0682-5bc7-97c6-bc01a2a33815"


BILLION_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE roster [\n <!ENTITY lol "lol">\n'
                  b' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n'
                  b' <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">\n]>\n'
                  b'<roster>&lol3;</roster>\n')
EXTERNAL = (b'<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            b'<roster>&x;</roster>\n')
ATTACK = ("r.ros: refused: the XML declares a document type (<!DOCTYPE>), which a roster never does "
          "(an XML entity attack?)")


@pytest.mark.parametrize("data, message", [
    (BILLION_LAUGHS, ATTACK),
    (EXTERNAL, ATTACK),
    (b"<roster><forces></roster>", "r.ros:1:19: not a roster: malformed XML (mismatched tag)"),
    (b"", "r.ros:1:1: not a roster: malformed XML (no element found)"),
    (b"<roster>&x;</roster>", "r.ros:1:9: not a roster: malformed XML (undefined entity)"),
    (b'<?xml version="1.0" encoding="klingon"?><roster/>', "r.ros: not a roster: unknown encoding: klingon"),
    (b'<?xml version="1.0" encoding="utf-8\0"?><roster/>', "r.ros: not a roster: unknown encoding: utf-8\\x00"),
    (b'<catalogue xmlns="x"/>', 'r.ros:1:1: not a roster: the root element is <catalogue>; BattleScribe and '
                                f'New Recruit save <roster xmlns="{ROSTER_NS}">'),
    (b"<roster/>", "r.ros:1:1: not a roster: the root element is <roster> outside the namespace "
                   f'{ROSTER_NS}; BattleScribe and New Recruit save <roster xmlns="{ROSTER_NS}">'),
    (f'<roster xmlns="{ROSTER_NS}"/>'.encode(), "r.ros:1:1: not a roster: <roster> has no 'gameSystemId'"),
    (f'{HEAD}<forces><force catalogueId="c"><selections><selection entryId="e" name="n" number="1">'
     '<costs>\n  <cost name="pts" value="NaN"/></costs></selection></selections></force></forces></roster>'.encode(),
     'r.ros:2:3: not a roster: the cost value "NaN" is no number'),
])
def test_bad_xml_is_one_line(data, message):
    with pytest.raises(RosterError) as caught:
        parse_roster("r.ros", data)
    assert str(caught.value) == message


def test_selections_nested_too_deep_are_refused(monkeypatch):
    monkeypatch.setattr(rosxml, "MAX_DEPTH", 3)
    nested = '<selections><selection entryId="e" name="n" number="1">' * 4 + "</selection></selections>" * 4
    data = f'{HEAD}<forces><force catalogueId="c">{nested}</force></forces></roster>'.encode()
    with pytest.raises(RosterError, match=r"^r.ros:1:\d+: refused: more than 3 selections deep"):
        parse_roster("r.ros", data)


EMPTY = f'{HEAD}<forces><force catalogueId="c"/></forces></roster>'
READ_IN = "a roster is read in UTF-8 or UTF-16, as BattleScribe and New Recruit save it"


@pytest.mark.parametrize("encoding", ["Shift_JIS", "EUC-JP", "GBK", "Big5", "UTF-7", "UTF-32", "idna", "punycode",
                                      "latin-1", "utf-8-sig", "rot13"])
@pytest.mark.parametrize("codec", ["utf-8", "utf-16", "utf-16-le"])
def test_a_roster_declaring_another_encoding_is_one_line(encoding, codec):
    """expat hands a name it does not know to Python's codecs: a multi-byte one was a ValueError, idna a
    UnicodeError, punycode a UnicodeDecodeError -- whatever the bytes are in, with or without a BOM."""
    data = f'<?xml version="1.0" encoding="{encoding}"?>\n{EMPTY}'.encode(codec)
    with pytest.raises(RosterError) as caught:
        parse_roster("r.ros", data)
    assert str(caught.value) == f"r.ros: not a roster: the XML declares the encoding '{encoding}'; {READ_IN}"


@pytest.mark.parametrize("bom", [b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"])
def test_a_roster_in_utf32_is_one_line(bom):
    with pytest.raises(RosterError) as caught:
        parse_roster("r.ros", bom + EMPTY.encode("utf-32-le" if bom[0] else "utf-32-be"))
    assert str(caught.value) == f"r.ros: not a roster: the XML is in UTF-32; {READ_IN}"


@pytest.mark.parametrize("codec, declared", [("utf-8", "UTF-8"), ("utf-8", "utf8"), ("utf-8-sig", "UTF-8"),
                                             ("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"),
                                             ("utf-16-be", "utf-16"), ("utf-16", None), ("utf-8", None)])
def test_utf8_and_utf16_rosters_are_read(codec, declared):
    """BattleScribe and New Recruit save UTF-8; UTF-16 is the other encoding every XML reader knows."""
    text = ("" if declared is None else f'<?xml version="1.0" encoding="{declared}"?>\n') + EMPTY.replace(
        'name="R"', 'name="Zirkel der Glut – Ärger"')
    roster = parse_roster("r.ros", text.encode(codec))
    assert roster.name == "Zirkel der Glut – Ärger" and roster.forces[0].catalogue_id == "c"


@pytest.mark.parametrize("number", ["²", "①", "፩", "١", "１", "+1", " 1", "1.0", "", "-", "zwei"])
def test_a_number_is_ascii_digits_only(number):
    """``str.isdigit`` is true for '²', '①' and '፩', which ``int`` refuses (a ValueError); ``int`` reads
    '١' and '１' as 1, and refuses more than 4,300 digits."""
    data = (f'{HEAD}<forces><force catalogueId="c"><selections>\n<selection entryId="e" name="n" '
            f'number="{number}"/></selections></force></forces></roster>').encode()
    with pytest.raises(RosterError) as caught:
        parse_roster("r.ros", data)
    assert str(caught.value) == f'r.ros:2:1: not a roster: number="{shortened(number)}" (a whole number 1–100)'
    assert len(str(caught.value)) < 250


@pytest.mark.parametrize("number, read", [("0", 1), ("101", 100), ("-1", 1), ("-0", 1), ("1" + "0" * 5000, 100)])
def test_a_count_outside_1_to_100_is_clamped_with_a_warning_at_its_line(number, read):
    """One odd count (a tool that writes 0 for an unticked option, a typo of 1000) does not cost the
    player the whole roster: the count is read clamped and the warning names the selection's line."""
    data = (f'{HEAD}<forces><force catalogueId="c"><selections>\n<selection entryId="e" name="Trupp" '
            f'number="{number}"/></selections></force></forces></roster>').encode()
    roster = parse_roster("r.ros", data)
    assert roster.forces[0].selections[0].number == read
    assert roster.warnings == (f"r.ros:2:1: warning: 'Trupp' has number=\"{shortened(number)}\", outside 1–100: "
                               f"read as {read}",)


def test_a_count_within_1_to_100_warns_nothing():
    data = (f'{HEAD}<forces><force catalogueId="c"><selections><selection entryId="e" name="n" number="100"/>'
            '<selection entryId="e" name="n" number="001"/></selections></force></forces></roster>').encode()
    roster = parse_roster("r.ros", data)
    assert [s.number for s in roster.forces[0].selections] == [100, 1] and roster.warnings == ()


def test_leading_zeros_are_still_a_number():
    data = (f'{HEAD}<forces><force catalogueId="c"><selections><selection entryId="e" name="n" '
            f'number="{"0" * 5000}7"/></selections></force></forces></roster>').encode()
    assert parse_roster("r.ros", data).forces[0].selections[0].number == 7


@pytest.mark.parametrize("value", ["١٢", "１２", "1_0", "12 ", "infinity"])
def test_a_cost_is_ascii_digits_only(value):
    """``float`` reads '١٢' and '１２' as 12 and '1_0' as 10: not what a roster writes."""
    data = (f'{HEAD}<forces><force catalogueId="c"><selections><selection entryId="e" name="n" number="1">'
            f'<costs>\n<cost name="pts" value="{value}"/></costs></selection></selections></force></forces>'
            '</roster>').encode()
    with pytest.raises(RosterError) as caught:
        parse_roster("r.ros", data)
    assert str(caught.value) == f'r.ros:2:1: not a roster: the cost value "{value}" is no number'


def test_forces_nested_in_forces_are_read():
    """New Recruit writes a force's sub-forces inside it (force/forces/force)."""
    inner = '<forces><force catalogueId="d" name="Trupp"><selections><selection entryId="x" name="n" number="1"/>' \
            '</selections></force></forces>'
    data = f'{HEAD}<forces><force catalogueId="c" name="Gruppe">{inner}</force></forces></roster>'.encode()
    (force,) = parse_roster("r.ros", data).forces
    (nested,) = force.forces
    assert (nested.name, nested.catalogue_id, [s.name for s in nested.selections]) == ("Trupp", "d", ["n"])


def test_forces_nested_too_deep_are_refused(monkeypatch):
    monkeypatch.setattr(rosxml, "MAX_DEPTH", 3)
    nested = '<forces><force catalogueId="c">' * 4 + "</force></forces>" * 4
    with pytest.raises(RosterError, match=r"^r.ros:1:\d+: refused: forces more than 3 deep"):
        parse_roster("r.ros", f"{HEAD}{nested}</roster>".encode())
