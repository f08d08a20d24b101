"""The designer's repository as cardgen.toml names it, and one run's settings made from it.

:mod:`file` reads ``cardgen.toml`` and checks the folders it names, against the schema of
:mod:`schema` (every wrong key or value at its line and column); :mod:`find` finds the file by walking
up, :mod:`tomlcaps` parses it under caps, :mod:`globwalk` matches its ``rulebooks`` globs;
:mod:`settings` lays the command line over it (one typed, frozen ``Settings`` a run); :mod:`revision`
is the version stamp (the project's version or git tag and its commit).
"""
