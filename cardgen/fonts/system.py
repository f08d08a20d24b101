"""What fontconfig sees: the system's fonts, as far as they change what a face looks like.

A stylesheet's ``font-family`` falls back to the system's fonts (through fontconfig and Pango) for
any family, weight or character the project's own fonts (:mod:`cardgen.fonts.lookup`) do not have.  A font
installed, removed or replaced system-wide, or another fontconfig configuration
(``FONTCONFIG_FILE``), can so change every face without any project file changing.  Two places need
to know:

* the cache key of every rendered output (:func:`cardgen.build.cache.toolchain_digest`) includes
  :meth:`FontView.digest`: the configuration files' bytes and each font file's path, size and
  modification time, as fontconfig lists them now;
* the journal's snapshot (:mod:`cardgen.speed.journal`) looks at :meth:`FontView.paths`: the
  configuration files and folders (and the user's configuration files that would be read if they
  existed), every font folder (a font added or removed changes its folder), every font file, and
  fontconfig's cache folders, so that such a change builds instead of replaying.

The view is asked of fontconfig itself (its C library through :mod:`ctypes`: a fresh configuration
per call, about 3 ms, without importing WeasyPrint), not guessed from fixed folders.  Where
fontconfig cannot be loaded the view is :data:`None`: the key says so, and no run is recorded.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import ctypes

LIBRARIES = ("libfontconfig.so.1", "libfontconfig.1.dylib", "libfontconfig-1.dll", "libfontconfig.so")
ENVIRONMENT = ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME",
               "XDG_DATA_HOME", "XDG_CACHE_HOME")
"""The variables fontconfig reads to find its configuration, fonts and caches."""
MAX_CONFIG_BYTES = 4 * 1024 * 1024      # a configuration file larger than this counts by its size and time
FC_SET_SYSTEM = 0
FC_RESULT_MATCH = 0


class FontView(NamedTuple):
    """Fontconfig's configuration files, configuration, font and cache folders, and font files."""

    config_files: tuple[str, ...]
    config_dirs: tuple[str, ...]
    font_dirs: tuple[str, ...]
    cache_dirs: tuple[str, ...]
    font_files: tuple[str, ...]

    def paths(self) -> tuple[str, ...]:
        """Every path whose change (or appearance) may change the fonts fontconfig offers."""
        return tuple(dict.fromkeys(self.config_files + self.config_dirs + user_config_paths() + self.font_dirs
                                   + self.font_files))

    def digest(self) -> str:
        """SHA-256 over ``FONTCONFIG_*``, the configuration files' bytes and the font files' stats."""
        sha = hashlib.sha256()
        for name in ENVIRONMENT[:3]:          # the others only place paths, which are listed below
            sha.update(f"{name}={os.environ.get(name, '')}\0".encode("utf-8", "surrogateescape"))
        for path in self.config_files:
            sha.update(path.encode("utf-8", "surrogateescape") + b"\0" + _config_bytes(path) + b"\0")
        for path in sorted(self.font_dirs + self.font_files):
            sha.update(path.encode("utf-8", "surrogateescape") + b"\0" + _stat_text(path).encode() + b"\0")
        return sha.hexdigest()


def user_config_paths() -> tuple[str, ...]:
    """The user's configuration files fontconfig's ``50-user.conf`` reads when they exist (fontconfig
    lists only those it read, so one made later would go unseen)."""
    home = os.path.expanduser("~")
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    return (os.path.join(xdg, "fontconfig"), os.path.join(xdg, "fontconfig", "fonts.conf"),
            os.path.join(xdg, "fontconfig", "conf.d"), os.path.join(home, ".fonts.conf"),
            os.path.join(home, ".fonts.conf.d"))


def _config_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            if os.path.isfile(path):
                return handle.read(MAX_CONFIG_BYTES)
    except OSError:
        pass
    return _stat_text(path).encode()


def _stat_text(path: str) -> str:
    try:
        info = os.stat(path)
    except OSError:
        return "-"
    return f"{info.st_mode:o} {info.st_size} {info.st_mtime_ns}"


def _library() -> ctypes.CDLL | None:
    """Fontconfig's C library with the signatures used here (ctypes imported only now: the journal's
    replay imports this module and must stay light)."""
    import ctypes

    for name in LIBRARIES:
        with contextlib.suppress(OSError):
            lib = ctypes.CDLL(name)
            break
    else:
        return None
    lib.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
    lib.FcConfigDestroy.argtypes = [ctypes.c_void_p]
    lib.FcConfigGetFonts.restype = ctypes.c_void_p
    lib.FcConfigGetFonts.argtypes = [ctypes.c_void_p, ctypes.c_int]
    for name in ("FcConfigGetConfigFiles", "FcConfigGetConfigDirs", "FcConfigGetFontDirs", "FcConfigGetCacheDirs"):
        getattr(lib, name).restype = ctypes.c_void_p
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.FcStrListNext.restype = ctypes.c_char_p
    lib.FcStrListNext.argtypes = [ctypes.c_void_p]
    lib.FcStrListDone.argtypes = [ctypes.c_void_p]
    lib.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_char_p)]
    return lib


def _strings(lib: ctypes.CDLL, function: str, config: int) -> tuple[str, ...]:
    listing = getattr(lib, function)(config)
    found = []
    while listing:
        value = lib.FcStrListNext(listing)
        if value is None:
            lib.FcStrListDone(listing)
            break
        found.append(os.fsdecode(value))
    return tuple(found)


def font_view() -> FontView | None:
    """What fontconfig sees now (a configuration of its own, destroyed after), or None without it."""
    lib = _library()
    if lib is None:
        return None
    import ctypes

    class FontSet(ctypes.Structure):
        _fields_ = [("nfont", ctypes.c_int), ("sfont", ctypes.c_int), ("fonts", ctypes.POINTER(ctypes.c_void_p))]

    config = lib.FcInitLoadConfigAndFonts()
    if not config:
        return None
    try:
        files: list[str] = []
        pointer = lib.FcConfigGetFonts(config, FC_SET_SYSTEM)
        fonts: Any = ctypes.cast(pointer, ctypes.POINTER(FontSet)).contents if pointer else None
        for i in range(fonts.nfont if fonts else 0):
            value = ctypes.c_char_p()
            if lib.FcPatternGetString(fonts.fonts[i], b"file", 0, ctypes.byref(value)) == FC_RESULT_MATCH \
                    and value.value is not None:
                files.append(os.fsdecode(value.value))
        return FontView(config_files=_strings(lib, "FcConfigGetConfigFiles", config),
                        config_dirs=_strings(lib, "FcConfigGetConfigDirs", config),
                        font_dirs=_strings(lib, "FcConfigGetFontDirs", config),
                        cache_dirs=_strings(lib, "FcConfigGetCacheDirs", config),
                        font_files=tuple(sorted(set(files))))
    finally:
        lib.FcConfigDestroy(config)


def font_view_digest() -> str:
    """:meth:`FontView.digest` of the view now, or a fixed text where fontconfig cannot be loaded."""
    view = font_view()
    return view.digest() if view is not None else f"no fontconfig ({sys.platform})"
