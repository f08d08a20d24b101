"""``cardgen init``: :mod:`start` writes a new designer's repository from ``scaffold/`` (package data:
``cardgen.toml``, example content, a theme, the CI workflow); in an existing repository :mod:`adopt`
finds what is there (books, fonts, pictures, VS Code's settings read by :mod:`vscodesettings`) and
writes the ``cardgen.toml`` naming it."""
