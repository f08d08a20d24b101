"""Finding WeasyPrint's native libraries (Pango, HarfBuzz, fontconfig) quickly.

WeasyPrint opens each library by trying up to six names in turn
(``libpango-1.0-0``, ``pango-1.0-0``, ``pango-1.0``, ``libpango-1.0.so.0`` …);
cffi looks every name that is not a file up with
:func:`ctypes.util.find_library`, which on Linux runs ``ldconfig -p`` and, for
each name it does not know, a C compiler and the linker as well.  On a
machine with gcc that is 22 look-ups and about 40 child processes: 0.15–0.19 s
of the 0.45 s that importing WeasyPrint takes (measured 2026-11-25), paid by
every build that renders anything.

:func:`quick_library_lookup` answers those look-ups, while WeasyPrint is being
imported and only then, from one reading of ``ldconfig -p``, as the first step
of ``find_library`` itself would: the same names find the same libraries
wherever the loader's cache knows them (a test compares both answers).  The
compiler and linker steps are left out; where a library is known to neither
the cache nor ``dlopen`` (a library only on ``LIBRARY_PATH``), the import fails
under the quick look-up and :func:`import_quickly` imports again with the real
one, so nothing that worked before stops working.  Elsewhere than Linux the
real look-up is used throughout.

**C types.**  cffi turns a C type named in a string (``ffi.new("PangoRectangle *")``)
into a type the first time a process names it, by running pycparser over the
string after a declaration of every type name WeasyPrint declared: about 2 ms
each (measured 2026-11-25).  A process's first face named 15 such strings, and
WeasyPrint's font subsetting names an array of each font's glyph count
(``hb_codepoint_t[162]``): a new string for almost every new count, face after
face.  :func:`quick_c_types` parses the strings WeasyPrint names (:data:`C_TYPES`)
in one pycparser run (3 ms) when WeasyPrint is imported, and makes an array of a
given length (``T[N]``) from the pointer type ``T *``, as cffi itself builds one;
both give the very type objects cffi's own parse gives (the tests compare them).
A process's first face: 0.31 → 0.28 s; a 100-unit cold build about 1 % less CPU.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib
import os
import re
import struct
import subprocess
import sys
from types import ModuleType
from typing import Any, Iterator

LDCONFIG = "/sbin/ldconfig"
C_TYPES = ("FcChar8 **", "FcResult *", "unsigned int *", "PangoRectangle *", "PangoLogAttr[]", "char[]",
           "char[4]", "hb_tag_t[100]", "hb_codepoint_t *", "PangoFcFontMap *")
"""The C types WeasyPrint names in strings (``weasyprint/text``, ``weasyprint/pdf``), parsed at once."""
ARRAY = re.compile(r"([A-Za-z_]\w*(?: [A-Za-z_]\w*)*) ?\[(\d+)\]")
"""An array of a length: ``hb_codepoint_t[162]``."""
ABI_TYPES = {"x86_64-64": "libc6,x86-64", "ppc64-64": "libc6,64bit", "sparc64-64": "libc6,64bit",
             "s390x-64": "libc6,64bit", "ia64-64": "libc6,IA-64"}
"""The loader cache's ABI label of this machine, as :mod:`ctypes.util` spells it."""


def loader_cache() -> bytes:
    """The dynamic loader's cache as ``ldconfig -p`` lists it (empty where there is none)."""
    try:
        return subprocess.run([LDCONFIG, "-p"], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, env={"LC_ALL": "C", "LANG": "C"}, check=False).stdout
    except OSError:
        return b""


def cached_soname(name: str, listing: bytes) -> str | None:
    """The file name ``find_library(name)`` finds through the loader cache ``listing``, or None."""
    machine = os.uname().machine + ("-32" if struct.calcsize("l") == 4 else "-64")
    pattern = rb"\s+(lib%s\.[^\s]+)\s+\(%s" % (re.escape(os.fsencode(name)),
                                                 ABI_TYPES.get(machine, "libc6").encode())
    found = re.search(pattern, listing)
    return os.fsdecode(found.group(1)) if found else None


@contextlib.contextmanager
def quick_library_lookup() -> Iterator[None]:
    """While the body runs, ``ctypes.util.find_library`` answers from one reading of the loader cache."""
    if not sys.platform.startswith("linux"):
        yield
        return
    listing: list[bytes] = []

    def find_library(name: str) -> str | None:
        if not listing:
            listing.append(loader_cache())
        return cached_soname(name, listing[0])

    real = ctypes.util.find_library
    ctypes.util.find_library = find_library
    try:
        yield
    finally:
        ctypes.util.find_library = real


def import_quickly(module: str) -> ModuleType:
    """Import ``module`` (WeasyPrint) with the quick look-up; if that fails to open a library, forget
    what was half imported and import it again with the real look-up."""
    try:
        with quick_library_lookup():
            return importlib.import_module(module)
    except OSError:
        for name in [name for name in sys.modules if name == module or name.startswith(module + ".")]:
            del sys.modules[name]
        return importlib.import_module(module)


def quick_c_types(ffi: Any) -> None:
    """``ffi`` (WeasyPrint's) knows :data:`C_TYPES` from one pycparser run, and makes each array of a
    length (:data:`ARRAY`) from its item's pointer type, never parsing it.  Relies on cffi's own
    steps (``_parser``, ``_get_cached_btype``, ``_parsed_types``, ``_backend``); where they are not
    as expected, ``ffi`` is left as it was and every type is parsed as before."""
    try:
        parser, parsed = ffi._parser, ffi._parsed_types
        ast = parser._parse("void __dummy(\n%s\n);" % ",\n".join(C_TYPES))[0]
        params = ast.ext[-1].type.args.params
        with ffi._lock:
            for cdecl, param in zip(C_TYPES, params, strict=True):
                ctype = parser._get_type_and_quals(param.type)[0]
                function = ctype.is_raw_function
                parsed.setdefault(cdecl, (ffi._get_cached_btype(ctype.as_function_pointer() if function
                                                                else ctype), function))
        new_array_type, typeof = ffi._backend.new_array_type, ffi._typeof
    except Exception:           # noqa: BLE001 -- another cffi: its own parse, as before
        return

    def quick_typeof(cdecl: Any, consider_function_as_funcptr: bool = False) -> Any:
        if cdecl.__class__ is str and cdecl not in parsed and (array := ARRAY.fullmatch(cdecl)):
            item_pointer = typeof(array.group(1) + " *")
            parsed.setdefault(cdecl, (new_array_type(item_pointer, int(array.group(2))), False))
        return typeof(cdecl, consider_function_as_funcptr)

    ffi._typeof = quick_typeof
