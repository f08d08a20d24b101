"""The project's fonts: :mod:`lookup` finds them by family name for every stylesheet, :mod:`synth` makes
the bold and italic faces a family lacks as Chromium does (with the outlines of :mod:`outline`), and
:mod:`system` says what fontconfig sees of the system's fonts (part of every cache key)."""
