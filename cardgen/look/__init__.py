"""The look every document shares: :mod:`theme` (the project's stylesheets per document, its sandboxed
template overrides and the digest every cache key includes), :mod:`css` (a value made CSS text, escaped
once) and :mod:`icons` (cardgen's own icon set and the stable keys that name it).  The fonts are in
the folder beside this one (``cardgen/fonts/``)."""
