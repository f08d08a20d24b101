"""Fuzzing ``cardgen validate`` with random and mutated YAML: exit 0 or 1 and only well-formed lines
(in-process: an exception escaping ``main()`` fails the test itself)."""

from __future__ import annotations

import re
import string

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.commands.main import main
from conftest import FIXTURES, fuzz_examples

LINE = re.compile(r"^\S.*?(:\d+:\d+)?: .+$")
SUMMARY = re.compile(r"^\d+ error\(s\) in .+$")
SEED_UNIT = (FIXTURES / "broken" / "units" / "kontroller.yaml").read_bytes()

scalars = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.integers(-10**40, 10**40),
                    st.floats(), st.text(string.printable + "äöüß⊙", max_size=20))
keys = st.sampled_from(["id", "name", "faction", "type", "size", "movement", "attributes", "speed",
                        "hit_points", "weapons", "traits", "AGI", "KO", "level", "x", "<<"])
documents = st.recursive(scalars, lambda children: st.one_of(
    st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=6)), max_leaves=20)


def _mutate(data: bytes, edits: list[tuple[int, int]]) -> bytes:
    out = bytearray(data)
    for position, byte in edits:
        if out:
            out[position % len(out)] = byte
    return bytes(out)


def _check(tmp_path, payload: bytes, capsys) -> None:
    folder = tmp_path / "units"
    folder.mkdir(exist_ok=True)
    (folder / "fuzz.yaml").write_bytes(payload)
    code = main(["validate", "--content", str(tmp_path)])
    err = capsys.readouterr().err
    assert code in (0, 1)
    for line in err.splitlines():
        assert LINE.match(line) or SUMMARY.match(line), line


FUZZ = settings(max_examples=fuzz_examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(documents)
def test_random_documents(tmp_path, capsys, document):
    _check(tmp_path, yaml.safe_dump(document, allow_unicode=True).encode(), capsys)


tags = st.sampled_from(["", "!!int ", "!!float ", "!!bool ", "!!null ", "!!str ", "!!timestamp ", "!!binary ",
                        "!!seq ", "!!map ", "!local "])
tagged_values = st.one_of(st.text(string.ascii_letters + string.digits + "._:-+", max_size=12),
                          st.integers(1, 6000).map(lambda n: "9" * n), st.sampled_from([".inf", "-.inf", ".nan"]))


@FUZZ
@given(st.lists(st.tuples(keys, tags, tagged_values), min_size=1, max_size=8))
def test_tagged_scalars_and_huge_numbers(tmp_path, capsys, fields):
    """Explicit tags on any value (``!!int abc``) and integers of thousands of digits."""
    text = "".join(f"{key}: {tag}{value}\n" for key, tag, value in fields)
    _check(tmp_path, text.encode(), capsys)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=8))
def test_mutated_unit(tmp_path, capsys, edits):
    _check(tmp_path, _mutate(SEED_UNIT, edits), capsys)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(tmp_path, capsys, payload):
    _check(tmp_path, payload, capsys)
