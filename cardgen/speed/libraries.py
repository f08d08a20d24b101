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
under the quick look-up and :func:`run_quickly` imports again with the real
one, so nothing that worked before stops working.  Elsewhere than Linux the
real look-up is used throughout.

Used by :func:`cardgen.speed.install` (switch ``libraries``): WeasyPrint's first import runs through
:func:`run_quickly`.  (The C types WeasyPrint names in strings were
once parsed at once here too; that saved about 1 % of a cold build's CPU, under the 3 % a
speedup must gain, and touched cffi's private parts: it went.)
"""

from __future__ import annotations

import contextlib
import ctypes.util
import os
import re
import struct
import subprocess
import sys
from typing import Callable, Iterator

LDCONFIG = "/sbin/ldconfig"
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


def run_quickly(execute: Callable[[], object], package: str) -> None:
    """Run ``execute`` (the import of ``package``) with the quick look-up; if that fails to open a
    library, forget what was half imported of ``package`` and run it again with the real look-up."""
    try:
        with quick_library_lookup():
            execute()
    except OSError:
        for name in [name for name in sys.modules if name.startswith(package + ".")]:
            del sys.modules[name]           # (a failed import has taken ``package`` itself out already)
        execute()
