"""The WeasyPrint boundary: the only modules that touch WeasyPrint, and what they hand back.

:mod:`wrapper` (a document laid out and written: the safe file fetcher, fonts, WeasyPrint's log as our
warnings) and :mod:`parts` (a book laid out in parts) import WeasyPrint; :mod:`records` (their plain
records), :mod:`timelimit` (the time limit on one document), :mod:`hyphenation` (German patterns) and
:mod:`fonts` (one font program per subset name in a PDF put together from many) need none of it.
"""
