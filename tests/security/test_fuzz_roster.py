"""Fuzzing the roster reader (``cardgen cards --roster``) with random rosters: XML in random encodings
and declarations, random numbers, costs, ids, attributes and nesting, random bytes changed, and
``.rosz`` zips of random members and compression methods.  Reading the file, parsing its XML and
mapping it to the example content's group end in a group or in one :class:`CardgenError` line --
never any other exception, never a hang (a per-example alarm of ``ALARM_SECONDS``).
"""

from __future__ import annotations

import io
import zipfile
from functools import lru_cache
from xml.sax.saxutils import quoteattr

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, display_path
from cardgen.export.battlescribe import game_system_id
from cardgen.export.bsformat import stable_id
from cardgen.roster.rosfile import read_roster_bytes
from cardgen.roster.rosgroup import roster_group
from cardgen.roster.rosxml import ROSTER_NS, parse_roster
from cardgen.stages import load_and_derive
from conftest import EXAMPLE, fuzz_examples, no_hang

ALARM_SECONDS = 10


@lru_cache(maxsize=1)
def _example():
    return load_and_derive(EXAMPLE)


# --- the XML -------------------------------------------------------------------------------------------

ENCODINGS = ["UTF-8", "utf-8", "utf8", "UTF-16", "utf-16le", "UTF-16BE", "Shift_JIS", "EUC-JP", "GBK", "Big5",
             "UTF-7", "UTF-32", "idna", "punycode", "latin-1", "ISO-8859-1", "US-ASCII", "utf-8-sig", "rot13",
             "base64", "klingon", "", "utf-8\0"]
CODECS = ["utf-8", "utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be", "shift_jis",
          "gbk", "latin-1", "utf-7"]
numbers = st.one_of(st.sampled_from(["1", "2", "100", "101", "0", "-1", "²", "①", "፩", "١", "１", "1e3", " 1",
                                     "01", "", "1.0", "+1"]),
                    st.integers(-10, 10**6).map(str), st.text(max_size=4),
                    st.tuples(st.sampled_from("09"), st.integers(40, 5000)).map(lambda d: d[0] * d[1] + "7"))
costs = st.one_of(st.sampled_from(["15.0", "0", "-5", "1.0E7", "NaN", "inf", "1e400", "١٢", "1_0", "", "x"]),
                  st.floats(allow_nan=True).map(str), st.integers(-10**30, 10**30).map(str))
texts = st.text(max_size=12)


@lru_cache(maxsize=1)
def _ids() -> list[str]:
    """Ids a roster may name: the example's units, loadouts, groups and the leader, and strangers."""
    content, _ = _example()
    units = [stable_id("unit", u) for u in content.units]
    loadouts = [stable_id("loadout", u.id, lo.id) for u in content.units.values() for lo in u.loadouts]
    groups = [stable_id("loadouts", u) for u in content.units]
    return units + loadouts + groups + [stable_id("leader"), "x", "", "a::b::c", "::"]


ids = st.builds(lambda path, index: "::".join(_ids()[i % len(_ids())] for i in path) if index else "x",
                st.lists(st.integers(0, 10**4), min_size=1, max_size=3), st.integers(0, 20))


def _attributes(pairs: dict[str, str]) -> str:
    return "".join(f" {key}={quoteattr(value)}" for key, value in pairs.items())


def _selection(attributes: dict[str, str], cost: str | None, children: list[str]) -> str:
    inner = "" if cost is None else f'<costs><cost name="pts" typeId="t"{_attributes({"value": cost})}/></costs>'
    inner += f"<selections>{''.join(children)}</selections>" if children else ""
    return f"<selection{_attributes(attributes)}>{inner}</selection>\n"


attributes = st.fixed_dictionaries(
    {}, optional={"entryId": ids, "entryGroupId": ids, "name": texts, "customName": texts, "number": numbers,
                  "type": st.sampled_from(["model", "unit", "upgrade", "", "x"])})
complete = st.fixed_dictionaries({"entryId": ids, "name": texts, "number": numbers,
                                  "type": st.sampled_from(["model", "unit", "upgrade"])})
selections = st.recursive(
    st.builds(_selection, st.one_of(complete, attributes), st.none() | costs, st.just([])),
    lambda inner: st.builds(_selection, st.one_of(complete, attributes), st.none() | costs,
                            st.lists(inner, max_size=4)),
    max_leaves=12)


