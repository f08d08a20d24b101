"""The quick look-up of WeasyPrint's native libraries (cardgen/native.py) finds what the real one finds."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys

import pytest

from cardgen import native

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the quick look-up is used on Linux only")

# every name WeasyPrint 70 tries for its libraries (weasyprint/text/ffi.py), and one nobody has
NAMES = ["libgobject-2.0-0", "gobject-2.0-0", "gobject-2.0", "libpango-1.0-0", "pango-1.0-0", "pango-1.0",
         "libharfbuzz-0", "harfbuzz", "libharfbuzz-subset-0", "harfbuzz-subset", "harfbuzz-vector",
         "libfontconfig-1", "fontconfig-1", "fontconfig", "libpangoft2-1.0-0", "pangoft2-1.0-0", "pangoft2-1.0",
         "cardgen-no-such-library"]

MAPPED = ("import sys\n"
          "{imports}\n"
          "libs = sorted({{line.split()[-1] for line in open('/proc/self/maps')\n"
          "                if any(n in line for n in ('libpango', 'libharfbuzz', 'libfontconfig', 'libgobject'))}})\n"
          "print('\\n'.join(libs))\n")


@LINUX
@pytest.mark.parametrize("name", NAMES)
def test_a_name_finds_the_library_the_real_look_up_finds_in_the_loader_cache(name):
    listing = native.loader_cache()
    quick, real = native.cached_soname(name, listing), ctypes.util.find_library(name)
    assert quick is None or quick == real
    if real is not None and real.encode() in listing:
        assert quick == real


@LINUX
def test_the_loader_cache_is_read_at_most_once_and_the_real_look_up_comes_back(monkeypatch):
    readings = []
    monkeypatch.setattr(native, "loader_cache", lambda: readings.append(1) or b"\tlibpango-1.0.so.0 (libc6,x86-64) => /x")
    real = ctypes.util.find_library
    with native.quick_library_lookup():
        assert ctypes.util.find_library("libpango-1.0-0") is None
        ctypes.util.find_library("pango-1.0")
        ctypes.util.find_library("harfbuzz")
    assert len(readings) == 1
    assert ctypes.util.find_library is real


@LINUX
def test_cardgen_opens_the_same_library_files_as_a_plain_weasyprint_import():
    plain = subprocess.run([sys.executable, "-c", MAPPED.format(imports="import weasyprint")],
                           capture_output=True, text=True, check=True).stdout.split()
    quick = subprocess.run([sys.executable, "-c", MAPPED.format(imports="import cardgen.pdf")],
                           capture_output=True, text=True, check=True).stdout.split()
    assert any("libpango-1.0" in lib for lib in plain) and any("libharfbuzz" in lib for lib in plain)
    assert quick == plain


def test_an_import_that_fails_under_the_quick_look_up_is_done_again_with_the_real_one(tmp_path, monkeypatch):
    """A library the loader cache does not know (only on LIBRARY_PATH, say): the half-imported package is
    forgotten and imported again, with the real find_library."""
    package = tmp_path / "needs_real_lookup"
    package.mkdir()
    (package / "part.py").write_text("WORKS = True\n")
    (package / "__init__.py").write_text(
        "import ctypes.util\n"
        "from needs_real_lookup import part\n"
        "LOOKUP = ctypes.util.find_library.__module__\n"
        "if LOOKUP == 'cardgen.native':\n"
        "    raise OSError('cannot load library libpango-1.0-0')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    module = native.import_quickly("needs_real_lookup")
    assert module.LOOKUP == "ctypes.util"
    assert sys.modules["needs_real_lookup.part"].WORKS
    for name in ("needs_real_lookup", "needs_real_lookup.part"):
        monkeypatch.delitem(sys.modules, name)


def cffi_parse(ffi, cdecl):
    """The type cffi's own parse makes of ``cdecl`` (pycparser), bypassing every cache of strings."""
    ctype = ffi._parser.parse_type(cdecl)
    with ffi._lock:
        return ffi._get_cached_btype(ctype.as_function_pointer() if ctype.is_raw_function else ctype)


@pytest.mark.parametrize("cdecl", [*native.C_TYPES, "hb_codepoint_t[162]", "hb_codepoint_t[1]", "unsigned int[3]"])
def test_a_quick_c_type_is_the_very_type_cffi_parses(cdecl):
    import cardgen.pdf  # noqa: F401  (imports WeasyPrint and makes its C types quick)
    from weasyprint.text.ffi import ffi

    assert ffi.typeof(cdecl) is cffi_parse(ffi, cdecl)


def test_every_c_type_a_face_names_is_known_at_once_or_an_array_of_a_length():
    from cardgen.cards import warm
    from weasyprint.text.ffi import ffi

    assert warm.warm_up()
    named = [key for key in ffi._parsed_types if not key.startswith("__")]
    assert {key for key in named if not native.ARRAY.fullmatch(key)} <= set(native.C_TYPES)
    assert any(native.ARRAY.fullmatch(key) and key.startswith("hb_codepoint_t[") for key in named)


def test_no_known_type_and_no_array_of_a_new_length_runs_the_c_parser(monkeypatch):
    import cardgen.pdf  # noqa: F401
    from weasyprint.text.ffi import ffi

    parsed = []
    real = ffi._parser.parse_type
    monkeypatch.setattr(ffi._parser, "parse_type", lambda cdecl: parsed.append(cdecl) or real(cdecl))
    for cdecl in native.C_TYPES:
        ffi.typeof(cdecl)
    assert len(ffi.new("hb_codepoint_t[98765]")) == 98765
    assert parsed == []


def test_another_cffi_is_left_as_it_was():
    class Unlike:
        _typeof = object()

    ffi = Unlike()
    native.quick_c_types(ffi)
    assert ffi._typeof is Unlike._typeof
