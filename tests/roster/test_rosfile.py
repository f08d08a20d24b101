"""cardgen.roster.rosfile: a roster's XML from a .ros or a .rosz, and every refusal one line."""

from __future__ import annotations

import io
import os
import tracemalloc
import zipfile

import pytest

from cardgen.roster import rosfile
from cardgen.roster.rosfile import RosterError, read_roster_bytes, unzip_roster
from conftest import FIXTURES

ROSTERS = FIXTURES / "roster"


def _zip(path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression=method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_ros_is_read_as_it_is_and_a_rosz_unzipped():
    plain = read_roster_bytes(ROSTERS / "kampfgruppe_eisenfaust.ros")
    assert plain.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<roster ')
    assert read_roster_bytes(ROSTERS / "kampfgruppe_eisenfaust.rosz") == plain


@pytest.mark.parametrize("name, message", [
    ("liste.xml", "liste.xml: not a roster file: the name ends in '.xml', not .ros or .rosz"),
    ("fehlt.ros", "fehlt.ros: no such file"),
])
def test_a_wrong_name_or_a_missing_file(tmp_path, monkeypatch, name, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "liste.xml").write_text("<roster/>", encoding="utf-8")
    with pytest.raises(RosterError) as caught:
        read_roster_bytes(tmp_path / name)
    assert str(caught.value).startswith(message)


def test_a_fifo_is_refused_without_blocking(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "pipe.ros")
    with pytest.raises(RosterError, match=r"^pipe.ros: a FIFO, not a regular file$"):
        read_roster_bytes(tmp_path / "pipe.ros")


def test_a_file_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(rosfile, "MAX_FILE_BYTES", 10)
    (tmp_path / "gross.ros").write_bytes(b"x" * 11)
    with pytest.raises(RosterError, match=r"^gross.ros: .* over the limit"):
        read_roster_bytes(tmp_path / "gross.ros")


def test_a_zip_bomb_is_one_clear_line(tmp_path, monkeypatch):
    """10 MB of zeros deflate to some 10 kB (1,000:1): refused from the directory, nothing inflated."""
    monkeypatch.chdir(tmp_path)
    bomb = _zip(tmp_path / "bomb.rosz", {"bomb.ros": b"\0" * 10_000_000})
    with pytest.raises(RosterError) as caught:
        read_roster_bytes(bomb)
    assert str(caught.value).startswith("bomb.rosz: refused: a zip bomb? 'bomb.ros' unpacks 10,000,000 bytes from ")
    assert "(more than 200:1)" in str(caught.value)


def test_members_over_the_total_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(rosfile, "MAX_XML_BYTES", 1000)
    big = _zip(tmp_path / "big.rosz", {"a.ros": os.urandom(600), "b.txt": os.urandom(600)}, zipfile.ZIP_STORED)
    with pytest.raises(RosterError, match=r"^big.rosz: refused: a zip bomb\? its members unpack to 1,200 bytes"):
        read_roster_bytes(big)


def test_too_many_members_or_not_one_ros(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    many = _zip(tmp_path / "many.rosz", {f"{n}.txt": b"x" for n in range(9)})
    with pytest.raises(RosterError, match=r"^many.rosz: refused: a zip of 9 members"):
        read_roster_bytes(many)
    two = _zip(tmp_path / "two.rosz", {"a.ros": b"<roster/>", "b.ros": b"<roster/>"})
    with pytest.raises(RosterError, match=r"^two.rosz: not a roster: a .rosz holds exactly one .ros file, this one 2$"):
        read_roster_bytes(two)


def test_a_broken_or_encrypted_zip(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kaputt.rosz").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(RosterError, match=r"^kaputt.rosz: not a roster: a broken or unsupported zip"):
        read_roster_bytes(tmp_path / "kaputt.rosz")
    data = io.BytesIO()
    _zip(data, {"a.ros": b"<roster/>"})
    raw = bytearray(data.getvalue())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):        # set the "encrypted" flag in both headers
        at = raw.index(header) + (6 if header == b"PK\x03\x04" else 8)
        raw[at] |= 1
    with pytest.raises(RosterError, match=r"^x.rosz: refused: 'a.ros' is encrypted$"):
        unzip_roster(tmp_path / "x.rosz", bytes(raw))


BOMB_BYTES = 32 * 1024 * 1024     # zeros a bzip2 or LZMA bomb inflates to (some 0.3 s and 0.7 s to compress)
MEMORY_BOUND = 4 * 1024 * 1024    # what reading the .rosz may allocate at its peak


@pytest.fixture(scope="module", params=[zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA], ids=["bzip2", "lzma"])
def small_claim_bomb(request) -> tuple[int, bytes]:
    """A .rosz of one ``.ros`` of 32 MiB of zeros, its headers claiming 1,000 bytes (the directory's caps pass)."""
    data = io.BytesIO()
    _zip(data, {"bomb.ros": b"\0" * BOMB_BYTES}, request.param)
    raw = bytearray(data.getvalue())
    for header, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):      # the uncompressed size in both headers
        start = raw.index(header) + at
        raw[start:start + 4] = (1000).to_bytes(4, "little")
    return request.param, bytes(raw)


def test_a_bzip2_or_lzma_bomb_is_refused_before_it_is_inflated(tmp_path, monkeypatch, small_claim_bomb):
    """CPython bounds what a zip member inflates to only for deflate: a bzip2 or LZMA member was inflated
    whole (1 GiB from a 901-byte .rosz) before the cap was checked.  Such a member is refused unread."""
    method, bomb = small_claim_bomb
    monkeypatch.chdir(tmp_path)
    tracemalloc.start()
    try:
        with pytest.raises(RosterError) as caught:
            unzip_roster(tmp_path / "bomb.rosz", bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    name = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "lzma"}[method]
    assert str(caught.value) == (f"bomb.rosz: refused: 'bomb.ros' is compressed with {name} (method {method}); "
                                 "only stored or deflated members are read, as BattleScribe and New Recruit write them")
    assert peak < MEMORY_BOUND, f"{peak:,} bytes allocated"


def _patched(name: str, patch) -> bytes:
    """A .rosz of one member ``name`` whose bytes ``patch`` changes (the fuzzer's finds, made on purpose)."""
    data = io.BytesIO()
    _zip(data, {name: b"<roster/>"})
    raw = bytearray(data.getvalue())
    patch(raw, raw.index(b"PK\x01\x02"), raw.index(b"PK\x05\x06"))
    return bytes(raw)


def _bad_utf8_name(raw: bytearray, central: int, end: int) -> None:
    """The UTF-8 name 'ä.ros' made invalid UTF-8 where the directory holds it."""
    at = raw.index("ä".encode(), central)
    raw[at] = 0xFF


def _no_name(raw: bytearray, central: int, end: int) -> None:
    """The directory's name of one byte taken out: a member named '' (the directory one byte shorter)."""
    raw[central + 28:central + 30] = (0).to_bytes(2, "little")
    raw[end + 12:end + 16] = (int.from_bytes(raw[end + 12:end + 16], "little") - 1).to_bytes(4, "little")
    del raw[central + 46]


def _offset_before_start(raw: bytearray, central: int, end: int) -> None:
    """The directory said to start 1,000 bytes later than it does: every member's offset before the file."""
    raw[end + 16:end + 20] = (int.from_bytes(raw[end + 16:end + 20], "little") + 1000).to_bytes(4, "little")


@pytest.mark.parametrize("name, patch, message", [
    ("ä.ros", _bad_utf8_name, "not a roster: a broken or unsupported zip ('utf-8' codec can't decode byte 0xff"),
    ("a", _no_name, "not a roster: a .rosz holds exactly one .ros file, this one 0"),
    ("a.ros", _offset_before_start, "not a roster: a broken or unsupported zip (negative seek value -1000)"),
])
def test_a_zip_directory_that_lies_is_one_line(tmp_path, monkeypatch, name, patch, message):
    """Found by tests/security/test_fuzz_roster.py: zipfile's UnicodeDecodeError, IndexError and ValueError."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RosterError) as caught:
        unzip_roster(tmp_path / "x.rosz", _patched(name, patch))
    assert str(caught.value).startswith(f"x.rosz: {message}")


@pytest.mark.parametrize("encode", [
    lambda text: text.encode("utf-8"), lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
    lambda text: text.encode("utf-16"), lambda text: text.encode("utf-16-le"), lambda text: b"\n  " + text.encode()])
def test_a_rosz_of_plain_xml_is_read_as_a_ros(tmp_path, encode):
    """Some tools save a .rosz uncompressed: it was refused as 'a broken zip'."""
    text = (ROSTERS / "kampfgruppe_eisenfaust.ros").read_text(encoding="utf-8")
    data = encode(text)
    (tmp_path / "liste.rosz").write_bytes(data)
    assert read_roster_bytes(tmp_path / "liste.rosz") == data


def test_a_rosz_neither_zip_nor_xml_is_still_a_broken_zip(tmp_path):
    (tmp_path / "liste.rosz").write_bytes(b"GIF89a not a roster")
    with pytest.raises(RosterError, match="not a roster: a broken or unsupported zip"):
        read_roster_bytes(tmp_path / "liste.rosz")
