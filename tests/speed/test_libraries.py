"""The quick look-up of WeasyPrint's native libraries (cardgen/speed/libraries.py) finds what the real one finds."""

from __future__ import annotations

import ctypes.util
import importlib
import subprocess
import sys

import pytest

from cardgen.speed import libraries as native

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

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
    quick = subprocess.run([sys.executable, "-c", MAPPED.format(imports="from cardgen import speed; speed.install(); import cardgen.pdf.wrapper")],
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
        "if LOOKUP == 'cardgen.speed.libraries':\n"
        "    raise OSError('cannot load library libpango-1.0-0')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    native.run_quickly(lambda: importlib.import_module("needs_real_lookup"), "needs_real_lookup")
    module = sys.modules["needs_real_lookup"]
    assert module.LOOKUP == "ctypes.util"
    assert sys.modules["needs_real_lookup.part"].WORKS
    for name in ("needs_real_lookup", "needs_real_lookup.part"):
        monkeypatch.delitem(sys.modules, name)
