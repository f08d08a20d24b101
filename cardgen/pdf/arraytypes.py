"""WeasyPrint's C array types of a given length built without parsing C (the speedup ``arraytypes``,
armed by :func:`cardgen.speed.install`; beside the wrapper, as it reaches into WeasyPrint's FFI).

WeasyPrint 70 subsets each font of a document with HarfBuzz, and hands HarfBuzz its glyph ids as
``ffi.new(f'hb_codepoint_t[{n}]', ids)`` (``weasyprint/pdf/fonts.py``): a C type named after the
number of glyphs.  cffi keeps each parsed type by its name, so every new length is parsed anew by
pycparser -- about 10 ms each.  A book laid out chapter by chapter subsets each font once per
chapter: measured on the user's rulebook (23 chapters, cold, py-spy over every process), these
parses were 57 of 804 samples (7 %) of the CPU of the whole build, more than its PDFs' serialisation.

:func:`install` gives WeasyPrint's ``ffi`` a type cache that builds ``T[N]`` (``T`` a plain type
name, ``N`` digits) from the cached pointer type ``T *`` with cffi's own ``new_array_type`` -- what
cffi does itself once it has parsed the name -- instead of parsing it.  The same C type comes out,
so the same PDF bytes.  It relies on two private parts of cffi (``FFI._parsed_types``, a dict read
with ``[]`` before any parse; ``FFI._backend.new_array_type``): ``tests/speed/test_private_apis.py``.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

ARRAY = re.compile(r"([A-Za-z_]\w*)\[(\d+)\]")


class ArrayTypes(dict):
    """cffi's cache of parsed types, which builds a missing ``T[N]`` instead of letting cffi parse it."""

    def __init__(self, ffi: Any, parsed: dict) -> None:
        super().__init__(parsed)
        self.ffi = ffi

    def __missing__(self, cdecl: object) -> tuple[Any, bool]:
        match = ARRAY.fullmatch(cdecl) if isinstance(cdecl, str) else None
        if match is None:
            raise KeyError(cdecl)
        pointer = self.ffi._typeof(f"{match.group(1)} *")
        self[cdecl] = result = (self.ffi._backend.new_array_type(pointer, int(match.group(2))), False)
        return result


def install(weasyprint: ModuleType) -> None:
    """Give WeasyPrint's ``ffi`` the array-building type cache (once)."""
    # lazy: WeasyPrint's FFI, only once WeasyPrint is imported (this is called then)
    from weasyprint.text.ffi import ffi

    if not isinstance(ffi._parsed_types, ArrayTypes):
        ffi._parsed_types = ArrayTypes(ffi, ffi._parsed_types)
