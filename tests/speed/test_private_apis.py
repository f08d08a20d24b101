"""The private parts of other libraries the speed layer relies on, in one list: a library update that
removes or changes one fails here, loudly, before a build quietly loses the speedup or breaks.

* ``pyphen.hdcache`` -- pyphen's per-process dictionary cache (cardgen/speed/hyphenation.py), and the
  fields of ``pyphen.HyphDict`` the stored dictionaries restore;
* ``weasyprint.css.CSS`` called by WeasyPrint's own document code with the keyword arguments
  cardgen/speed/stylesheets.py reads, ``weasyprint.urls.fetch`` and the ``page_rules``/``layers``
  attributes of a parsed sheet;
* ``ctypes.util.find_library`` as the look-up cffi calls (public; cardgen/speed/libraries.py)."""

from __future__ import annotations

import inspect

import pyphen
import weasyprint
import weasyprint.css
import weasyprint.urls

from cardgen.speed import hyphenation


def test_pyphen_keeps_its_dictionary_cache_and_its_fields():
    assert isinstance(pyphen.hdcache, dict)
    parsed = pyphen.HyphDict(pyphen.LANGUAGES["de_DE"])
    assert set(vars(parsed)) == hyphenation.HYPH_DICT_FIELDS


def test_weasyprint_parses_linked_sheets_with_the_arguments_the_cache_reads():
    names = set(inspect.signature(weasyprint.CSS.__init__).parameters)
    assert {"url", "url_fetcher", "_check_mime_type", "media_type", "font_config", "page_rules", "layers",
            "counter_style", "color_profiles"} <= names
    source = inspect.getsource(weasyprint.css)
    assert "CSS(" in source and "_check_mime_type=True" in source     # the call the cache stands in for
    assert callable(weasyprint.urls.fetch)
    sheet = weasyprint.CSS(string="p { color: red }")
    assert hasattr(sheet, "page_rules") and hasattr(sheet, "layers")


def test_cffi_reads_its_type_cache_with_brackets_and_weasyprint_names_array_lengths():
    """cardgen/pdf/arraytypes.py: cffi looks a name up with ``_parsed_types[name]`` before parsing it,
    builds arrays with ``_backend.new_array_type``, and WeasyPrint still names its glyph arrays by length
    (else the speedup has nothing left to do: drop it)."""
    import cffi.api
    import weasyprint.pdf.fonts
    from weasyprint.text.ffi import ffi

    assert "self._parsed_types[cdecl]" in inspect.getsource(cffi.api.FFI._typeof)
    assert isinstance(ffi._parsed_types, dict) and callable(ffi._backend.new_array_type)
    assert "ffi.new(f'hb_codepoint_t[{len(" in inspect.getsource(weasyprint.pdf.fonts)
