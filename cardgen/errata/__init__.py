"""``cardgen diff OLD NEW``: what changed between two revisions of a project, as errata.

revisions.py (a folder, or a git revision unpacked) → snapshot.py (every value a player sees,
per unit and item, by id) → compare.py (old → new, renames followed by id) and sections.py (the
rulebooks' sections) → report.py (Markdown) → command.py (stdout, ``--pdf``, ``--cards``).
"""