def _force(catalogue: str | None, body: list[str]) -> str:
    attribute = "" if catalogue is None else f" catalogueId={quoteattr(catalogue)}"
    return f'<force name="Gruppe"{attribute} catalogueName="Imperium"><selections>{"".join(body)}</selections></force>'


forces = st.builds(_force, st.sampled_from([stable_id("catalogue", "imperium"), stable_id("catalogue", "glutorden"),
                                            "x", None]),
                   st.lists(selections, max_size=6))


def _roster(declared: str | None, namespace: str, system: str | None, name: str, body: list[str]) -> str:
    head = "" if declared is None else f'<?xml version="1.0" encoding="{declared}" standalone="yes"?>\n'
    root = _attributes({"name": name} | ({} if system is None else {"gameSystemId": system}))
    return f'{head}<roster xmlns="{namespace}"{root}>\n<forces>{"".join(body)}</forces></roster>\n'


declarations = st.none() | st.sampled_from(ENCODINGS) | st.integers(100, 3000).map(lambda n: "x" * n)
documents = st.builds(_roster, declarations, st.sampled_from([ROSTER_NS, ROSTER_NS, "x"]),
                      st.sampled_from([game_system_id(), game_system_id(), "x", None]), texts,
                      st.lists(forces, max_size=2))
edits = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=4)


def _encoded(text: str, codec: str, changes: list[tuple[int, int]]) -> bytes:
    data = bytearray(text.encode(codec, errors="replace"))
    for position, byte in changes:
        data[position % len(data)] = byte
    return bytes(data)


xml = st.builds(_encoded, documents, st.sampled_from(CODECS), edits)


# --- the .rosz -----------------------------------------------------------------------------------------

METHODS = [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA]


def _rosz(members: list[tuple[str, bytes]], method: int, patches: list[tuple[int, int]]) -> bytes:
    """A zip of ``members``; ``patches`` change bytes of its headers (sizes, methods, flags...)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        for name, data in members:
            archive.writestr(name, data)
    raw = bytearray(buffer.getvalue())
    for position, byte in patches:
        raw[position % len(raw)] = byte
    return bytes(raw)


member_names = st.sampled_from(["roster.ros", "a.ros", "b.txt", "x/", "../up.ros", "ROSTER.ROS", "/"])
zips = st.builds(_rosz, st.lists(st.tuples(member_names, xml), max_size=3, unique_by=lambda m: m[0]).map(lambda m: m or [("r.ros", b"")])
                 | xml.map(lambda data: [("roster.ros", data)]),
                 st.sampled_from(METHODS), st.lists(st.tuples(st.integers(0, 10**4), st.integers(0, 255)), max_size=3))


def check(tmp_path, name: str, data: bytes) -> None:
    """The file read, parsed and mapped to the example's group -- or a CardgenError naming the file first."""
    path = tmp_path / name
    path.write_bytes(data)
    content, derived = _example()
    with no_hang(ALARM_SECONDS):
        try:
            roster = parse_roster(path, read_roster_bytes(path))
            roster_group(roster, content, derived, "fuzz")
        except CardgenError as error:
            # one problem, one first line naming the file; what was found under it (RosterError's
            # details, e.g. the entries of another release) on indented lines, each printable
            first, *details = str(error).split("\n")
            assert first.startswith(display_path(path)), str(error)
            assert all(line.startswith("  ") and line.isprintable() for line in details), str(error)
            assert first.isprintable(), str(error)


FUZZ = settings(max_examples=fuzz_examples(100), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(xml)
@example(data=b'<?xml version="1.0" encoding="Shift_JIS"?><roster/>')        # was ValueError
@example(data=b'<?xml version="1.0" encoding="idna"?><roster/>')             # was UnicodeError
@example(data=f'<roster xmlns="{ROSTER_NS}" gameSystemId="g"><forces><force catalogueId="c"><selections>'
         '<selection entryId="e" name="n" number="²"/></selections></force></forces></roster>'.encode())  # ValueError
def test_random_ros_files(tmp_path, data):
    check(tmp_path, "fuzz.ros", data)


@FUZZ
@given(zips)
@example(data=_rosz([("r.ros", b"<roster/>")], zipfile.ZIP_BZIP2, []))
@example(data=_rosz([("r.ros", b"")], zipfile.ZIP_STORED, [(4423, 1)]))    # was ValueError: negative seek value
def test_random_rosz_files(tmp_path, data):
    check(tmp_path, "fuzz.rosz", data)
