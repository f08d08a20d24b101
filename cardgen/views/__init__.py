"""What the commands that answer a question print: :mod:`show` (one unit's derived profile,
``cardgen show``, as plain data) and :mod:`odds` (an attack's odds, ``cardgen odds`` and the
rulebook's ``{{ odds: … }}``)."""
