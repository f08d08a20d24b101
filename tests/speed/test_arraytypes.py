"""WeasyPrint's C array types of a length built without parsing C (cardgen/pdf/arraytypes.py)."""

from __future__ import annotations

import cffi
import pytest

from cardgen.pdf.arraytypes import ArrayTypes


@pytest.fixture
def ffi():
    ffi = cffi.FFI()
    ffi.cdef("typedef uint32_t hb_codepoint_t;")
    return ffi


def test_an_array_of_a_length_is_the_type_cffi_parses_and_holds_the_same_values(ffi):
    parsed = ffi.typeof("hb_codepoint_t[7]")
    ffi._parsed_types = ArrayTypes(ffi, {})
    built = ffi.typeof("hb_codepoint_t[7]")
    assert "hb_codepoint_t[7]" in ffi._parsed_types            # built and kept, not parsed
    assert (built.kind, built.item, built.length, built.cname) == ("array", parsed.item, 7, parsed.cname)
    assert list(ffi.new("hb_codepoint_t[3]", [4, 2, 9])) == [4, 2, 9]
    assert ffi.sizeof(ffi.new("hb_codepoint_t[3]", [1, 2, 3])) == ffi.sizeof(parsed) * 3 // 7


def test_any_other_name_is_parsed_as_cffi_parses_it(ffi):
    ffi._parsed_types = ArrayTypes(ffi, {})
    assert ffi.typeof("hb_codepoint_t *").kind == "pointer"
    assert ffi.typeof("hb_codepoint_t[]").length is None
    with pytest.raises(cffi.CDefError):
        ffi.typeof("unknown_t[3]")
